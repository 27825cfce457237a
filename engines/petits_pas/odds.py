"""Win rates by simulation: `estimate(n)` plays n random deals and gives the win rate.

The deals are cut into fixed chunks of CHUNK, each shuffled from its own seed spawned from
the one seed (numpy's SeedSequence), and the chunks' counts are added up: the result depends
only on (n, seed, reading), never on the executor or its number of workers, so a notebook can
quote a number that anyone reproduces. The same holds without numpy and numba (Python in the
browser): the decks are then drawn by `numpy_random`, numpy's generator in plain Python, and
played by the same deal kernel uncompiled (`kernel.plain_cards_left`), so the counts are
the same, only slower. `dealt` gives the deals themselves (each deck and the cards it
leaves), drawn and played the same way compiled or plain. The 95 % interval is the exact
(Clopper–Pearson) binomial interval of `engines/stats.py`.
"""

from __future__ import annotations

import importlib
import os
import secrets
from collections.abc import Iterator, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from numbers import Integral
from typing import Any, NamedTuple

from ..extras import have_numba, installed, require
from ..numpy_random import PCG64, SeedSequence, permuted_rows
from ..stats import exact_interval
from .kernel import plain_cards_left
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
    compiled: bool | None = None,
) -> Estimate:
    """Play `n` random deals under `reading` and estimate the win rate.

    `seed` None draws one (kept in the result). `compiled` None plays the deals with the
    numba simulator when numba is installed, else in plain Python: the same counts, some 25
    times slower (about 11,000 deals a second a core on CPython). True insists on numba,
    False on plain Python. With no `executor`, the compiled deals run in a process pool over
    every local core, the plain ones here, one chunk after the other (the browser has no
    processes); any `concurrent.futures.Executor` may be given instead (and is left open).
    The progress bar needs tqdm.
    """
    if not isinstance(n, Integral) or isinstance(n, bool) or n < 1:
        raise ValueError(f"estimate: n must be a positive whole number of deals, not {n!r}")
    n = int(n)
    reading = Reading.of(reading)
    compiled = _compiled(compiled, "estimate(compiled=True)")
    if compiled:  # numba loads and compiles here, once, before a process pool forks
        importlib.import_module(f"{__package__}.fast")
    if seed is None:
        seed = secrets.randbits(128)  # as SeedSequence() draws its entropy
    sizes = [CHUNK] * (n // CHUNK) + ([n % CHUNK] if n % CHUNK else [])
    jobs = [(size, seed, index, reading, compiled) for index, size in enumerate(sizes)]
    if executor is None and compiled:
        pool: Executor | None = ProcessPoolExecutor(
            max_workers=min(os.cpu_count() or 1, len(sizes))
        )
    else:
        pool = executor
    counts = [0] * 53
    try:
        with _progress_bar(n, progress) as bar:
            for size, chunk_counts in _finished(jobs, pool):
                counts = [a + b for a, b in zip(counts, chunk_counts, strict=True)]
                bar.update(size)
    finally:
        if executor is None and pool is not None:
            pool.shutdown(cancel_futures=True)
    low, high = exact_interval(counts[0], n)
    return Estimate(reading, n, seed, tuple(counts), low, high)


class Dealt(NamedTuple):
    """The decks `dealt` played (each 52 card indexes as bytes, in dealing order) and the
    cards each left (0: won), deal by deal."""

    decks: list[bytes]
    cards_left: list[int]


def dealt(
    n: int, seed: int, reading: Reading | Mapping | None = None, compiled: bool | None = None
) -> Dealt:
    """`n` decks shuffled from `seed` and how each deal ends under `reading`: the deals
    themselves, for questions about a deck's order (its last card, say), where `estimate`
    keeps only counts. The decks are `fast.deal_decks(n, numpy.random.default_rng(seed))`,
    the same ones in plain Python (`compiled` as in `estimate`, here in one process), so
    a seed gives the same deals everywhere, and a smaller `n` the first of them."""
    if not isinstance(n, Integral) or isinstance(n, bool) or n < 1:
        raise ValueError(f"dealt: n must be a positive whole number of deals, not {n!r}")
    reading = Reading.of(reading)
    if _compiled(compiled, "dealt(compiled=True)"):
        import numpy as np

        from .fast import cards_left, deal_decks

        decks = deal_decks(int(n), np.random.default_rng(seed))
        return Dealt([row.tobytes() for row in decks], cards_left(decks, reading).tolist())
    rows = permuted_rows([range(52)] * int(n), PCG64(SeedSequence(seed)))
    decks = [bytes(row) for row in rows]
    return Dealt(decks, plain_cards_left(decks, reading))


def _compiled(compiled: bool | None, feature: str) -> bool:
    """Whether to play compiled: None means when numba is installed; True insists on it."""
    if compiled is None:
        return have_numba()
    if compiled:
        require("fast", feature)
    return bool(compiled)


def _finished(
    jobs: list[tuple[int, int, int, Reading, bool]], pool: Executor | None
) -> Iterator[tuple[int, list[int]]]:
    """(deals, counts) of each chunk as it finishes: in `pool`, or here in turn (None)."""
    if pool is None:
        for job in jobs:
            yield job[0], _chunk(*job)
        return
    futures = {pool.submit(_chunk, *job): job[0] for job in jobs}
    for future in as_completed(futures):
        yield futures[future], future.result()


def _chunk(size: int, seed: int, index: int, reading: Reading, compiled: bool) -> list[int]:
    """How many deals of chunk `index` (seeded by the seed's child `index`, as numpy's
    `SeedSequence(seed).spawn` makes it) ended with 0, 1, … 52 cards left."""
    if compiled:
        import numpy as np

        from .fast import cards_left, deal_decks

        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))
        left = cards_left(deal_decks(size, rng), reading)
        return [int(count) for count in np.bincount(left, minlength=53)]
    decks = permuted_rows([range(52)] * size, PCG64(SeedSequence(seed, (index,))))
    counts = [0] * 53
    for left_over in plain_cards_left(decks, reading):
        counts[left_over] += 1
    return counts


def _progress_bar(total: int, shown: bool) -> AbstractContextManager[Any]:
    """tqdm's bar over `total` deals when it is installed and `shown`, else a silent one."""
    if shown and installed("tqdm"):
        from tqdm.auto import tqdm

        return tqdm(total=total, unit="deal", unit_scale=True)
    return nullcontext(_Silent())


class _Silent:
    """Stands for the bar when none is shown."""

    def update(self, deals: int) -> None:
        pass
