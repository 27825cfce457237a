"""What a game's widget may provide, each with its default (what the game's engine
declares): the extension surface of `GameWidget`. A game overrides these public methods,
never the base's underscore ones (its own `_intent_<type>` handlers excepted).

- `bot_levels()`, `make_bot(level, seed)`, `choices()`, `default_seats()`: what the seat and
  options menus offer;
- `extra_observation(state, seat)`: its own keys added to the synced observation;
- `extra_traits(state)`: values of its own synced (output) traits, sent in the same message;
- `hint_for(position, deadline)`: the hint shown for a position;
- `picture(observation)`: a static SVG of the position, for wherever no kernel runs;
- `on_change()`: called after every change of game or seats, before it is published;
- `browser_new_game(options)`, `browser_undo()`, `browser_redo()`: what those buttons do.

The widget also offers `run_task(kind, compute, done)` (any other long computation, bounded
like the bots'), `refresh()`, `intents` with `_intent_<type>(content)` for a game's own
intents, and `own_arguments` for its own constructor arguments (widgets/base.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ludotheque.engines.bots import Bot, Deadline, bots_of
from ludotheque.engines.core import Game, State
from ludotheque.engines.table import HUMAN

if TYPE_CHECKING:
    from ludotheque.engines.table import Table
    from ludotheque.tables.remote_table import RemoteTable


class GameHooks:
    """The hooks with their defaults; `GameWidget` derives from it, and `engines.table`'s
    `Table` calls the three it needs (`make_bot`, `extra_observation`, `on_change`)."""

    game_class: ClassVar[type[Game]]
    game: Game
    bot_seconds: float
    table: Table | RemoteTable

    if TYPE_CHECKING:  # the widget's Python API, which the browser's buttons call by default

        def new_game(
            self, seed: int | None = None, options: dict[str, Any] | None = None
        ) -> None: ...
        def undo(self) -> None: ...
        def redo(self) -> None: ...

    def make_bot(self, level: str, seed: int) -> Bot:
        """The bot playing at `level` (a string from `bot_levels`)."""
        return bots_of(self.game_class).bot_for_level(level, seed=seed, seconds=self.bot_seconds)

    def bot_levels(self) -> tuple[str, ...]:
        """Bot levels a seat may take, weakest first (the last one gives hints)."""
        return tuple(bots_of(self.game_class).LEVELS)

    def choices(self) -> dict[str, list[Any]]:
        """Game options the UI may change for a new game, with their allowed values: those
        the engine declares with choices."""
        return {
            name: list(spec.choices)
            for name, spec in self.game_class.option_specs.items()
            if spec.choices
        }

    def default_seats(self) -> list[str]:
        """Seat 0 human, the others the middle bot level."""
        levels = self.bot_levels()
        return [HUMAN] + [f"bot:{levels[len(levels) // 2]}"] * (self.game.players - 1)

    def extra_observation(self, state: State, seat: Any) -> dict[str, Any]:
        """Keys a game adds to the synced observation of `seat` in the live `state` (read it,
        never change it); only what that seat may know."""
        return {}

    def extra_traits(self, state: State) -> dict[str, Any]:
        """Values of the game's own output traits, published with the observation."""
        return {}

    def hint_for(self, position: State, deadline: Deadline) -> dict[str, Any]:
        """The hint for `position` (the player to move's): the strongest bot's choice."""
        bot = self.make_bot(self.bot_levels()[-1], seed=position.ply)
        return {"action": str(bot.choose(position, deadline))}

    def picture(self, observation: dict[str, Any]) -> str | None:
        """An SVG of the position, put in the cell's output beside the live view, for every
        place where no kernel runs (a notebook opened before it runs, exported HTML, GitHub).
        `observation` is the public one (seat None): a saved notebook keeps no secret. It
        must depend on the position and `self.lang` only (nbval compares it). None: none."""
        return None

    def on_change(self) -> None:
        """Called under the lock after every change of game or seats, before the new view is
        published: forget what belonged to the old position, start background work."""

    def browser_new_game(self, options: dict[str, Any]) -> None:
        """A new game asked from the browser, with options already checked."""
        self.new_game(options=options)

    def browser_undo(self) -> None:
        """An undo asked from the browser (the curtain and secrets already checked)."""
        self.undo()

    def browser_redo(self) -> None:
        """A redo asked from the browser (the curtain and secrets already checked)."""
        self.redo()
