"""Sortilèges (Isola): rules, perft and bots.

>>> from ludotheque.engines.sortileges import Sortileges, perft
>>> state = Sortileges().new_game(seed=1, first=0)
>>> state.apply("c1-c2/d5")
Turn(origin='c1', target='c2', spell='d5')
>>> perft(1)
225
"""

from .board import Board
from .bots import LEVEL_LABELS, LEVELS, AlphaBetaBot, GreedyBot, bot_for_level, warm_up
from .perft import perft
from .rules import Position, Sortileges, SortilegesState, Turn
from .search import SearchBot

__all__ = [
    "LEVELS",
    "LEVEL_LABELS",
    "AlphaBetaBot",
    "Board",
    "GreedyBot",
    "Position",
    "SearchBot",
    "Sortileges",
    "SortilegesState",
    "Turn",
    "bot_for_level",
    "perft",
    "warm_up",
]
