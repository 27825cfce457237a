"""Endgames: separated regions, and an exact search once few squares are free.

When no path joins the two witches, each lives in her own region, yet each still spells
squares anywhere, mostly in the other's region: the end is a race (the rules' teaching
notes), not a longest-path problem as in Tron. `race_winner` gives the count-only estimate;
`ExactEndgame` gives the truth: a full-width alpha-beta search (every step, every spellable
square, no candidate restriction) to the end of the game, with a table of bounds. It is used
by the search whenever few squares are left free (`EXACT_FREE`), separated or not, so its
answers are exact by construction; tests compare it with a plain minimax.

Scores follow the search's convention (`toolkit.WIN`), for the witch to move: WIN - d if
she blocks the other witch d turns from now, d - WIN if she is blocked d turns from now
(0: right now).
"""

from __future__ import annotations

from ..bots import Deadline, SearchCancelled
from .evaluation import Geometry
from .rules import Sortileges
from .toolkit import (
    WIN,
    bound_of,
    child_window,
    every_turn,
    from_child,
    position_key,
    settled,
)

EXACT_FREE = 9
"""Free squares (not spelled, no witch) at or below which the search solves exactly."""


class NodeLimit(Exception):
    """The exact search would need more nodes than it was allowed."""


def separated(game: Sortileges, spelled: int, a: int, b: int) -> tuple[int, int] | None:
    """The two regions (free squares each witch reaches) if no path joins the witches; else None."""
    geometry = Geometry.of(game.board.files, game.board.ranks)
    free = game.board.full & ~(spelled | 1 << a | 1 << b)
    mine = geometry.flood(a, free)
    if (mine | 1 << a) & game.board.neighbours[b]:
        return None
    return mine, geometry.flood(b, free)


def race_winner(my_region: int, their_region: int) -> int:
    """Count-only estimate of a separated race for the witch to move: 0 she wins, 1 she loses.

    Each turn a witch spells one square of the other's region; the witch to move is first to
    spell, so she outlasts the other when her region is at least as large. Exact only in
    simple shapes (a house, which cannot be spelled, or a narrow region changes the count).
    """
    return 0 if my_region >= their_region else 1


class ExactEndgame:
    """Exact scores by full-width alpha-beta to the end, with a table of bounds."""

    def __init__(self, game: Sortileges, node_limit: int | None = None):
        self.game = game
        self.transpositions: dict[int, tuple[float, int]] = {}
        self.node_limit = node_limit
        self.deadline: Deadline | None = None
        """a `Deadline` looked at every 256 nodes (SearchCancelled when it has passed)"""
        self.nodes = 0

    def value(self, spelled: int, mover: int, other: int) -> float:
        """The exact score of the position for the witch to move."""
        return self.search(spelled, mover, other, -WIN - 1, WIN + 1)

    def search(self, spelled: int, mover: int, other: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise NodeLimit
        if not self.nodes & 255 and self.deadline is not None and self.deadline.expired():
            raise SearchCancelled
        if not self.game.steps(spelled, mover, other):
            return -WIN
        key = position_key(spelled, mover, other)
        known = self.transpositions.get(key)
        if known is not None:
            score, bound = known
            if settled(score, bound, alpha, beta):
                return score
        start_alpha, best = alpha, -WIN - 1
        for target, spell in every_turn(self.game, spelled, mover, other):
            after = spelled if spell is None else spelled | 1 << spell
            # WIN - d seen from the child is -(WIN - (d + 1)) here
            score = from_child(self.search(after, other, target, *child_window(alpha, beta)))
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        self.transpositions[key] = (best, bound_of(best, start_alpha, beta))
        return best
