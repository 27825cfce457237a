"""A tournament's results: its games as played, and what they say about the entrants.

Each game keeps the engine's own record (`State.to_json()`, which `State.from_json` replays
move by move; it holds the game's seed, so a record is for the teacher, not for a player
of a game with secrets), its seats, points and forfeits. From them, computed when asked:
standings (points with a 95 % interval, and ratings with an interval from openskill's
Plackett-Luce model, which rates games of 3 or 4 players as well as duels), the forfeits,
and a crosstable. Everything is computed from the finished games in the order of their
index, so the same games give the same numbers whichever order they finished in.
"""

from __future__ import annotations

import dataclasses
import math
import threading
from collections.abc import Iterable
from typing import Any

from ludotheque.engines.core import State, in_language
from ludotheque.engines.stats import wilson_interval

from ..forfeits import worded

FORMAT = "ludotheque-tournament"
VERSION = 1
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval (scipy.stats.norm.ppf(0.975)): a
rating's interval is mu ∓ Z95 sigma."""


@dataclasses.dataclass(frozen=True)
class GameResult:
    """One finished game: `index` in the schedule, `seats` (entrant names, seat 0 first),
    `record` (the engine's JSON record), `points` per seat, `forfeits` (one dict per seat
    that forfeited: seat, entrant, kind, reason, detail, ply) and the `fingerprints` of the
    seats' bots when it was played."""

    index: int
    seats: tuple[str, ...]
    record: dict[str, Any]
    points: tuple[float, ...]
    forfeits: tuple[dict[str, Any], ...] = ()
    fingerprints: tuple[str, ...] = ()
    sandbox: dict[str, bool] | None = None
    """Which protections held for its students' bots (`jail.protections()` where it was
    played); None for a game of levels only."""

    @property
    def ranks(self) -> tuple[int, ...]:
        """Each seat's place (1 first, ties share): by points, forfeits last."""
        keys = [(seat in self.forfeited, -points) for seat, points in enumerate(self.points)]
        return tuple(1 + sorted(set(keys)).index(key) for key in keys)

    @property
    def forfeited(self) -> set[int]:
        return {forfeit["seat"] for forfeit in self.forfeits}

    @property
    def plies(self) -> int:
        return len(self.record.get("actions", []))

    def state(self) -> State:
        """The game as it ended (or stopped at a forfeit), replayed by the engine."""
        return State.from_json(self.record)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seats": list(self.seats),
            "record": self.record,
            "points": list(self.points),
            "forfeits": [dict(forfeit) for forfeit in self.forfeits],
            "fingerprints": list(self.fingerprints),
            "sandbox": self.sandbox,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> GameResult:
        try:
            return GameResult(
                index=int(data["index"]),
                seats=tuple(str(name) for name in data["seats"]),
                record=dict(data["record"]),
                points=tuple(float(point) for point in data["points"]),
                forfeits=tuple(dict(forfeit) for forfeit in data.get("forfeits", [])),
                fingerprints=tuple(str(print_) for print_ in data.get("fingerprints", [])),
                sandbox=None
                if data.get("sandbox") is None
                else {str(name): bool(held) for name, held in data["sandbox"].items()},
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a tournament game: {error!r}") from None


class Results:
    """The results of a tournament, finished or not (`complete`).

    `config` holds the tournament's settings (game, options, seconds, seed,
    games_per_pair, memory_mb), `entrants` one dict per entrant (name, kind, origin,
    fingerprint), `schedule` every seating, `games` the finished games by index."""

    def __init__(
        self,
        config: dict[str, Any],
        entrants: list[dict[str, str]],
        schedule: list[tuple[str, ...]],
        games: Iterable[GameResult] = (),
    ):
        self.config = dict(config)
        self.entrants = [dict(entrant) for entrant in entrants]
        self.schedule = [tuple(seating) for seating in schedule]
        self.games: dict[int, GameResult] = {}
        self._lock = threading.Lock()
        """`add` and `standings` may run in different threads (a run, a live view)."""
        self._standings: list[dict[str, Any]] | None = None
        for game in games:
            self.add(game)

    @property
    def names(self) -> list[str]:
        return [entrant["name"] for entrant in self.entrants]

    @property
    def complete(self) -> bool:
        return len(self.games) == len(self.schedule)

    def add(self, game: GameResult) -> None:
        if not 0 <= game.index < len(self.schedule) or game.seats != self.schedule[game.index]:
            raise ValueError(f"game {game.index} is not in this tournament's schedule")
        with self._lock:
            self.games[game.index] = game
            self._standings = None

    def finished(self) -> list[GameResult]:
        """The finished games, by index."""
        return [game for _, game in sorted(self.games.copy().items())]

    @property
    def sandbox(self) -> dict[str, bool]:
        """Which protections held for the students' bots (`jail.PROTECTIONS`: namespaces,
        network, files, processes, memory): a protection holds if it held in every finished
        game with a student's bot; before any, what this machine offers (`config`)."""
        played = [game.sandbox for game in self.finished() if game.sandbox is not None]
        expected = dict(self.config.get("sandbox") or {})
        if not played:
            return expected
        return {name: all(held.get(name, False) for held in played) for name in played[0]}

    @property
    def sandbox_warning(self) -> str | None:
        """What a teacher must be told when students' bots were not fully jailed (None when
        they were, or when no student bot plays)."""
        if not any(entrant["kind"] != "level" for entrant in self.entrants):
            return None
        missing = [name for name, held in self.sandbox.items() if not held]
        if not missing:
            return None
        return (
            "students' bots are not jailed here: no protection of their "
            + ", ".join(missing)
            + " (docs/tournament.md, 'What the isolation does')"
        )

    # -- what the games say ------------------------------------------------------------
    def standings(self) -> list[dict[str, Any]]:
        """One dict per entrant, best first (points per game, then rating): `entrant`,
        `games`, `points` (1 a win, ½ a draw, 0 a loss or forfeit), `points_low` and
        `points_high` (its 95 % Wilson interval), `score` (points per game), `forfeits`,
        `rating` (openskill's mu) with `low` and `high` (mu ∓ 1.96 sigma)."""
        with self._lock:
            if self._standings is None:
                self._standings = self._compute_standings(self.finished())
            return [dict(row) for row in self._standings]

    def _compute_standings(self, finished: list[GameResult]) -> list[dict[str, Any]]:
        games = dict.fromkeys(self.names, 0)
        points = dict.fromkeys(self.names, 0.0)
        forfeits = dict.fromkeys(self.names, 0)
        for game in finished:
            for seat, name in enumerate(game.seats):
                games[name] += 1
                points[name] += game.points[seat]
            for forfeit in game.forfeits:
                forfeits[forfeit["entrant"]] += 1
        ratings = self.ratings(finished)
        rows: list[dict[str, Any]] = []
        for name in self.names:
            low, high = points_interval(points[name], games[name])
            mu, sigma = ratings[name]
            rows.append(
                {
                    "entrant": name,
                    "games": games[name],
                    "points": points[name],
                    "points_low": low,
                    "points_high": high,
                    "score": points[name] / games[name] if games[name] else 0.0,
                    "forfeits": forfeits[name],
                    "rating": mu,
                    "low": mu - Z95 * sigma,
                    "high": mu + Z95 * sigma,
                }
            )
        rows.sort(key=lambda row: (-row["score"], -row["rating"], row["entrant"]))
        return rows

    def ratings(self, finished: list[GameResult] | None = None) -> dict[str, tuple[float, float]]:
        """Entrant -> (mu, sigma) after the `finished` games (default: all those finished),
        in the order of their index (openskill's Plackett-Luce model: each game's ranks,
        ties shared)."""
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        ratings = {name: model.rating(name=name) for name in self.names}
        for game in self.finished() if finished is None else finished:
            teams = model.rate([[ratings[name]] for name in game.seats], ranks=list(game.ranks))
            for name, (rating,) in zip(game.seats, teams, strict=True):
                ratings[name] = rating
        return {name: (rating.mu, rating.sigma) for name, rating in ratings.items()}

    def forfeits(self, lang: str = "en") -> list[dict[str, Any]]:
        """One dict per forfeit, by game: `entrant`, `game` (its index), `kind`, `reason` (in
        `lang`, "fr" or "en": `forfeit_reason`), `detail` (the bot's traceback or output,
        for its author), `ply`."""
        return [
            {
                "entrant": forfeit["entrant"],
                "game": game.index,
                "kind": forfeit["kind"],
                "reason": forfeit_reason(forfeit, lang),
                "detail": forfeit.get("detail", ""),
                "ply": forfeit.get("ply"),
            }
            for game in self.finished()
            for forfeit in game.forfeits
        ]

    def crosstable(self) -> dict[str, dict[str, dict[str, float]]]:
        """row -> column -> {"points", "games"}: how `row` fared against `column` in the
        games they shared (1 for finishing ahead, ½ level, 0 behind: in a duel, the row's
        points), for every two entrants, rows and columns in the order of the standings."""
        order = [row["entrant"] for row in self.standings()]
        table = {a: {b: {"points": 0.0, "games": 0} for b in order if b != a} for a in order}
        for game in self.finished():
            ranks = game.ranks
            for i, a in enumerate(game.seats):
                for j, b in enumerate(game.seats):
                    if i != j:
                        cell = table[a][b]
                        cell["games"] += 1
                        cell["points"] += (
                            1.0 if ranks[i] < ranks[j] else 0.5 * (ranks[i] == ranks[j])
                        )
        return table

    # -- JSON --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "config": self.config,
            "entrants": self.entrants,
            "schedule": [list(seating) for seating in self.schedule],
            "games": [game.to_json() for game in self.finished()],
        }

    @staticmethod
    def from_json(data: Any) -> Results:
        if not (isinstance(data, dict) and data.get("format") == FORMAT):
            raise ValueError(f"not the results of a ludotheque tournament ({FORMAT!r})")
        if data.get("version") != VERSION:
            raise ValueError(f"tournament results version {data.get('version')!r}, not {VERSION}")
        try:
            return Results(
                data["config"],
                data["entrants"],
                [tuple(seating) for seating in data["schedule"]],
                [GameResult.from_json(game) for game in data["games"]],
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"incomplete tournament results: {error!r}") from None

    def __repr__(self) -> str:
        return (
            f"<Results {self.config.get('game')}: {len(self.games)} of "
            f"{len(self.schedule)} games, {len(self.entrants)} entrants>"
        )


def points_interval(points: float, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of the points (`stats.wilson_interval`, scipy's), as
    points; (0, 0) without games. With half points (draws), from the whole numbers either
    side: a little wider."""
    if not games:
        return 0.0, 0.0
    low = wilson_interval(math.floor(points), games)[0]
    high = wilson_interval(math.ceil(points), games)[1]
    return float(games * low), float(games * high)


def forfeit_reason(forfeit: dict[str, Any], lang: str) -> str:
    """A recorded forfeit's reason in `lang` (its English as recorded where the record has
    no code: one written before forfeits had codes)."""
    return in_language(
        worded(forfeit.get("code", ""), forfeit.get("params", {}), forfeit["reason"]), lang
    )
