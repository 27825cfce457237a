"""A Petits Pas: a one-player patience with no choices, whose lesson is probability.

`PetitsPas` is the game (`rules.py`; options: the readings), `Table` and `play_out` the
readable reference for one deal (`table.py`), `explain` turns its events into sentences,
`AutoStep` the bot that plays a deal by itself. The numba simulator (`fast`), `estimate`
(win rates) and `dealt` (the deals themselves) are imported on first use, so that the game
and its widget load without numba.

>>> from ludotheque.engines.petits_pas import PetitsPas, explain
>>> state = PetitsPas().new_game(seed=1)
>>> state.apply("step")
Step()
>>> [explain(event, "en") for event in state.events[-1][:2]]
['10♥ finds no ♥ on its left: it cannot move', '3♠ is dealt in a new place on the right']
"""

from .bots import LEVEL_LABELS, LEVELS, AutoStep, bot_for_level
from .cards import Card, DeckError, parse_card, parse_cards, parse_deck
from .explain import explain
from .readings import CHOICES, SWITCHES, Reading, single_switches
from .rules import STEP, PetitsPas, PetitsPasState, Step
from .table import Table, play_out

__all__ = [
    "CHOICES",
    "LEVELS",
    "LEVEL_LABELS",
    "SWITCHES",
    "AutoStep",
    "Card",
    "Dealt",
    "DeckError",
    "Estimate",
    "PetitsPas",
    "PetitsPasState",
    "Reading",
    "STEP",
    "Step",
    "Table",
    "bot_for_level",
    "dealt",
    "estimate",
    "explain",
    "parse_card",
    "parse_cards",
    "parse_deck",
    "play_out",
    "single_switches",
]


def __getattr__(name: str):
    if name in ("estimate", "Estimate", "dealt", "Dealt"):
        from . import odds

        return getattr(odds, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
