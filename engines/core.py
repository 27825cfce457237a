"""The small protocol every ludotheque game implements.

OpenSpiel's State interface with python-chess's manners: a `Game` (rules plus options) makes
`State`s; a state knows whose turn it is, lists its legal actions and applies them. All
randomness comes from the state's own seeded generator, so a seed, the start choices and the
list of actions replay a game exactly: `to_json`/`from_json` and `undo` rely on it.

Actions are small immutable values; `str(action)` is the game's text notation and
`game.parse_action(text)` reads it back. `observation(seat)` is the only view of a state that
may leave Python: exactly what that seat may know (seat ``None`` is a spectator).

Facts about a game that a UI or an adapter (OpenSpiel's `GameType`, PettingZoo) needs are
declared once on its `Game` class: title and seat names in French and English, the number
of players, whether it has secrets and chance, and its options (`Option`: default, the
values a UI may offer, labels). `Game.describe()` gives them as one JSON-able dict.

Libraries that work on integers and fixed tensors (OpenSpiel, PettingZoo) need four more
things from a game, its *integer interface*: action ids (`Game.num_distinct_actions`,
`State.action_id`, `State.action_from_id`, `State.legal_action_ids`), a bound on its length
(`Game.max_game_length`), a fixed-shape tensor made from an observation only
(`Game.observation_shape`, `Game.observation_tensor_of`, `State.observation_tensor`), and
its chance events as enumerable outcomes (`Game.max_chance_outcomes`, and the verbs of
`chance.Chance` through which the rules draw). docs/interop.md shows how adapters use them.

Refusals (`Reason`, the `RulesError` family) and their words in every language are in
`refusals.py`; they are importable from here too.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import importlib
import inspect
import math
import pkgutil
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from .chance import Chance, ChanceNeeded

# the games, bots and widgets import these from the core
from .refusals import LANGS as LANGS
from .refusals import WORDINGS as WORDINGS
from .refusals import GameOverError as GameOverError
from .refusals import IllegalActionError as IllegalActionError
from .refusals import Label as Label
from .refusals import NotationError as NotationError
from .refusals import Reason as Reason
from .refusals import RulesError as RulesError
from .refusals import Wordings as Wordings
from .refusals import in_language as in_language

TERMINAL = -1
"""`current_player()` of a game that has ended."""

OMNISCIENT = "omniscient"
"""A special seat: `observation(OMNISCIENT)` sees every secret a game would ever show at the
table (all hands; never a deck's order or the seed). Only for a spectator who explicitly
asks for it (the widget's omniscient view of a game between bots); games without secrets
answer it with their public view."""


SEED_BITS = 128
"""A seed is a whole number 0 <= seed < 2**SEED_BITS: drawn from `secrets` when not given,
so that the cards a player sees cannot be traced back to the seed (and so to the rest of
the deck) by trying every seed."""
MAX_TEXT = 200
"""Longest action text a parser reads (every notation is far shorter); longer is malformed."""
QUOTE = 40
"""Characters of a refused input that an error message quotes."""
MAX_ACTIONS = 10_000
"""Most actions `State.from_json` replays (random games end in a few hundred)."""
MAX_ITEMS = 64
"""Longest list an option or a start choice may hold in `State.from_json` (a deck: 52)."""


def quote(value: Any, limit: int = QUOTE) -> str:
    """A short, printable rendering of any input, for a refusal's message.

    A text as its repr cut to about `limit` characters (then "…"), lone surrogates
    replaced; a container is named, not rendered: a huge or deeply nested input costs
    nothing to refuse."""
    if isinstance(value, str):
        shown = repr(value[:limit].encode("utf-8", "replace").decode("utf-8"))
        if len(value) > limit or len(shown) > limit + 2:
            shown = shown[: limit + 1] + "…" + shown[0]
        return shown
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        return repr(value) if abs(value) < 10**limit else "a number too long to quote"
    return f"a {type(value).__name__}"


def action_text(text: Any) -> str:
    """`text` if it can be an action's notation: a str of at most MAX_TEXT ASCII characters
    (so a digit is 0-9 only); otherwise NotationError, without reading further."""
    if not (isinstance(text, str) and len(text) <= MAX_TEXT and text.isascii()):
        raise NotationError(
            Reason(WORDINGS, "not-an-action", text=quote(text), most=MAX_TEXT), text=quote(text)
        )
    return text


def same_value(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down through tuples and dataclasses: an
    action holding True or 1.0 where its game writes 1 is not that action."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(same_value, a, b))
    if dataclasses.is_dataclass(a):
        return all(
            same_value(getattr(a, field.name), getattr(b, field.name))
            for field in dataclasses.fields(a)
        )
    return bool(a == b)


def check_seed(seed: Any) -> int:
    """`seed` if it is a whole number 0 <= seed < 2**SEED_BITS (not a bool, not a float)."""
    if type(seed) is not int or not 0 <= seed < 2**SEED_BITS:
        raise ValueError(
            f"a seed is a whole number from 0 to 2**{SEED_BITS} - 1, not {quote(seed)}"
        )
    return seed


def check_choice(name: str, value: Any, allowed: Any) -> Any:
    """`value` if it is one of `allowed` with the very same type: True is not 1, 2.0 is not
    2 (an option compared with == alone would take both). ValueError otherwise."""
    if not any(type(value) is type(choice) and value == choice for choice in allowed):
        choices = ", ".join(repr(choice) for choice in allowed)
        raise ValueError(f"{name} must be one of {choices}, not {quote(value)}")
    return value


@dataclasses.dataclass(frozen=True)
class Option:
    """One option of a game, declared once: its default, the values it may take, and the
    words a UI shows for it and for each value.

    `choices` maps each value to its label, in the order a UI offers them; the core then
    refuses any other value (`check_choice`: the same type too, so True is not 1; one
    option's values must differ under ==, as dict keys do). None: the option is set from
    Python only (a board size, a list of squares), its values checked by the game's
    `check_options`, and a UI offers no menu for it."""

    default: Any
    label: Label
    choices: Mapping[Any, Label] | None = None

    def __post_init__(self) -> None:
        if self.choices is not None:
            check_choice("default", self.default, tuple(self.choices))

    def describe(self) -> dict[str, Any]:
        """As JSON: default, label, and the choices as [{value, label}] (None: no menu)."""
        choices = (
            None
            if self.choices is None
            else [{"value": value, "label": dict(label)} for value, label in self.choices.items()]
        )
        return {"default": self.default, "label": dict(self.label), "choices": choices}


GameState = TypeVar("GameState", bound="State")
"""A game's own `State` subclass."""


class Game(ABC, Generic[GameState]):
    """A game's rules with chosen options; immutable once made.

    Subclasses (`class Nains(Game[NainsState])`, so that `new_game` gives a `NainsState`)
    set `name` (registry key and package name under `ludotheque.engines`), `state_class`
    and the facts below, and implement `parse_action`; a game whose number of seats varies
    also overrides `players`.
    """

    name: ClassVar[str]
    state_class: type[GameState]
    """The game's `State` subclass, set on the class (not declared a ClassVar, which may
    hold no type variable)."""
    title: ClassVar[Label]
    """The game's name as players read it, {"fr": ..., "en": ...}."""
    seat_names: ClassVar[Mapping[str, tuple[str, ...]]]
    """Language -> the name of each seat, `max_players` of them (seat 0 first)."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    hidden_information: ClassVar[bool] = False
    """Whether some seat may not know part of the state (hands, face-down cards, a deck's
    order): `observe` hides it and `State.deal_unseen` deals it again."""
    private_information: ClassVar[bool] = False
    """Whether seats know different things (a hand of one's own): then a screen shared by two
    players needs a curtain between turns. Sorcière hides faces from everybody alike: hidden
    information, but none of it private."""
    chance: ClassVar[bool] = False
    """Whether the rules draw from the state's generator beyond who moves first (a shuffle,
    a deal, a collapse): without chance the seed only decides who starts."""
    option_specs: ClassVar[Mapping[str, Option]] = {}
    """Option name -> its `Option`; every option a game takes is declared here."""
    option_defaults: ClassVar[dict[str, Any]] = {}
    """Option name -> default, derived from `option_specs`."""
    wordings: ClassVar[Wordings] = WORDINGS
    """The game's refusals and notation errors in every language (code -> {"fr": template,
    "en": template}), which `reason` words; see the module text."""
    registry: ClassVar[dict[str, type[Game[Any]]]] = {}

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        if "option_defaults" in cls.__dict__:
            raise TypeError(
                f"{cls.__name__}: declare options in option_specs (Option(default, "
                "label, choices)); option_defaults is derived from them"
            )
        cls.option_defaults = {name: spec.default for name, spec in cls.option_specs.items()}
        if "name" in cls.__dict__:
            Game.registry[cls.name] = cls

    def __init__(self, **options: Any):
        unknown = sorted(set(options) - set(self.option_specs))
        if unknown:
            known = ", ".join(sorted(self.option_specs)) or "none"
            raise ValueError(f"{self.name}: unknown option(s) {unknown}; known: {known}")
        self.options = {**self.option_defaults, **options}
        for name, spec in self.option_specs.items():
            if spec.choices is not None:
                check_choice(name, self.options[name], tuple(spec.choices))
        self.check_options()

    # -- the integer interface (docs/interop.md) -----------------------------------
    capped_length: ClassVar[bool] = False
    """True when the rules allow games of any length (with vanishing probability):
    `max_game_length` is then a cap at which an adapter ends a game, with no winner."""

    def num_distinct_actions(self) -> int:
        """How many action ids there are: every `State.action_id` lies in 0..n-1."""
        raise NotImplementedError(f"{self.name} has no integer interface")

    def max_game_length(self) -> int:
        """The most decisions (chance outcomes not counted) a game can take, or the cap
        an adapter imposes (`capped_length`)."""
        raise NotImplementedError(f"{self.name} has no integer interface")

    def max_chance_outcomes(self) -> int:
        """The most outcomes one chance event of this game has under explicit chance (a
        card revealed: its kinds; a collapse: 2); 0 for a game without chance."""
        return 0

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of `observation_tensor_of`'s tensor (flattened, it is that list)."""
        raise NotImplementedError(f"{self.name} has no integer interface")

    def observation_tensor_of(self, observation: dict[str, Any]) -> list[float]:
        """`observation` (a seat's `State.observation`) as numbers, always
        `observation_shape()` of them: made from the observation only, so a tensor can
        hold nothing its seat may not see."""
        raise NotImplementedError(f"{self.name} has no integer interface")

    def check_options(self) -> None:  # noqa: B027 - optional hook
        """Raise ValueError for option values the rules cannot use (those of an option with
        `choices` are checked before this is called)."""

    @property
    def players(self) -> int:
        """How many seats this game has (a game whose count varies reads its options)."""
        return self.min_players

    @classmethod
    def describe(cls) -> dict[str, Any]:
        """What a UI or an adapter needs to know about this game, as one JSON-able dict:
        name, title, seat names, players {min, max}, hidden_information,
        private_information, chance, and each
        option's `Option.describe()` by name."""
        return {
            "name": cls.name,
            "title": dict(cls.title),
            "seat_names": {lang: list(names) for lang, names in cls.seat_names.items()},
            "players": {"min": cls.min_players, "max": cls.max_players},
            "hidden_information": cls.hidden_information,
            "private_information": cls.private_information,
            "chance": cls.chance,
            "options": {name: spec.describe() for name, spec in cls.option_specs.items()},
        }

    def new_game(self, seed: int | None = None, **start: Any) -> GameState:
        """A fresh state. `seed` None draws one (kept in the state, so the game still
        replays); `start` holds the game's own start choices (e.g. who moves first)."""
        seed = secrets.randbits(SEED_BITS) if seed is None else check_seed(seed)
        choices = inspect.signature(self.state_class.setup).parameters
        if not any(choice.kind is choice.VAR_KEYWORD for choice in choices.values()):
            unknown = sorted(quote(name) for name in set(start) - set(choices) - {"self"})
            if unknown:
                known = ", ".join(name for name in choices if name != "self") or "none"
                raise ValueError(
                    f"{self.name}: unknown start choice(s) {', '.join(unknown[:5])}; known: {known}"
                )
        return self.state_class(self, seed, start)

    def canonical(self, action: Any) -> Any:
        """The game's own value for `action`, a text or an action object: a text is parsed;
        an object must be exactly what its own text reads back to, so an alias (a card
        index -1 for the last card, a bool for 1) cannot pass for another action."""
        if isinstance(action, str):
            return self.parse_action(action_text(action))
        try:
            text = str(action)
        except Exception:  # a broken object's __str__ (e.g. a field of the wrong type)
            raise NotationError(
                f"{quote(action)} is not an action of {self.name}", action=quote(action)
            ) from None
        parsed = self.parse_action(action_text(text))
        if not same_value(parsed, action):
            raise NotationError(
                f"this {type(action).__name__} is not an action of {self.name}: "
                f"its text {quote(text)} reads back as another value",
                action=quote(text),
            )
        return parsed

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """Read the text notation; raise NotationError saying what is wrong."""

    def reason(self, code: str, **params: Any) -> Reason:
        """The refusal `code` of this game (`wordings`), its placeholders from `params`."""
        return Reason(self.wordings, code, **params)

    @staticmethod
    def discover() -> dict[str, type[Game[Any]]]:
        """Every game of the collection: imports each package under `ludotheque.engines`
        (found, not listed), whose rules register its Game; returns the registry (games
        defined elsewhere, such as the tests' toy games, included once imported).

        Every package under engines/ is a game, registered under its package's name (which
        `by_name` imports). A package that registers none is refused with an ImportError
        naming it, not skipped: skipped, it would still be imported (with any extra it
        needs) at every discovery, a tool hidden among the games. Tools live beside the
        engines (classroom/, interop/), where discovery never looks."""
        engines = importlib.import_module(__package__)
        for found in pkgutil.iter_modules(engines.__path__):
            if found.ispkg:
                package = importlib.import_module(f"{__package__}.{found.name}")
                if found.name not in Game.registry:
                    raise ImportError(
                        f"{package.__name__} registers no game named {found.name!r}: every "
                        "package under ludotheque.engines is a game (a Game subclass whose "
                        "name is its package's); tools go beside the engines (classroom/, "
                        "interop/)"
                    )
        return dict(Game.registry)

    @staticmethod
    def by_name(name: str, **options: Any) -> Game[Any]:
        """The registered game `name`, importing its module on first use."""
        if name not in Game.registry:
            with contextlib.suppress(ModuleNotFoundError):  # then refused below
                importlib.import_module(f"ludotheque.engines.{name}")
        if name not in Game.registry:
            raise ValueError(f"unknown game {quote(name)}; known: {sorted(Game.registry)}")
        return Game.registry[name](**options)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.options == self.options

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.options.items()))))

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if self.option_defaults[k] != v}
        args = ", ".join(f"{k}={v!r}" for k, v in changed.items())
        return f"{type(self).__name__}({args})"


