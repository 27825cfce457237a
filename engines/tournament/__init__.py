"""Class tournaments: students' bots against each other (and the game's own levels),
isolated, rated, replayable, on one machine or a Dask cluster. No Jupyter import.

    from ludotheque.engines.tournament import tournament

    results = tournament("sortileges", {"Alice": "eleves/alice.py", "niveau 2": "bot:2"})
    results.standings()  # best first: entrant, games, points (with interval), rating, ...
    results.forfeits()   # who lost a game by timeout, crash, exception, bad answer, ...

`Tournament` is the same run as an object, for a live view: `run()` yields each game as it
finishes and `cancel()` stops it. The guide, with what the isolation does and does not
stop: docs/tournament.md. Needs the `tournament` extra (cloudpickle, openskill, tqdm).
"""

from ..extras import require

require("tournament", "The class tournament")

from .entrants import Entrant  # noqa: E402  (after the check that names the extra)
from .results import GameResult, Results  # noqa: E402
from .run import DEFAULT_MEMORY_MB, DEFAULT_WORKERS, Tournament, tournament  # noqa: E402
from .sandbox import GRACE_SECONDS, LOAD_SECONDS, Forfeit  # noqa: E402

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
