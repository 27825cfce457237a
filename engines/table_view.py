"""What a table publishes and what a game adds to it: the `View` of the person watching
(engines/table.py makes one after every change), and the `Hooks` a game gives its table
(`PlainHooks`: the engine's defaults; a game widget gives its own)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .bots import Bot, bots_of
from .core import Game, State


class Hooks(Protocol):
    """What a game adds to its table (a game widget provides these; `PlainHooks` is the
    engine's defaults)."""

    def make_bot(self, level: str, seed: int) -> Bot[Any]:
        """The bot playing at `level`."""

    def extra_observation(self, state: State, seat: Any) -> dict[str, Any]:
        """Keys added to `seat`'s observation of the live `state`: only what it may know."""

    def on_change(self) -> None:
        """After every change of game or seats, under the lock, before the view is made."""


class PlainHooks:
    """The engine's own bots, no round move of its own, nothing added to observations."""

    def __init__(self, game_class: type[Game[Any]], bot_seconds: float = 1.0):
        self.game_class, self.bot_seconds = game_class, bot_seconds

    def make_bot(self, level: str, seed: int) -> Bot[Any]:
        bot: Bot[Any] = bots_of(self.game_class).bot_for_level(
            level, seed=seed, seconds=self.bot_seconds
        )
        return bot

    def extra_observation(self, state: State, seat: Any) -> dict[str, Any]:
        return {}

    def on_change(self) -> None:
        return None


@dataclass(frozen=True)
class View:
    """What the person watching the table may see and do now, in one piece."""

    observation: dict[str, Any]
    """The watched seat's observation (the public one for a spectator or under a curtain)."""
    review: dict[str, Any]
    """The past position looked back at (`ply`, `observation`), or {}."""
    seats: list[str]
    names: list[str]
    options: dict[str, Any]
    viewer: int | None
    """The seat whose private view is shown, None for a spectator."""
    curtain: int | None
    """Hot seat with secrets: the seat called to the screen; None when no curtain is down."""
    thinking: bool
    waiting: bool
    """A round has just ended and waits for someone to say `continue`."""
    can_act: bool
    """The person at the screen may move now: their seat is human and to move, the live
    position is shown, no curtain is down and no round's end waits."""
    can_undo: bool
    can_redo: bool
    replaying: bool
    omniscient: bool
    """Every hand is shown (a game between bots, or a finished or recorded one)."""
    hint: dict[str, Any] = field(default_factory=dict)
    game_review: dict[str, Any] = field(default_factory=dict)
    """A finished game's review (`ask_game_review`): {} before it is asked, then `status`
    ("thinking", "done") and, once done, `entries` (engines/review.py) and `seconds`, the
    budget of each decision. With private hands, only the entries of the seat whose hand
    the view shows, and `withheld`, how many others there are (`Table._review_shown`)."""
