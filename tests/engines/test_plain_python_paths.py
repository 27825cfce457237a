"""The plain-Python paths (for JupyterLite, which has no numpy or numba) give exactly what the
compiled ones give: numpy's seeded decks drawn without numpy (engines/numpy_random.py), A
Petits Pas' deals played by the uncompiled kernel, the estimate built on both, and the
intervals of engines/stats.py against scipy's. Also prints the plain estimate's speed against
the compiled one (not asserted)."""

import random
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from scipy.stats import binomtest

from ludotheque.engines import numpy_random, stats
from ludotheque.engines.compiled import plain
from ludotheque.engines.petits_pas import estimate, odds, single_switches
from ludotheque.engines.petits_pas.fast import cards_left, deal_decks
from ludotheque.engines.petits_pas.kernel import plain_cards_left, play_deal

_draw = random.Random(17)
SEEDS = [0, 1, 42, 2**32 - 1, 2**32, 2**64 + 5, 2**127 + 3, 2**200 + 7] + [
    _draw.getrandbits(bits) for bits in (16, 32, 64, 128, 128, 128) for _ in range(4)
]
"""One, two, three, four (numpy's pool size) and more 32-bit words of entropy."""
SPAWN_KEYS = [(), (0,), (1,), (39,), (2, 2**40)]


def numpy_seed(seed: int, key: tuple[int, ...]) -> np.random.SeedSequence:
    return np.random.SeedSequence(seed, spawn_key=key)


def test_seed_sequences_hash_the_entropy_and_spawn_key_as_numpy_does():
    for seed in SEEDS:
        for key in SPAWN_KEYS:
            ours, theirs = numpy_random.SeedSequence(seed, key), numpy_seed(seed, key)
            assert ours.pool == theirs.pool.tolist(), (seed, key)
            assert ours.generate_state(8) == theirs.generate_state(8).tolist(), (seed, key)
        children = numpy_random.SeedSequence(seed).spawn(3)
        assert [c.pool for c in children] == [
            c.pool.tolist() for c in np.random.SeedSequence(seed).spawn(3)
        ]


def test_pcg64_is_seeded_and_steps_as_numpy_does():
    for seed in SEEDS:
        ours = numpy_random.PCG64(numpy_random.SeedSequence(seed, (3,)))
        theirs = np.random.PCG64(numpy_seed(seed, (3,)))
        assert (ours.state, ours.inc) == tuple(theirs.state["state"].values())
        assert [ours.next_uint64() for _ in range(50)] == theirs.random_raw(50).tolist()


@pytest.mark.parametrize("length", [52, 1, 2, 13, 300])
def test_rows_are_shuffled_as_numpys_permuted_shuffles_them(length):
    """Thousands of decks (and rows of other lengths: other masks, more rejections), from
    children of many seeds, as `fast.deal_decks` draws them."""
    rows = 3000 if length == 52 else 200
    for chunk, seed in enumerate(SEEDS[: 30 if length == 52 else 5]):
        count = rows // 30 if length == 52 else 40
        rng = np.random.default_rng(numpy_seed(seed, (chunk,)))
        expected = rng.permuted(np.tile(np.arange(length), (count, 1)), axis=1)
        ours = numpy_random.PCG64(numpy_random.SeedSequence(seed, (chunk,)))
        assert numpy_random.permuted_rows([range(length)] * count, ours) == expected.tolist()
    if length == 52:
        decks = deal_decks(5, np.random.default_rng(numpy_seed(9, (0,))))
        plain_decks = numpy_random.permuted_rows(
            [range(52)] * 5, numpy_random.PCG64(numpy_random.SeedSequence(9, (0,)))
        )
        assert plain_decks == decks.tolist()


def test_the_plain_kernel_plays_every_reading_as_the_compiled_one():
    assert plain(play_deal) is not play_deal and not hasattr(plain(play_deal), "py_func")
    decks = deal_decks(1500, np.random.default_rng(11))
    rows = decks.tolist()
    for reading in single_switches():
        assert plain_cards_left(rows, reading) == cards_left(decks, reading).tolist(), reading


def test_the_plain_deals_are_the_compiled_ones_and_numpys_decks():
    """`dealt` without numba gives the decks and outcomes it gives with it, which are
    `fast.deal_decks` from a Generator on the seed; fewer deals are the first of them."""
    reading = {"refill": "close-up"}
    compiled = odds.dealt(2000, 11, reading, compiled=True)
    assert odds.dealt(2000, 11, reading, compiled=False) == compiled
    decks = deal_decks(2000, np.random.default_rng(11))
    assert [list(deck) for deck in compiled.decks] == decks.tolist()
    assert compiled.cards_left == cards_left(decks, reading).tolist()
    first = odds.dealt(300, 11, reading, compiled=False)
    assert first == (compiled.decks[:300], compiled.cards_left[:300])
    assert odds.dealt(300, 12, reading, compiled=False) != first


