"""The roof of the gingerbread house: geometry, support, and the risk of each pull.

This is the project's own model of a dexterity game (docs/rules/sorciere.md#roof). Everything here
is public: it depends on where cards lie, never on their faces.

Geometry
--------
36 slots on a 6 × 6 grid (slot ``i`` = row ``i // 6``, column ``i % 6``; row 0 is the front
wall as drawn). A cookie card is larger than the grid step, so each card overlaps its (up to)
eight neighbours. Ten gingerbread cards stand as the walls around the grid: 3 along the front
and back, 2 along each side. The 20 cards of the outer ring (ring 0) touch a wall (the four
corners touch two); the 12 cards of ring 1 and the 4 of ring 2 span the open middle of the box
and rest on cards only. `SLOTS` gives each slot's drawing position (a small fixed tilt and
offset so that the roof looks laid by hand: data, not chance).

Laying order (the rules: corners, then the edges, then toward the open middle): the four
corners, then the other edge cards from the corners inward, then ring 1 (its corners first),
then the four middle cards. `LAYING_ORDER` lists the slots in that order.

Support
-------
Every card on the roof has a height ``z`` (the order it was laid in; a card put back goes on
top of everything). Two neighbouring cards overlap, and the higher one rests on the lower one.
So a card rests on its walls and on its lower neighbours, and carries its higher neighbours.
Its *support* is ``σ = WALL_WEIGHT · walls + (lower neighbours still present)``.

Risk of a pull
--------------
Pulling card ``k`` (its *dependents* ``D`` are the higher neighbours, resting on it):

* if some dependent rests on ``k`` alone (σ = 1, no wall), it falls: the roof collapses for
  sure (p = 1, whatever the dexterity);
* otherwise the *hazard* is::

      h(k) = BASE + LOST · Σ_{d ∈ D} 1/σ(d)          support taken from the cards above it
                  + LOAD · |D|                        cards pressing on it (friction)
                  + WEAK · Σ_{n ∈ N(k)} 1/σ'(n)       what remains under its neighbours n
                                                      after the pull (σ' = σ minus k)
                  + SPAN · ring(k)                    reaching over the open middle

  and the collapse probability at dexterity ``x`` in [0, 1] is::

      p(k, x) = 1 − exp(−m(x) · h(k)),    m(x) = HAND_SHAKY − (HAND_SHAKY − HAND_STEADY) · x

  so a perfectly steady hand (x = 1) multiplies the hazard by HAND_STEADY (0.25), a shaky one
  (x = 0) by HAND_SHAKY (1.75), and the default dexterity 0.5 by 1. The bounds are hard:
  whatever the dexterity, p lies between 1 − exp(−0.25 h) and 1 − exp(−1.75 h).

Tuned defaults (see tests/benchmarks/bench_sorciere.py for the measurements): careless play
(random cards, shaky hand) brings the roof down after a handful of pulls, mostly from the
middle; careful play (the lowest risk, a steady hand) clears most of the roof.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

SIDE = 6
SIZE = SIDE * SIDE
WALL_WEIGHT = 3
"""A wall holds a card like three cards would."""

BASE = 0.008
LOST = 0.15
LOAD = 0.015
WEAK = 0.02
SPAN = 0.01
HAND_STEADY = 0.25
HAND_SHAKY = 1.75
DEFAULT_DEXTERITY = 0.5
"""Dexterity of a pull written without one (`pull 17`): bots, tests and notebooks."""
HAZARDS_KEPT = 1 << 14
"""Hazards remembered (by roof and slot, some 8 MB): level 5 asks the same roofs again
and again."""

PARAMETERS = {
    "WALL_WEIGHT": WALL_WEIGHT,
    "BASE": BASE,
    "LOST": LOST,
    "LOAD": LOAD,
    "WEAK": WEAK,
    "SPAN": SPAN,
    "HAND_STEADY": HAND_STEADY,
    "HAND_SHAKY": HAND_SHAKY,
    "DEFAULT_DEXTERITY": DEFAULT_DEXTERITY,
}
"""The tuned constants of the model, for notebooks and reports."""


@dataclass(frozen=True)
class Slot:
    """Where one card of the roof lies (drawing units: one grid step = 1)."""

    index: int
    row: int
    col: int
    ring: int
    walls: tuple[str, ...]
    """the walls it rests on: "front", "back", "left", "right" """
    x: float
    y: float
    angle: float
    """tilt in degrees"""


def _ring(row: int, col: int) -> int:
    return min(row, col, SIDE - 1 - row, SIDE - 1 - col)


def _walls(row: int, col: int) -> tuple[str, ...]:
    walls = []
    if row == 0:
        walls.append("front")
    if row == SIDE - 1:
        walls.append("back")
    if col == 0:
        walls.append("left")
    if col == SIDE - 1:
        walls.append("right")
    return tuple(walls)


def _jitter(index: int) -> tuple[float, float, float]:
    """A fixed small offset and tilt per slot (a hash of its index: the same every game)."""
    a = (index * 37 + 11) % 17 / 16 - 0.5
    b = (index * 53 + 5) % 13 / 12 - 0.5
    c = (index * 29 + 3) % 19 / 18 - 0.5
    return 0.08 * a, 0.08 * b, 7.0 * c


def _slots() -> tuple[Slot, ...]:
    slots = []
    for index in range(SIZE):
        row, col = divmod(index, SIDE)
        dx, dy, angle = _jitter(index)
        slots.append(
            Slot(
                index,
                row,
                col,
                _ring(row, col),
                _walls(row, col),
                round(col + dx, 3),
                round(row + dy, 3),
                round(angle, 1),
            )
        )
    return tuple(slots)


SLOTS = _slots()
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        other.index
        for other in SLOTS
        if other.index != slot.index
        and abs(other.row - slot.row) <= 1
        and abs(other.col - slot.col) <= 1
    )
    for slot in SLOTS
)


def _laying_order() -> tuple[int, ...]:
    def corner_distance(slot: Slot) -> int:
        lo, hi = slot.ring, SIDE - 1 - slot.ring
        return min(abs(slot.row - r) + abs(slot.col - c) for r in (lo, hi) for c in (lo, hi))

    return tuple(
        slot.index
        for slot in sorted(SLOTS, key=lambda slot: (slot.ring, corner_distance(slot), slot.index))
    )


LAYING_ORDER = _laying_order()

WALL_PANELS = (
    # (wall, x0, y0, x1, y1): ten gingerbread cards around the grid, in drawing units
    *(("front", -0.5 + 2 * i, -0.5, 1.5 + 2 * i, -0.5) for i in range(3)),
    *(("back", -0.5 + 2 * i, SIDE - 0.5, 1.5 + 2 * i, SIDE - 0.5) for i in range(3)),
    *(("left", -0.5, -0.5 + 3 * i, -0.5, 2.5 + 3 * i) for i in range(2)),
    *(("right", SIDE - 0.5, -0.5 + 3 * i, SIDE - 0.5, 2.5 + 3 * i) for i in range(2)),
)


def hand(dexterity: float) -> float:
    """The multiplier m(x) of the hazard for a pull at dexterity x (the caller checks bounds)."""
    return HAND_SHAKY - (HAND_SHAKY - HAND_STEADY) * dexterity


class Roof:
    """Which slots hold a card, and each card's height. Faces are not here: only structure.

    `z[i]` is the height of the card in slot i, None for an empty slot.
    """

    def __init__(self, z: list[int | None] | None = None):
        if z is None:
            z = [None] * SIZE
            for height, index in enumerate(LAYING_ORDER):
                z[index] = height
        self.z = list(z)

    def copy(self) -> Roof:
        return Roof(self.z)

    # -- what is where ---------------------------------------------------------------
    def present(self) -> list[int]:
        return [i for i, height in enumerate(self.z) if height is not None]

    def empty(self) -> list[int]:
        return [i for i, height in enumerate(self.z) if height is None]

    def count(self) -> int:
        return sum(height is not None for height in self.z)

    def height(self, index: int) -> int:
        """The height of the card in `index` (0: laid first); ValueError if the slot is empty."""
        height = self.z[index]
        if height is None:
            raise ValueError(f"slot {index} is empty")
        return height

    def below(self, index: int) -> list[int]:
        """The present neighbours the card in `index` rests on."""
        z, height = self.z, self.height(index)
        return [n for n in NEIGHBOURS[index] if (other := z[n]) is not None and other < height]

    def above(self, index: int) -> list[int]:
        """The present neighbours resting on the card in `index` (its dependents)."""
        z, height = self.z, self.height(index)
        return [n for n in NEIGHBOURS[index] if (other := z[n]) is not None and other > height]

    def support(self, index: int) -> int:
        """σ: what holds the card in `index` (walls count WALL_WEIGHT each)."""
        self.height(index)
        return _support(self.z, index)

    def support_if_put(self, index: int) -> int:
        """σ of a card put back on top in the empty slot `index`."""
        z = self.z
        return WALL_SUPPORT[index] + sum(z[n] is not None for n in NEIGHBOURS[index])

    # -- risk ------------------------------------------------------------------------
    def terms(self, index: int) -> dict[str, float]:
        """The terms of the hazard of pulling `index` (see the module text); `orphans` are
        the cards that would be left resting on nothing."""
        self.height(index)
        orphans, lost, load, weak = _terms(self.z, index)
        return {
            "orphans": orphans,
            "lost": lost,
            "load": float(load),
            "weak": weak,
            "span": float(SLOTS[index].ring),
        }

    def hazard(self, index: int) -> float:
        """h(k): infinite when a card would be left resting on nothing. Remembered by roof
        (a bot looking ahead asks the same roofs again and again). `height`'s check, inline:
        this is the lookahead's hottest call."""
        if self.z[index] is None:
            raise ValueError(f"slot {index} is empty")
        return _hazard(tuple(self.z), index)

    def probability(self, index: int, dexterity: float = DEFAULT_DEXTERITY) -> float:
        """The collapse probability of pulling the card in `index` at `dexterity`."""
        h = self.hazard(index)
        if math.isinf(h):
            return 1.0
        return 1.0 - math.exp(-hand(dexterity) * h)

    def risk_map(self, dexterity: float = DEFAULT_DEXTERITY) -> list[float | None]:
        """p for every slot (None where empty), rounded for display."""
        return [
            None if h is None else round(self.probability(i, dexterity), 4)
            for i, h in enumerate(self.z)
        ]

    # -- changes ---------------------------------------------------------------------
    def remove(self, index: int) -> None:
        self.z[index] = None

    def put(self, index: int) -> None:
        """A card put back goes on top of everything, in the empty slot `index`."""
        self.z[index] = max((h for h in self.z if h is not None), default=-1) + 1


