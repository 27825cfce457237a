"""Sorcière au pain d'épices (HABA's Knusperhexe): rules, the roof model, bots, analysis.

>>> from ludotheque.engines.sorciere import Sorciere
>>> state = Sorciere(players=3).new_game(seed=1, first=0)
>>> state.apply("pull 14@0.9")
Pull(slot=14, dexterity=0.9)
"""

from .analysis import round_lengths, tournament, with_dexterity
from .bots import LEVEL_LABELS, LEVELS, bot_for_level
from .deck import DEFAULT_DECK, TREATS, Card
from .lookahead import LookaheadBot
from .policies import (
    CarefulBot,
    ExpectedValueBot,
    GreedyBot,
    RandomSorciereBot,
    SorciereBot,
    keep_chance,
)
from .roof import DEFAULT_DEXTERITY, LAYING_ORDER, PARAMETERS, SLOTS, Roof, hand
from .rules import (
    Next,
    Pull,
    Put,
    Sorciere,
    SorciereState,
    collapse_probability,
    parse_action,
    roof_of,
)

__all__ = [
    "DEFAULT_DECK",
    "DEFAULT_DEXTERITY",
    "LAYING_ORDER",
    "LEVELS",
    "LEVEL_LABELS",
    "LookaheadBot",
    "PARAMETERS",
    "SLOTS",
    "TREATS",
    "Card",
    "CarefulBot",
    "ExpectedValueBot",
    "GreedyBot",
    "Next",
    "Pull",
    "Put",
    "RandomSorciereBot",
    "Roof",
    "Sorciere",
    "SorciereBot",
    "SorciereState",
    "bot_for_level",
    "collapse_probability",
    "hand",
    "keep_chance",
    "parse_action",
    "roof_of",
    "round_lengths",
    "tournament",
    "with_dexterity",
]
