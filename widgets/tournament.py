"""The class tournament in a notebook cell: a live leaderboard, a progress bar,
the crosstable as a heat map and the list of games; a game clicked opens below, on its own
game's board, to step through (`GameWidget.replay`).

The class tournament (`ludotheque.classroom.tournament`) plays; this widget runs its
`Tournament.run()` in a thread of its own, so the kernel stays free, and publishes the
results as games finish (at most every `PUBLISH_SECONDS`). Stop is the tournament's
`cancel()`: the run ends within its poll interval, its pool and every bot process killed.
Where no thread can start (the browser: `tasks.THREADS`), the run goes one game per turn of
the kernel's event loop (the tournament plays it in the kernel), so that a Stop or another
cell is taken between games.

The same rules as the games' widgets (`referee.py`): the browser writes nothing and asks
through checked intents. What is synced is what a class may see: entrants by their display
names, results, forfeit reasons and a bounded traceback with folders cut from its paths.
Never a game's record (it holds the seed, which fixes every hidden card), the tournament's
seed (every game's seed derives from it), nor where a student's file lies.
"""

from __future__ import annotations

import os
import re
import threading
import time
from typing import Any

import anywidget
import ipywidgets
import traitlets

from ludotheque.classroom.tournament import Results
from ludotheque.classroom.tournament import Tournament as Run
from ludotheque.classroom.tournament.results import forfeit_reason
from ludotheque.engines import tasks
from ludotheque.engines.core import RulesError, quote
from ludotheque.engines.tasks import Soon

from .base import GameWidget, bundle
from .intents import INT, TEXT, Field
from .referee import Referee

PUBLISH_SECONDS = 0.5
"""Shortest time between two publications of the results while games pour in: a
30-entrant round robin sends its table a few times a second, not 870 times."""
DETAIL_LIMIT = 1500
"""Characters kept of a forfeited bot's traceback or output (its end: where it failed)."""
DECIMALS = 3
OUTPUT = ("info", "status", "progress", "standings", "crosstable", "games", "selected", "notice")
"""Synced traits that only this widget's code writes."""
INTENTS: dict[str, dict[str, Field]] = {
    "start": {},
    "stop": {},
    "open": {"game": INT},
    "lang": {"value": TEXT},
}
"""`start` (or go on after a stop), `stop`, `open` a finished game below the leaderboard,
`lang`."""
PATH_IN_TRACE = re.compile(r'File "(?:[^"]*[/\\])?([^"/\\]+)"')


