"""What a Sortilèges position is worth without searching: the features and their weights.

Four ideas, all measured for the witch to move against the other one:

* **mobility**: free squares next to her (a witch with no free neighbour has lost);
* **territory** (Voronoi): free squares she reaches strictly before the other witch, walking
  king steps around spells, the measure Tron bots (a1k0n, 2010) and Amazons programs
  (Lieberum 2005, "king distance") use; squares both reach at the same time count for nobody;
* **near territory**: the part of her territory within two king steps, counted once more.
  Far territory is a promise the other witch can break, a spell a turn, by walling it off
  before she gets there; near squares she holds. Level 3 walls the other witch into a
  corner that way; against it, at fixed depths (5 against 4), this term lifted level 5 from
  629 to 664 wins in 800 games (78.6 % to 83.0 %).
* **houses**: king steps to the nearest house, which can never be spelled.

When the two witches can no longer reach each other (separated regions), the game becomes a
race: each witch spells the other's region, one square a turn. `race` then counts the free
squares of each region (`Features.separated` says it applies).

Everything works on bitboards (Python ints): a ring of the walk is one "dilation" (shifts and
masks) and a count is `int.bit_count()`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from .board import Board
from .rules import Sortileges


class Geometry:
    """Bitboard walks on one board: king dilation, flood fill, simultaneous (Voronoi) walk."""

    def __init__(self, board: Board):
        self.board = board
        self.files = board.files
        self.full = board.full
        first_file = sum(1 << (rank * board.files) for rank in range(board.ranks))
        self.not_first = board.full & ~first_file
        self.not_last = board.full & ~(first_file << (board.files - 1))
        self.neighbours = board.neighbours
        self.packed = (board.files, self.not_first, self.not_last, board.full)
        """what the kernels' `dilate` and `toolkit.waiting_spell` take"""

    @staticmethod
    @functools.cache
    def of(files: int, ranks: int) -> Geometry:
        return Geometry(Board.of(files, ranks))

    def dilate(self, mask: int) -> int:
        """`mask` and every square a king step away from it."""
        row = mask | (mask << 1) & self.not_first | (mask >> 1) & self.not_last
        return (row | row << self.files | row >> self.files) & self.full

    def flood(self, start: int, free: int) -> int:
        """The squares of `free` a witch on `start` reaches (bitboard, without `start`)."""
        reached, ring = 0, 1 << start
        while ring:
            ring = self.dilate(ring) & free & ~reached
            reached |= ring
        return reached

    def voronoi(self, free: int, a: int, b: int) -> tuple[int, int, bool]:
        """(squares `a` reaches first, squares `b` reaches first, do the walks meet?).

        Both walks advance one ring at a time through `free`; a square reached by both in
        the same ring is neutral and stops both walks there.
        """
        return self.cells(free, a, b)[:3]

    def cells(self, free: int, a: int, b: int) -> Cells:
        """`voronoi`'s walk, which also keeps how far each cell had grown after `NEAR` rings."""
        mine, theirs = 1 << a, 1 << b
        near_a, near_b = mine, theirs
        ring_a, ring_b, seen = mine, theirs, mine | theirs
        met = bool(self.neighbours[a] >> b & 1)
        rings = 0
        while ring_a or ring_b:
            reach_a, reach_b = self.dilate(ring_a), self.dilate(ring_b)
            if reach_a & theirs or reach_b & mine:
                met = True
            grow_a = reach_a & free & ~seen
            grow_b = reach_b & free & ~seen
            both = grow_a & grow_b
            if both:
                met = True
            ring_a, ring_b = grow_a & ~both, grow_b & ~both
            seen |= grow_a | grow_b
            mine |= ring_a
            theirs |= ring_b
            rings += 1
            if rings <= NEAR:
                near_a, near_b = mine, theirs
        return Cells(
            mine & ~(1 << a), theirs & ~(1 << b), met, near_a & ~(1 << a), near_b & ~(1 << b)
        )


NEAR = 2
"""King steps within which a witch's territory counts twice (`Weights.near`)."""


class Cells(NamedTuple):
    """The Voronoi walk's result (bitboards, without the witches' own squares)."""

    mine: int
    theirs: int
    met: bool
    my_near: int
    """the squares of `mine` at most `NEAR` king steps from my witch"""
    their_near: int


