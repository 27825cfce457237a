"""The batch simulator: cards left for millions of deals, compiled with numba.

A deal is sequential and branchy, so vectorising over deals with numpy would pay for every
branch on every deal; a compiled loop per deal is fifty to eighty times faster than the Python
reference (tests/benchmarks/bench_petits_pas.py). It keeps per place only what the rules look
at (the top card's suit and value, whether that card has jumped, the pile's size) and makes no
events. `table.py` stays the readable reference; the tests hold both to the same result deal
by deal. Decks are rows of card indexes (`Card.deck_index`) in dealing order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cards import DECK
from .readings import CHOICES, Reading

BLOCKED, TAKE, COVER, EXIT, FAR_LEFT = range(5)
MAX_PLACES = 64  # a row never holds more than the 52 cards plus one far-left place


def deal_decks(count: int, rng: np.random.Generator) -> np.ndarray:
    """`count` shuffled decks, one per row, drawn from a numpy Generator."""
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
    values = np.array([reading.value(card) for card in DECK], dtype=np.int8)
    codes = [CHOICES[switch].index(getattr(reading, switch))
             for switch in ("nowhere", "refill", "take", "endgame")]
    return _cards_left(decks, values, reading.blocking_neighbours, *codes)


@njit(cache=True)
def _play(deck, values, neighbours, nowhere, refill, take, endgame, row):
    """One deal, as `table.Table` plays it; returns the cards left."""
    suit, value, size, jumped = row
    places = dealt = out = 0
    while places < 4:
        _put(row, places, deck[dealt], values)
        places += 1
        dealt += 1
    while places:
        mover = places - 1
        kind, met = _plan(row, mover, dealt < 52, neighbours, nowhere, endgame)
        if kind == BLOCKED:
            if dealt == 52:
                return 52 - out
            _put(row, places, deck[dealt], values)
            places += 1
            dealt += 1
            continue
        if kind == TAKE:
            out += size[mover] + size[met]
            size[mover] = size[met] = 0
            if take:
                out += _take_further(row, met, value[mover], take)
        elif kind == COVER:
            size[met] += size[mover]
            value[met] = value[mover]
            jumped[met] = True
            size[mover] = 0
        elif kind == EXIT:
            out += size[mover]
            size[mover] = 0
        else:  # FAR_LEFT: a new place at the left end; the mover's old place stays empty
            for place in range(places, 0, -1):
                _copy(row, place - 1, place)
            _copy(row, places, 0)
            jumped[0] = True
            size[places] = 0
            places += 1
        # settle: drop or close up empty places, refill from the stock
        if refill == 0:
            while places > 4 and size[places - 1] == 0:
                places -= 1
            for place in range(places):
                if size[place] == 0 and dealt < 52:
                    _put(row, place, deck[dealt], values)
                    dealt += 1
        else:
            places = _close_up(row, places)
            while dealt < 52 and places < 4:
                _put(row, places, deck[dealt], values)
                places += 1
                dealt += 1
        if dealt == 52:
            places = _close_up(row, places)
    return 0


@njit(cache=True)
def _plan(row, mover, stock_lasts, neighbours, nowhere, endgame):
    """(kind, place met) as `table.Table.plan` decides it."""
    suit, value, size, jumped = row
    end_rule = not stock_lasts and endgame == 0
    if jumped[mover] and (stock_lasts or endgame == 1):
        return BLOCKED, -1
    if neighbours and mover >= neighbours:
        same = 0
        for k in range(1, neighbours + 1):
            same += suit[mover - k] == suit[mover]
        if same == neighbours:
            return BLOCKED, -1
    met = mover - 1
    while met >= 0 and suit[met] != suit[mover]:
        met -= 1
    if met < 0:
        if end_rule:
            return EXIT, -1
        if jumped[mover] or nowhere == 0:
            return BLOCKED, -1
        return (EXIT if nowhere == 2 else FAR_LEFT), -1
    if value[mover] > value[met]:
        return TAKE, met
    if end_rule or jumped[mover]:
        return BLOCKED, -1
    return COVER, met


@njit(cache=True)
def _take_further(row, met, taker, take):
    """Cards taken beyond the pile met, under `take` (1 lower, 2 descending, 3 consecutive)."""
    suit, value, size, jumped = row
    last = value[met]
    gained = 0
    for place in range(met - 1, -1, -1):
        if suit[place] != suit[met]:
            continue
        rank = value[place]
        if not (rank < taker if take == 1 else rank < last if take == 2 else rank == last - 1):
            break
        gained += size[place]
        size[place] = 0
        last = rank
    return gained


@njit(cache=True)
def _put(row, place, card, values):
    suit, value, size, jumped = row
    suit[place] = card // 13
    value[place] = values[card]
    size[place] = 1
    jumped[place] = False


@njit(cache=True)
def _copy(row, source, target):
    suit, value, size, jumped = row
    suit[target] = suit[source]
    value[target] = value[source]
    size[target] = size[source]
    jumped[target] = jumped[source]


@njit(cache=True)
def _close_up(row, places):
    kept = 0
    for place in range(places):
        if row[2][place]:
            _copy(row, place, kept)
            kept += 1
    return kept


# compiled when the module is imported (or loaded from numba's cache): once per process,
# before a process pool forks its workers
@njit("uint8[::1](uint8[:, ::1], int8[::1], int64, int64, int64, int64, int64)",
      cache=True, nogil=True)
def _cards_left(decks, values, neighbours, nowhere, refill, take, endgame):
    result = np.empty(decks.shape[0], np.uint8)
    row = (np.empty(MAX_PLACES, np.int8), np.empty(MAX_PLACES, np.int8),
           np.empty(MAX_PLACES, np.int8), np.empty(MAX_PLACES, np.bool_))
    for deal in range(decks.shape[0]):
        result[deal] = _play(decks[deal], values, neighbours, nowhere, refill, take, endgame, row)
    return result
