# ruff: noqa: E402
"""The batch simulator: cards left for millions of deals, compiled with numba.

A deal is sequential and branchy, so vectorising over deals with numpy would pay for every
branch on every deal; a compiled loop per deal is fifty to eighty times faster than the Python
reference (tests/benchmarks/bench_petits_pas.py). The deal itself is `kernel.play_deal`, the
code that also runs uncompiled where numba is missing (`kernel.plain_cards_left`); this
module adds numpy's decks and the compiled loop over them. Decks are rows of card indexes
(`Card.deck_index`) in dealing order. Importing it needs the `fast` extra.
"""

from __future__ import annotations

from ..extras import require

require("fast", "A Petits Pas' compiled simulator")  # first, so that the error names the extra

import numpy as np
from numba import njit

from .kernel import MAX_PLACES, kernel_arguments, play_deal
from .readings import Reading


def deal_decks(count: int, rng: np.random.Generator) -> np.ndarray:
    """`count` shuffled decks, one per row, drawn from a numpy Generator (`numpy_random`
    draws the same ones without numpy)."""
    return rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (count, 1)), axis=1)


def cards_left(decks: np.ndarray, reading: Reading | dict | None = None) -> np.ndarray:
    """Cards left at the end of each deal (0 = won); `decks` has one deck of indexes per row."""
    reading = Reading.of(reading)
    decks = np.asarray(decks)
    if decks.ndim != 2 or decks.shape[1] != 52:
        raise ValueError(f"decks must be rows of 52 card indexes, not an array of shape "
                         f"{decks.shape}")
    if decks.size and not 0 <= decks.min() <= decks.max() <= 51:
        raise ValueError("decks must be rows of 52 card indexes 0-51 (the compiled loop "
                         "does not check bounds)")
    decks = np.ascontiguousarray(decks, dtype=np.uint8)
    values, *codes = kernel_arguments(reading)
    return _cards_left(decks, np.array(values, dtype=np.int8), *codes)


# compiled when the module is imported (or loaded from numba's cache): once per process,
# before a process pool forks its workers
@njit("uint8[::1](uint8[:, ::1], int8[::1], int64, int64, int64, int64, int64)",
      cache=True, nogil=True)
def _cards_left(decks, values, neighbours, nowhere, refill, take, endgame):
    result = np.empty(decks.shape[0], np.uint8)
    row = (np.empty(MAX_PLACES, np.int8), np.empty(MAX_PLACES, np.int8),
           np.empty(MAX_PLACES, np.int8), np.empty(MAX_PLACES, np.bool_))
    for deal in range(decks.shape[0]):
        result[deal] = play_deal(decks[deal], values, neighbours, nowhere, refill, take,
                                 endgame, row)
    return result