class State(ABC):
    """The whole truth of one game in progress, hidden parts included.

    Subclasses implement `setup`, `current_player`, `legal_actions`, `do_apply`, `observe`
    and `winner` (or `returns`, for a result that is not one winner); they may refine
    `refusal` (why an action is illegal), `deal_unseen` (games with secrets), `move_text`
    and `copy_fields` (a cheap `clone`).
    Everything else (checked `apply`, history, undo/redo, clone, JSON, observation
    envelope, resampling) lives here once.

    A game may keep what lies on the table (hidden parts included) in a `Table` object,
    `state.table`, that its rules and bots work on directly (Tir de tuyau, whose search
    copies it thousands of times a second; A Petits Pas' patience); the state wraps it.
    """

    def __init__(
        self, game: Game[Any], seed: int, start: dict[str, Any], rng: Chance | None = None
    ):
        self.game = game
        self.seed = seed
        self.start = dict(start)
        self.rng = Chance(seed) if rng is None else rng
        """Where the rules draw (`chance.Chance`, seeded); `rng` replaces it (explicit
        chance: `chance.Unfolding`), for a state that its seed then does not replay."""
        self.history: list[Any] = []
        self.movers: list[int] = []
        """The seat that made each action of `history` (public: who moved)."""
        self.events: list[list[dict[str, Any]]] = []
        self.redo_stack: list[Any] = []
        self.resampled = False
        """True for a world made by `resample` (a guess at the hidden facts) or played
        with explicit chance: not the game its seed and actions replay."""
        self.setup(**start)

    # -- what each game implements -------------------------------------------------
    @abstractmethod
    def setup(self, *args: Any, **start: Any) -> None:
        """Lay out the start position; may draw from `self.rng`. Called with the start
        choices as keywords: each game's signature names its own (`new_game` checks them
        against it), which this catch-all signature lets a type checker accept."""

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """Every action the player to act may take now (empty when terminal)."""

    @abstractmethod
    def do_apply(self, action: Any) -> list[dict[str, Any]] | None:
        """Carry out a legal action; return public events that explain it (each a
        JSON-able dict; anything secret belongs in `observe`, never in an event)."""

    @abstractmethod
    def observe(self, seat: int | None) -> dict[str, Any]:
        """The game-specific part of `observation(seat)`."""

    def winner(self) -> int | None:
        """The seat that has won, None while nobody has (or after a game with no winner).
        Games whose result is not one winner override `returns` instead."""
        raise NotImplementedError(f"{type(self).__name__} implements winner() or returns()")

    def returns(self) -> list[float]:
        """Each seat's result: +1 win, -1 loss, 0 otherwise (all 0 before the end); by
        default +1 for the `winner` and -1 for every other seat."""
        winner = self.winner()
        seats = range(self.game.players)
        if winner is None:
            return [0.0 for _ in seats]
        return [1.0 if seat == winner else -1.0 for seat in seats]

    def refusal(self, action: Any) -> str | None:
        """Why the rules refuse `action` now, in words a player understands (a `Reason`,
        from `Game.wordings`); None if it is legal. The default looks it up in
        `legal_actions` (by `same_value`: an alias such as True for 1 is no legal action); a
        game that can say which rule refuses (and check faster than listing every action)
        overrides this."""
        if any(same_value(action, legal) for legal in self.legal_actions()):
            return None
        return Reason(WORDINGS, "illegal")

    def deal_unseen(self, seat: int | None, rng: random.Random) -> None:  # noqa: B027 - optional hook
        """Deal again, in place and from `rng`, whatever `seat` cannot know (the other
        hands, face-down cards, a deck's order), keeping everything it can. Games with
        secrets (`Game.hidden_information`) override this; `resample` calls it on a copy."""

    def copy_fields(self) -> dict[str, Any] | None:
        """This state's own fields (those its game sets, beyond the core's) as a `clone`
        of it holds them: name -> a copy independent of this state (an int or another
        immutable value as it is, a list of them by `list(...)`), so that applying actions
        to either never changes the other. None (the default): `clone` deep-copies the
        whole state. A field the dict leaves out (one a subclass or a caller adds) is
        deep-copied; the core copies its own (history, generator...) either way. A game
        whose state is a few plain values overrides this: searches through the adapters
        clone for every action they try."""
        return None

    def round_ended(self) -> bool:
        """The last move ended a round of a game played in rounds (its events hold a
        `{"type": "round"}` event): a table pauses there so that everyone sees the round's
        end before the next one starts. A game that marks a round's end otherwise overrides
        this."""
        return bool(self.events) and any(event.get("type") == "round" for event in self.events[-1])

    def next_round_move(self) -> Any | None:
        """The move that deals the next round at a round's end that is a position of its own
        (Sorcière's `next`), or None (the default: the next round is dealt already). A table
        plays it for a human to move when someone says `continue` (one "Next" goes on, as
        when a bot starts the next round), on one screen or at a table server alike."""
        return None

    # -- the integer interface (docs/interop.md) -----------------------------------
    def action_id(self, action: Any) -> int:
        """`action`'s id in 0..`game.num_distinct_actions()`-1. An id may depend on the
        position (Sortilèges counts steps from the witch to move, Tir de tuyau names the
        cards of a discard by their places in the hand), so it is read against this state.
        ValueError for an action that has no id here."""
        raise NotImplementedError(f"{self.game.name} has no integer interface")

    def action_from_id(self, action_id: int) -> Any:
        """The action with id `action_id` here (inverse of `action_id` on legal actions)."""
        raise NotImplementedError(f"{self.game.name} has no integer interface")

    def legal_action_ids(self) -> list[int]:
        """The ids of the actions the integer interface offers now, ascending: by default
        those of `legal_actions` (Sorcière adds its pulls' other dexterity levels)."""
        return sorted(self.action_id(action) for action in self.legal_actions())

    def observation_tensor(self, seat: int | None) -> list[float]:
        """`observation(seat)` as numbers (`Game.observation_tensor_of`)."""
        tensor = self.game.observation_tensor_of(self.observation(seat))
        size = math.prod(self.game.observation_shape())
        if len(tensor) != size:
            raise RuntimeError(f"{self.game.name}: a tensor of {len(tensor)}, not {size}")
        return tensor

    def move_text(self, ply: int, seat: int | None) -> str:
        """How move `ply` reads to `seat`; games with secret moves override this."""
        return str(self.history[ply])

    def is_legal(self, action: Any) -> bool:
        return self.refusal(action) is None

    def why_illegal(self, action: Any) -> str:
        """Why the rules refuse `action` now (see `refusal`)."""
        return self.refusal(action) or "it is legal now"

    # -- shared behaviour ----------------------------------------------------------
    @property
    def ply(self) -> int:
        """How many actions have been applied."""
        return len(self.history)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def apply(self, action: Any) -> Any:
        """Apply an action (or its text) after checking it; returns the action recorded.

        Parse (or check the object as a value), then the rules, then carry it out: all or
        nothing. Should `do_apply` fail half-way, the state is rebuilt as it was (by replay
        from the seed, only then) and the error goes on to the caller."""
        action = self.game.canonical(action)
        if self.is_terminal():
            raise GameOverError(f"the game is over; {action} cannot be played", action=str(action))
        if not self.is_legal(action):
            reason = Reason(
                WORDINGS, "refused", action=str(action), reason=self.why_illegal(action)
            )
            raise IllegalActionError(reason, action=str(action))
        mover = self.current_player()
        try:
            events = self.do_apply(action) or []
        except ChanceNeeded:  # explicit chance: the caller drops this half-applied copy
            raise
        except BaseException:
            redo = self.redo_stack
            self._become(self.replayed(self.ply))
            self.redo_stack = redo
            raise
        self.events.append(events)
        self.history.append(action)
        self.movers.append(mover)
        self.redo_stack.clear()
        return action

    def undo(self) -> Any:
        """Take back the last action (by exact replay from the seed); returns it."""
        if not self.history:
            raise RulesError("nothing to undo", what="undo").with_code("nothing")
        action = self.history[-1]
        redo = self.redo_stack + [action]
        self._become(self.replayed(self.ply - 1))
        self.redo_stack = redo
        return action

    def redo(self) -> Any:
        """Play again the last action taken back; returns it."""
        if not self.redo_stack:
            raise RulesError("nothing to redo", what="redo").with_code("nothing")
        redo = self.redo_stack[:-1]
        action = self.apply(self.redo_stack[-1])
        self.redo_stack = redo
        return action

    def replayed(self, ply: int) -> State:
        """A new state: this game as it stood after `ply` actions."""
        self._check_not_resampled("replayed (or undone)")
        if not 0 <= ply <= self.ply:
            raise ValueError(f"ply {ply} is outside 0..{self.ply}")
        fresh: State = self.game.new_game(self.seed, **self.start)
        for action in self.history[:ply]:
            fresh.apply(action)
        return fresh

    def _become(self, other: State) -> None:
        self.__dict__.clear()
        self.__dict__.update(other.__dict__)

    def clone(self, rng: Chance | None = None) -> State:
        """An independent copy (the game object, being immutable, is shared). The records
        (history, movers, events, redo stack) only ever grow by immutable values (actions,
        seats, events once recorded): they are copied as lists, not value by value, which
        keeps a clone cheap late in a game (searches through the adapters clone a lot).
        The game's own fields are copied as its `copy_fields` says (by default, deeply).

        `rng`: the generator the copy draws from, instead of a copy of this state's
        (explicit chance gives each action's copy its own: `chance.Unfolding`)."""
        fields = self.copy_fields()
        if fields is None:
            memo: dict[int, Any] = {id(self.game): self.game}
            for record in (self.history, self.movers, self.events, self.redo_stack):
                memo[id(record)] = list(record)
            whole: State = copy.deepcopy(self, memo)
            if rng is not None:
                whole.rng = rng
            return whole
        twin = object.__new__(type(self))
        copied = twin.__dict__
        copied.update(
            game=self.game,
            seed=self.seed,
            start=_copied_start(self.start),
            rng=_copied_rng(self.rng) if rng is None else rng,
            history=list(self.history),
            movers=list(self.movers),
            events=list(self.events),
            redo_stack=list(self.redo_stack),
            resampled=self.resampled,
        )
        copied.update(fields)
        left_out = self.__dict__.keys() - copied.keys()
        if left_out:  # deep-copied as the default clone would (records and game shared)
            memo = {id(self): twin, id(self.game): self.game, id(self.rng): copied["rng"]}
            for field in ("history", "movers", "events", "redo_stack"):
                memo[id(self.__dict__[field])] = copied[field]
            for name in left_out:
                copied[name] = copy.deepcopy(self.__dict__[name], memo)
        return twin

    def resample(self, seat: int | None, rng: random.Random) -> State:
        """A world `seat` cannot tell from this one: a copy whose `observation(seat)` is the
        same, with what `seat` cannot know dealt again from `rng` (`deal_unseen`) and a new
        generator drawn from `rng`, so that neither the hidden cards nor the chance events
        to come are the true ones. A game without secrets gives a clone (with that new
        generator). For searches over hidden information (ISMCTS) and for tests that secrets
        stay secret. A world guesses hidden facts: it can be played on and cloned, not
        saved, replayed or undone (its seed would rebuild the true game)."""
        world = self.clone()
        world.redo_stack = []
        world.deal_unseen(seat, rng)
        world.rng = Chance(rng.getrandbits(SEED_BITS))
        world.resampled = True
        return world

    def _check_not_resampled(self, what: str) -> None:
        if self.resampled:
            raise RuntimeError(
                f"a resampled world cannot be {what}: it guesses hidden facts "
                "that its seed and actions do not rebuild"
            )

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        """What `seat` may know, as a plain JSON-able dict (seat None: a spectator).

        The envelope is common to all games; `observe` adds the game's own part.
        """
        to_move = self.current_player()
        terminal = to_move == TERMINAL
        view = {
            "game": self.game.name,
            "players": self.game.players,
            "seat": seat,
            "ply": self.ply,
            "to_move": None if terminal else to_move,
            "terminal": terminal,
            "returns": self.returns() if terminal else None,
            "legal": [str(a) for a in self.legal_actions()] if seat == to_move else [],
            "moves": [self.move_text(i, seat) for i in range(self.ply)],
            "movers": list(self.movers),
            "events": self.events[-1] if self.events else [],
        }
        view.update(self.observe(seat))
        return view

    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild this state exactly (secret: contains the seed)."""
        self._check_not_resampled("saved")
        return {
            "game": self.game.name,
            "options": self.game.options,
            "seed": self.seed,
            "start": self.start,
            "actions": [str(a) for a in self.history],
        }

    @staticmethod
    def from_json(data: Any) -> State:
        """Rebuild a state written by `to_json`, checking every action on the way.

        The input may come from anywhere: its shape and sizes are checked first, and any
        refusal is a ValueError (a RulesError for a refused action) saying what is wrong."""
        if type(data) is not dict:
            raise ValueError(f"a saved game is an object, not {quote(data)}")
        unknown = sorted(
            quote(key) for key in set(data) - {"game", "options", "seed", "start", "actions"}
        )
        if unknown:
            raise ValueError(f"a saved game has no field(s) {', '.join(unknown[:5])}")
        name = data.get("game")
        if not (type(name) is str and len(name) <= QUOTE and name.isidentifier()):
            raise ValueError(f"game must be the name of a game, not {quote(name)}")
        options = _json_choices("options", data.get("options", {}))
        start = _json_choices("start", data.get("start", {}))
        actions = data.get("actions", [])
        if type(actions) is not list or len(actions) > MAX_ACTIONS:
            raise ValueError(
                f"actions must be a list of at most {MAX_ACTIONS} texts, not {quote(actions)}"
            )
        if "seed" not in data:
            raise ValueError("a saved game needs its seed")
        state: State = Game.by_name(name, **options).new_game(check_seed(data["seed"]), **start)
        for ply, text in enumerate(actions):
            if type(text) is not str:
                raise NotationError(
                    f"action {ply} is not a text but {quote(text)}", text=quote(text)
                )
            state.apply(text)
        return state

    def __repr__(self) -> str:
        to_move = self.current_player()
        where = "over" if to_move == TERMINAL else f"to_move={to_move}"
        return f"<{type(self).__name__} ply={self.ply} {where}>"


_ATOMS = (int, float, bool, str, type(None))
"""Types of immutable values that a clone's start choices share with the original."""


