"""One deal of A Petits Pas as a kernel: numba compiles it (`fast.py`), Python runs it as it is.

It keeps per place only what the rules look at (the top card's suit and value, whether that
card has jumped, the pile's size) and makes no events; `table.py` stays the readable
reference, and the tests hold both to the same result deal by deal. Written once in the
Python that numba compiles (`..compiled`): with numba, `fast.cards_left` plays millions of
deals; without it (Python in the browser), `plain_cards_left` plays the same code, four
times as fast as the reference (no events), some twenty times slower than compiled.

A deck is a sequence of card indexes (`Card.deck_index`) in dealing order. A row is four
sequences of MAX_PLACES items: suit, value, pile size, jumped, one item per place.

numba's disk cache of `fast._cards_left` does not notice a change here: after editing this
module, delete `__pycache__/*.nbi` and `*.nbc` in this folder.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..compiled import kernel, plain
from .cards import DECK
from .readings import CHOICES, Reading

BLOCKED, TAKE, COVER, EXIT, FAR_LEFT = range(5)
MAX_PLACES = 64  # a row never holds more than the 52 cards plus one far-left place


def kernel_arguments(reading: Reading) -> tuple[list[int], int, int, int, int, int]:
    """`reading` as the kernel reads it: each card's value (by deck index), how many
    neighbours of its suit block a mover, and the codes of the switches it branches on."""
    values = [reading.value(card) for card in DECK]
    nowhere, refill, take, endgame = (
        CHOICES[switch].index(getattr(reading, switch))
        for switch in ("nowhere", "refill", "take", "endgame")
    )
    return values, reading.blocking_neighbours, nowhere, refill, take, endgame


def plain_cards_left(
    decks: Iterable[Sequence[int]], reading: Reading | dict | None = None
) -> list[int]:
    """Cards left at the end of each deal (0 = won), played by `play_deal` in plain Python
    (numba or not); no checks on the decks (each must hold the 52 indexes 0-51)."""
    arguments = kernel_arguments(Reading.of(reading))
    play = plain(play_deal)
    row = ([0] * MAX_PLACES, [0] * MAX_PLACES, [0] * MAX_PLACES, [False] * MAX_PLACES)
    return [play(deck, *arguments, row) for deck in decks]


# One piece, as a compiled kernel must be (numba passes no objects between functions);
# it follows `table.Table`'s play step for step, which tests check.
@kernel(cache=True)
def play_deal(deck, values, neighbours, nowhere, refill, take, endgame, row):  # noqa: C901
    """One deal, as `table.Table` plays it; returns the cards left."""
    suit, value, size, jumped = row
    places = dealt = out = 0
    while places < 4:
        put_card(row, places, deck[dealt], values)
        places += 1
        dealt += 1
    while places:
        mover = places - 1
        kind, met = plan(row, mover, dealt < 52, neighbours, nowhere, endgame)
        if kind == BLOCKED:
            if dealt == 52:
                return 52 - out
            put_card(row, places, deck[dealt], values)
            places += 1
            dealt += 1
            continue
        if kind == TAKE:
            out += size[mover] + size[met]
            size[mover] = size[met] = 0
            if take:
                out += take_further(row, met, value[mover], take)
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
                copy_place(row, place - 1, place)
            copy_place(row, places, 0)
            jumped[0] = True
            size[places] = 0
            places += 1
        # settle: drop or close up empty places, refill from the stock
        if refill == 0:
            while places > 4 and size[places - 1] == 0:
                places -= 1
            for place in range(places):
                if size[place] == 0 and dealt < 52:
                    put_card(row, place, deck[dealt], values)
                    dealt += 1
        else:
            places = close_up(row, places)
            while dealt < 52 and places < 4:
                put_card(row, places, deck[dealt], values)
                places += 1
                dealt += 1
        if dealt == 52:
            places = close_up(row, places)
    return 0


@kernel(cache=True)
def plan(row, mover, stock_lasts, neighbours, nowhere, endgame):
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


@kernel(cache=True)
def take_further(row, met, taker, take):
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


@kernel(cache=True)
def put_card(row, place, card, values):
    suit, value, size, jumped = row
    suit[place] = card // 13
    value[place] = values[card]
    size[place] = 1
    jumped[place] = False


@kernel(cache=True)
def copy_place(row, source, target):
    suit, value, size, jumped = row
    suit[target] = suit[source]
    value[target] = value[source]
    size[target] = size[source]
    jumped[target] = jumped[source]


@kernel(cache=True)
def close_up(row, places):
    kept = 0
    for place in range(places):
        if row[2][place]:
            copy_place(row, place, kept)
            kept += 1
    return kept
