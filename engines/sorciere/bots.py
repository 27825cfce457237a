"""Sorcière's bot levels (levels 1-4 are in `policies.py`, 5 in `lookahead.py`). Each reads
only public facts (the roof's structure, the treats of cards put back, the piles, `unseen`),
never a face-down card, and pulls with its own `dexterity`.

1. random: any card, any slot to put back.
2. careful: the card with the lowest collapse probability; puts back where the card is best held.
3. greedy: weighs the card's value (the chance it can go on the pile, from the unseen treats
   and the treats it remembers on the roof) against the risk of losing its pile.
4. expected value: the exact one-turn expectation of a round-standing value, the collapse
   being a chance event of known probability; puts a card back where it hurts the next
   player most (the place that raises their safest pull's risk the most).
5. lookahead: the one-turn odds, then an expectimax over the next players'
   pulls, valued as the chance to win the game.
"""

from __future__ import annotations

from ..bots import checked_level
from .lookahead import LookaheadBot
from .policies import CarefulBot, ExpectedValueBot, GreedyBot, RandomSorciereBot, SorciereBot
from .roof import DEFAULT_DEXTERITY

LEVEL_LABELS = {
    "1": {"fr": "hasard", "en": "random"},
    "2": {"fr": "prudent", "en": "careful"},
    "3": {"fr": "gourmand", "en": "greedy"},
    "4": {"fr": "espérance", "en": "expected value"},
    "5": {"fr": "anticipation", "en": "lookahead"},
}
"""Bot levels, weakest first, with the words a menu shows."""
LEVELS = tuple(LEVEL_LABELS)


def bot_for_level(
    level: str,
    seed: int | None = None,
    seconds: float | None = 1.0,
    dexterity: float = DEFAULT_DEXTERITY,
) -> SorciereBot:
    """The bot of a level of LEVELS: "1" random, "2" careful, "3" greedy, "4" expected
    value, "5" lookahead, pulling with `dexterity`. Levels 1-4 answer at once; level 5
    searches within `seconds`."""
    level = checked_level(level, LEVELS, "Sorcière")
    if level == "5":
        return LookaheadBot(seed, dexterity, seconds)
    kinds = {"1": RandomSorciereBot, "2": CarefulBot, "3": GreedyBot, "4": ExpectedValueBot}
    return kinds[level](seed, dexterity)
