"""The base every game widget derives from: Python referee, browser view.

The browser receives only traits written here (the viewer's observation and UI settings,
see docs/protocol.md) and sends intents as custom messages. Every intent is checked against
the engine; a refused one changes nothing and raises a `notice` the UI kit shows. Bots think
in background threads with a time budget; anything that changes the game (new game, undo,
seat change) bumps a generation counter and cancels the search, so a late answer is dropped.
"""

from __future__ import annotations

import pathlib
import threading
from typing import Any, Callable, ClassVar

import anywidget
import traitlets

from ludotheque.engines.bots import Bot, Deadline, as_bot
from ludotheque.engines.core import OMNISCIENT, Game, GameOverError, RulesError, State

STATIC = pathlib.Path(__file__).parent / "static"
HUMAN = "human"
MAX_BOT_DELAY = 5.0
BASE_INTENTS = {
    "act": {"action": str, "ply": int},
    "new": {},
    "undo": {},
    "redo": {},
    "hint": {},
    "seat": {"seat": int, "value": str},
    "lang": {"value": str},
    "speed": {"value": (int, float)},
    "review": {"ply": (int, type(None))},
}
HIDDEN_INTENTS = {
    "ready": {},
    "omniscient": {"value": bool},
}
"""Intents of games with hidden information (`hidden_information = True`): `ready` lifts
the hot-seat curtain for the seat it names; `omniscient` turns the all-seeing spectator
view on or off (only with no human seat)."""


class IntentError(RulesError):
    """An intent from the browser that is refused before it reaches the rules."""

    code = "malformed"


def bundle(name: str) -> pathlib.Path:
    """The bundled ESM of one game's front-end (built by `npm run build` in js/)."""
    return STATIC / f"{name}.js"


