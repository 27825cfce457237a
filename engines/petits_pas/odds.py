"""Win rates by simulation: `estimate(n)` plays n random deals with the fast simulator.

The deals are cut into fixed chunks of CHUNK, each shuffled from its own seed spawned from
the one seed (numpy's SeedSequence), and the chunks' counts are added up: the result depends
only on (n, seed, reading), never on the executor or its number of workers, so a notebook can
quote a number that anyone reproduces. The 95 % interval is scipy's exact (Clopper–Pearson)
binomial interval.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass

import numpy as np
from scipy.stats import binomtest
from tqdm.auto import tqdm

from .fast import cards_left, deal_decks
from .readings import Reading

BOOK_RATE = 1 / 3
"""The book's claim: "1 chance sur 3"."""

CHUNK = 25_000
"""Deals per unit of work (a fixed number, so the seeds do not depend on the workers)."""


def percent(x: float) -> str:
    """Two decimals, or enough digits to tell a rare win from none."""
    return f"{x:.2%}" if x == 0 or x >= 0.001 else f"{x * 100:.2g}%"


@dataclass(frozen=True)
class Estimate:
    """The outcome of `estimate`: counts, win rate and its 95 % confidence interval."""

    reading: Reading
    deals: int
    seed: int
    cards_left: tuple[int, ...]  # cards_left[k]: deals that ended with k cards left (0: won)
    low: float
    high: float

    @property
    def wins(self) -> int:
        return self.cards_left[0]

    @property
    def rate(self) -> float:
        return self.wins / self.deals

    @property
    def agrees_with_book(self) -> bool:
        """Whether the book's 1 in 3 lies inside the 95 % interval."""
        return self.low <= BOOK_RATE <= self.high

    def __str__(self) -> str:
        return (
            f"{self.reading}: {self.wins:,} won of {self.deals:,} deals = "
            f"{percent(self.rate)} (95% CI {percent(self.low)} to {percent(self.high)}; "
            f"the book says {percent(BOOK_RATE)})"
        )


def estimate(
    n: int,
    seed: int | None = None,
    reading: Reading | Mapping | None = None,
    executor: Executor | None = None,
    progress: bool = True,
) -> Estimate:
    """Play `n` random deals under `reading` and estimate the win rate.

    `seed` None draws one (kept in the result). With no `executor`, a process pool uses every
    local core; any `concurrent.futures.Executor` may be given instead (and is left open).
    """
    if not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"estimate: n must be a positive whole number of deals, not {n!r}")
    reading = Reading.of(reading)
    if seed is None:
        seed = secrets.randbits(128)  # as SeedSequence() draws its entropy
    sizes = [CHUNK] * (n // CHUNK) + ([n % CHUNK] if n % CHUNK else [])
    seeds = np.random.SeedSequence(seed).spawn(len(sizes))
    pool = executor or ProcessPoolExecutor(max_workers=min(os.cpu_count() or 1, len(sizes)))
    counts = np.zeros(53, dtype=np.int64)
    try:
        futures = {
            pool.submit(_chunk, size, chunk_seed, reading): size
            for size, chunk_seed in zip(sizes, seeds, strict=True)
        }
        with tqdm(total=n, unit="deal", unit_scale=True, disable=not progress) as bar:
            for future in as_completed(futures):
                counts += future.result()
                bar.update(futures[future])
    finally:
        if executor is None:
            pool.shutdown(cancel_futures=True)
    interval = binomtest(int(counts[0]), n).proportion_ci(confidence_level=0.95)
    return Estimate(reading, n, seed, tuple(int(c) for c in counts), interval.low, interval.high)


def _chunk(size: int, seed: np.random.SeedSequence, reading: Reading) -> np.ndarray:
    """How many deals of one chunk ended with 0, 1, … 52 cards left."""
    decks = deal_decks(size, np.random.default_rng(seed))
    return np.bincount(cards_left(decks, reading), minlength=53)
