"""Sortilèges bots: legal, quick, obedient to deadlines, and as strong as their level says."""

import time

import pytest

from ludotheque.engines.bots import Deadline, RandomBot, play_match
from ludotheque.engines.core import GameOverError
from ludotheque.engines.sortileges import (
    LEVEL_LABELS,
    LEVELS,
    AlphaBetaBot,
    GreedyBot,
    Sortileges,
    Turn,
    bot_for_level,
    warm_up,
)
from ludotheque.engines.sortileges.bots import Evaluation
from ludotheque.engines.sortileges.fast import FastSearchBot
from ludotheque.engines.sortileges.search import SearchBot
from ludotheque.engines.sortileges.toolkit import WIN, candidate_turns
from sortileges_search_checks import SLACK, check_windows, plain_negamax

GAME = Sortileges()
HOUSES = {"c1", "d8"}


def layout(witches, spells=(), first=0):
    return GAME.new_game(seed=0, first=first, witches=list(witches), spells=list(spells))


def all_but(*kept):
    return [name for name in GAME.board.names if name not in HOUSES and name not in kept]


POSITIONS = {
    "start": GAME.new_game(seed=1, first=0),
    "mid-game": play_match(GAME, [RandomBot(1), RandomBot(2)], seed=3).replayed(14),
    "nearly full": layout(["b2", "e6"], all_but("b2", "e6", "a1", "b3", "e5", "f6", "a8")),
    "no spell left": layout(["c1", "d7"], all_but("c2", "d7")),  # Fasderat may go home
    # Fasderat's free neighbours are only her house, and Têtdevache leaves her own house:
    # no candidate near Fasderat can be spelled, the safety net must offer the others.
    "safety net": layout(["c1", "d7"], ["c6", "d6", "e6", "c7", "e7", "c8", "e8"]),
}


def snapshot(state):
    return state.to_json(), state.observation(None)


@pytest.fixture(autouse=True, scope="module")
def compiled():
    """Level 5's numba kernels, loaded once (from the disk cache) before any timing."""
    warm_up()


def test_levels_name_the_five_bots():
    assert LEVELS == ("1", "2", "3", "4", "5")
    assert LEVEL_LABELS["3"] == {"fr": "alpha-bêta", "en": "alpha-beta"}
    assert isinstance(bot_for_level("1", seed=0), RandomBot)
    assert isinstance(bot_for_level("2", seed=0), GreedyBot)
    strong = bot_for_level("3", seconds=0.3)
    assert isinstance(strong, AlphaBetaBot) and strong.seconds == 0.3
    readable, fast = bot_for_level("4", seconds=None), bot_for_level("5", seconds=0.5)
    assert type(readable) is SearchBot and readable.seconds is None
    assert isinstance(fast, FastSearchBot) and fast.seconds == 0.5
    with pytest.raises(ValueError, match="Sortilèges bot levels are 1, 2, 3, 4, 5, not '6'"):
        bot_for_level("6")


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_a_legal_turn_quickly_and_leaves_the_state_alone(level, name):
    state = POSITIONS[name]
    before = snapshot(state)
    started = time.monotonic()
    turn = bot_for_level(level, seed=7, seconds=1.0)(state, Deadline(0.05))
    assert time.monotonic() - started < 0.05 + SLACK
    assert state.is_legal(turn), turn
    assert snapshot(state) == before


def test_no_spell_left_the_bots_step_without_one():
    state = POSITIONS["no spell left"]
    assert {bot_for_level(level, seed=1)(state) for level in LEVELS} == {Turn("c1", "c2")}


@pytest.mark.parametrize(
    "bot",
    [GreedyBot(0), AlphaBetaBot(0.2), SearchBot(0.2), FastSearchBot(0.2)],
    ids=["greedy", "alphabeta", "search", "fast"],
)
def test_bots_take_a_win_in_one(bot):
    state = layout(["c4", "a8"], ["a7", "b7"])  # spelling b8 walls Fasderat in on a8
    assert bot(state).spell == "b8"


def test_bots_refuse_a_finished_game():
    over = layout(["c1", "a8"], ["b1", "d1", "b2", "c2", "d2"])
    for level in LEVELS:  # the Bot base refuses for every level
        with pytest.raises(GameOverError):
            bot_for_level(level)(over)


