"""Tir de tuyau bots: legal answers, strength order, honest use of hidden information,
time budget and cancellation of the search."""

import threading
import time

import pytest

from ludotheque.engines.bots import Deadline, play_match
from ludotheque.engines.core import GameOverError
from ludotheque.engines.nains import (
    HeuristicBot,
    IsmctsBot,
    Nains,
    NainsRandomBot,
    bot_for_level,
    determinise,
)

GAME = Nains(contre=True, surcontre=True, sursurcontre=True)


def opened(seed=3):
    state = GAME.new_game(seed=seed, first=0)
    state.apply("gnome red")
    state.apply("gnome blue")
    return state


def wins(bot_a, bot_b, games, seed=0):
    """Games won by bot_a against bot_b, each taking seat 0 in half of the games."""
    won = 0
    for i in range(games):
        a, b = bot_a(seed + i), bot_b(seed + i + 10_000)
        players = [a, b] if i % 2 == 0 else [b, a]
        final = play_match(GAME, players, seed=seed + i)
        won += final.table.winner == (0 if i % 2 == 0 else 1)
    return won


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_every_level_answers_a_legal_move_all_game_long(level):
    bot = bot_for_level(level, seed=1, iterations=30, seconds=None)
    final = play_match(GAME, [bot, NainsRandomBot(2)], seed=5)
    assert final.is_terminal()


def test_levels_are_checked():
    with pytest.raises(ValueError):
        bot_for_level(5)
    with pytest.raises(GameOverError):
        HeuristicBot(1).choose(play_match(Nains(rounds=1), [NainsRandomBot(1)] * 2, seed=1))


def test_the_heuristic_beats_random():
    assert wins(HeuristicBot, NainsRandomBot, 40) >= 36


def test_ismcts_beats_random():
    assert wins(lambda s: IsmctsBot(s, iterations=60, seconds=None), NainsRandomBot, 12) >= 10


def test_the_heuristic_takes_a_winning_pull():
    from ludotheque.engines.nains import INDEX

    state = opened()
    t = state.table
    t.hands[0] = sorted([INDEX["S1"], INDEX["S3"], INDEX["+G"]])
    t.hose = 6
    assert str(HeuristicBot(0).choose(state)) in ("play S3",)  # S1 would not end the round


def test_the_heuristic_keeps_strong_cards_when_a_weak_one_does_as_well():
    from ludotheque.engines.nains import INDEX

    state = opened()
    t = state.table
    t.hands[0] = sorted([INDEX["S2"], INDEX["R2"]])
    t.teams = [[0, 0, 0], [1]]  # R2: red worth 2, seat 0 = 6 against 1: a pull of 5
    assert str(HeuristicBot(0).choose(state)) == "play R2"
    t.teams = [[0, 0], [1]]  # R2 pulls 3, S2 pulls 2: still the pull, S2 is kept
    assert str(HeuristicBot(0).choose(state)) == "play R2"


def test_ismcts_never_reads_the_hidden_cards():
    """Two states that differ only in what seat 0 cannot see get the same move from the
    same seeded search."""
    state = opened(seed=11)
    twin = state.clone()
    t = twin.table
    unseen = t.hands[1] + t.draw
    unseen.reverse()
    t.hands[1], t.draw = sorted(unseen[:5]), unseen[5:]
    assert twin.table.hands[1] != state.table.hands[1]
    assert twin.observation(0) == state.observation(0)
    answers = {str(IsmctsBot(4, iterations=150, seconds=None).choose(s)) for s in (state, twin)}
    assert len(answers) == 1


def test_determinisations_keep_what_the_seat_knows():
    state = opened()
    t = state.table
    import random

    d = determinise(t, 0, random.Random(1))
    assert d.hands[0] == t.hands[0] and d.discards == t.discards and d.teams == t.teams
    assert len(d.hands[1]) == len(t.hands[1]) and len(d.draw) == len(t.draw)
    assert sorted(d.hands[1] + d.draw) == sorted(t.hands[1] + t.draw)


def test_ismcts_redraws_an_unrevealed_first_gnome():
    state = GAME.new_game(seed=2, first=0)
    state.apply("gnome green")
    import random

    seen = {determinise(state.table, 1, random.Random(i)).choices[0] for i in range(40)}
    assert seen == {0, 1, 2, 3}


def test_ismcts_keeps_its_time_budget():
    state = opened()
    bot = IsmctsBot(1, seconds=0.2)
    start = time.monotonic()
    bot.choose(state, Deadline(0.2))
    assert time.monotonic() - start < 0.6
    assert bot.last_stats["iterations"] > 20


def test_a_cancelled_search_returns_at_once_with_a_legal_move():
    state = opened()
    cancel = threading.Event()
    bot = IsmctsBot(1, seconds=30)
    threading.Timer(0.1, cancel.set).start()
    start = time.monotonic()
    move = bot.choose(state, Deadline(30, cancel))
    assert time.monotonic() - start < 1.0 and state.is_legal(move)


def test_the_playout_policy_is_the_heuristic():
    """`fast_score` (no table copy) agrees with `heuristic_score` on every move of seeded
    games, and the playouts' policy at eps=0 plays what the level-2 bot plays."""
    import random

    from ludotheque.engines.nains.policies import (
        fast_score,
        heuristic_move,
        heuristic_score,
        policy_move,
    )
    from ludotheque.engines.nains.rules import legal_moves

    checked = 0
    for seed in range(6):
        state = GAME.new_game(seed=seed, first=seed % 2)
        rng = random.Random(seed)
        while not state.is_terminal():
            t = state.table
            if t.phase == "play":
                for move in legal_moves(t):
                    assert fast_score(t, move) == pytest.approx(heuristic_score(t, move)), move
                    checked += 1
            assert policy_move(t, rng) == heuristic_move(t)
            state.apply(
                rng.choice(state.legal_actions()) if rng.random() < 0.3 else heuristic_move(t)
            )
    assert checked > 500
