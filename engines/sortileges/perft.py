"""Perft: count the distinct turn sequences of a given length, the rules' exactness check.

Counted on raw bitboards, not on States: at the last turn only the number of spells matters,
so each step adds `spells.bit_count()` (or 1, a turn without a spell) instead of visiting
every leaf. A position whose witch to move cannot step has no turns, so it counts 0.
"""

from __future__ import annotations

from .board import squares_of
from .rules import Sortileges, SortilegesState


def perft(depth: int, state: SortilegesState | None = None) -> int:
    """Turn sequences of `depth` turns from `state` (default: the start, Têtdevache to move)."""
    if depth < 0:
        raise ValueError(f"depth must be ≥ 0, not {depth}")
    if state is None:
        state = Sortileges().new_game(seed=0, first=0)
    return _count(state.game, *state.position(), depth)


def _count(game: Sortileges, spelled: int, mover: int, other: int, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for target in squares_of(game.steps(spelled, mover, other)):
        spells = game.spells(spelled, target, other)
        if depth == 1:
            total += spells.bit_count() or 1
        elif not spells:
            total += _count(game, spelled, other, target, depth - 1)
        else:
            for spell in squares_of(spells):
                total += _count(game, spelled | 1 << spell, other, target, depth - 1)
    return total
