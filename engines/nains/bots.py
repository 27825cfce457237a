"""Tir de tuyau's bot levels: 1 plays at random, 2 by a rule of thumb, 3 searches (ISMCTS),
all three in `policies.py`; 4 searches deals of the other hand weighed by what its plays
revealed (`deduction.py`). None of them looks at what its seat may not know.
"""

from __future__ import annotations

from ..bots import Bot, checked_level
from ..compiled import warm_up_kernels
from ..extras import have_numba
from .deduction import DeductionBot
from .policies import HeuristicBot, IsmctsBot, NainsRandomBot
from .rules import NainsState

LEVEL_LABELS = {
    "1": {"fr": "hasard", "en": "random"},
    "2": {"fr": "heuristique", "en": "heuristic"},
    "3": {"fr": "recherche ISMCTS", "en": "ISMCTS search"},
    "4": {"fr": "déduction (recherche compilée)", "en": "deduction (compiled search)"}
    if have_numba()
    else {
        "fr": "déduction (numba absent : recherche lente, en Python)",
        "en": "deduction (numba missing: slow search in Python)",
    },
}
"""Bot levels, weakest first, with the words a menu shows (level 4 says when it runs
without numba: the same search, with far fewer playouts)."""
LEVELS = tuple(LEVEL_LABELS)


def bot_for_level(
    level: str, seed: int | None = None, seconds: float | None = 1.0, iterations: int | None = None
) -> Bot[NainsState]:
    """The bot of a level of LEVELS: "1" random, "2" heuristic, "3" ISMCTS and "4" the
    deduction search (`deduction.DeductionBot`, compiled playouts when numba is installed),
    thinking at most `seconds` (None: no limit of its own) or `iterations` playouts."""
    level = checked_level(level, LEVELS, "Tir de tuyau")
    if level == "1":
        return NainsRandomBot(seed)
    if level == "2":
        return HeuristicBot(seed)
    if level == "3":
        return IsmctsBot(seed, iterations=iterations, seconds=seconds)
    return DeductionBot(seed, iterations=iterations, seconds=seconds)


def warm_up() -> float:
    """Compile level 4's playouts ahead of its first move (`fast.warm_up`: once per process,
    from numba's disk cache after the first time, some 20 s before); the seconds taken.
    Without numba, nothing to do."""
    return warm_up_kernels(f"{__package__}.fast")