def _copied_start(start: dict[str, Any]) -> dict[str, Any]:
    """A clone's start choices: plain values shared, anything else (a list of squares)
    deep-copied."""
    return {
        name: value if type(value) in _ATOMS else copy.deepcopy(value)
        for name, value in start.items()
    }


def _copied_rng(rng: Chance) -> Chance:
    """An independent generator in the same state as `rng` (what `copy.deepcopy` gives,
    without copying the state's 625 numbers one by one)."""
    if type(rng) is Chance:  # no __init__ of its own: seeded cheaply, then given the state
        twin = Chance.__new__(Chance, 0)  # type: ignore[call-arg]  # (random.Random's seed)
        twin.setstate(rng.getstate())
        return twin
    return copy.deepcopy(rng)


def _json_choices(field: str, value: Any) -> dict[str, Any]:
    """A saved game's options or start choices: an object of plain values (a finite
    number, a short text, null, or a short list of those), checked before any game sees it."""
    if type(value) is not dict:
        raise ValueError(f"{field} must be an object, not {quote(value)}")
    for key, item in value.items():
        if not (type(key) is str and len(key) <= QUOTE and key.isidentifier()):
            raise ValueError(f"{field}: {quote(key)} is not the name of a choice")
        items = item if type(item) is list and len(item) <= MAX_ITEMS else [item]
        if not all(_plain(part) for part in items):
            raise ValueError(
                f"{field}: {key} must be a number, a text, true/false, null or "
                f"a list of at most {MAX_ITEMS} of these, not {quote(item)}"
            )
    return value


def _plain(value: Any) -> bool:
    if value is None or type(value) in (bool, int):
        return True
    if type(value) is float:
        return math.isfinite(value)
    return type(value) is str and len(value) <= MAX_TEXT
