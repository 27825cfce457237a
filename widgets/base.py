"""The base every game widget derives from: Python referee, browser view.

The browser writes nothing. Every synced trait is output only: a front-end `update` (which
ipywidgets would otherwise apply to any synced trait) is refused and logged once, and the
truth is sent back. Everything a person can do arrives as an intent (a custom message),
checked strictly (`intents.py`); a refused one changes nothing and raises a `notice` (both
in `referee.py`, shared with the tournament's widget). Which
seat's view is synced is derived from the seats and private state (who has been at the
screen, the curtain), never from a synced value. See docs/protocol.md for the threat model.

Background work is bounded (`tasks.py`): one thread per kind (bot, hint, a game's own
analysis), a new request cancelling the last; a bot that fails, answers nonsense or overruns
its budget is abandoned with a notice and a random legal move is played for it, so a game
never stalls. Any change of game or seats bumps a generation counter: a late answer is dropped.

Games extend the base through the public hooks listed in `GameWidget`'s docstring, never by
overriding its underscore methods (their own `_intent_<type>` handlers excepted).
"""

from __future__ import annotations

import base64
import html
import math
import pathlib
import random
import threading
from collections.abc import Callable
from typing import Any, ClassVar

import anywidget
import traitlets

from ludotheque.engines.bots import Bot, Deadline, as_bot, bots_of
from ludotheque.engines.core import (
    LANGS,
    OMNISCIENT,
    QUOTE,
    Game,
    GameOverError,
    RulesError,
    State,
    check_choice,
    quote,
)

from .arguments import (
    MAX_BOT_DELAY,
    Argument,
    ArgumentError,
    Arguments,
    ArgumentTypeError,
    seats_problem,
)
from .intents import BASE_INTENTS, HIDDEN_INTENTS, Field, IntentError, printable
from .referee import Referee
from .tasks import Abandoned, Overrun, Stuck, TaskSlot, answer_within, in_background

STATIC = pathlib.Path(__file__).parent / "static"
HUMAN = "human"
BASE_ARGUMENTS = ("seats", "seed", "lang", "bot_seconds", "bot_delay", "options")
"""The constructor's own arguments (a game adds `own_arguments`; the engine, start choices)."""
GRACE = 0.5
"""Seconds a bot may overrun its budget before its call is abandoned (plus half the budget)."""
COMPILE_GRACE = 60.0
ROUND_PAUSE = 3.0
"""Seconds a game between bots rests at the end of a round (or the bot delay if longer)."""
"""Built-in bots honour their Deadline but a compiled level may first compile its kernels."""
OUTPUT = (
    "observation",
    "review",
    "viewer",
    "curtain",
    "thinking",
    "hint",
    "notice",
    "levels",
    "names",
    "options",
    "game_info",
    "hidden",
    "can_undo",
    "can_redo",
    "waiting",
    "replaying",
)
"""Synced traits that only the referee writes (from Python too): what the browser reads."""


def picture_html(svg: str, text: str) -> str:
    """An SVG as an HTML image (a data URL), `text` as its alternative for screen readers."""
    encoded = base64.b64encode(svg.encode()).decode()
    return f'<img src="data:image/svg+xml;base64,{encoded}" alt="{html.escape(text)}">'


def bundle(name: str) -> pathlib.Path:
    """The bundled ESM of one game's front-end (built by `npm run build` in js/)."""
    return STATIC / f"{name}.js"


