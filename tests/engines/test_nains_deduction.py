"""Tir de tuyau level 4 (deduction): legal all game long, replayable by seed, blind to the
hidden cards, reading the other seat's plays, keeping the heuristic's move on noise, and the
same move with compiled or readable playouts."""

import math
import random

import pytest

from ludotheque.engines.bots import play_match
from ludotheque.engines.extras import have_numba
from ludotheque.engines.nains import (
    CARDS,
    COLOURS,
    INDEX,
    LEVEL_LABELS,
    HeuristicBot,
    Nains,
    NainsRandomBot,
    streams,
)
from ludotheque.engines.nains.deduction import (
    DeductionBot,
    paired_choice,
    public_table,
    read_table,
    weights_of_plays,
)
from ludotheque.engines.nains.policies import LEANING, heuristic_move
from ludotheque.engines.nains.rules import Move

GAME = Nains(contre=True, surcontre=True, sursurcontre=True)
COMPILED = [pytest.param(True, marks=pytest.mark.skipif(not have_numba(), reason="numba")), False]


def test_the_level_is_in_the_menu_and_says_whether_it_is_compiled():
    assert list(LEVEL_LABELS) == ["1", "2", "3", "4"]
    assert ("numba" in LEVEL_LABELS["4"]["en"]) == (not have_numba())
    assert all(LEVEL_LABELS["4"][lang].startswith("d") for lang in ("fr", "en"))


@pytest.mark.parametrize("compiled", COMPILED)
def test_every_move_is_legal_over_many_seeded_games(compiled):
    games = 12 if compiled else 3
    for seed in range(games):
        bots = [DeductionBot(seed, iterations=60, seconds=None, compiled=compiled)]
        bots.append(NainsRandomBot(seed) if seed % 3 == 0 else HeuristicBot(seed))
        final = play_match(GAME, bots if seed % 2 else bots[::-1], seed=seed)
        assert final.is_terminal()  # play_match refuses an illegal move


def middle(seed=4, plies=14):
    """A match between two heuristic bots, `plies` moves in."""
    state = GAME.new_game(seed=seed, first=0)
    for _ in range(plies):
        state.apply(heuristic_move(state.table))
    return state


def test_the_same_seed_searches_the_same_deals_compiled_or_not():
    state = middle()

    def search(seed, compiled):
        bot = DeductionBot(seed, iterations=300, seconds=None, compiled=compiled)
        move = bot.choose(state)
        return move, bot.last_stats["rollout_moves"], bot.last_stats["determinisations"]

    assert search(1, False) == search(1, False) != search(2, False)
    if have_numba():
        assert search(1, True) == search(1, False) and search(2, True) == search(2, False)


def test_it_never_reads_the_hidden_cards():
    """Two states that differ only in what the seat to move cannot see (the other hand and
    the draw pile dealt again) get the same move from the same seeded search."""
    state = middle(seed=11, plies=9)
    seat = state.table.to_move
    twin = state.clone()
    t = twin.table
    unseen = t.hands[1 - seat] + t.draw
    random.Random(5).shuffle(unseen)
    size = len(t.hands[1 - seat])
    t.hands[1 - seat], t.draw = sorted(unseen[:size]), unseen[size:]
    assert t.hands[1 - seat] != state.table.hands[1 - seat]
    assert twin.observation(seat) == state.observation(seat)
    for compiled in [True, False] if have_numba() else [False]:
        bots = [DeductionBot(3, iterations=400, seconds=None, compiled=compiled) for _ in "ab"]
        assert str(bots[0].choose(state)) == str(bots[1].choose(twin))
        assert bots[0].last_stats["revealed"] == bots[1].last_stats["revealed"]


def test_a_card_that_would_have_pulled_harder_is_deemed_unlikely():
    """Seat 0 played S1 (1 slab) with red against blue in the garden: S3 or S2 would have
    pulled harder, R2B0 too (2 slabs); a gnome (worth less now) and S1 itself keep weight 1."""
    state = GAME.new_game(seed=2, first=0)
    state.apply("gnome red")
    state.apply("gnome blue")
    snapshot = public_table(state.table)
    assert snapshot.teams == [[0], [1]] and snapshot.to_move == 0
    weights = weights_of_plays([(snapshot, Move.parse("play S1"))], other=0)
    assert weights[INDEX["S3"]] <= weights[INDEX["S2"]] < 0.5 and weights[INDEX["R2B0"]] < 0.5
    assert weights[INDEX["S1"]] == weights[INDEX["+R"]] == 1.0


