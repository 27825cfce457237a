"""One interface for every player program: built-in bots and a student's plain function.

A bot is called with a state and returns an action: `bot(state) -> action`. Built-in bots
may read the state but, by contract, only what `state.observation(seat)` shows for games
with secrets (or a world from `state.resample(seat, rng)`). A student's function receives
the observation dict (what a human at that seat would see) and returns an action text;
`as_bot` wraps it so it plays like any other bot.

Each game package offers its bots the same way: `LEVELS` (level names, weakest first),
`LEVEL_LABELS` (level -> {"fr", "en"} words for a menu) and
`bot_for_level(level, seed=None, seconds=1.0)`; `bots_of(game_class)` finds them. A game
whose strongest levels run compiled kernels also offers `warm_up()` (compile them, or load
them from numba's cache; `compiled.warm_up_kernels`), which the widget base starts in the
background when a widget is made, so that no player waits for numba on the first move.
"""

from __future__ import annotations

import importlib
import math
import random
import sys
import threading
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Generic, TypeVar

from .core import Game, GameOverError, RulesError, State, quote

BotState = TypeVar("BotState", bound=State, contravariant=True)
"""The states a bot plays: its game's own `State` subclass, whose table its rules read.
Contravariant: a bot for any `State` (`RandomBot`) plays every game."""


class Deadline:
    """When a search must stop: a time budget and/or a cancel flag set from outside."""

    def __init__(self, seconds: float | None = None, cancel: threading.Event | None = None):
        self.start = time.monotonic()
        self.seconds = seconds
        self.cancel = cancel or threading.Event()

    def remaining(self) -> float:
        if self.seconds is None:
            return float("inf")
        return self.seconds - (time.monotonic() - self.start)

    def expired(self) -> bool:
        return self.cancel.is_set() or self.remaining() <= 0

    def capped(self, seconds: float | None, margin: tuple[float, float] = (0.0, 0.0)) -> Deadline:
        """This deadline cut to a bot's own budget: a new one, sharing this one's cancel
        flag, that expires at the earlier of this one and `seconds` from now (None: no
        budget of its own), less a `margin` kept back to answer in time (a fraction of the
        time left, then seconds)."""
        own = min(math.inf if seconds is None else seconds, self.remaining())
        if own != math.inf:
            fraction, kept = margin
            own = max(0.0, own * (1 - fraction) - kept)
        return Deadline(None if own == math.inf else own, self.cancel)


class SearchCancelled(Exception):
    """Raised inside a search when its deadline has passed, to unwind at once."""


class BotError(RulesError):
    """A bot answered with something that is not a legal action."""

    code = "bot"


class Bot(Generic[BotState]):
    """Base class: subclasses implement `decide`. Randomised bots own a seeded generator.
    A game's bots are `Bot[<its State>]`."""

    name = "bot"

    def choose(self, state: BotState, deadline: Deadline | None = None) -> Any:
        """The action to play in `state`: a finished game is refused (GameOverError), then
        `decide` answers within `deadline` (None: no limit)."""
        if state.is_terminal():
            raise GameOverError("the game is over: there is no move to choose")
        return self.decide(state, deadline or Deadline())

    def decide(self, state: BotState, deadline: Deadline) -> Any:
        """The action to play in `state`, a game in progress."""
        raise NotImplementedError

    def __call__(self, state: BotState, deadline: Deadline | None = None) -> Any:
        return self.choose(state, deadline)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot[State]):
    """Plays a uniformly random legal action: the baseline every bot must beat."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def decide(self, state: State, deadline: Deadline) -> Any:
        return self.rng.choice(state.legal_actions())


class FunctionBot(Bot[State]):
    """A plain function `f(observation) -> action text` playing as a bot."""

    def __init__(self, function: Callable[[dict[str, Any]], Any]):
        self.function = function
        self.name = getattr(function, "__name__", "function")

    def decide(self, state: State, deadline: Deadline) -> Any:
        answer = self.function(state.observation(state.current_player()))
        try:
            action = state.game.canonical(answer)
        except RulesError as error:
            raise BotError(
                f"{self.name} answered {quote(answer)}: {error}", bot=self.name
            ) from error
        if not state.is_legal(action):
            raise BotError(
                f"{self.name} answered {quote(answer)}, which is not legal now",
                bot=self.name,
                action=quote(str(action)),
            )
        return action

    def __repr__(self) -> str:
        return f"FunctionBot({self.name})"


def as_bot(player: Bot[Any] | Callable[..., Any]) -> Bot[Any]:
    """A Bot from a Bot, or from a function of the observation."""
    if isinstance(player, Bot):
        return player
    if callable(player):  # called with one argument, the observation, at its first turn
        return FunctionBot(player)
    raise TypeError(f"a bot must be a Bot or a function of the observation, not {quote(player)}")


def bots_of(game_class: type[Game[Any]]) -> ModuleType:
    """The module offering a game's bots (`LEVELS`, `LEVEL_LABELS`, `bot_for_level`): the
    module defining the game if it has them (a game in one file, such as a toy game), else
    its package (`ludotheque.engines.<name>`)."""
    module = sys.modules[game_class.__module__]
    if not hasattr(module, "bot_for_level"):
        module = importlib.import_module(game_class.__module__.rpartition(".")[0])
    return module


def checked_level(level: Any, levels: Sequence[str], game: str) -> str:
    """`level` as the name of one of `levels` (a whole number is read as its digits: 2 is
    "2"); ValueError naming the levels otherwise. Each game's `bot_for_level` starts here."""
    name = str(level) if type(level) in (str, int) else ""
    if name not in levels:
        raise ValueError(f"{game} bot levels are {', '.join(levels)}, not {quote(level)}")
    return name


def play_match(
    game: Game[Any],
    players: list[Any],
    seed: int | None = None,
    seconds: float | None = None,
    max_plies: int = 10_000,
    **start: Any,
) -> State:
    """Play one whole game between bots (one per seat) and return the final state."""
    if len(players) != game.players:
        raise ValueError(f"{game.name} needs {game.players} players, got {len(players)}")
    bots = [as_bot(p) for p in players]
    state: State = game.new_game(seed, **start)
    while not state.is_terminal():
        if state.ply >= max_plies:
            raise RuntimeError(f"no end after {max_plies} plies")
        seat = state.current_player()
        state.apply(bots[seat](state, Deadline(seconds)))
    return state