class Features(NamedTuple):
    """The features of a position for the witch to move ("my") against the other ("their")."""

    my_steps: int
    their_steps: int
    my_territory: int
    their_territory: int
    my_house: int
    """king steps from my witch to the nearest house"""
    their_house: int
    separated: bool
    my_region: int
    """separated: free squares I can still reach (0 when not separated)"""
    their_region: int
    my_near: int
    """squares of my territory at most two king steps away (`NEAR`)"""
    their_near: int


@dataclass(frozen=True)
class Weights:
    """A linear evaluation: weight × (mine − theirs) for each feature.

    `race` scores separated regions (my region − their region + ½: the witch to move wins
    ties, see `regions.race_winner`). The defaults come from tests/benchmarks/tune_sortileges.py
    (self-play at depth 3), except `territory`: 0.35 there, 1.0 here, which won 195 of 240
    one-second games against level 3 where 0.35 won 191 of 240 (tournament_sortileges.py),
    and `near` (2026-12-01), screened against level 3 at fixed depths: 1.0 won 338 of 400
    games, 2.0 331, 0 (without it) 316.
    """

    mobility: float = 1.0
    territory: float = 1.0
    house: float = 0.3
    race: float = 20.0
    near: float = 1.0


DEFAULT_WEIGHTS = Weights()

Evaluate = Callable[[Features], float]
"""A student's evaluation: features of the position -> score for the witch to move."""


def house_distances(game: Sortileges) -> tuple[int, ...]:
    """For each square, the king steps to the nearest house."""
    board = game.board
    return tuple(
        min(board.distance(square, house) for house in game.houses) for square in range(board.size)
    )


class Evaluator:
    """Scores positions for the witch to move: `score(spelled, mover, other)`."""

    def __init__(
        self, game: Sortileges, weights: Weights = DEFAULT_WEIGHTS, evaluate: Evaluate | None = None
    ):
        board = game.board
        self.game = game
        self.geometry = Geometry.of(board.files, board.ranks)
        self.neighbours = board.neighbours
        self.full = board.full
        self.weights = weights
        self.evaluate = evaluate
        self.house_distance = house_distances(game)

    def features(self, spelled: int, mover: int, other: int) -> Features:
        neighbours = self.neighbours
        free = self.full & ~(spelled | 1 << mover | 1 << other)
        mine, theirs, met, my_near, their_near = self.geometry.cells(free, mover, other)
        my_region = their_region = 0
        if not met:
            my_region = mine.bit_count()
            their_region = theirs.bit_count()
        return Features(
            (neighbours[mover] & free).bit_count(),
            (neighbours[other] & free).bit_count(),
            mine.bit_count(),
            theirs.bit_count(),
            self.house_distance[mover],
            self.house_distance[other],
            not met,
            my_region,
            their_region,
            my_near.bit_count(),
            their_near.bit_count(),
        )

    def score(self, spelled: int, mover: int, other: int) -> float:
        """The static score for the witch to move (no win/loss check: the search does it)."""
        if self.evaluate is not None:
            return float(self.evaluate(self.features(spelled, mover, other)))
        free = self.full & ~(spelled | 1 << mover | 1 << other)
        mine, theirs, met, my_near, their_near = self.geometry.cells(free, mover, other)
        weights = self.weights
        my_territory, their_territory = mine.bit_count(), theirs.bit_count()
        score = (
            weights.mobility
            * (
                (self.neighbours[mover] & free).bit_count()
                - (self.neighbours[other] & free).bit_count()
            )
            + weights.house * (self.house_distance[other] - self.house_distance[mover])
            + weights.near * (my_near.bit_count() - their_near.bit_count())
        )
        if met:
            return score + weights.territory * (my_territory - their_territory)
        return score + weights.race * (my_territory - their_territory + 0.5)


def linear(weights: Weights) -> Evaluate:
    """The default evaluation written as a plain function of the features (for notebooks)."""

    def evaluate(f: Features) -> float:
        score = (
            weights.mobility * (f.my_steps - f.their_steps)
            + weights.house * (f.their_house - f.my_house)
            + weights.near * (f.my_near - f.their_near)
        )
        if f.separated:
            return score + weights.race * (f.my_region - f.their_region + 0.5)
        return score + weights.territory * (f.my_territory - f.their_territory)

    return evaluate
