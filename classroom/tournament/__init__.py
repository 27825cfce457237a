# ruff: noqa: E402
"""Class tournaments: students' bots against each other (and the game's own levels),
isolated, rated, replayable, on one machine or a Dask cluster. No Jupyter import.

    from ludotheque.classroom.tournament import tournament

    results = tournament("sortileges", {"Alice": "eleves/alice.py", "niveau 2": "bot:2"})
    results.standings()  # best first: entrant, games, points (with interval), rating, ...
    results.forfeits()   # who lost a game by timeout, crash, exception, bad answer, ...

`Tournament` is the same run as an object, for a live view: `run()` yields each game as it
finishes and `cancel()` stops it. The guide, with what the isolation does and does not
stop: docs/tournament.md. Needs the `tournament` extra (cloudpickle, openskill, tqdm).
"""

from ludotheque.engines.extras import require

require("tournament", "The class tournament")  # first, so that the error names the extra

from .entrants import Entrant
from .results import GameResult, Results
from .run import DEFAULT_MEMORY_MB, DEFAULT_WORKERS, Tournament, tournament
from .sandbox import GRACE_SECONDS, LOAD_SECONDS, Forfeit

__all__ = [
    "DEFAULT_MEMORY_MB",
    "DEFAULT_WORKERS",
    "GRACE_SECONDS",
    "LOAD_SECONDS",
    "Entrant",
    "Forfeit",
    "GameResult",
    "Results",
    "Tournament",
    "tournament",
]
