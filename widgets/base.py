"""The base every game widget derives from: a view of one referee's table in a notebook cell.

The referee is `engines.table.Table`, plain Python: the position, the seats, who watches,
the curtain, who may act, the bots. The widget holds one Table for the person at its screen,
syncs each `View` the table publishes as traits in one message, and turns the browser's
intents into the table's calls. The browser writes nothing: every synced trait is output
only (a front-end `update` is refused and logged once, the truth sent back), and an intent
is checked strictly (`intents.py`) before the table checks it against the rules; a refused
one changes nothing and raises a `notice` (`referee.py`, shared with the tournament's
widget). See docs/protocol.md for the threat model.

Games extend the base through the public hooks listed in `GameWidget`'s docstring, never by
overriding its underscore methods (their own `_intent_<type>` handlers excepted).
"""

from __future__ import annotations

import base64
import html
import json
import math
import pathlib
import sys
import warnings
from collections.abc import Callable
from typing import Any, ClassVar

import anywidget
import traitlets

from ludotheque.engines.bots import Bot, Deadline, bots_of
from ludotheque.engines.core import QUOTE, Game, RulesError, State, quote
from ludotheque.engines.table import HUMAN, Table
from ludotheque.engines.table_view import View
from ludotheque.engines.tasks import in_background

from .arguments import (
    MAX_BOT_DELAY,
    Argument,
    ArgumentError,
    Arguments,
    ArgumentTypeError,
    seats_problem,
)
from .base_intents import BaseIntents
from .hooks import GameHooks
from .intents import BASE_INTENTS, HIDDEN_INTENTS, Field, printable
from .menus import game_info, seat_label
from .referee import Referee

STATIC = pathlib.Path(__file__).parent / "static"
JOIN_VIA = ("browser", "kernel") if sys.platform == "emscripten" else ("kernel", "browser")
"""How a widget reaches a table server, its default first: the offline site's Python has no
sockets, its page relays (tables/relay.py)."""
BASE_ARGUMENTS = ("seats", "seed", "lang", "bot_seconds", "bot_delay", "options")
"""The constructor's own arguments (a game adds `own_arguments`; the engine, start choices)."""
VIEW_TRAITS: list[str] = json.loads(
    (pathlib.Path(__file__).parent / "view_traits.json").read_text()
)
"""Every trait a game's front-end reads, in one list that js/src/kit/view.js imports too."""
SET_FROM_PYTHON = ("seats", "lang", "bot_delay", "omniscient")
"""Synced traits a notebook may set (each checked, then handed to the table); the browser
asks for them through intents. Every other synced trait is written by the referee only."""
OUTPUT = tuple(name for name in VIEW_TRAITS if name not in SET_FROM_PYTHON)


def picture_html(svg: str, text: str) -> str:
    """An SVG as an HTML image (a data URL), `text` as its alternative for screen readers."""
    encoded = base64.b64encode(svg.encode()).decode()
    return f'<img src="data:image/svg+xml;base64,{encoded}" alt="{html.escape(text)}">'


class UnbuiltFrontEnd(UserWarning):
    """A widget's front-end bundle is missing: that widget says so, the others load."""


def bundle(name: str) -> pathlib.Path | str:
    """The bundled ESM of one game's front-end (built by `npm run build` in js/, which
    `make setup` runs). Where it was not built, a warning and a front-end that says what to
    run: one game without its bundle must not stop `import ludotheque.widgets` for all."""
    path = STATIC / f"{name}.js"
    if path.is_file():
        return path
    advice = f"The front-end of {name} is not built ({path.name} missing): run `make setup`."
    warnings.warn(advice, UnbuiltFrontEnd, stacklevel=2)
    return f"export default {{ render({{ el }}) {{ el.textContent = {json.dumps(advice)}; }} }};"