class GameWidget(Referee, anywidget.AnyWidget):
    """A game in a notebook cell, playable by clicks and from Python.

    A game's widget sets `_esm` and `game_class`; everything else about the game (title,
    seat names, options and their labels, bot levels, private information) is read from the
    engine (`Game.describe()`, `engines.bots.bots_of`). It may use these hooks (each
    documented where it is defined):

    - `bot_levels()`, `make_bot(level, seed)`, `choices()`, `default_seats()`: what the seat
      and options menus offer (by default: the engine's);
    - `extra_observation(state, seat)`: its own keys added to the synced observation;
    - `extra_traits(state)`: values of its own synced (output) traits, sent in the same message;
    - `hint_for(position, deadline)`: the hint shown for a position;
    - `picture(observation)`: a static SVG of the position, for wherever no kernel runs;
    - `on_change()`: called after every change of game or seats, before it is published;
    - `next_round_move(state)`: the move that deals the next round, when a round's end is a
      position of its own (Sorcière's `next`), played for a human by `continue`;
    - `browser_new_game(options)`, `browser_undo()`, `browser_redo()`: what those buttons
      do (by default what the Python methods do);
    - `run_task(kind, compute, done)`: any other long computation, bounded like the bots';
    - `refresh()`: publish again after a game's own setting changed;
    - `intents` and `_intent_<type>(content)`: the game's own intents;
    - `own_arguments`: the game's own constructor arguments, checked with the others.

    Every argument of the constructor is checked before anything is made (`arguments.py`):
    a refusal is one line in the widget's language naming the argument, the value and the
    fix, raised from here (an `ArgumentError`, a ValueError; an `ArgumentTypeError`, a
    TypeError), not a traitlets error from deep in ipywidgets.
    """

    game_class: ClassVar[type[Game]]
    intents: ClassVar[dict[str, dict[str, Field]]] = BASE_INTENTS
    """Intent type -> required fields (`intents.Field`); a game adds its own intents by
    extending this dict and defining `_intent_<type>(content)`."""
    own_arguments: ClassVar[dict[str, Argument]] = {}
    """A game's own keyword arguments to the constructor, name -> `Argument` (its type, in
    words, with an example): checked with the base's, then set as the trait of that name
    once the widget is made (Sorcière's `risk_view`)."""
    registry: ClassVar[dict[str, type[GameWidget]]] = {}
    """Game name -> its widget class, filled as game widgets are defined."""

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        if "game_class" in cls.__dict__:
            GameWidget.registry.setdefault(cls.game_class.name, cls)
            if cls.game_class.private_information:
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
    game_info = traitlets.Dict().tag(sync=True)
    """What the UI shows of the game itself: the engine's `Game.describe()` (title, seat
    names, ...), the options this widget offers with the labels of their values, and the bot
    levels with theirs (`{level: {"fr", "en"}}`)."""
    hidden = traitlets.Bool(False).tag(sync=True)
    """The game has private information (hands): the UI offers the curtain and the
    omniscient view. With two or more human seats a curtain hides the screen between turns
    (hot seat); a game between bots shows every hand only when `omniscient` is on."""
    curtain = traitlets.Int(None, allow_none=True).tag(sync=True)
    """Hot seat with secrets: the seat to call to the screen (the observation meanwhile is
    the public one); None when no curtain is down."""
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    """Whether an `undo` / `redo` from the browser would be taken now (the UI disables its
    buttons otherwise): something to take back or replay, no curtain down, not every hand
    shown."""
    waiting = traitlets.Bool(False).tag(sync=True)
    """A round has just ended (and the game goes on), whoever starts the next: the table
    rests on the round's end until someone says `continue`. With a human at the table,
    `continue` goes on (a move of the human to move would too: the UI offers none meanwhile,
    `play()` from Python may); a game between bots goes on by itself
    after `ROUND_PAUSE`; `wait()` from Python goes on when a bot is to start the next round.
    `continue` lets the bot to move start, or gives the table back to the human to move
    (playing for them the game's `next_round_move`, if it has one)."""
    replaying = traitlets.Bool(False).tag(sync=True)
    """The widget shows a recorded game (`replay`): step through it, nobody plays in it."""
    omniscient = traitlets.Bool(False).tag(sync=True)
    """Secrets, no human at the table: show every hand (`observation(OMNISCIENT)`). Allowed
    only in a game that never had a human seat, or once the game is over."""

    def __init__(
        self,
        seats: list[Any] | None = None,
        *more: Any,
        seed: int | None = None,
        lang: str = "fr",
        bot_seconds: float = 1.0,
        bot_delay: float = 0.6,
        options: dict[str, Any] | None = None,
        **start: Any,
    ):
        """`seats`: one per player, each "human", "bot:<level>" or a bot (a function of the
        observation, or a `Bot`); `seed`: the same game every time; `lang`: "fr" or "en";
        `bot_seconds`: a bot's thinking time; `bot_delay`: the pause before its move;
        `options`: the game's options (`game_class.option_specs`); `start`: the engine's
        start choices (`first`...) and the game's `own_arguments`. `more`: nothing (seats
        given without their list are refused, saying so)."""
        try:
            checked = Arguments(self, lang).check(
                seats, more, seed, bot_seconds, bot_delay, options, start, BASE_ARGUMENTS
            )
        except (ArgumentError, ArgumentTypeError) as error:
            raise error.with_traceback(None) from None  # one frame: the widget's own
        self.game = checked.game
        self.bot_seconds = float(bot_seconds)
        warm_up = getattr(bots_of(self.game_class), "warm_up", None)
        if warm_up is not None:  # compiled levels: build them while the user reads the board
            in_background(warm_up, f"{self.game_class.name}-warm-up")
        self._lock = threading.RLock()
        self._generation = 0
        self._slots: dict[str, TaskSlot] = {}
        self._abandoned = Abandoned()
        self._state = checked.state
        self._custom_bots: dict[str, Bot] = {}
        self._levels = tuple(self.bot_levels())
        self._review_ply: int | None = None
        self._went_on: int | None = None  # the ply of the round's end someone said `continue` at
        self._revealed: int | None = None  # the human seat now at the screen (secrets)
        self._seen: set[int] = set()  # seats whose private view was shown in this game
        self._exposed = False  # every hand, or another seat's, was shown in this game
        self._had_human = False  # a human sat at this game (secrets: no omniscient view)
        self._last_viewer: int | None = None
        self._replay_names: list[str] | None = None  # a replay's players, when given
        seat_labels = [self._seat_label(seat) for seat in checked.seats or self.default_seats()]
        self._levels = (*self._levels, *self._custom_bots)
        self._choices = self.choices()
        with self._output():
            super().__init__(
                levels=list(self._levels),
                lang=lang,
                bot_delay=bot_delay,
                seats=seat_labels,
                options=self.game.options,
                game_info=self._game_info(),
                hidden=self.game_class.private_information,
            )
        self._had_human = HUMAN in self.seats
        self.on_msg(self._on_intent)
        self.observe(self._on_seats, names="seats")
        self.observe(lambda _change: self.refresh(), names="lang")
        self.observe(self._on_omniscient, names="omniscient")
        self._changed(moved=False)
        for name, value in checked.own.items():
            setattr(self, name, value)

    # -- what each game provides (by default, what its engine declares) ------------
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

    def next_round_move(self, state: State) -> Any | None:
        """The move that deals the next round at a round's end that is a position of its own
        (Sorcière's `next`), or None (the default: the next round is already dealt). When a
        human is to move there, the `continue` intent plays it for them: one "Next" goes on,
        as when a bot starts the next round."""
        return None

    def browser_new_game(self, options: dict[str, Any]) -> None:
        """A new game asked from the browser, with options already checked."""
        self.new_game(options=options)

    def browser_undo(self) -> None:
        """An undo asked from the browser (the curtain and secrets already checked)."""
        self.undo()

    def browser_redo(self) -> None:
        """A redo asked from the browser (the curtain and secrets already checked)."""
        self.redo()

    def _game_info(self) -> dict[str, Any]:
        """`game_info`: the engine's description, with this widget's options and levels."""
        info = self.game_class.describe()
        specs = self.game_class.option_specs
        labels = bots_of(self.game_class).LEVEL_LABELS
        options = {}
        for name, values in self._choices.items():
            spec = specs.get(name)
            value_labels = dict(spec.choices or {}) if spec else {}
            options[name] = {
                "label": dict(spec.label) if spec else {lang: name for lang in LANGS},
                "default": spec.default if spec else values[0],
                "choices": [
                    {
                        "value": value,
                        "label": dict(
                            value_labels.get(value, {lang: str(value) for lang in LANGS})
                        ),
                    }
                    for value in values
                ],
            }
        levels = {
            level: dict(labels.get(level, {lang: level for lang in LANGS}))
            for level in self._levels
        }
        return {**info, "options": options, "levels": levels}

    def _seat_label(self, seat: Any) -> str:
        """A seat given as "human", "bot:N", or a bot / plain function of the observation
        (registered as an extra level named after it, so a student's bot can take a seat)."""
        if isinstance(seat, str):
            return seat
        for name, known in self._custom_bots.items():  # the same bot in two seats: one level
            if known is seat or getattr(known, "function", None) is seat:
                return f"bot:{name}"
        bot = as_bot(seat)
        name, count = bot.name, 1
        while name in self._custom_bots or name in self._levels:  # two `<lambda>`s, a "2"
            count += 1
            name = f"{bot.name}-{count}"
        self._custom_bots[name] = bot
        return f"bot:{name}"

    # -- Python API for notebooks --------------------------------------------------
    @property
    def state(self) -> State:
        """A copy of the game state (changing it changes nothing here)."""
        with self._lock:
            return self._state.clone()

    def new_game(
        self, seed: int | None = None, options: dict[str, Any] | None = None, **start: Any
    ) -> None:
        """Start again (a new random seed unless given), with changed game `options` if
        given; cancels a thinking bot. Seats follow a change in the number of players."""
        with self._lock:
            game = self.game_class(**{**self.game.options, **(options or {})})
            state = game.new_game(seed, **start)
            self.game, self._state = game, state
            self._seen, self._revealed, self._last_viewer = set(), None, None
            self._exposed, self._went_on = False, None
            self._replay_names = None
            with self._output():
                self.replaying = False
            seats = (list(self.seats) + self.default_seats()[len(self.seats) :])[: game.players]
            self._had_human = HUMAN in seats
            with self._output():
                self.options = game.options
            if seats != self.seats:
                self.seats = seats  # observed: publishes and starts a bot
            else:
                self._changed(moved=False)

    def play(self, action: Any, wait: bool = True) -> None:
        """Play an action (or its text) for whoever is to move; raises RulesError, in the
        widget's language, if the rules refuse it. With `wait` and a human seated, return
        once the bots have replied."""
        with self._lock:
            self._refuse_in_replay("a move")
            try:
                self._state.apply(action)
            except RulesError as error:
                raise error.in_language(self.lang) from None
            self._changed(moved=True)
        if wait and HUMAN in self.seats:
            self.wait()

    def undo(self) -> None:
        """Take back moves until a human is to move again (or the start)."""
        with self._lock:
            self._refuse_in_replay("taking back")
            self._step_back_or_forth(self._state.undo, lambda: bool(self._state.history))

    def redo(self) -> None:
        """Replay moves taken back, up to the next human turn."""
        with self._lock:
            self._refuse_in_replay("replaying moves taken back")
            self._step_back_or_forth(self._state.redo, lambda: bool(self._state.redo_stack))

    def replay(self, record: Any, names: list[str] | None = None) -> None:
        """Show a recorded game to step through: a `State.to_json()` record (a tournament's
        game, a game shared by a student). It opens at the start; the move list and the
        review's arrows walk through it, and nobody plays in it until `new_game()`. A game
        with secrets shows only what a spectator sees; turning `omniscient` on (the
        teacher's "show every hand") shows the hands. `names`: who sat at each seat (a
        tournament's entrants), shown instead of the game's seat names. A record of another
        game, or one the rules refuse, raises ValueError and changes nothing."""
        state = State.from_json(record)
        if state.game.name != self.game.name:
            raise ValueError(f"a record of {quote(state.game.name)}, not of {self.game.name}")
        if names is not None and not (
            isinstance(names, list)
            and len(names) == state.game.players
            and all(isinstance(name, str) for name in names)
        ):
            raise ValueError(f"names must be {state.game.players} texts, one per seat")
        with self._lock:
            self.game, self._state = state.game, state
            self._seen, self._revealed, self._last_viewer = set(), None, None
            self._exposed, self._had_human, self._went_on = False, False, None
            self._review_ply = None  # the last replay's: turning omniscient off publishes
            self._replay_names = None if names is None else [printable(n, QUOTE) for n in names]
            with self._output():
                self.options, self.replaying, self.omniscient = state.game.options, True, False
            with self.hold_sync():  # one message: the game and its first position
                self._changed(moved=False)
                self._review_ply = 0
                self._publish()

    def wait(self, timeout: float = 60.0) -> None:
        """Block until no bot is to move (a human's turn, or the game's end)."""
        deadline = Deadline(timeout)
        while True:
            with self._lock:
                if not self._bot_to_move():
                    return
                if self.waiting:  # a notebook driving the game says `continue` itself
                    self._continue()
            if deadline.expired():
                raise TimeoutError(f"bots still playing after {timeout} s")
            self._slot("bot").join(min(max(deadline.remaining(), 0.01), 0.1))

    def refresh(self) -> None:
        """Publish the view again (after a game's own setting changed)."""
        with self._lock:
            self._publish()

    def run_task(
        self,
        kind: str,
        compute: Callable[[Deadline], Any],
        done: Callable[[Any], None],
        seconds: float | None = None,
        failed: Callable[[], None] | None = None,
    ) -> None:
        """Run `compute(deadline)` in the background, one at a time per `kind` (a new call
        cancels the last); `done(result)` runs under the lock only if the game has not
        changed meanwhile. A failure is reported as a `bot` notice, then `failed()` runs
        (under the lock too). Call it under the lock (from a hook or an intent handler): it
        reads the game's generation."""
        generation, budget = self._generation, seconds or self.bot_seconds

        def work(cancel: threading.Event) -> None:
            try:
                result = compute(Deadline(budget, cancel))
            except Exception as error:  # a computation's failure is reported, never fatal
                with self._lock:
                    if generation == self._generation and not cancel.is_set():
                        self._notify("error", "bot", message=f"{kind}: {error}")
                        if failed is not None:
                            failed()
                return
            with self._lock:
                if generation == self._generation and not cancel.is_set():
                    done(result)

        self._slot(kind).submit(work)

    def close(self) -> None:
        if not hasattr(self, "_lock"):  # arguments refused: nothing was made, no comm opened
            return
        with self._lock:
            self._generation += 1
            for slot in self._slots.values():
                slot.cancel()
        super().close()

    @traitlets.validate(*OUTPUT)
    def _check_output(self, proposal: dict) -> Any:
        return self.referee_only(proposal)

    @traitlets.validate("bot_delay")
    def _check_delay(self, proposal: dict) -> float:
        value = proposal["value"]
        if not math.isfinite(value):
            raise traitlets.TraitError(f"bot_delay must be a finite number, not {value}")
        return min(max(value, 0.0), MAX_BOT_DELAY)

    @traitlets.validate("seats")
    def _check_seats(self, proposal: dict) -> list[str]:
        seats = list(proposal["value"])
        problem = seats_problem(self, seats)
        if problem is not None:
            raise traitlets.TraitError(problem)
        return seats

    @traitlets.validate("omniscient")
    def _check_omniscient(self, proposal: dict) -> bool:
        if proposal["value"] and not self._omniscient_allowed():
            raise traitlets.TraitError(
                "every hand is shown only in a game that never had a human seat, or once it is over"
            )
        return proposal["value"]

    # -- state changes -------------------------------------------------------------
    def _step_back_or_forth(self, step: Callable[[], Any], possible: Callable[[], bool]) -> None:
        if not possible():
            raise RulesError("nothing to take back or replay").with_code("nothing")
        step()
        while (
            possible()
            and not self._state.is_terminal()
            and self._bot_to_move()
            and HUMAN in self.seats
        ):
            step()
        self._changed(moved=False)

    def _changed(self, moved: bool, same_position: bool = False) -> None:
        """After any change of game or seats: stop stale work, publish in one message,
        start a bot. After a move the seat at the screen keeps it if it is to move again;
        any other change (undo, redo, seats, new game) forgets who was there. A change of
        seats (`same_position`) keeps a round's end that someone already went on from."""
        if not same_position:
            self._went_on = None
        self._generation += 1
        for slot in self._slots.values():
            slot.cancel()
        if not moved or self._revealed != self._state.current_player():
            self._revealed = None
        self._review_ply = None
        self.on_change()
        with self.hold_sync():
            with self._output():
                self.hint, self.review = {}, {}
                self.waiting = self._rests()
                self.thinking = self._bot_to_move() and not self.waiting
            self._publish()
        self._start_bot_if_due()

    def _rests(self) -> bool:
        """The table rests on a round's end: the last move ended a round, the game goes on,
        and nobody has said `continue` there yet (a recorded game never rests)."""
        state = self._state
        return (
            not self.replaying
            and state.round_ended()
            and not state.is_terminal()
            and self._went_on != state.ply
        )

    def _continue(self) -> None:
        """Go on after a round's end: the bot to move starts the next round; a human to move
        has the table back, with the next round dealt for them if the game has a move for it."""
        self._went_on = self._state.ply
        if not self._bot_to_move():
            move = self.next_round_move(self._state)
            if move is not None:
                self._state.apply(move)
                self._changed(moved=True)
                return
        with self.hold_sync(), self._output():
            self.waiting, self.thinking = False, self._bot_to_move()
        self._start_bot_if_due()

    def _view(self) -> tuple[int | None, int | None]:
        """(viewer, curtain) from the seats and private state, never from a synced value."""
        if self.replaying:  # a spectator of a recorded game
            return None, None
        humans = [i for i, seat in enumerate(self.seats) if seat == HUMAN]
        to_move = self._state.current_player()
        if not self.game_class.private_information:
            if len(humans) == 1:
                return humans[0], None
            if to_move in humans:
                return to_move, None
            return (self._last_viewer if self._last_viewer in humans else None), None
        candidate = humans[0] if len(humans) == 1 else to_move if to_move in humans else None
        if candidate is None:
            return None, None
        own_game = len(humans) == 1 and self._seen <= {candidate}
        if candidate == self._revealed or own_game:
            self._revealed = candidate
            return candidate, None
        return None, candidate

    def _publish(self) -> None:
        viewer, curtain = self._view()
        if viewer is not None:
            self._seen.add(viewer)
            self._last_viewer = viewer
        if self.omniscient and not self._omniscient_allowed():
            with self._output():
                self.omniscient = False
        # one message: never a private view under a lifted curtain
        with self.hold_sync(), self._output():
            self.names = self._replay_names or list(
                self.game_class.seat_names[self.lang][: self.game.players]
            )
            self.viewer, self.curtain = viewer, curtain
            open_to_change = curtain is None and not (
                self.game_class.private_information and self._exposed
            )
            open_to_change = open_to_change and not self.replaying
            self.can_undo = open_to_change and bool(self._state.history)
            self.can_redo = open_to_change and bool(self._state.redo_stack)
            seat = self._seat_shown()
            self._exposed |= seat == OMNISCIENT
            self.observation = {
                **self._state.observation(seat),
                **self.extra_observation(self._state, seat),
            }
            for name, value in self.extra_traits(self._state).items():
                setattr(self, name, value)
            if self._review_ply is not None:  # the position looked back at, as seen now
                past = self._state.replayed(self._review_ply)
                self.review = {"ply": self._review_ply, "observation": past.observation(seat)}

    def _seat_shown(self) -> Any:
        """The seat whose observation is synced: the viewer, or OMNISCIENT for a spectator of
        bots who turned the omniscient view on."""
        if self.viewer is None and self.omniscient and self._omniscient_allowed():
            return OMNISCIENT
        return self.viewer

    def _omniscient_allowed(self) -> bool:
        if self.replaying:  # a recorded game: its players are not at this table
            return True
        return HUMAN not in self.seats and (not self._had_human or self._state.is_terminal())

    def _bot_to_move(self) -> bool:
        if self.replaying:
            return False
        seat = self._state.current_player()
        return not self._state.is_terminal() and self.seats[seat] != HUMAN

    def _slot(self, kind: str) -> TaskSlot:
        if kind not in self._slots:
            self._slots[kind] = TaskSlot(f"{self.game.name}-{kind}")
        return self._slots[kind]

    def _bot(self, level: str, position: State) -> Bot:
        """The bot playing `level` in `position`, seeded from the game and the ply: a seeded
        game replays exactly, and after an undo a bot answers as it did before."""
        if level in self._custom_bots:
            return self._custom_bots[level]
        return self.make_bot(level, seed=hash((position.seed, position.ply)))

    def _start_bot_if_due(self) -> None:
        if not self._bot_to_move():
            return
        if self.waiting:
            if HUMAN not in self.seats:
                self._rest_then_continue()
            return
        generation = self._generation
        seat, delay = self._state.current_player(), self.bot_delay
        level = self.seats[seat].split(":", 1)[1]

        def work(cancel: threading.Event) -> None:
            # The bot's copy of the position is made here, after the pause: made where the
            # move is published, its deep copy (1.5-3 ms) held the kernel's thread while the
            # move's message waited to be sent.
            with self._lock:
                if generation != self._generation or cancel.is_set():
                    return
                position = self._state.clone()
            action, failure = self._bot_answer(seat, level, position, cancel)
            with self._lock:
                if generation != self._generation or cancel.is_set():
                    return
                if failure is not None:
                    self._notify("error", "bot", message=failure, seat=seat)
                    action = random.Random(hash((position.seed, position.ply, "fallback"))).choice(
                        position.legal_actions()
                    )
                self._state.apply(action)
                self._changed(moved=True)

        self._slot("bot").submit(work, after=delay)

    def _rest_then_continue(self) -> None:
        """Between bots, the round's end stays on screen for a clear pause."""
        generation, pause = self._generation, max(self.bot_delay, ROUND_PAUSE)

        def work(cancel: threading.Event) -> None:
            with self._lock:
                if generation == self._generation and not cancel.is_set() and self.waiting:
                    self._continue()

        self._slot("pause").submit(work, after=pause)

    def _bot_answer(
        self, seat: int, level: str, position: State, cancel: threading.Event
    ) -> tuple[Any, str | None]:
        """The bot's checked answer, or None and why it failed (a failure, an overrun, an
        answer that is not a legal action)."""

        def legal(answer: Any) -> Any:
            action = position.game.canonical(answer)
            if not position.is_legal(action):
                raise IllegalAnswer(f"answered {quote(answer)}, not a legal move now")
            return action

        try:
            bot = self._bot(level, position)
            custom = level in self._custom_bots
            limit = self.bot_seconds * 1.5 + (GRACE if custom else COMPILE_GRACE)
            action = answer_within(
                bot,
                position.clone(),
                self.bot_seconds,
                limit,
                cancel,
                self._abandoned,
                key=level,
                check=legal,
                trusted=not custom,
            )
            if cancel.is_set():
                return None, None
            return action, None
        except (Overrun, Stuck) as error:
            return None, f"{self.names[seat]}: {error}; a random legal move was played"
        except Exception as error:  # whatever a bot raises is reported, never fatal
            return None, (
                f"{self.names[seat]}: {type(error).__name__}: "
                f"{printable(str(error), 120)}; a random legal move was played"
            )

    def _on_seats(self, change: dict) -> None:
        with self._lock:
            in_person = {i for i, seat in enumerate(change["old"] or []) if seat == HUMAN}
            if in_person != {i for i, seat in enumerate(self.seats) if seat == HUMAN}:
                self._exposed |= bool(self._seen)  # a side switched after a hand was shown
            if HUMAN in self.seats:
                self._had_human = True
            self._changed(moved=False, same_position=True)

    def _on_omniscient(self, change: dict) -> None:
        with self._lock:
            self._publish()

    # -- intents from the browser --------------------------------------------------
    def _refuse_under_curtain(self, what: str) -> None:
        if self.curtain is not None:
            raise RulesError(
                f"the curtain is down: {what} waits until the player to move says they are there"
            ).with_code("not-your-turn")

    def _intent_act(self, content: dict) -> None:
        state = self._state
        if state.is_terminal():
            raise GameOverError("the game is over", action=content["action"])
        if content["ply"] != state.ply:
            raise RulesError(
                f"move made at ply {quote(content['ply'])}, the game is at ply {state.ply}",
                action=content["action"],
            ).with_code("stale")
        self._refuse_in_replay("a move")
        if self._bot_to_move() or self._review_ply is not None:
            raise RulesError("it is not a human's turn").with_code("not-your-turn")
        self._refuse_under_curtain("a move")
        state.apply(content["action"])
        self._changed(moved=True)

    def _intent_new(self, content: dict) -> None:
        self.browser_new_game(self.checked_options(content.get("options", {})))

    def checked_options(self, options: Any) -> dict[str, Any]:
        """`options` from the browser, each among `choices()` with the very same type."""
        choices = self._choices
        if type(options) is not dict or not set(options) <= set(choices):
            raise IntentError(f"options must be an object of choices among {choices}")
        try:
            for name, value in options.items():
                check_choice(name, value, choices[name])
        except ValueError as error:
            raise IntentError(str(error)) from None
        return options

    def _refuse_in_replay(self, what: str) -> None:
        if self.replaying:
            raise RulesError(f"this is a recorded game: {what} waits for a new game").with_code(
                "replay"
            )

    def _intent_undo(self, _content: dict) -> None:
        self._refuse_in_replay("taking back")
        self._refuse_under_curtain("taking back")
        self._refuse_once_exposed("taking back")
        self.browser_undo()

    def _intent_redo(self, _content: dict) -> None:
        self._refuse_in_replay("replaying moves taken back")
        self._refuse_under_curtain("replaying")
        self._refuse_once_exposed("replaying")
        self.browser_redo()

    def _refuse_once_exposed(self, what: str) -> None:
        """Every hand (or the other side's) was shown: going back would replay it known."""
        if self.game_class.private_information and self._exposed:
            raise RulesError(
                f"every hand has been shown in this game: {what} would replay it with the cards "
                "known; start a new game"
            ).with_code("hidden")

    def _intent_hint(self, _content: dict) -> None:
        state = self._state
        if state.is_terminal():
            raise GameOverError("the game is over")
        self._refuse_in_replay("a hint")
        self._refuse_under_curtain("a hint")
        to_move = state.current_player()
        if self.seats[to_move] != HUMAN or (
            self.game_class.private_information and to_move != self.viewer
        ):
            # a hint names a card of the hand to move: only for the player holding it
            raise RulesError("a hint is for the player to move only").with_code("not-your-turn")
        position = state.clone()
        self.run_task(
            "hint",
            lambda deadline: self.hint_for(position, deadline),
            lambda hint: self._show_hint({**hint, "ply": position.ply}),
        )

    def _show_hint(self, hint: dict) -> None:
        with self._output():
            self.hint = hint

    def _intent_seat(self, content: dict) -> None:
        seats = list(self.seats)
        if not 0 <= content["seat"] < len(seats):
            raise IntentError(f"there is no seat {quote(content['seat'])}")
        self._refuse_in_replay("changing seats")
        self._refuse_under_curtain("changing seats")
        seats[content["seat"]] = content["value"]
        allowed = {HUMAN} | {f"bot:{level}" for level in self._levels}
        if content["value"] not in allowed:
            raise IntentError(f"a seat is one of {sorted(allowed)}, not {quote(content['value'])}")
        humans_change = (seats[content["seat"]] == HUMAN) != (self.seats[content["seat"]] == HUMAN)
        if (
            self.game_class.private_information
            and humans_change
            and (self._seen or self._exposed)
            and not self._state.is_terminal()
        ):
            raise RulesError(
                "in a game with secrets, who plays in person is fixed once a "
                "hand has been shown: start a new game to change it"
            ).with_code("hidden")
        self.seats = seats

    def _intent_lang(self, content: dict) -> None:
        if content["value"] not in ("fr", "en"):
            raise IntentError(f"unknown language {quote(content['value'])}")
        self.lang = content["value"]

    def _intent_speed(self, content: dict) -> None:
        value = content["value"]  # finite, checked by its field
        self.bot_delay = float(min(max(value, 0), MAX_BOT_DELAY))

    def _intent_review(self, content: dict) -> None:
        ply = content["ply"]
        if ply is None:
            self._review_ply = None
            with self._output():
                self.review = {}
            return
        self._refuse_under_curtain("looking back")
        if not 0 <= ply <= self._state.ply:
            raise IntentError(f"there is no move {quote(ply)}")
        self._review_ply = ply
        self._publish()

    def _intent_continue(self, _content: dict) -> None:
        if not self.waiting:
            raise RulesError("no round's end is waiting to go on").with_code("not-waiting")
        self._continue()

    def _intent_ready(self, _content: dict) -> None:
        if self.curtain is None:
            raise RulesError("no curtain is down").with_code("nothing")
        self._revealed = self.curtain
        self._publish()

    def _intent_omniscient(self, content: dict) -> None:
        if content["value"] and not self._omniscient_allowed():
            raise RulesError(
                "every hand is shown only in a game that never had a human seat, or once it is over"
            ).with_code("hidden")
        self.omniscient = content["value"]

    # -- display -------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live view, its text, and the game's static picture of the position as anyone
        may see it (the public observation, whoever sits at the table): as SVG, and as an
        HTML image of it, since a notebook JupyterLab does not trust (a fresh clone) shows
        only sanitized HTML, which keeps an image but drops SVG."""
        shown = super()._repr_mimebundle_(**kwargs)
        if shown is not None:
            data, metadata = shown
            with self._lock:
                svg = self.picture(self._state.observation(None))
            if svg is not None:
                data = {**data, "image/svg+xml": svg, "text/html": picture_html(svg, repr(self))}
            shown = data, metadata
        return shown

    def __repr__(self) -> str:
        state = self._state
        if state.is_terminal():
            winners = [self.names[i] for i, r in enumerate(state.returns()) if r > 0]
            outcome = f"winner={winners[0]!r}" if len(winners) == 1 else "over"
            return f"{type(self).__name__}(turns={state.ply}, {outcome})"
        return (
            f"{type(self).__name__}(turn={state.ply + 1}, "
            f"to_move={self.names[state.current_player()]!r})"
        )


class IllegalAnswer(RulesError):
    """A bot answered something that is not a legal action now."""

    code = "bot"
