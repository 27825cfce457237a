"""The games in OpenSpiel: importing this module registers each one with `pyspiel`.

    import pyspiel
    import ludotheque.interop.openspiel  # registers python_ludotheque_<game>
    game = pyspiel.load_game("python_ludotheque_sortileges(files=5,ranks=5)")

Written once over the engine core's integer interface (docs/interop.md), never per game:
action ids are `State.action_id`; chance is explicit (`chance.Unfolding`: every card
revealed, every collapse is a chance node with its probabilities); observations are
`State.observation` (strings) and `State.observation_tensor` (tensors), so nothing a seat
may not see reaches it. Options are game parameters (`parameters_of`). Who moves first is
not drawn: seat 0 starts, as OpenSpiel's games do (start choice `first=0`).

`EngineBot` plays one of our bots as a `pyspiel.Bot`; `OpenSpielBot` plays an OpenSpiel bot
as one of ours (at a widget's seat, in `play_match`).
"""

from __future__ import annotations

import copy
import inspect
import json
import math
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from ludotheque.engines.bots import Bot, Deadline
from ludotheque.engines.chance import Chance, Unfolding
from ludotheque.engines.core import OMNISCIENT, Game, State

PREFIX = "python_ludotheque_"
"""OpenSpiel names of our games: python_ludotheque_<game name>."""

SEPARATOR = "/"
"""Between the items of a list option in a parameter (houses=c1/c5: a game string keeps
commas for its parameters)."""

REGISTERED: dict[str, type[Game]] = {}
"""OpenSpiel name -> our Game class, for every game registered by `register`."""


# -- options as parameters ----------------------------------------------------------------
def parameters_of(cls: type[Game]) -> dict[str, Any]:
    """A game's options as OpenSpiel parameters with their defaults: a bool, int, float
    or text option as itself; an option set from Python (a default of None, or a list such
    as Sortilèges' houses) as a text, "" for None and items joined by `SEPARATOR`."""
    return {name: _parameter(spec.default) for name, spec in cls.option_specs.items()}


def _parameter(value: Any) -> bool | int | float | str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return SEPARATOR.join(str(item) for item in value)
    return value


def options_from(cls: type[Game], params: dict[str, Any]) -> dict[str, Any]:
    """The Game options that OpenSpiel parameters stand for (the inverse of `parameters_of`)."""
    options = {}
    for name, spec in cls.option_specs.items():
        value = params.get(name, _parameter(spec.default))
        if spec.default is None or isinstance(spec.default, (list, tuple)):
            value = tuple(value.split(SEPARATOR)) if value else None
        options[name] = value
    return options


# -- the game ---------------------------------------------------------------------------
def game_type(cls: type[Game]) -> pyspiel.GameType:
    """What OpenSpiel is told about a game, from its declared facts (docs/interop.md).

    Chance is explicit: a face nobody has seen is chosen when it is revealed, so a game
    whose secrets are hidden from everybody alike (Sorcière's faces, A Petits Pas' stock)
    has perfect information here; only private information (a hand) makes it imperfect.
    Two seats: zero-sum; more or fewer: general-sum (a game cut at its length cap gives
    everybody 0)."""
    two = cls.min_players == cls.max_players == 2
    return pyspiel.GameType(
        short_name=PREFIX + cls.name,
        long_name=f"ludotheque {cls.title['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if cls.chance
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if cls.private_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters_of(cls),
    )


class OpenSpielGame(pyspiel.Game):
    """One of our games with chosen options, as a `pyspiel.Game` (made by `load_game`)."""

    engine_class: type[Game]

    def __init__(self, params: dict[str, Any] | None = None):
        cls = self.engine_class
        self.engine = cls(**options_from(cls, params or {}))
        engine = self.engine
        zero_sum = cls.min_players == cls.max_players == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=engine.num_distinct_actions(),
            max_chance_outcomes=engine.max_chance_outcomes(),
            num_players=engine.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=engine.max_game_length(),
        )
        super().__init__(game_type(cls), info, params or {})

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        if params:
            raise ValueError(f"{PREFIX}{self.engine.name} observers take no parameters")
        return Observer(self.engine, iig_obs_type or pyspiel.IIGObservationType())


def start_of(game: Game) -> dict[str, Any]:
    """The start choices of a game here: seat 0 moves first (when the game lets it be
    chosen), as in OpenSpiel's own games."""
    setup = inspect.signature(game.state_class.setup).parameters
    return {"first": 0} if "first" in setup else {}


