"""Sortilèges (Isola) as a notebook widget: two witches, a 6×8 field, spells."""

from __future__ import annotations

from typing import Any

from ludotheque.classroom.puzzles import puzzle_start
from ludotheque.engines.bots import Deadline
from ludotheque.engines.core import State
from ludotheque.engines.sortileges import LEVELS, warm_up
from ludotheque.engines.sortileges import Sortileges as SortilegesGame
from ludotheque.engines.sortileges.analysis import analyse, value
from ludotheque.engines.tasks import run_scheduled

from .base import GameWidget, bundle
from .intents import BASE_INTENTS, BOOL
from .pictures import sortileges as position_picture


class Sortileges(GameWidget):
    """Play Sortilèges in a cell: click where your witch steps, then where she casts.

    >>> partie = Sortileges(["human", "bot:2"])   # Têtdevache (you) against level 2
    >>> partie.play("c1-c2/d5")                   # or play from Python, same notation
    >>> partie.show_analysis()                    # the strongest bot's view, on the board

    The analysis overlay (button "Analyse", intent `{"type": "analysis", "on": bool}`) adds
    an `analysis` key to the live observation: `{"status": "thinking"}` while level 5
    searches (`{"status": "failed"}` if it fails, with a notice), then per-square step
    values, Voronoi territory and the expected line
    (`engines/sortileges/analysis.py`). Sortilèges hides nothing, so this shows no secret.
    A hint also carries the search's `score` (`{"score": x}`, `{"win": n}` or `{"loss": n}`).
    """

    _esm = bundle("sortileges")
    game_class = SortilegesGame
    intents = {**BASE_INTENTS, "analysis": {"on": BOOL}}

    def __init__(self, *args: Any, **kwargs: Any):
        self._analysis_on = False
        self._analysis: dict[str, Any] | None = None
        super().__init__(*args, **kwargs)

    @classmethod
    def from_puzzle(
        cls, puzzle_id: str, seats: list[Any] | None = None, **kwargs: Any
    ) -> Sortileges:
        """A puzzle's position (`classroom/puzzles.py`) to play out: by default you
        are the witch to move, against the strongest level. `kwargs` as for the widget."""
        start = puzzle_start(puzzle_id)
        strongest = f"bot:{LEVELS[-1]}"
        mover = start["first"]
        default = ["human", strongest] if mover == 0 else [strongest, "human"]
        return cls(seats or default, **start, **kwargs)

    # -- the analysis overlay --------------------------------------------------------
    def show_analysis(self, on: bool = True) -> None:
        """Turn the analysis overlay on (or off) from Python."""
        with self._lock:
            self._analysis_on = bool(on)
            self.on_change()
            self.refresh()

    def wait_analysis(self, timeout: float = 30.0) -> dict:
        """Block until the overlay's analysis of the live position is ready; returns it."""
        deadline = Deadline(timeout)
        while (
            not deadline.expired()
            and self.observation.get("analysis", {}).get("status") == "thinking"
        ):
            run_scheduled()  # in the browser, the analysis waits for the event loop
            deadline.cancel.wait(0.02)
        return dict(self.observation.get("analysis", {}))

    def _intent_analysis(self, content: dict) -> None:
        self._analysis_on = content["on"]
        self.on_change()
        self.refresh()

    def extra_observation(self, state: State, seat: Any) -> dict[str, Any]:
        if not self._analysis_on:
            return {}
        if state.is_terminal():
            return {"analysis": {"ply": state.ply, "status": "over"}}
        return {"analysis": self._analysis or {"ply": state.ply, "status": "thinking"}}

    def on_change(self) -> None:
        """A new position: the overlay's analysis of the last one no longer holds."""
        self._analysis = None
        position = self.state
        if self._analysis_on and not position.is_terminal():
            failure = {"ply": position.ply, "status": "failed"}  # said by a `bot` notice
            self.run_task(
                "analysis",
                self._analyse(position),
                self._show_analysis,
                failed=lambda: self._show_analysis(failure),
            )

    def _analyse(self, position: State) -> Any:
        def compute(deadline: Deadline) -> dict[str, Any]:
            warm_up()  # the budget counts once the kernels are compiled
            return analyse(position, Deadline(self.bot_seconds, deadline.cancel))

        return compute

    def _show_analysis(self, result: dict[str, Any]) -> None:
        self._analysis = result
        self.refresh()

    def picture(self, observation: dict[str, Any]) -> str:
        """The field, its spells and both witches (for a notebook seen with no kernel)."""
        return position_picture.picture(observation, self.lang)

    # -- a hint with its score -------------------------------------------------------
    def hint_for(self, position: State, deadline: Deadline) -> dict[str, Any]:
        warm_up()  # the budget counts once the kernels are compiled
        bot = self.make_bot(self.bot_levels()[-1], seed=position.ply)
        action = bot.choose(position, Deadline(self.bot_seconds, deadline.cancel))
        return {"action": str(action), "score": value(getattr(bot, "score", 0.0))}
