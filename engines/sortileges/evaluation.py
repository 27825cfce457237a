"""What a Sortilèges position is worth without searching: the features and their weights.

Three ideas, all measured for the witch to move against the other one:

* **mobility**: free squares next to her (a witch with no free neighbour has lost);
* **territory** (Voronoi): free squares she reaches strictly before the other witch, walking
  king steps around spells, the measure Tron bots (a1k0n, 2010) and Amazons programs
  (Lieberum 2005, "king distance") use; squares both reach at the same time count for nobody;
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
from dataclasses import asdict, dataclass
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
        mine, theirs = 1 << a, 1 << b
        ring_a, ring_b, seen = mine, theirs, mine | theirs
        met = bool(self.neighbours[a] >> b & 1)
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
        return mine & ~(1 << a), theirs & ~(1 << b), met


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


@dataclass(frozen=True)
class Weights:
    """A linear evaluation: weight × (mine − theirs) for each feature.

    `race` scores separated regions (my region − their region + ½: the witch to move wins
    ties, see `regions.race_winner`). The defaults come from tests/benchmarks/tune_sortileges.py
    (self-play at depth 3), except `territory`: 0.35 there, 1.0 here, which won 195 of 240
    one-second games against level 3 where 0.35 won 191 of 240 (tournament_sortileges.py).
    """

    mobility: float = 1.0
    territory: float = 1.0
    house: float = 0.3
    race: float = 20.0

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


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
        mine, theirs, met = self.geometry.voronoi(free, mover, other)
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
        )

    def score(self, spelled: int, mover: int, other: int) -> float:
        """The static score for the witch to move (no win/loss check: the search does it)."""
        if self.evaluate is not None:
            return float(self.evaluate(self.features(spelled, mover, other)))
        free = self.full & ~(spelled | 1 << mover | 1 << other)
        mine, theirs, met = self.geometry.voronoi(free, mover, other)
        weights = self.weights
        my_territory, their_territory = mine.bit_count(), theirs.bit_count()
        score = weights.mobility * (
            (self.neighbours[mover] & free).bit_count()
            - (self.neighbours[other] & free).bit_count()
        ) + weights.house * (self.house_distance[other] - self.house_distance[mover])
        if met:
            return score + weights.territory * (my_territory - their_territory)
        return score + weights.race * (my_territory - their_territory + 0.5)


def linear(weights: Weights) -> Evaluate:
    """The default evaluation written as a plain function of the features (for notebooks)."""

    def evaluate(f: Features) -> float:
        score = weights.mobility * (f.my_steps - f.their_steps) + weights.house * (
            f.their_house - f.my_house
        )
        if f.separated:
            return score + weights.race * (f.my_region - f.their_region + 0.5)
        return score + weights.territory * (f.my_territory - f.their_territory)

    return evaluate