class Position:
    """Where a game stands: the engine state reached and, inside an action or at the
    start, the chance still to be chosen (`chance.Unfolding`). Engine states are never
    changed once reached (each action unfolds on a copy), so a copy shares them."""

    __slots__ = ("game", "state", "unfolding")

    def __init__(self, game: Game, state: State | None, unfolding: Unfolding | None):
        self.game, self.state, self.unfolding = game, state, unfolding
        if unfolding is not None and unfolding.outcomes is None:  # nothing left to choose
            self.state, self.unfolding = unfolding.result, None

    def __deepcopy__(self, memo: dict) -> Position:
        return Position(self.game, self.state, copy.deepcopy(self.unfolding))


class OpenSpielState(pyspiel.State):
    """A position of one of our games as a `pyspiel.State`: a `Position`, made at the
    first question (OpenSpiel makes a fresh state before each clone, then overwrites it)."""

    def __init__(self, game: OpenSpielGame):
        super().__init__(game)
        self._position = Position(game.engine, None, None)

    @property
    def position(self) -> Position:
        position = self._position
        if position.state is None and position.unfolding is None:  # not dealt yet
            start = Unfolding.start(position.game, **start_of(position.game))
            position = self._position = Position(position.game, None, start)
        return position

    @property
    def engine_state(self) -> State:
        """The engine state reached (before a pending action's chance is chosen)."""
        state = self.position.state
        assert state is not None, "the game's start is still being dealt"
        return state

    def _cut(self) -> bool:
        """Whether a game of capped length has reached its cap (then over, no winner)."""
        game = self.position.game
        return game.capped_length and self.engine_state.ply >= game.max_game_length()

    def current_player(self) -> int:
        if self.position.unfolding is not None:
            return pyspiel.PlayerId.CHANCE
        if self.engine_state.is_terminal() or self._cut():
            return pyspiel.PlayerId.TERMINAL
        return self.engine_state.current_player()

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        state = self.position.state
        if state is not None and state.is_terminal():
            return list(state.returns())
        return [0.0] * self.position.game.players

    def _legal_actions(self, player: int) -> list[int]:
        return self.engine_state.legal_action_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        unfolding = self.position.unfolding
        assert unfolding is not None and unfolding.outcomes is not None, "not a chance node"
        return [(outcome.id, outcome.probability) for outcome in unfolding.outcomes]

    def _apply_action(self, action: int) -> None:
        position = self.position
        if position.unfolding is not None:
            position.unfolding.choose(action)
            self._position = Position(position.game, position.state, position.unfolding)
        else:
            state = self.engine_state
            unfolding = Unfolding.action(state, state.action_from_id(action))
            self._position = Position(position.game, state, unfolding)

    def _action_to_string(self, player: int, action: int) -> str:
        unfolding = self.position.unfolding
        if player == pyspiel.PlayerId.CHANCE:
            for outcome in (unfolding and unfolding.outcomes) or []:
                if outcome.id == action:
                    return outcome.text
            return f"chance outcome {action}"
        return str(self.engine_state.action_from_id(action))

    def action_from_text(self, text: str) -> int:
        """The id of the action written `text` (our notation) here: `_action_to_string`
        read back; RulesError for a text that is no action, ValueError for one without
        an id (a dexterity that is not a level)."""
        state = self.engine_state
        return state.action_id(state.game.canonical(text))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> OpenSpielState:
        """A state `player_id` cannot tell from this one (`State.resample`): what it cannot
        see dealt again, seeded from `probability_sampler` (OpenSpiel's ISMCTS calls this)."""
        world = self.clone()
        seed = int(probability_sampler() * 2**53)
        resampled = self.engine_state.resample(player_id, random.Random(seed))
        world._position = Position(self.position.game, resampled, None)
        return world

    def __str__(self) -> str:
        pending = "" if self.position.unfolding is None else " (chance to choose)"
        return f"{self.position.state}{pending}"


# -- observations -------------------------------------------------------------------------
class Observer:
    """Strings and tensors from `State.observation` only (the PyObserver interface).

    The point of view follows `iig_obs_type.private_info`: a seat's own (SINGLE_PLAYER, the
    default), a spectator's (NONE), or every hand at the table (ALL_PLAYERS; never a
    deck's order). With `perfect_recall` the string is the whole observation, the move
    list as the seat reads it included (the information state); without, the position
    only (moves, movers and ply left out)."""

    def __init__(self, engine: Game, iig_obs_type: pyspiel.IIGObservationType):
        self.engine = engine
        self.private = iig_obs_type.private_info
        self.perfect_recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(math.prod(engine.observation_shape()), np.float32)
        self.dict = {"observation": self.tensor.reshape(engine.observation_shape())}

    def _seat(self, player: int) -> Any:
        if self.private == pyspiel.PrivateInfoType.NONE:
            return None
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return OMNISCIENT
        return player

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """The seat's tensor; zeros while the start is dealt (no position yet)."""
        engine_state = state.position.state
        if engine_state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = engine_state.observation_tensor(self._seat(player))

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """The seat's observation as JSON; while the start is dealt, how far it is."""
        engine_state, unfolding = state.position.state, state.position.unfolding
        if engine_state is None:
            assert unfolding is not None, "a position has a state or a start being dealt"
            return f"dealing the start: {len(unfolding.chosen)} outcomes"
        view = engine_state.observation(self._seat(player))
        if not self.perfect_recall:
            view = {k: v for k, v in view.items() if k not in ("moves", "movers", "ply")}
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


