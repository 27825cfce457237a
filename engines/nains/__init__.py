"""Tir de tuyau (Oh ! les nains): rules, cards and bots of the gnomes' hose pull.

>>> from ludotheque.engines.nains import Nains
>>> state = Nains().new_game(seed=1, first=0)
>>> state.apply("gnome red"); state.apply("gnome blue")
Move('gnome red')
Move('gnome blue')
>>> state.observation(1)["teams"]
[['red'], ['blue']]
"""

from .bots import LEVEL_LABELS, LEVELS, bot_for_level, warm_up
from .cards import CARDS, COLOURS, DEFAULT_DECK, GNOMES_PER_COLOUR, INDEX, Card, pull_values
from .policies import HeuristicBot, IsmctsBot, NainsRandomBot
from .rules import FENCE, Move, Nains, NainsState, Table, determinise

__all__ = [
    "CARDS",
    "COLOURS",
    "DEFAULT_DECK",
    "FENCE",
    "GNOMES_PER_COLOUR",
    "INDEX",
    "LEVELS",
    "LEVEL_LABELS",
    "Card",
    "HeuristicBot",
    "IsmctsBot",
    "Move",
    "Nains",
    "NainsRandomBot",
    "NainsState",
    "Table",
    "bot_for_level",
    "determinise",
    "warm_up",
    "pull_values",
]
