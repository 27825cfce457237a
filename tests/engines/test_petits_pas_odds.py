"""`estimate`: the same numbers for the same seed whatever runs the chunks, scipy's interval
(engines/stats.py's, equal to 1e-9), and a cards-left distribution that adds up."""

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest
from scipy.stats import binomtest

from ludotheque.engines.petits_pas import Estimate, Reading, estimate
from ludotheque.engines.petits_pas.fast import cards_left, deal_decks
from ludotheque.engines.petits_pas.odds import CHUNK

N = 2 * CHUNK + 1234  # three chunks, the last one short


def test_same_seed_same_result_whatever_the_executor():
    default = estimate(N, seed=42, progress=False)
    with ThreadPoolExecutor(3) as threads:
        assert estimate(N, seed=42, executor=threads, progress=False) == default
    with ProcessPoolExecutor(1) as one_worker:
        assert estimate(N, seed=42, executor=one_worker, progress=False) == default
    assert estimate(N, seed=43, progress=False) != default


def test_the_estimate_adds_up_and_uses_scipys_interval():
    result = estimate(N, seed=7, reading={"take": "lower"}, progress=False)
    assert isinstance(result, Estimate) and result.reading == Reading(take="lower")
    assert result.deals == N == sum(result.cards_left) and len(result.cards_left) == 53
    interval = binomtest(result.wins, N).proportion_ci(confidence_level=0.95)
    assert (result.low, result.high) == pytest.approx((interval.low, interval.high), abs=1e-9)
    assert result.low < result.rate < result.high and result.rate == result.wins / N
    assert 0.3 < result.rate < 0.45
    assert "95% CI" in str(result) and "take=lower" in str(result)


@pytest.fixture
def thread():
    with ThreadPoolExecutor(1) as executor:
        yield executor


def test_one_chunk_is_the_fast_simulator_on_that_chunks_seed(thread):
    result = estimate(1000, seed=5, progress=False, executor=thread)
    (chunk_seed,) = np.random.SeedSequence(5).spawn(1)
    left = cards_left(deal_decks(1000, np.random.default_rng(chunk_seed)))
    assert list(result.cards_left) == np.bincount(left, minlength=53).tolist()


def test_no_seed_draws_one_that_replays(thread):
    first = estimate(500, progress=False, executor=thread)
    assert estimate(500, seed=first.seed, progress=False, executor=thread) == first


@pytest.mark.parametrize("n", [0, -5, 2.5, "1000"])
def test_bad_counts_are_refused(n):
    with pytest.raises(ValueError, match="positive whole number"):
        estimate(n, seed=1, progress=False)


def test_bad_readings_are_refused():
    with pytest.raises(ValueError, match="not a reading"):
        estimate(10, seed=1, reading={"ace": "middle"}, progress=False)
