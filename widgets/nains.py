"""Tir de tuyau (Oh ! les nains) as a notebook widget: two gnome teams pull a hose."""

from __future__ import annotations

from typing import Any

from ludotheque.engines.nains import Nains as NainsGame

from .base import GameWidget, bundle
from .pictures import nains as position_picture


class Nains(GameWidget):
    """Play Tir de tuyau in a cell: click a card of your hand to play it.

    >>> partie = Nains(["human", "bot:3"], options={"contre": True})  # you against ISMCTS
    >>> partie.play("gnome red")                                        # or from Python
    >>> Nains(["human", "human"])        # hot seat: a curtain hides the hand between turns
    >>> Nains(["bot:2", "bot:3"]).omniscient = True  # watch bots, both hands shown
    """

    _esm = bundle("nains")
    game_class = NainsGame

    def picture(self, observation: dict[str, Any]) -> str:
        """The garden, the score and the hands face down (for a notebook seen with no
        kernel): whoever sits at the table, no card of a hand is drawn."""
        return position_picture.picture(observation, self.lang)
