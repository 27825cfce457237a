"""One interface for every player program: built-in bots and a student's plain function.

A bot is called with a state and returns an action: `bot(state) -> action`. Built-in bots
may read the state but, by contract, only what `state.observation(seat)` shows for games
with secrets. A student's function receives the observation dict (what a human at that seat
would see) and returns an action text; `as_bot` wraps it so it plays like any other bot.
"""

from __future__ import annotations

import inspect
import random
import threading
import time
from typing import Any, Callable

from .core import Game, RulesError, State


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


class SearchCancelled(Exception):
    """Raised inside a search when its deadline has passed, to unwind at once."""


class BotError(RulesError):
    """A bot answered with something that is not a legal action."""

    code = "bot"


class Bot:
    """Base class: subclasses implement `choose`. Randomised bots own a seeded generator."""

    name = "bot"

    def choose(self, state: State, deadline: Deadline | None = None) -> Any:
        raise NotImplementedError

    def __call__(self, state: State, deadline: Deadline | None = None) -> Any:
        return self.choose(state, deadline)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Plays a uniformly random legal action: the baseline every bot must beat."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State, deadline: Deadline | None = None) -> Any:
        return self.rng.choice(state.legal_actions())


class FunctionBot(Bot):
    """A plain function `f(observation) -> action text` playing as a bot."""

    def __init__(self, function: Callable[[dict], Any]):
        self.function = function
        self.name = getattr(function, "__name__", "function")

    def choose(self, state: State, deadline: Deadline | None = None) -> Any:
        answer = self.function(state.observation(state.current_player()))
        try:
            action = state.game.parse_action(answer) if isinstance(answer, str) else answer
        except RulesError as error:
            raise BotError(f"{self.name} answered {answer!r}: {error}", bot=self.name) from error
        if not state.is_legal(action):
            raise BotError(f"{self.name} answered {answer!r}, which is not legal now",
                           bot=self.name, action=str(answer))
        return action

    def __repr__(self) -> str:
        return f"FunctionBot({self.name})"


def as_bot(player: Bot | Callable[..., Any]) -> Bot:
    """A Bot from a Bot, or from a function of the observation."""
    if isinstance(player, Bot):
        return player
    if callable(player):
        inspect.signature(player)  # fails early on things that cannot be called with one arg
        return FunctionBot(player)
    raise TypeError(f"a bot must be a Bot or a function of the observation, not {player!r}")


def play_match(game: Game, players: list[Any], seed: int | None = None,
               seconds: float | None = None, max_plies: int = 10_000, **start: Any) -> State:
    """Play one whole game between bots (one per seat) and return the final state."""
    if len(players) != game.players:
        raise ValueError(f"{game.name} needs {game.players} players, got {len(players)}")
    bots = [as_bot(p) for p in players]
    state = game.new_game(seed, **start)
    while not state.is_terminal():
        if state.ply >= max_plies:
            raise RuntimeError(f"no end after {max_plies} plies")
        seat = state.current_player()
        state.apply(bots[seat](state, Deadline(seconds)))
    return state