@pytest.mark.parametrize(
    "seed, reading",
    [
        (1, None),
        (2**100 + 1, {"take": "lower"}),
        (77, {"refill": "close-up", "nowhere": "far-left"}),
        (5, {"adjacent": "book", "endgame": "take", "ace": "high"}),
    ],
)
def test_the_plain_estimate_counts_what_the_compiled_one_counts(seed, reading, monkeypatch):
    monkeypatch.setattr(odds, "CHUNK", 700)  # 3,000 deals: five chunks, the last one short
    with ThreadPoolExecutor(2) as threads:
        compiled = estimate(3000, seed, reading, threads, progress=False, compiled=True)
    assert estimate(3000, seed, reading, progress=False, compiled=False) == compiled
    monkeypatch.setattr(odds, "CHUNK", 3000)  # the chunks' seeds matter: one chunk differs
    assert estimate(3000, seed, reading, progress=False, compiled=False) != compiled


GRID = [
    (k, n)
    for n in (1, 2, 3, 10, 37, 100, 1000, 25_000, 1_000_000)
    for k in sorted({0, 1, n // 3, n // 2, n - 1, n})
]


@pytest.mark.parametrize("confidence", [0.95, 0.9, 0.99])
def test_the_intervals_are_scipys(confidence):
    for k, n in GRID:
        exact = binomtest(k, n).proportion_ci(confidence)
        wilson = binomtest(k, n).proportion_ci(confidence, method="wilson")
        assert stats.exact_interval(k, n, confidence) == pytest.approx(
            (exact.low, exact.high), abs=1e-9
        ), (k, n)
        assert stats.wilson_interval(k, n, confidence) == pytest.approx(
            (wilson.low, wilson.high), abs=1e-9
        ), (k, n)
    assert stats.exact_interval(0, 10)[0] == 0.0 and stats.exact_interval(10, 10)[1] == 1.0


def test_the_school_interval_is_the_programmes_rule_and_covers_like_wilson_where_it_holds():
    """f ± 1/√n: 60 wins in 100 give [0.5, 0.7]; where its conditions hold it is at least as
    wide as Wilson's (1/√n bounds 1.96·√(f(1−f)/n)), and it says when they do not."""
    assert stats.school_interval(60, 100) == pytest.approx((0.5, 0.7))
    assert stats.school_interval(1, 4) == (0.0, 0.75)
    for k, n in GRID:
        if stats.school_interval_holds(k, n):
            low, high = stats.wilson_interval(k, n)
            school = stats.school_interval(k, n)
            assert school[0] <= low + 0.01 and high - 0.01 <= school[1], (k, n)
    assert stats.school_interval_holds(10, 25) and not stats.school_interval_holds(2, 24)
    assert not stats.school_interval_holds(1, 100) and not stats.school_interval_holds(90, 100)
    with pytest.raises(ValueError, match="successes <= trials"):
        stats.school_interval(5, 3)


def test_the_incomplete_beta_on_known_values():
    assert stats.incomplete_beta(1, 1, 0.3) == pytest.approx(0.3, abs=1e-14)
    assert stats.incomplete_beta(7, 7, 0.5) == pytest.approx(0.5, abs=1e-14)
    # P(X >= 2) for X binomial(4, 0.4): 1 - 0.6**4 - 4 * 0.4 * 0.6**3
    assert stats.incomplete_beta(2, 3, 0.4) == pytest.approx(0.5248, abs=1e-14)
    assert (stats.incomplete_beta(3, 4, 0), stats.incomplete_beta(3, 4, 1)) == (0.0, 1.0)


@pytest.mark.parametrize(
    "k, n, confidence, message",
    [
        (5, 3, 0.95, "successes <= trials"),
        (-1, 3, 0.95, "successes <= trials"),
        (0, 0, 0.95, "trials >= 1"),
        (1.5, 3, 0.95, "whole numbers"),
        (True, 3, 0.95, "whole numbers"),
        (1, 3, 1.0, "between 0 and 1"),
    ],
)
def test_bad_counts_are_refused(k, n, confidence, message):
    for interval in (stats.exact_interval, stats.wilson_interval):
        with pytest.raises(ValueError, match=message):
            interval(k, n, confidence)