class GameWidget(Referee, GameHooks, BaseIntents, anywidget.AnyWidget):
    """A game in a notebook cell, playable by clicks and from Python.

    A game's widget sets `_esm` and `game_class`; everything else about the game (title,
    seat names, options and their labels, bot levels, private information) is read from the
    engine (`Game.describe()`, `engines.bots.bots_of`). It extends the base through the
    hooks of `hooks.GameHooks`, its own intents and `own_arguments`.

    `table` is the referee (`engines.table.Table`); `_lock` is its lock.

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
    private_information = traitlets.Bool(False).tag(sync=True)
    """The game has private information (hands): the UI offers the curtain and the
    omniscient view. With two or more human seats a curtain hides the screen between turns
    (hot seat); a game between bots shows every hand only when `omniscient` is on."""
    curtain = traitlets.Int(None, allow_none=True).tag(sync=True)
    """Hot seat with secrets: the seat to call to the screen (the observation meanwhile is
    the public one); None when no curtain is down."""
    can_act = traitlets.Bool(False).tag(sync=True)
    """The person at the screen may move now (`View.can_act`): the UI offers moves only then."""
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    """Whether an `undo` / `redo` from the browser would be taken now (the UI disables its
    buttons otherwise): something to take back or replay, no curtain down, not every hand
    shown."""
    waiting = traitlets.Bool(False).tag(sync=True)
    """A round has just ended (and the game goes on), whoever starts the next: the table
    rests on the round's end until someone says `continue`. With a human at the table,
    `continue` goes on (a move of the human to move would too: the UI offers none meanwhile,
    `play()` from Python may); a game between bots goes on by itself after
    `table.ROUND_PAUSE`; `wait()` from Python goes on when a bot is to start the next round.
    `continue` lets the bot to move start, or gives the table back to the human to move
    (playing for them the game's `State.next_round_move`, if it has one)."""
    replaying = traitlets.Bool(False).tag(sync=True)
    """The widget shows a recorded game (`replay`): step through it, nobody plays in it."""
    game_review = traitlets.Dict().tag(sync=True)
    """A finished game's review, asked with the `game_review` intent (`View.game_review`)."""
    relay = traitlets.Unicode("").tag(sync=True)
    """A table server's address whose WebSocket the front-end opens and relays for this
    seat (`join_via="browser"`); "" for every other widget."""
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
        join: str | None = None,
        join_via: str = JOIN_VIA[0],
        **start: Any,
    ):
        """`seats`: one per player, each "human", "bot:<level>" or a bot (a function of the
        observation, or a `Bot`); `seed`: the same game every time; `lang`: "fr" or "en";
        `bot_seconds`: a bot's thinking time; `bot_delay`: the pause before its move;
        `options`: the game's options (`game_class.option_specs`); `start`: the engine's
        start choices (`first`...) and the game's `own_arguments`. `more`: nothing (seats
        given without their list are refused, saying so). `join`: a seat's link at a table
        server (docs/tables.md) instead of a game here: the server referees, and this
        widget shows that seat's view only (`RemoteTable`); `join_via`: "kernel" (this
        Python's socket) or "browser" (the page's WebSocket, relayed: the offline site's
        way, its default)."""
        if join is not None:
            given = (seats, seed, options) != (None, None, None) or bool(more or start)
            self._join(join, join_via, lang, given=given)
            return
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
        self._custom_bots: dict[str, Bot] = {}
        self._levels = tuple(self.bot_levels())
        seat_labels = [
            seat_label(seat, self._custom_bots, self._levels)
            for seat in checked.seats or self.default_seats()
        ]
        self._levels = (*self._levels, *self._custom_bots)
        self._choices = self.choices()
        self.table = Table(
            checked.state,
            seat_labels,
            levels=self._levels,
            publish=self._show,
            notify=self._notify,
            hooks=self,
            custom_bots=self._custom_bots,
            lang=lang,
            bot_seconds=self.bot_seconds,
            bot_delay=min(max(bot_delay, 0.0), MAX_BOT_DELAY),
        )
        self._lock = self.table.lock
        self._open(lang, bot_delay, seat_labels)
        for name, value in checked.own.items():
            setattr(self, name, value)

    def _join(self, join: str, via: str, lang: str, given: bool) -> None:
        """Sit at a remote table: the game, its options and seats are the server's. `via`
        "kernel": this Python's socket, the first view awaited here; "browser": the
        front-end's WebSocket, relayed (the offline site), the first view after the cell."""
        if given:
            raise ArgumentError(
                "join: a table server's seat brings its own game, seats and options; "
                "give only join= (and join_via=, lang=)"
            )
        if via not in JOIN_VIA:
            raise ArgumentError(f"join_via: one of {', '.join(JOIN_VIA)}, not {quote(via)}")
        from ludotheque.tables.remote_table import RemoteTable

        try:
            self.table = RemoteTable(
                join,
                self.game_class.name,
                publish=self._show,
                notify=self._notify,
                relay=self.send if via == "browser" else None,
            )
        except ModuleNotFoundError as missing:  # the `tables` extra
            raise ArgumentError(
                f"join: a table server's client needs {missing.name} (pip install "
                "'ludotheque[tables]'), or join_via='browser'"
            ) from None
        except ValueError as wrong:  # a link of another game, or no link at all
            raise ArgumentError(str(wrong)) from None
        self.game = self.game_class(**self.table.options)
        self.bot_seconds = 1.0
        self._custom_bots = {}
        self._levels = tuple(self.bot_levels())
        self._choices = self.choices()
        self._lock = self.table.lock
        seats = self.table.seats or [HUMAN] * self.game.players  # the server's, when they come
        self._open(lang, 0.0, seats, relay=self.table.address if via == "browser" else "")

    def _open(
        self, lang: str, bot_delay: float, seats: list[str], relay: str | None = None
    ) -> None:
        """The comm opened with the first traits, then the table started (its first view).
        `relay`: a remote table's ("" through the kernel's socket, the server's address
        through the page's): `game_info.remote` tells the page to offer only what such a
        table does."""
        with self._output():
            super().__init__(
                relay=relay or "",
                levels=list(self._levels),
                lang=lang,
                bot_delay=bot_delay,
                seats=seats,
                options=self.game.options,
                game_info={
                    **game_info(self.game_class, self._choices, self._levels),
                    "remote": relay is not None,
                },
                private_information=self.game_class.private_information,
            )
        self.on_msg(self._on_intent)
        self.observe(self._on_seats, names="seats")
        self.observe(self._on_lang, names="lang")
        self.observe(self._on_bot_delay, names="bot_delay")
        self.observe(self._on_omniscient, names="omniscient")
        self.table.start()

    # -- Python API for notebooks --------------------------------------------------
    @property
    def state(self) -> State:
        """A copy of the game state (changing it changes nothing here)."""
        return self.table.state

    def new_game(
        self, seed: int | None = None, options: dict[str, Any] | None = None, **start: Any
    ) -> None:
        """Start again (a new random seed unless given), with changed game `options` if
        given; cancels a thinking bot. Seats follow a change in the number of players."""
        with self._lock:
            game = self.game_class(**{**self.game.options, **(options or {})})
            state = game.new_game(seed, **start)
            self.game = game
            seats = (list(self.seats) + self.default_seats()[len(self.seats) :])[: game.players]
            self.table.new_game(state, seats)

    def play(self, action: Any, wait: bool = True) -> None:
        """Play an action (or its text) for whoever is to move; raises RulesError, in the
        widget's language, if the rules refuse it. With `wait` and a human seated, return
        once the bots have replied."""
        try:
            self.table.play(action)
        except RulesError as error:
            raise error.in_language(self.lang) from None
        if wait and HUMAN in self.seats and self.table.can_wait:
            self.wait()

    def undo(self) -> None:
        """Take back moves until a human is to move again (or the start)."""
        self.table.undo()

    def redo(self) -> None:
        """Replay moves taken back, up to the next human turn."""
        self.table.redo()

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
            self.game = state.game
            shown = None if names is None else [printable(name, QUOTE) for name in names]
            with self.hold_sync():  # one message: the game and its first position
                self.table.replay(state, shown)

    def wait(self, timeout: float = 60.0) -> None:
        """Block until no bot is to move (a human's turn, or the game's end)."""
        self.table.wait(timeout)

    def refresh(self) -> None:
        """Publish the view again (after a game's own setting changed)."""
        self.table.refresh()

    def run_task(
        self,
        kind: str,
        compute: Callable[[Deadline], Any],
        done: Callable[[Any], None],
        seconds: float | None = None,
        failed: Callable[[], None] | None = None,
    ) -> None:
        """Run `compute(deadline)` in the background, bounded like the bots
        (`Table.run_task`); call it under the lock, from a hook or an intent handler."""
        self.table.run_task(kind, compute, done, seconds, failed)

    def close(self) -> None:
        if hasattr(self, "table"):  # else the arguments were refused: no comm was opened
            self.table.close()
            super().close()

    # -- what is synced ------------------------------------------------------------
    def _show(self, view: View) -> None:
        """The table's view as traits, in one message (never a private view under a lifted
        curtain); the game's own traits with it."""
        if not isinstance(self.table, Table) and view.options != self.game.options:
            self.game = self.game_class(**view.options)  # the first view relayed by the page
        with self.hold_sync(), self._output():
            self.names, self.options = view.names, view.options
            if view.seats != self.seats:
                self.seats = view.seats
            self.viewer, self.curtain = view.viewer, view.curtain
            self.thinking, self.waiting = view.thinking, view.waiting
            self.can_act, self.can_undo, self.can_redo = view.can_act, view.can_undo, view.can_redo
            self.replaying, self.omniscient = view.replaying, view.omniscient
            self.observation, self.review, self.hint = view.observation, view.review, view.hint
            self.game_review = view.game_review
            if isinstance(self.table, Table):  # a remote table's game is the server's
                for name, value in self.extra_traits(self.table.live).items():
                    setattr(self, name, value)

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
        if proposal["value"] and not self.table.omniscient_allowed():
            raise traitlets.TraitError(
                "every hand is shown only in a game that never had a human seat, or once it is over"
            )
        return proposal["value"]

    def _on_seats(self, change: dict) -> None:
        if list(change["new"]) != self.table.seats:
            self.table.change_seats(list(change["new"]))

    def _on_lang(self, change: dict) -> None:
        self.table.set_lang(change["new"])

    def _on_bot_delay(self, change: dict) -> None:
        self.table.bot_delay = change["new"]

    def _on_omniscient(self, change: dict) -> None:
        if change["new"] != self.table.omniscient:
            self.table.set_omniscient(change["new"])

    # -- display -------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live view, its text, and the game's static picture of the position as anyone
        may see it (the public observation, whoever sits at the table): as SVG, and as an
        HTML image of it, since a notebook JupyterLab does not trust (a fresh clone) shows
        only sanitized HTML, which keeps an image but drops SVG. A seat joined through the
        page has no position yet when shown: the live view only."""
        shown = super()._repr_mimebundle_(**kwargs)
        public = self.table.public_observation()
        if shown is not None and public:  # none before a table server's first view
            data, metadata = shown
            svg = self.picture(public)
            if svg is not None:
                data = {**data, "image/svg+xml": svg, "text/html": picture_html(svg, repr(self))}
            shown = data, metadata
        return shown

    def __repr__(self) -> str:
        seen = self.observation
        if "ply" not in seen:  # refused before its first view
            return f"{type(self).__name__}()"
        if seen["terminal"]:
            winners = [self.names[i] for i, r in enumerate(seen["returns"]) if r > 0]
            outcome = f"winner={winners[0]!r}" if len(winners) == 1 else "over"
            return f"{type(self).__name__}(turns={seen['ply']}, {outcome})"
        return (
            f"{type(self).__name__}(turn={seen['ply'] + 1}, "
            f"to_move={self.names[seen['to_move']]!r})"
        )
