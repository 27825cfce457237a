"""Sorcière au pain d'épices as a notebook widget: pull cookies off a fragile roof.

The browser draws the roof from the observation (slots, heights, walls; a face only once a
card was put back in view of all) and sends the pull as an `act` intent whose text carries
the dexterity measured from the drag gesture: ``pull 17@0.83``. Python parses it and refuses
a dexterity outside [0, 1] or not a number (notice "malformed"), a slot with no card
("illegal"), and draws the collapse from the game's seeded generator.

Teaching mode: ``risk_view = True`` from Python adds ``observation["risk"]``: the collapse
probability of each slot at the default dexterity (None where empty), computed from public
facts only (where cards lie), never from faces; without the risk view the key is absent.
The "Vue des risques (enseignant)" button (the intent ``{"type": "risk", "value": true}``)
is shown and accepted only by a widget made with ``risk_button=True``: pupils play without.

>>> partie = Sorciere(["human", "bot:2", "bot:4"])   # you against careful and expected value
>>> partie.play("pull 14@0.9")                       # or drag a card in the widget
"""

from __future__ import annotations

from typing import Any

import traitlets

from ludotheque.engines.core import RulesError, State
from ludotheque.engines.sorciere import DEFAULT_DEXTERITY
from ludotheque.engines.sorciere import Sorciere as SorciereGame

from .arguments import Argument
from .base import GameWidget, bundle
from .intents import BASE_INTENTS, BOOL
from .pictures import sorciere as position_picture


class Sorciere(GameWidget):
    """Play Sorcière au pain d'épices: 2 to 4 seats, each human or bot (levels 1 random,
    2 careful, 3 greedy, 4 expected value, 5 lookahead); hot seat when several are human."""

    _esm = bundle("sorciere")
    game_class = SorciereGame
    intents = {**BASE_INTENTS, "risk": {"value": BOOL}}

    own_arguments = {
        "risk_view": Argument(bool, {"fr": "True ou False", "en": "True or False"}, True),
        "risk_button": Argument(bool, {"fr": "True ou False", "en": "True or False"}, True),
    }
    risk_view = traitlets.Bool(False)
    """Teaching mode: the observation carries each card's collapse risk (`Sorciere(...,
    risk_view=True)`, or set it later)."""

    risk_button = traitlets.Bool(False).tag(sync=True)
    """Whether the widget shows (and accepts) the risk view's button: the teacher's choice,
    made in Python (`Sorciere(..., risk_button=True)`); off, a pupil's browser cannot turn
    the risks on."""

    @traitlets.observe("risk_view")
    def _show_risk(self, _change: dict) -> None:
        self.refresh()

    def default_seats(self) -> list[str]:
        """You, then careful and greedy bots (then expected value)."""
        return ["human", "bot:2", "bot:3", "bot:4"][: self.game.players]

    def picture(self, observation: dict[str, Any]) -> str:
        """The roof, the piles and the candies (for a notebook seen with no kernel)."""
        return position_picture.picture(observation, self.lang)

    # -- the risk view ---------------------------------------------------------------
    def extra_observation(self, state: State, seat: Any) -> dict[str, Any]:
        if not self.risk_view:
            return {}
        return {"risk": state.roof.risk_map(DEFAULT_DEXTERITY)}

    def _intent_risk(self, content: dict) -> None:
        if not self.risk_button:
            raise RulesError(
                "the risk view is the teacher's: Sorciere(..., risk_button=True) shows its button"
            ).with_code("teacher-only")
        self.risk_view = content["value"]