# The model's sums, on the heights alone (a list or a tuple): the hot path of every bot that
# weighs risks, so plain loops over precomputed tuples; each sum in the module text's order.
WALL_SUPPORT = tuple(WALL_WEIGHT * len(slot.walls) for slot in SLOTS)


def _support(z: Sequence[int | None], index: int) -> int:
    height, support = z[index], WALL_SUPPORT[index]
    assert height is not None
    for n in NEIGHBOURS[index]:
        other = z[n]
        if other is not None and other < height:
            support += 1
    return support


def _terms(z: Sequence[int | None], index: int) -> tuple[int, float, int, float]:
    """(orphans, lost, load, weak) of pulling the card in `index`."""
    height = z[index]
    assert height is not None
    supports: dict[int, int] = {}  # the dependents' σ, in NEIGHBOURS' order
    for n in NEIGHBOURS[index]:
        other = z[n]
        if other is not None and other > height:
            supports[n] = _support(z, n)
    weak = 0.0
    for n in NEIGHBOURS[index]:
        if z[n] is None:
            continue
        after = supports[n] - 1 if n in supports else _support(z, n)
        weak += 1.0 / after if after > 0 else 1.0
    orphans = sum(1 for s in supports.values() if s <= 1)
    return orphans, sum(1.0 / s for s in supports.values()), len(supports), weak


@functools.lru_cache(maxsize=HAZARDS_KEPT)
def _hazard(z: tuple[int | None, ...], index: int) -> float:
    orphans, lost, load, weak = _terms(z, index)
    if orphans:
        return math.inf
    return BASE + LOST * lost + LOAD * load + WEAK * weak + SPAN * SLOTS[index].ring
