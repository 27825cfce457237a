"""Sortilèges (Isola) as a notebook widget: two witches, a 6×8 field, spells."""

from __future__ import annotations

import threading
from typing import Any

from ludotheque.engines.bots import Bot, Deadline
from ludotheque.engines.core import GameOverError
from ludotheque.engines.sortileges import LEVELS, bot_for_level
from ludotheque.engines.sortileges import Sortileges as SortilegesGame
from ludotheque.engines.sortileges.analysis import analyse, value
from ludotheque.engines.sortileges.fast import warm_up

from .base import BASE_INTENTS, GameWidget, IntentError, bundle


class Sortileges(GameWidget):
    """Play Sortilèges in a cell: click where your witch steps, then where she casts.

    >>> partie = Sortileges(["human", "bot:2"])   # Têtdevache (you) against level 2
    >>> partie.play("c1-c2/d5")                   # or play from Python, same notation
    >>> partie.show_analysis()                    # the strongest bot's view, on the board

    The analysis overlay (button "Analyse", intent `{"type": "analysis", "on": bool}`) adds
    an `analysis` key to the live observation: `{"status": "thinking"}` while level 5
    searches, then per-square step values, Voronoi territory and the expected line
    (`engines/sortileges/analysis.py`). Sortilèges hides nothing, so this shows no secret.
    A hint also carries the search's `score` (`{"score": x}`, `{"win": n}` or `{"loss": n}`).
    """

    _esm = bundle("sortileges")
    game_class = SortilegesGame
    seat_names = ["Têtdevache", "Fasderat"]
    intents = {**BASE_INTENTS, "analysis": {"on": bool}}

    def __init__(self, *args: Any, **kwargs: Any):
        self._analysis_on = False
        self._analysis_thread: threading.Thread | None = None
        # level 5 and the analysis use numba kernels: load them while the user reads the board
        threading.Thread(target=warm_up, daemon=True, name="sortileges-warm-up").start()
        super().__init__(*args, **kwargs)

    def bot_levels(self) -> tuple[str, ...]:
        return LEVELS

    def make_bot(self, level: str, seed: int) -> Bot:
        return bot_for_level(int(level), seed=seed, seconds=self.bot_seconds)

    # -- the analysis overlay --------------------------------------------------------
    def show_analysis(self, on: bool = True) -> None:
        """Turn the analysis overlay on (or off) from Python."""
        with self._lock:
            self._analysis_on = bool(on)
            self._publish()
            self._start_analysis()

    def wait_analysis(self, timeout: float = 30.0) -> dict:
        """Block until the overlay's analysis of the live position is ready; returns it."""
        thread = self._analysis_thread
        if thread is not None:
            thread.join(timeout)
        return dict(self.observation.get("analysis", {}))

    def _check_shape(self, content: Any) -> str:
        # bool is refused by the base's field check (it is an int); "on" must be one.
        if isinstance(content, dict) and content.get("type") == "analysis":
            if not isinstance(content.get("on"), bool):
                raise IntentError("intent 'analysis' needs a field 'on' (true or false)")
            return "analysis"
        return super()._check_shape(content)

    def _intent_analysis(self, content: dict) -> None:
        self._analysis_on = content["on"]
        self._publish()
        self._start_analysis()

    def _publish(self) -> None:
        super()._publish()
        if self._analysis_on:
            self.observation = {**self.observation,
                                "analysis": {"ply": self._state.ply, "status": "thinking"}}

    def _changed(self) -> None:
        super()._changed()
        self._start_analysis()

    def _start_analysis(self) -> None:
        if not self._analysis_on:
            return
        if self._state.is_terminal():
            self.observation = {**self.observation,
                                "analysis": {"ply": self._state.ply, "status": "over"}}
            return
        generation, cancel, position = self._generation, self._cancel, self._state.clone()
        seconds = self.bot_seconds

        def think() -> None:
            try:
                result = analyse(position, Deadline(seconds, cancel))
            except Exception as error:  # an analysis failure is reported, never fatal
                with self._lock:
                    if generation == self._generation:
                        self._notify("error", "bot", message=f"analysis: {error}")
                return
            with self._lock:
                if generation == self._generation and self._analysis_on and not cancel.is_set():
                    self.observation = {**self.observation, "analysis": result}

        self._analysis_thread = threading.Thread(target=think, daemon=True,
                                                 name="sortileges-analysis")
        self._analysis_thread.start()

    # -- a hint with its score -------------------------------------------------------
    def _intent_hint(self, _content: dict) -> None:
        if self._state.is_terminal():
            raise GameOverError("the game is over")
        ply = self._state.ply
        bot = self.make_bot(self.bot_levels()[-1], seed=ply)

        def done(action: Any) -> None:
            self.hint = {"action": str(action), "ply": ply,
                         "score": value(getattr(bot, "score", 0.0))}

        self._run_in_background(bot, 0.0, done, visible=False)
