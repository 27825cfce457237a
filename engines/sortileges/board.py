"""The field as bitboards: square i is bit i of a Python int, i = rank * files + file.

Square names follow chess: files `a`, `b`, … from the left, ranks `1`, `2`, … from the
bottom, so `a1` is bit 0. A set of squares is one int, so "free neighbours" is one `&` and
"how many" is one `int.bit_count()`: that is what keeps move generation and search fast.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Iterator

from ..core import NotationError, quote

KING_STEPS = tuple((df, dr) for dr in (-1, 0, 1) for df in (-1, 0, 1) if df or dr)
"""The 8 directions a witch may step in (a chess king's moves)."""


def squares_of(mask: int) -> Iterator[int]:
    """The squares of a bitboard, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Board:
    """Geometry of a `files` × `ranks` field: names, neighbours, distances. Immutable.

    Sizes are bounded: each side from MIN_SIDE to MAX_SIDE, and at most MAX_SQUARES squares,
    as many as the searches' 6 bits a square can name (63 means "no spell" in a packed
    turn). The compiled search and the solver hold 51 squares at most and say so. That leaves
    every board the notebooks and tests play (3×3 … 6×6, 6×8, 3×12)."""

    MIN_SIDE = 2
    MAX_SIDE = 12
    MAX_SQUARES = 63

    def __init__(self, files: int, ranks: int):
        for name, side in (("files", files), ("ranks", ranks)):
            if not (type(side) is int and self.MIN_SIDE <= side <= self.MAX_SIDE):
                raise ValueError(
                    f"{name} must be a whole number from {self.MIN_SIDE} to "
                    f"{self.MAX_SIDE}, not {quote(side)}"
                )
        if files * ranks > self.MAX_SQUARES:
            raise ValueError(
                f"a {files}×{ranks} board has {files * ranks} squares; the most "
                f"is {self.MAX_SQUARES} (the searches name a square in 6 bits)"
            )
        self.files = files
        self.ranks = ranks
        self.size = files * ranks
        self.full = (1 << self.size) - 1
        self.names = tuple(
            f"{string.ascii_lowercase[i % files]}{i // files + 1}" for i in range(self.size)
        )
        self.index = {name: i for i, name in enumerate(self.names)}
        self.neighbours = tuple(self._neighbour_mask(i) for i in range(self.size))

    @staticmethod
    @functools.lru_cache(maxsize=16, typed=True)
    def of(files: int, ranks: int) -> Board:
        """The shared board of this size (boards never change, so games share them); the
        last few sizes are kept, and `typed` keeps 6.0 or True from finding a board."""
        return Board(files, ranks)

    def _neighbour_mask(self, square: int) -> int:
        file, rank = self.coordinates(square)
        mask = 0
        for df, dr in KING_STEPS:
            f, r = file + df, rank + dr
            if 0 <= f < self.files and 0 <= r < self.ranks:
                mask |= 1 << (r * self.files + f)
        return mask

    def coordinates(self, square: int) -> tuple[int, int]:
        """(file, rank) counted from 0: `a1` is (0, 0)."""
        return square % self.files, square // self.files

    def square_at(self, file: int, rank: int) -> int:
        return rank * self.files + file

    def square(self, name: str) -> int:
        """The square called `name`; NotationError if this board has none."""
        if type(name) is not str or name not in self.index:
            raise NotationError(
                f"{quote(name)} is not a square of a {self} board", square=quote(name)
            )
        return self.index[name]

    def symmetries(self) -> list[tuple[int, ...]]:
        """The board's mirror images and rotations as square maps (`m[square]` = image):
        4 for a rectangle, 8 for a square; the identity first."""
        n, m = self.files - 1, self.ranks - 1
        moves = [
            lambda f, r: (f, r),
            lambda f, r: (n - f, r),
            lambda f, r: (f, m - r),
            lambda f, r: (n - f, m - r),
        ]
        if n == m:
            moves += [
                lambda f, r: (r, f),
                lambda f, r: (n - r, f),
                lambda f, r: (r, n - f),
                lambda f, r: (n - r, n - f),
            ]
        return [
            tuple(self.square_at(*move(*self.coordinates(s))) for s in range(self.size))
            for move in moves
        ]

    def distance(self, a: int, b: int) -> int:
        """How many king steps separate two squares on an empty board."""
        (fa, ra), (fb, rb) = self.coordinates(a), self.coordinates(b)
        return max(abs(fa - fb), abs(ra - rb))

    def __str__(self) -> str:
        return f"{self.files}×{self.ranks}"

    def __repr__(self) -> str:
        return f"Board({self.files}, {self.ranks})"