class Tournament(Referee, anywidget.AnyWidget):
    """A tournament of `entrants` at `game`, live: `Tournament("sortileges", "bots/")`.

    Arguments are the engine's (`ludotheque.classroom.tournament.tournament`: `games_per_pair`,
    `seconds`, `seed`, `options`, `memory_mb`), plus `executor`, `resume` and `journal` for
    its run, and `lang`. `start()` plays in the background, `stop()` cancels (the games
    finished stay), `wait()` blocks until the end, `results` is the engine's `Results`,
    `replay(index)` shows a finished game on its board below the leaderboard (`board`)."""

    _esm = bundle("tournament")
    intents = INTENTS

    info = traitlets.Dict().tag(sync=True)
    """The tournament's settings a class may see: game (name, title), players per game,
    games_per_pair, seconds, entrants (display names), unjailed (the protections students'
    bots lack here: shown as a warning); never the seed."""
    status = traitlets.Enum(["ready", "running", "stopped", "done", "failed"], "ready").tag(
        sync=True
    )
    progress = traitlets.Dict().tag(sync=True)
    """{"done": games finished, "total": games scheduled, "forfeits": forfeits so far}."""
    standings = traitlets.List(traitlets.Dict()).tag(sync=True)
    """`Results.standings()`, best first, with `rank` (ties share it) and rounded numbers."""
    crosstable = traitlets.Dict().tag(sync=True)
    """{"order": names as in the standings, "cells": rows of {"points", "games"} (None on
    the diagonal)}: how each row fared against each column."""
    games = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The finished games by index: seats (names), points, plies, forfeits (seat, entrant,
    kind, reason, detail)."""
    selected = traitlets.Int(None, allow_none=True).tag(sync=True)
    """The game shown on the board below (None: none yet)."""
    notice = traitlets.Dict().tag(sync=True)
    lang = traitlets.Enum(["fr", "en"], "fr").tag(sync=True)

    def __init__(
        self,
        game: str,
        entrants: Any,
        *,
        lang: str = "fr",
        executor: Any = None,
        resume: Any = None,
        journal: Any = None,
        **tournament_kwargs: Any,
    ):
        self._run = Run(game, entrants, **tournament_kwargs)
        self._executor, self._resume, self._journal = executor, resume, journal
        self._lock = threading.RLock()
        self._thread: threading.Thread | Soon | None = None
        self._failure: BaseException | None = None
        self._published = 0.0
        self._timer: threading.Timer | None = None
        self._board: GameWidget | None = None
        self._folders = sorted(
            {
                os.path.dirname(entrant["origin"]) + os.sep
                for entrant in self._run.results.entrants
                if entrant["kind"] == "file"
            },
            key=len,
            reverse=True,
        )
        config = self._run.config
        with self._output():
            super().__init__(
                lang=lang,
                info={
                    "game": self._run.game.name,
                    "title": dict(type(self._run.game).title),
                    "players": self._run.game.players,
                    "games_per_pair": config["games_per_pair"],
                    "seconds": config["seconds"],
                    "entrants": list(self._run.results.names),
                    "unjailed": unjailed(self._run.results),
                },
            )
        self._box = ipywidgets.VBox([self])
        self.on_msg(self._on_intent)
        self.observe(self._on_lang, names="lang")
        with self._lock:
            self._publish()

    # -- Python API for notebooks ------------------------------------------------------
    @property
    def results(self) -> Results:
        """The engine's results, complete or not (finished games so far)."""
        return self._run.results

    @property
    def board(self) -> GameWidget | None:
        """The game widget showing the game opened last (None before any)."""
        return self._board

    def start(self) -> None:
        """Play the games not finished yet, in a background thread (where there are none,
        one game per turn of the event loop); returns at once."""
        with self._lock:
            if self.running:
                raise RuntimeError("the tournament is already running")
            if self.results.complete:
                raise RuntimeError("the tournament is over: every game has been played")
            self._failure = None
            self._set_status("running")
            if not tasks.THREADS:
                self._thread = Soon(self._step)
                return
            self._thread = threading.Thread(
                target=self._play, name=f"tournament-{self._run.tag}", daemon=True
            )
            self._thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        """Cancel the run (the engine kills its pool and bots) and wait until it has ended;
        the games finished so far stay in `results`, and `start()` goes on from there."""
        self._run.cancel()
        self._join(timeout)

    def wait(self, timeout: float | None = None) -> Results:
        """Block until the run ends (all games played, stopped, or failed: then raise).
        Interrupting the cell (the kernel's stop button) stops the tournament too. Where no
        thread can start, this plays the games left, whatever the `timeout`."""
        try:
            self._join(timeout)
        except KeyboardInterrupt:
            self.stop()
            raise
        if self._failure is not None:
            raise RuntimeError(f"the tournament failed: {self._failure!r}") from self._failure
        return self.results

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def replay(self, index: int) -> GameWidget:
        """Show finished game `index` on its game's board, below the leaderboard, at its
        start (step through with the board's arrows); returns that board."""
        with self._lock:
            game = self.results.games.get(index) if type(index) is int else None
            if game is None:
                raise ValueError(f"game {index!r} is not a finished game of this tournament")
            board = self._board
            if board is None:
                board = GameWidget.registry[self._run.game.name](
                    ["human"] * self._run.game.players,  # nobody plays: no bot ever starts
                    lang=self.lang,
                    options=dict(self._run.game.options),
                )
                self._board = board
                self._box.children = (self, board)
            board.replay(game.record, names=list(game.seats))
            with self._output():
                self.selected = index
            return board

    def close(self) -> None:
        """Stop the run, and close the board and the box (also when __init__ failed)."""
        if hasattr(self, "_box"):
            self._run.cancel()
            if self._timer is not None:
                self._timer.cancel()
            if self._board is not None:
                self._board.close()
            self._box.close()
        super().close()

    # -- the run, in its thread -----------------------------------------------------------
    def _games(self) -> Any:
        return self._run.run(self._executor, resume=self._resume, journal=self._journal)

    def _play(self) -> None:
        try:
            for _game in self._games():
                with self._lock:
                    self._publish_soon()
        except BaseException as error:  # reported in the view and by wait()
            self._failure = error
        self._end()

    def _step(self, games: Any = None) -> None:
        """Where no thread can start: one game, then the next in a later turn of the loop."""
        try:
            games = self._games() if games is None else games
            next(games)
        except StopIteration:
            self._end()
        except BaseException as error:  # reported in the view and by wait()
            self._failure = error
            self._end()
        else:
            with self._lock:
                self._publish_soon()
            self._thread = Soon(lambda: self._step(games))

    def _end(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._publish()
            if self._failure is not None:
                self._notify("error", "failed", message=f"{type(self._failure).__name__}")
                self._set_status("failed")
            else:
                self._set_status("done" if self.results.complete else "stopped")

    def _join(self, timeout: float | None) -> None:
        while not tasks.THREADS and self.running:
            assert self._thread is not None
            self._thread.join()  # the next game, here and now
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            if thread.is_alive():
                raise TimeoutError(f"the tournament still runs after {timeout} s")

    def _publish_soon(self) -> None:
        """Publish now, or once `PUBLISH_SECONDS` have passed since the last time."""
        wait = self._published + PUBLISH_SECONDS - time.monotonic()
        if wait <= 0:
            self._publish()
        elif self._timer is None and tasks.THREADS:  # else: the next game publishes, or the end
            self._timer = threading.Timer(wait, self._publish_late)
            self._timer.daemon = True
            self._timer.start()

    def _publish_late(self) -> None:
        with self._lock:
            self._timer = None
            self._publish()

    # -- what is synced ---------------------------------------------------------------------
    def _publish(self) -> None:
        """Everything the results say, in one message."""
        results = self.results
        standings = results.standings()
        table = results.crosstable()
        order = [row["entrant"] for row in standings]
        with self.hold_sync(), self._output():
            self._published = time.monotonic()
            self.progress = {
                "done": len(results.games),
                "total": len(results.schedule),
                "forfeits": len(results.forfeits()),
            }
            self.standings = ranked(standings)
            self.crosstable = {
                "order": order,
                "cells": [[None if a == b else rounded(table[a][b]) for b in order] for a in order],
            }
            self.games = [self._game_row(game) for game in results.finished()]

    def _game_row(self, game: Any) -> dict[str, Any]:
        return {
            "index": game.index,
            "seats": list(game.seats),
            "points": list(game.points),
            "plies": game.plies,
            "forfeits": [
                {
                    "seat": forfeit["seat"],
                    "entrant": forfeit["entrant"],
                    "kind": forfeit["kind"],
                    "reason": self._shown(forfeit_reason(forfeit, self.lang), 300),
                    "detail": self._shown(forfeit.get("detail", ""), DETAIL_LIMIT),
                }
                for forfeit in game.forfeits
            ],
        }

    def _shown(self, text: str, limit: int) -> str:
        """A bot's words for the class: its files named without their folders, the end
        kept when too long."""
        for folder in self._folders:
            text = text.replace(folder, "")
        text = PATH_IN_TRACE.sub(r'File "\1"', text)
        return text if len(text) <= limit else "…" + text[-limit:]

    def _set_status(self, status: str) -> None:
        with self._output():
            self.status = status

    @traitlets.validate(*OUTPUT)
    def _check_output(self, proposal: dict) -> Any:
        return self.referee_only(proposal)

    def _on_lang(self, change: dict) -> None:
        if self._board is not None:
            self._board.lang = change["new"]

    # -- intents from the browser -----------------------------------------------------------
    def _intent_start(self, _content: dict) -> None:
        try:
            self.start()
        except RuntimeError as error:
            raise RulesError(str(error)).with_code("running" if self.running else "over") from None

    def _intent_stop(self, _content: dict) -> None:
        if not self.running:
            raise RulesError("the tournament is not running").with_code("not-running")
        self._run.cancel()  # the run's thread publishes the end; the kernel is not held

    def _intent_open(self, content: dict) -> None:
        if content["game"] not in self.results.games:
            raise RulesError(f"game {quote(content['game'])} is not finished").with_code("no-game")
        self.replay(content["game"])

    # -- display ------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The leaderboard with the board of the game opened below it (one box)."""
        return {**self._box._repr_mimebundle_(**kwargs), "text/plain": repr(self)}, {}

    def __repr__(self) -> str:
        return (
            f"Tournament(game={self._run.game.name!r}, entrants={len(self._run.entrants)}, "
            f"games={len(self._run.schedule)})"
        )


def unjailed(results: Results) -> list[str]:
    """The protections (`jail.PROTECTIONS`) students' bots lack here: none when they are
    jailed, or when only the game's levels play."""
    if results.sandbox_warning is None:
        return []
    return [name for name, held in results.sandbox.items() if not held]


def ranked(standings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The standings with a `rank` (equal points per game and rating share it) and numbers
    rounded, so that the same results always send the same text."""
    keys = [(round(row["score"], 9), round(row["rating"], 9)) for row in standings]
    return [
        {"rank": 1 + keys.index(key), **rounded(row)}
        for key, row in zip(keys, standings, strict=True)
    ]


def rounded(row: dict[str, Any]) -> dict[str, Any]:
    return {
        name: round(value, DECIMALS) if isinstance(value, float) else value
        for name, value in row.items()
    }
