"""Tir de tuyau (Oh ! les nains) as a notebook widget: two gnome teams pull a hose."""

from __future__ import annotations

from typing import Any

from ludotheque.engines.bots import Bot
from ludotheque.engines.nains import LEVELS, bot_for_level
from ludotheque.engines.nains import Nains as NainsGame

from .base import GameWidget, bundle


class Nains(GameWidget):
    """Play Tir de tuyau in a cell: click a card of your hand to play it.

    >>> partie = Nains(["human", "bot:3"], options={"contre": True})  # you against ISMCTS
    >>> partie.play("gnome red")                                        # or from Python
    >>> Nains(["human", "human"])        # hot seat: a curtain hides the hand between turns
    >>> Nains(["bot:2", "bot:3"]).omniscient = True  # watch bots, both hands shown
    """

    _esm = bundle("nains")
    game_class = NainsGame
    seat_names = ["Nabot", "Gnomette"]
    hidden_information = True

    def bot_levels(self) -> tuple[str, ...]:
        return LEVELS

    def choices(self) -> dict[str, list[Any]]:
        return {"contre": [False, True], "surcontre": [False, True],
                "sursurcontre": [False, True], "rounds": [1, 2, 3]}

    def make_bot(self, level: str, seed: int) -> Bot:
        return bot_for_level(int(level), seed=seed, seconds=self.bot_seconds)