class GameWidget(anywidget.AnyWidget):
    """A game in a notebook cell, playable by clicks and from Python.

    Subclasses set `_esm`, `game_class`, `seat_names` and implement `make_bot`.
    """

    game_class: ClassVar[type[Game]]
    seat_names: ClassVar[list[str]]
    intents: ClassVar[dict[str, dict[str, Any]]] = BASE_INTENTS
    """Intent type -> required fields and their types; a game adds its own intents by
    extending this dict and defining `_intent_<type>(content)`."""
    hidden_information: ClassVar[bool] = False
    """True for games with secrets (hands): with two or more human seats a curtain hides
    the screen between turns (hot seat), and a game between bots shows both hands only when
    the `omniscient` view is turned on. Adds HIDDEN_INTENTS."""

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("hidden_information"):
            cls.intents = {**HIDDEN_INTENTS, **cls.intents}

    observation = traitlets.Dict().tag(sync=True)
    review = traitlets.Dict().tag(sync=True)
    seats = traitlets.List(traitlets.Unicode()).tag(sync=True)
    levels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    viewer = traitlets.Int(None, allow_none=True).tag(sync=True)
    lang = traitlets.Enum(["fr", "en"], "fr").tag(sync=True)
    thinking = traitlets.Bool(False).tag(sync=True)
    bot_delay = traitlets.Float(0.6).tag(sync=True)
    hint = traitlets.Dict().tag(sync=True)
    notice = traitlets.Dict().tag(sync=True)
    options = traitlets.Dict().tag(sync=True)
    option_choices = traitlets.Dict().tag(sync=True)
    hidden = traitlets.Bool(False).tag(sync=True)
    """The class's `hidden_information`: the UI offers the curtain and the omniscient view."""
    curtain = traitlets.Int(None, allow_none=True).tag(sync=True)
    """Hot seat with secrets: the seat to call to the screen (the observation meanwhile is
    the public one); None when no curtain is down."""
    omniscient = traitlets.Bool(False).tag(sync=True)
    """Bots only, secrets: show every hand (the engine's `observation(OMNISCIENT)`)."""

    def __init__(self, seats: list[Any] | None = None, *, seed: int | None = None,
                 lang: str = "fr", bot_seconds: float = 1.0, bot_delay: float = 0.6,
                 options: dict[str, Any] | None = None, **start: Any):
        self.game = self.game_class(**(options or {}))
        self.bot_seconds = bot_seconds
        self._lock = threading.RLock()
        self._generation = 0
        self._cancel = threading.Event()
        self._worker: threading.Thread | None = None
        self._notice_id = 0
        self._state = self.game.new_game(seed, **start)
        self._custom_bots: dict[str, Bot] = {}
        self._revealed: int | None = None  # hot seat: the seat that lifted the curtain
        seats = [self._seat_label(seat) for seat in seats or self.default_seats()]
        super().__init__(
            levels=[*self.bot_levels(), *self._custom_bots], names=list(self.seat_names),
            lang=lang, bot_delay=bot_delay, seats=seats, options=self.game.options,
            option_choices=self.choices(), hidden=self.hidden_information,
        )
        self.on_msg(self._on_intent)
        self.observe(self._on_seats, names="seats")
        self.observe(self._on_omniscient, names="omniscient")
        self._changed()

    # -- what each game provides ---------------------------------------------------
    def make_bot(self, level: str, seed: int) -> Bot:
        """The bot playing at `level` (a string from `bot_levels`)."""
        raise NotImplementedError

    def bot_levels(self) -> tuple[str, ...]:
        return ("1",)

    def choices(self) -> dict[str, list[Any]]:
        """Game options the UI may change for a new game, with their allowed values."""
        return {}

    def default_seats(self) -> list[str]:
        """Seat 0 human, the others the middle bot level."""
        levels = self.bot_levels()
        return [HUMAN] + [f"bot:{levels[len(levels) // 2]}"] * (self.game.players - 1)

    def _seat_label(self, seat: Any) -> str:
        """A seat given as "human", "bot:N", or a bot / plain function of the observation
        (registered as an extra level named after it, so a student's bot can take a seat)."""
        if isinstance(seat, str):
            return seat
        bot = as_bot(seat)
        self._custom_bots[bot.name] = bot
        return f"bot:{bot.name}"

    # -- Python API for notebooks --------------------------------------------------
    @property
    def state(self) -> State:
        """A copy of the game state (changing it changes nothing here)."""
        with self._lock:
            return self._state.clone()

    def new_game(self, seed: int | None = None, options: dict[str, Any] | None = None,
                 **start: Any) -> None:
        """Start again (a new random seed unless given), with changed game `options` if
        given; cancels a thinking bot. Seats follow a change in the number of players."""
        with self._lock:
            game = self.game_class(**{**self.game.options, **(options or {})})
            state = game.new_game(seed, **start)
            self.game, self._state, self.options = game, state, game.options
            self._revealed = None
            seats = (list(self.seats) + self.default_seats()[len(self.seats):])[:game.players]
            if seats != self.seats:
                self.seats = seats  # observed: publishes and starts a bot
            else:
                self._changed()

    def play(self, action: Any, wait: bool = True) -> None:
        """Play an action (or its text) for whoever is to move; raises RulesError if the
        rules refuse it. With `wait`, return once the bots have replied."""
        with self._lock:
            self._state.apply(action)
            self._changed()
        if wait and HUMAN in self.seats:
            self.wait()

    def undo(self) -> None:
        """Take back moves until a human is to move again (or the start)."""
        with self._lock:
            self._step_back_or_forth(self._state.undo, lambda: bool(self._state.history))

    def redo(self) -> None:
        """Replay moves taken back, up to the next human turn."""
        with self._lock:
            self._step_back_or_forth(self._state.redo, lambda: bool(self._state.redo_stack))

    def wait(self, timeout: float = 60.0) -> None:
        """Block until no bot is to move (a human's turn, or the game's end)."""
        deadline = Deadline(timeout)
        while True:
            with self._lock:
                worker = self._worker if self._bot_to_move() else None
            if worker is None:
                return
            worker.join(max(deadline.remaining(), 0))
            if worker.is_alive():
                raise TimeoutError(f"bots still playing after {timeout} s")
            with self._lock:
                if self._worker is worker:  # it ended without moving: failed or cancelled
                    return

    def close(self) -> None:
        self._cancel.set()
        super().close()

    # -- state changes -------------------------------------------------------------
    def _step_back_or_forth(self, step: Callable[[], Any], possible: Callable[[], bool]) -> None:
        if not possible():
            raise RulesError("nothing to take back or replay").with_code("nothing")
        step()
        while possible() and not self._state.is_terminal() and self._bot_to_move() \
                and HUMAN in self.seats:
            step()
        self._changed()

    def _changed(self) -> None:
        """After any change of game or seats: stop stale work, publish, start a bot."""
        self._generation += 1
        self._cancel.set()
        self._cancel = threading.Event()
        self.thinking = False
        self.hint = {}
        self.review = {}
        self._publish()
        self._start_bot_if_due()

    def _publish(self) -> None:
        humans = [i for i, seat in enumerate(self.seats) if seat == HUMAN]
        to_move = self._state.current_player()
        curtain = None
        if len(humans) == 1:
            viewer = humans[0]
        elif humans and not self.hidden_information:
            viewer = to_move if to_move in humans else self.viewer
        elif humans:
            # Hot seat with secrets: nobody's view until the seat to move says it is there.
            revealed = to_move in humans and self._revealed == to_move
            viewer = to_move if revealed else None
            curtain = to_move if to_move in humans and not revealed else None
        else:
            viewer = None
        with self.hold_sync():  # one message: never a private view under a lifted curtain
            self.viewer, self.curtain = viewer, curtain
            self.observation = self._state.observation(self._seat_shown())

    def _seat_shown(self) -> Any:
        """The seat whose observation is synced: the viewer, or OMNISCIENT for a spectator of
        bots who turned the omniscient view on."""
        if self.viewer is None and self.omniscient and HUMAN not in self.seats:
            return OMNISCIENT
        return self.viewer

    def _bot_to_move(self) -> bool:
        seat = self._state.current_player()
        return not self._state.is_terminal() and self.seats[seat] != HUMAN

    def _bot(self, seat: int) -> Bot:
        """The bot for `seat`, seeded from the game and the ply: a seeded game replays
        exactly, and after an undo a bot answers as it did before."""
        level = self.seats[seat].split(":", 1)[1]
        if level in self._custom_bots:
            return self._custom_bots[level]
        return self.make_bot(level, seed=hash((self._state.seed, self._state.ply)))

    def _start_bot_if_due(self) -> None:
        if not self._bot_to_move():
            self._worker = None
            return
        bot = self._bot(self._state.current_player())
        self._run_in_background(bot, self.bot_delay, self._bot_answered)

    def _bot_answered(self, action: Any) -> None:
        self._state.apply(action)
        self._changed()

    def _run_in_background(self, bot: Bot, delay: float, done: Callable[[Any], None],
                           visible: bool = True) -> None:
        """Let `bot` think on a copy of the state; `done(action)` runs under the lock
        only if nothing changed meanwhile. `visible` shows it as a bot thinking."""
        generation, cancel, position = self._generation, self._cancel, self._state.clone()
        self.thinking = visible

        def think() -> None:
            if cancel.wait(delay):
                return
            try:
                action = bot.choose(position, Deadline(self.bot_seconds, cancel))
            except Exception as error:  # a bot's failure is reported, never fatal
                with self._lock:
                    if generation == self._generation:
                        self.thinking = False
                        self._notify("error", "bot", message=str(error))
                return
            with self._lock:
                if generation == self._generation and not cancel.is_set():
                    self.thinking = False
                    done(action)

        self._worker = threading.Thread(target=think, daemon=True, name=f"{self.game.name}-bot")
        self._worker.start()

    def _on_seats(self, change: dict) -> None:
        with self._lock:
            if HUMAN in self.seats:
                self.omniscient = False  # a player at the table: no peeking
            self._changed()

    def _on_omniscient(self, change: dict) -> None:
        with self._lock:
            self._publish()

    @traitlets.validate("seats")
    def _check_seats(self, proposal: dict) -> list[str]:
        seats = list(proposal["value"])
        allowed = {HUMAN} | {f"bot:{level}" for level in self.levels or self.bot_levels()}
        if len(seats) != self.game.players or not set(seats) <= allowed:
            raise traitlets.TraitError(
                f"seats must be {self.game.players} values among {sorted(allowed)}, got {seats}")
        return seats

    # -- intents from the browser --------------------------------------------------
    def _on_intent(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            kind = self._check_shape(content)
            with self._lock:
                getattr(self, f"_intent_{kind}")(content)
        except RulesError as error:
            self._notify("error", error.code, message=str(error), **error.params)

    def _check_shape(self, content: Any) -> str:
        if not isinstance(content, dict) or content.get("type") not in self.intents:
            raise IntentError(f"unknown intent {content!r:.80}")
        kind = content["type"]
        for field, kinds in self.intents[kind].items():
            value = content.get(field, ...)
            if (isinstance(value, bool) and kinds is not bool) or not isinstance(value, kinds):
                raise IntentError(f"intent {kind!r} needs a field {field!r} of the right type")
        return kind

    def _intent_act(self, content: dict) -> None:
        state = self._state
        if state.is_terminal():
            raise GameOverError("the game is over", action=content["action"])
        if content["ply"] != state.ply:
            raise RulesError(f"move made at ply {content['ply']}, the game is at ply {state.ply}",
                             action=content["action"]).with_code("stale")
        if self._bot_to_move() or self.thinking or self.review:
            raise RulesError("it is not a human's turn").with_code("not-your-turn")
        if self.curtain is not None:
            raise RulesError("the curtain is down: the player to move must say they are there "
                             "first").with_code("not-your-turn")
        state.apply(content["action"])
        self._changed()

    def _intent_new(self, content: dict) -> None:
        options = content.get("options", {})
        choices = self.option_choices
        if not isinstance(options, dict) or any(
                name not in choices or value not in choices[name] for name, value in options.items()):
            raise IntentError(f"options must be a dict of choices among {choices}")
        self.new_game(options=options)

    def _intent_undo(self, _content: dict) -> None:
        self.undo()

    def _intent_redo(self, _content: dict) -> None:
        self.redo()

    def _intent_hint(self, _content: dict) -> None:
        if self._state.is_terminal():
            raise GameOverError("the game is over")
        if self.hidden_information and self._state.current_player() != self.viewer:
            # a hint names a card of the hand to move: only for the player holding it
            raise RulesError("a hint is for the player to move only").with_code("not-your-turn")
        ply = self._state.ply
        hint_bot = self.make_bot(self.bot_levels()[-1], seed=ply)
        self._run_in_background(
            hint_bot, 0.0, lambda action: self.set_trait("hint", {"action": str(action), "ply": ply}),
            visible=False)

    def _intent_seat(self, content: dict) -> None:
        seats = list(self.seats)
        if not 0 <= content["seat"] < len(seats):
            raise IntentError(f"there is no seat {content['seat']}")
        seats[content["seat"]] = content["value"]
        try:
            self.seats = seats
        except traitlets.TraitError as error:
            raise IntentError(str(error)) from error

    def _intent_lang(self, content: dict) -> None:
        if content["value"] not in ("fr", "en"):
            raise IntentError(f"unknown language {content['value']!r}")
        self.lang = content["value"]

    def _intent_speed(self, content: dict) -> None:
        self.bot_delay = min(max(float(content["value"]), 0.0), MAX_BOT_DELAY)

    def _intent_review(self, content: dict) -> None:
        ply = content["ply"]
        if ply is None:
            self.review = {}
            return
        if not 0 <= ply <= self._state.ply:
            raise IntentError(f"there is no move {ply}")
        past = self._state.replayed(ply)
        self.review = {"ply": ply, "observation": past.observation(self._seat_shown())}

    def _intent_ready(self, _content: dict) -> None:
        if self.curtain is None:
            raise RulesError("no curtain is down").with_code("nothing")
        self._revealed = self.curtain
        self._publish()

    def _intent_omniscient(self, content: dict) -> None:
        if HUMAN in self.seats:
            raise RulesError("the hands stay hidden while a human plays").with_code("hidden")
        self.omniscient = content["value"]

    def _notify(self, level: str, code: str, **params: Any) -> None:
        self._notice_id += 1
        self.notice = {"id": self._notice_id, "level": level, "code": code, "params": params}

    # -- display -------------------------------------------------------------------
    def __repr__(self) -> str:
        state = self._state
        if state.is_terminal():
            winners = [self.names[i] for i, r in enumerate(state.returns()) if r > 0]
            outcome = f"winner={winners[0]!r}" if len(winners) == 1 else "over"
            return f"{type(self).__name__}(turns={state.ply}, {outcome})"
        return (f"{type(self).__name__}(turn={state.ply + 1}, "
                f"to_move={self.names[state.current_player()]!r})")
