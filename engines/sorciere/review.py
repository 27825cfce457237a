"""Sorcière's review of one decision (`engines/review.py` walks the game): each pull's card
against the best card the player could have pulled, with the same hand.

A pull is worth the expected-value bot's exact expectation (level 4, `ExpectedValueBot`:
the roof model's collapse chance, the odds that the card may go on the pile, then the chance
to take this round's candy from the piles), from what the player knew (no face-down card).
Values are in points of that chance above a fair share (100 / players): +10 is a one-in-ten
better chance than a fair share. Never `exact`: the odds of this pull are exact, the worth
of the round after it is the bot's estimate. Where to put a card back, and `next`, are not
judged (the put's worth is the next player's risk, another scale).

Thresholds: on a fresh roof the best card is worth 5 points more than the median one and 7
more than the worst (20 seeded roofs, dexterity 0.5); a `mistake` gives away what a
middling pull does (5), a `blunder` twice that (10), an `inaccuracy` 2.
"""

from __future__ import annotations

from typing import Any

from ..review import Thresholds
from .policies import ExpectedValueBot
from .rules import Pull, SorciereState, collapse_probability

THRESHOLDS = Thresholds(inaccuracy=2.0, mistake=5.0, blunder=10.0)
PROVES = False
"""The worth of a round after a pull is always an estimate."""


def review_decision(position: SorciereState, played: Any, seconds: float) -> dict[str, Any] | None:
    """The pull `played` in `position` (None for a put or `next`: not judged)."""
    if not isinstance(played, Pull):
        return None
    fair = 1 / len(position.piles)
    values = {
        slot: 100 * (value - fair)
        for value, slot in ExpectedValueBot().pull_values(position, played.dexterity)
    }
    best = max(values, key=lambda slot: (values[slot], -slot))
    return {
        "played": str(played),
        "best": str(Pull(best, played.dexterity)),
        "value_before": values[best],
        "value_after": values[played.slot],
        "exact": False,
        "collapse_played": collapse_probability(position, played.slot, played.dexterity),
        "collapse_best": collapse_probability(position, best, played.dexterity),
    }