def test_alpha_beta_keeps_to_the_deadline_and_to_its_own_time():
    state = POSITIONS["start"]
    bot = AlphaBetaBot(seconds=None)
    started = time.monotonic()
    bot(state, Deadline(0.3))
    assert 0.25 <= time.monotonic() - started < 0.3 + SLACK  # uses its time, and no more
    assert bot.depth >= 2 and bot.nodes > 1000
    bot = AlphaBetaBot(seconds=0.2)
    started = time.monotonic()
    bot(state, Deadline(None))  # no deadline from the caller: its own 0.2 s rule
    assert 0.15 <= time.monotonic() - started < 0.2 + SLACK


def forced_win(state, bot, seat, turns):
    """Does `bot`, playing `seat`, win within `turns` turns whatever the other side plays?"""
    if state.is_terminal():
        return state.returns()[seat] > 0
    if turns == 0:
        return False
    replies = [bot(state)] if state.current_player() == seat else state.legal_actions()
    for reply in replies:
        after = state.clone()
        after.apply(reply)
        if not forced_win(after, bot, seat, turns - 1):
            return False
    return True


def test_a_win_the_search_announces_is_won_against_every_defence():
    checked = 0
    for seed in range(3):
        final = play_match(GAME, [RandomBot(seed), RandomBot(seed + 50)], seed=seed)
        for ply in range(16, final.ply):
            state, bot = final.replayed(ply), AlphaBetaBot(None, max_depth=3)
            bot(state)
            if bot.score > WIN / 2:
                assert forced_win(state, bot, state.current_player(), 3), state.to_json()
                checked += 1
    assert checked >= 3


def test_level_3_beats_random_at_least_9_games_in_10():
    wins = sum(
        play_match(
            GAME, [AlphaBetaBot(0.02), RandomBot(seed)], seed=seed, first=seed % 2
        ).returns()[0]
        > 0
        for seed in range(10)
    )
    assert wins >= 9


def test_level_2_beats_random_at_least_8_games_in_10():
    wins = sum(
        play_match(GAME, [RandomBot(seed), GreedyBot(seed)], seed=seed, first=seed % 2).returns()[1]
        > 0
        for seed in range(10)
    )
    assert wins >= 8


def test_level_3_beats_level_2():
    """Searched at a fixed depth, so the result does not depend on the machine's speed."""
    wins = sum(
        play_match(
            GAME, [GreedyBot(seed), AlphaBetaBot(None, max_depth=3)], seed=seed, first=seed % 2
        ).returns()[1]
        > 0
        for seed in range(8)
    )
    assert wins >= 6


def level_3_negamax(state, depth):
    """The tree level 3 searches, searched plainly."""
    return plain_negamax(
        GAME,
        Evaluation(GAME).score,
        lambda *position: candidate_turns(GAME, *position),
        *state.position(),
        depth,
    )


def test_alpha_beta_scores_as_plain_negamax_does():
    """Pruning and the transposition table may save work, never change the score."""
    compared = 0
    for seed in range(3):
        final = play_match(GAME, [RandomBot(seed), RandomBot(seed + 9)], seed=seed)
        for ply in range(20, final.ply, 3):
            state, depth = final.replayed(ply), 3 if ply < 28 else 4
            bot = AlphaBetaBot(None, max_depth=depth)
            bot(state)
            if bot.depth == depth:  # (a proven result stops the deepening earlier)
                assert bot.score == level_3_negamax(state, depth)
                compared += 1
    assert compared >= 4


def test_the_table_tells_bounds_from_exact_scores():
    """Searches with narrow windows share one table; each answer must keep alpha-beta's
    promise (fail low: an upper bound, fail high: a lower bound, inside: the exact score)."""
    final = play_match(GAME, [RandomBot(1), RandomBot(2)], seed=3)
    for ply in range(12, 30, 3):
        state, depth = final.replayed(ply), 3
        bot = AlphaBetaBot(None, max_depth=1)
        bot(state)  # readies the bot's search; the windows below reuse its table
        check_windows(bot, state.position(), depth, level_3_negamax(state, depth))
