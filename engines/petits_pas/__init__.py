"""A Petits Pas: a one-player patience with no choices, whose lesson is probability.

`PetitsPas` is the game (options: the readings), `play_out` the readable reference for one
deal, `explain` turns its events into sentences. The numba simulator (`fast`) and `estimate`
are imported on first use, so that the game and its widget load without numba.
"""

from .cards import Card, DeckError, parse_card, parse_cards, parse_deck
from .explain import explain
from .game import STEP, PetitsPas, PetitsPasState, Step
from .readings import CHOICES, Reading, single_switches
from .rules import Table, play_out

__all__ = ["CHOICES", "Card", "DeckError", "Estimate", "PetitsPas", "PetitsPasState", "Reading",
           "STEP", "Step", "Table", "estimate", "explain", "parse_card", "parse_cards",
           "parse_deck", "play_out", "single_switches"]


def __getattr__(name: str):
    if name in ("estimate", "Estimate"):
        from . import odds

        return getattr(odds, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
