"""Sortilèges (Isola) as a notebook widget: two witches, a 6×8 field, spells."""

from __future__ import annotations

from ludotheque.engines.bots import Bot
from ludotheque.engines.sortileges import LEVELS, bot_for_level
from ludotheque.engines.sortileges import Sortileges as SortilegesGame

from .base import GameWidget, bundle


class Sortileges(GameWidget):
    """Play Sortilèges in a cell: click where your witch steps, then where she casts.

    >>> partie = Sortileges(["human", "bot:2"])   # Têtdevache (you) against level 2
    >>> partie.play("c1-c2/d5")                   # or play from Python, same notation
    """

    _esm = bundle("sortileges")
    game_class = SortilegesGame
    seat_names = ["Têtdevache", "Fasderat"]

    def bot_levels(self) -> tuple[str, ...]:
        return LEVELS

    def make_bot(self, level: str, seed: int) -> Bot:
        return bot_for_level(int(level), seed=seed, seconds=self.bot_seconds)