# -- bots, both ways ----------------------------------------------------------------------
class EngineBot(pyspiel.Bot):
    """One of our bots (`bot_for_level`, any `Bot`) playing as a `pyspiel.Bot`.

    It is shown a copy of the position with a seeded generator of its own (a search that
    plays ahead draws its own chance); by the bots' contract it reads only what its seat
    may see. `seconds`: its time per move (None: no limit)."""

    def __init__(self, bot: Bot[Any], seconds: float | None = None, seed: int | None = None):
        pyspiel.Bot.__init__(self)
        self.bot, self.seconds, self.rng = bot, seconds, random.Random(seed)

    def step(self, state: OpenSpielState) -> int:
        view = state.engine_state.clone()
        view.rng = Chance(self.rng.getrandbits(64))
        return view.action_id(self.bot.choose(view, Deadline(self.seconds)))

    def restart_at(self, state: OpenSpielState) -> None:
        """Nothing to forget: the bot reads the position afresh each move."""

    def inform_action(self, state: OpenSpielState, player_id: int, action: int) -> None:
        """Nothing to follow: the bot reads the position afresh each move."""


class OpenSpielBot(Bot[State]):
    """An OpenSpiel bot (`pyspiel.Bot` or an open_spiel.python bot) playing one of our
    games as our bot: at a widget's seat, in `play_match`.

    It is shown a world its seat cannot tell from the game (`State.resample`), so even a
    bot that reads the whole state (MCTS) sees no secret; chance it plays ahead is
    OpenSpiel's, from the explicit outcomes. `make` builds the bot for a loaded
    OpenSpiel game and the seat it plays (called once per game and seat). Its own budget
    (simulations) replaces the deadline."""

    name = "openspiel"

    def __init__(
        self,
        make: Callable[[pyspiel.Game, int], Any],
        seed: int | None = None,
    ):
        self.make, self.rng = make, random.Random(seed)
        self.bots: dict[tuple[Game, int], Any] = {}
        self.games: dict[Game, OpenSpielGame] = {}

    def decide(self, state: State, deadline: Deadline) -> Any:
        seat = state.current_player()
        game = self.games.get(state.game) or self.games.setdefault(state.game, load(state.game))
        bot = self.bots.get((state.game, seat)) or self.bots.setdefault(
            (state.game, seat), self.make(game, seat)
        )
        position = game.new_initial_state()
        position._position = Position(state.game, state.resample(seat, self.rng), None)
        return position.engine_state.action_from_id(int(bot.step(position)))

    def __repr__(self) -> str:
        return f"OpenSpielBot({self.make!r})"


# -- registration -------------------------------------------------------------------------
def register(cls: type[Game]) -> str:
    """Register `cls` with OpenSpiel (once) and return its OpenSpiel name."""
    name = PREFIX + cls.name
    if name not in REGISTERED:
        game_class = type(f"{cls.__name__}OpenSpielGame", (OpenSpielGame,), {"engine_class": cls})
        pyspiel.register_game(game_type(cls), game_class)
        REGISTERED[name] = cls
    return name


def load(game: Game) -> OpenSpielGame:
    """The OpenSpiel game for one of our games with its options (registered if need be)."""
    name = register(type(game))
    return pyspiel.load_game(
        name,
        parameters_of(type(game)) | {key: _parameter(value) for key, value in game.options.items()},
    )


def register_collection() -> list[str]:
    """Register every game of the collection (each package under ludotheque.engines)."""
    return [
        register(cls)
        for cls in Game.discover().values()
        if cls.__module__.startswith("ludotheque.engines.")
    ]


GAMES = register_collection()
"""The OpenSpiel names of the collection's games, registered on import."""

__all__ = [
    "GAMES",
    "PREFIX",
    "EngineBot",
    "OpenSpielBot",
    "load",
    "options_from",
    "parameters_of",
    "register",
]
