"""Tir de tuyau's review (`engines/nains/review.py`): a known bad discard is labelled, the
good move is the best, the same record and budget give the same review, a seat's review
never reads the other seat's hidden cards, and labels appear only beyond two standard
errors."""

import random

import pytest

from ludotheque.engines.extras import have_numba
from ludotheque.engines.nains import review as nains_review
from ludotheque.engines.nains.policies import heuristic_move
from ludotheque.engines.nains.rules import DISCARD, Move, Nains
from ludotheque.engines.review import review

SEED, BAD_PLY = 19, 44
"""Seed 19, seat 0 first, both seats by the rule of thumb: at ply 44 `play S3` wins the
round at once (the match's chance 88 %, the next best move 82 %: 2,000 worlds), and the
heuristic plays it; discarding the whole hand instead (S3 with it) gives 16 points away."""
GOOD = "play S3"
SECONDS = 0.1 if have_numba() else 2.0
"""Enough worlds to tell the two moves apart, compiled or not (about a second a test)."""
BAD_LABELS = ("inaccuracy", "mistake", "blunder")


def record(bad: bool):
    """Seed 19 played by the heuristic up to ply 44, then the bad discard (`bad`) or the
    heuristic's move there."""
    state = Nains().new_game(seed=SEED, first=0)
    for _ in range(BAD_PLY):
        state.apply(heuristic_move(state.table))
    hand = state.table.hands[state.table.to_move]
    state.apply(Move(DISCARD, tuple(hand)) if bad else heuristic_move(state.table))
    return state


def judged(state, seat=None):
    """The plies of `seat`'s (or everyone's) decisions that had a choice: a move with no
    alternative (ply 40: a lone +R, none left in the supply, can only be discarded) is not
    judged."""
    return [
        ply
        for ply, mover in enumerate(state.movers)
        if seat in (None, mover)
        and len(nains_review.candidates(state.replayed(ply).table, state.history[ply])) > 1
    ]


def entry_at(state, ply, seconds=SECONDS):
    position = state.replayed(ply)
    return nains_review.review_decision(position, state.history[ply], seconds)


def test_the_known_bad_discard_is_labelled_and_the_good_move_is_best():
    bad, good = record(bad=True), record(bad=False)
    assert str(good.history[BAD_PLY]) == GOOD
    assert str(bad.history[BAD_PLY]).startswith("discard ")
    if have_numba():  # the whole review of the player's moves, as the panel asks it
        seat = bad.movers[BAD_PLY]
        entries = review(bad.to_json(), seat=seat, seconds=SECONDS)
        assert [entry["ply"] for entry in entries] == judged(bad, seat)
        blunder = next(entry for entry in entries if entry["ply"] == BAD_PLY)
    else:
        blunder = entry_at(bad, BAD_PLY)
    assert blunder["label"] in ("mistake", "blunder")
    assert blunder["best"] == GOOD
    assert blunder["value_before"] - blunder["value_after"] > 2 * blunder["se"] > 0
    assert blunder["exact"] is False
    kept = entry_at(good, BAD_PLY)
    assert kept["label"] == "best" and kept["best"] == kept["played"] == GOOD


def test_a_record_and_a_budget_give_the_same_review():
    bad = record(bad=True)
    assert len(judged(bad)) == bad.ply - 1  # ply 40 had no choice
    start = bad.replayed(16)  # the record's first 16 moves: a short review
    first = review(start.to_json(), seconds=0.02)
    assert review(start.to_json(), seconds=0.02) == first
    assert [entry["ply"] for entry in first] == judged(start) == list(range(16))
    for entry in first:
        assert entry["worlds"] >= nains_review.MIN_WORLDS
        assert entry["loss"] >= 0 and entry["value_before"] >= entry["value_after"]


@pytest.mark.parametrize("ply", [1, 4, BAD_PLY])
def test_a_seats_review_never_reads_the_other_hand(ply):
    """The same decision in worlds that differ only in what the mover could not see (the
    other hand, the draw pile, at ply 1 the other seat's secret first gnome) is judged
    alike."""
    bad = record(bad=True)
    position, played = bad.replayed(ply), bad.history[ply]
    expected = nains_review.review_decision(position, played, 0.05)
    assert expected is not None
    mover = position.current_player()
    hidden = []
    for seed in range(3):
        world = position.resample(mover, random.Random(seed))
        assert world.table.hands[mover] == position.table.hands[mover]
        hidden.append((world.table.hands[1 - mover], world.table.draw, world.table.choices))
        assert nains_review.review_decision(world, played, 0.05) == expected
    truth = (position.table.hands[1 - mover], position.table.draw, position.table.choices)
    assert any(seen != truth for seen in hidden), "the worlds dealt nothing new"


def test_labels_only_beyond_two_standard_errors():
    state = Nains().new_game(seed=11, first=1)
    rng = random.Random(11)
    for _ in range(16):  # some random moves among the heuristic's: something to label
        moves = state.legal_actions()
        state.apply(rng.choice(moves) if rng.random() < 0.3 else heuristic_move(state.table))
    entries = review(state.to_json(), seconds=0.05) + [entry_at(record(bad=True), BAD_PLY)]
    thresholds = nains_review.THRESHOLDS
    for entry in entries:
        deficit = entry["value_before"] - entry["value_after"]
        if entry["label"] in BAD_LABELS:
            assert deficit > 2 * entry["se"] and deficit >= thresholds.inaccuracy
        elif entry["label"] == "good":
            assert entry["best"] != entry["played"]
        else:
            assert entry["label"] == "best" and entry["best"] == entry["played"]
        if deficit <= 2 * entry["se"]:
            assert entry["label"] in ("best", "good")
    assert any(entry["label"] in BAD_LABELS for entry in entries)


def test_moves_of_the_same_effect_are_one_candidate():
    good = record(bad=False)
    table = good.replayed(BAD_PLY).table
    moves = nains_review.candidates(table, good.history[BAD_PLY])
    effects = {nains_review.effect(table, move) for move in moves}
    assert len(effects) == len(moves) <= nains_review.MAX_CANDIDATES
    assert moves[0] == good.history[BAD_PLY]


@pytest.mark.skipif(not have_numba(), reason="numba is optional: the compiled path is absent")
def test_without_numba_the_review_plays_the_compiled_worlds():
    bad = record(bad=True)
    state = bad.replayed(BAD_PLY)
    table = state.table
    moves = nains_review.candidates(table, bad.history[BAD_PLY])
    seed = nains_review.world_seed(state, table.to_move)
    compiled = nains_review.playouts(table, moves, seed, 6, compiled=True)
    assert nains_review.playouts(table, moves, seed, 6, compiled=False) == compiled


def test_the_plain_python_review_labels_it_too(monkeypatch):
    """Without numba (JupyterLite), the same budget buys fewer worlds: 2 s there are the
    compiled review's 0.05 s, and enough to label the bad discard."""
    monkeypatch.setattr(nains_review, "have_numba", lambda: False)
    blunder = entry_at(record(bad=True), BAD_PLY, seconds=2.0)
    assert blunder["label"] in ("mistake", "blunder") and blunder["best"] == GOOD
    assert blunder["worlds"] == 2000 // blunder["candidates"]