def test_the_heuristics_own_cards_are_never_deemed_unlikely():
    """Against the level-2 heuristic the deduction is exact: every card its hand holds
    weighs 1 at every turn of seeded matches, and other cards often weigh less. (It only
    ever discards its whole hand: nothing kept to read.)"""
    lowered = leads = 0
    for seed in range(8):
        state = GAME.new_game(seed=seed, first=seed % 2)
        while not state.is_terminal():
            t = state.table
            if t.phase == "play":
                revealed = read_table(state, t.to_move)
                hand = t.hands[1 - t.to_move]
                assert all(revealed.weights[card] == 1.0 for card in hand)
                lowered += min(revealed.weights) < 1.0
                assert revealed.kept == 0
                if revealed.colour >= 0:
                    lean = [sum(LEANING[c][colour] for c in hand) for colour in range(4)]
                    lean = [a + b for a, b in zip(lean, revealed.lean, strict=True)]
                    assert lean.index(max(lean)) == revealed.colour
                    leads += 1
            state.apply(heuristic_move(t))
    assert lowered > 50 and leads > 20


def test_a_discard_makes_the_cards_that_would_have_beaten_it_unlikely_to_be_kept():
    """Seat 0 (red, against blue) threw away one card and kept four rather than play: a
    squirrel or R2B0 would have pulled (and beaten the slab a discard costs), so they are
    unlikely among the kept cards, B2R0 (a pull for blue) is not; a card played since the
    discard counts as one it may have kept."""
    state = GAME.new_game(seed=2, first=0)
    state.apply("gnome red")
    state.apply("gnome blue")
    discarded = state.table.hands[0][0]
    state.apply(f"discard {CARDS[discarded].code}")
    revealed = read_table(state, 1)
    assert revealed.kept == 4 and revealed.since == ()
    kept_weights = revealed.kept_weights
    assert max(kept_weights[INDEX[code]] for code in ("S1", "S3", "R2B0")) < 0.5
    assert kept_weights[INDEX["B2R0"]] == 1.0
    assert revealed.weights == [1.0] * len(CARDS)  # nothing played since it drew
    state.apply(heuristic_move(state.table))
    played = heuristic_move(state.table)
    state.apply(played)
    assert read_table(state, 1).since == (played.card,)


def test_deals_hold_the_cards_a_discard_made_unlikely_less_often():
    """`streams.deal` with kept cards: a dealt hand holding a card the discard weighs
    down is accepted less often, more so when more of the hand was kept, not at all less
    when nothing was kept."""
    pool = list(range(20))
    kept_weights = [0.05 if card < 4 else 1.0 for card in range(20)]
    nothing = [1.0] * 20

    def share(kept, deals=3000):
        holding = 0
        for d in range(deals):
            cards = list(pool)
            state = streams.stream(d)
            args = (cards, 20, 5, nothing, LEANING, (0.0,) * 4, -1, 1.0)
            streams.deal(*args, kept_weights, kept, (), 16, state)
            holding += any(card < 4 for card in cards[:5])
        return holding / deals

    assert share(4) < share(1) - 0.2 and share(1) < share(0) - 0.03
    assert share(0) == pytest.approx(1 - math.comb(16, 5) / math.comb(20, 5), abs=0.02)
    assert streams.kept_share([0, 7], 2, kept_weights, 1, ()) == pytest.approx(0.525)
    assert streams.kept_share([0], 1, kept_weights, 1, (7,)) == pytest.approx(0.525)


def test_a_first_gnome_still_secret_is_not_read():
    state = GAME.new_game(seed=6, first=1)
    state.apply(heuristic_move(state.table))  # seat 1 chooses in secret
    twin = state.clone()
    other = (state.table.choices[1] + 1) % 4
    twin.table.choices[1], twin.history[-1] = other, Move.parse(f"gnome {COLOURS[other]}")
    assert twin.observation(0) == state.observation(0)
    assert read_table(state, 0) == read_table(twin, 0)
    bots = [DeductionBot(2, iterations=200, seconds=None) for _ in "ab"]
    assert bots[0].choose(state) == bots[1].choose(twin)


def test_the_heuristics_move_stays_unless_another_beats_it_beyond_noise():
    moves = [Move.parse("play S1"), Move.parse("play S2")]
    even = [[1.0, 0.0], [0.0, 1.0]] * 20
    assert paired_choice(moves, moves[0], even) == moves[0]
    clear = [[0.0, 1.0]] * 12 + [[1.0, 1.0]] * 20
    assert paired_choice(moves, moves[0], clear) == moves[1]
    slight = [[0.0, 1.0]] * 6 + [[1.0, 0.0]] * 3 + [[1.0, 1.0]] * 20
    assert paired_choice(moves, moves[0], slight) == moves[0]


def test_without_numba_it_searches_with_the_readable_playouts(monkeypatch):
    from ludotheque.engines.nains import deduction

    monkeypatch.setattr(deduction, "have_numba", lambda: False)
    bot = DeductionBot(1, iterations=40, seconds=None)
    bot.choose(middle())
    assert bot.last_stats["compiled"] is False and bot.last_stats["iterations"] >= 40
