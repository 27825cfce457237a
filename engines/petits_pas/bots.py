"""A Petits Pas' one bot: nobody chooses anything once the deck is shuffled, so the only
"level", `auto`, always answers `step` and lets the rules play the deal (a widget's "play to
the end")."""

from __future__ import annotations

from ..bots import Bot, Deadline, checked_level
from .rules import STEP, PetitsPasState, Step

LEVEL_LABELS = {"auto": {"fr": "automatique", "en": "automatic"}}
"""The bot levels, with the words a menu shows."""
LEVELS = tuple(LEVEL_LABELS)


class AutoStep(Bot[PetitsPasState]):
    """Always answers `step`: the rules play the deal."""

    name = "auto"

    def decide(self, state: PetitsPasState, deadline: Deadline) -> Step:
        return STEP


def bot_for_level(
    level: str, seed: int | None = None, seconds: float | None = 1.0
) -> Bot[PetitsPasState]:
    """The bot of a level of LEVELS: "auto" only. `seed` and `seconds` are taken like every
    game's, and never needed."""
    checked_level(level, LEVELS, "A Petits Pas")
    return AutoStep()
