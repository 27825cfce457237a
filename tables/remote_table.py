"""A table at a table server, as a game widget holds it (`GameWidget(join=link)`): the same
calls as `engines.table.Table`, answered by the server for this seat only.

The connection is a socket of the kernel's own (`client.RemoteSeat`: a move waits for its
answer; views are published from a thread of their own) or the browser's, relayed by the
widget's front-end (`relay.RelayedSeat`: the offline site; nothing waits, every view and
answer is published as it is relayed).

The widget stays a view: every view the server sends this seat (`Table.view_for`) is
published as a local table publishes its own, so the kernel never holds another seat's
secret. Moves go to the server and are answered there (a refusal is raised as the server
worded it, with its code); what a table of several screens does not offer yet (taking
back, hints, reviews, changing seats, a new game, showing every hand) is refused with the
code `remote-table`.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from ludotheque.engines.core import RulesError, quote
from ludotheque.engines.table_view import View

from .relay import RelayedSeat

if TYPE_CHECKING:
    from .client import RemoteSeat

log = logging.getLogger("ludotheque.tables")


class RemoteTable:
    """This seat's side of a remote table of `game`; `publish(view)` gets each view the
    server sends, `notify(level, code, **params)` its notices. `relay`: the widget's custom
    messages to its front-end, which then holds the connection (None: this Python's own
    socket, and the first view is awaited here)."""

    def __init__(
        self,
        join: str,
        game: str,
        publish: Callable[[View], None],
        notify: Callable[..., None],
        relay: Callable[[dict[str, Any]], None] | None = None,
        timeout: float = 10.0,
    ):
        self.lock = threading.RLock()
        self.publish, self.notify = publish, notify
        self.bot_delay = 0.0
        self.omniscient = False
        self.game = game
        self._shown: dict[str, Any] | None = None
        self._notices: deque[dict[str, Any]] = deque(maxlen=16)
        self._fresh = threading.Event()
        self._closed = False
        self._seat: RemoteSeat | RelayedSeat
        if relay is not None:
            self._seat = RelayedSeat(join, relay)
            self._seat.on_view, self._seat.on_notice = self._on_relayed_view, self._tell
            return
        from .client import RemoteSeat  # the `websockets` library: not in the offline site

        self._seat = RemoteSeat(join, timeout=timeout, on_view=self._on_view)
        self._seat.on_notice = self._on_notice
        wrong = self._wrong_game()
        if wrong is not None:
            self._seat.close()
            raise ValueError(wrong)
        self._publisher = threading.Thread(
            target=self._publish_fresh, daemon=True, name="ludotheque-remote-view"
        )

    @property
    def address(self) -> str:
        """The table server's address (no token: that travels in the first message)."""
        return self._seat.address

    @property
    def relayed_by_browser(self) -> bool:
        return isinstance(self._seat, RelayedSeat)

    @property
    def can_wait(self) -> bool:
        """Whether Python can wait for the table (not through the browser: nothing blocks
        in the offline site, whose Python has one thread)."""
        return not self.relayed_by_browser

    # -- what the seat knows -------------------------------------------------------------
    def _wrong_game(self) -> str | None:
        view = self._seat.known.view
        if view is None or view["observation"]["game"] == self.game:
            return None
        return (
            f"join: this link is a seat at a table of {quote(view['observation']['game'])}, "
            f"not of {self.game}"
        )

    @property
    def connected(self) -> bool:
        """The server's first view has come (through the browser it comes after the cell)."""
        return self._seat.known.view is not None

    @property
    def options(self) -> dict[str, Any]:
        view = self._seat.known.view
        return {} if view is None else dict(view["options"])

    @property
    def seats(self) -> list[str]:
        view = self._seat.known.view
        return [] if view is None else list(view["seats"])

    @property
    def seat(self) -> int | None:
        return self._seat.known.seat

    @property
    def state(self) -> NoReturn:
        raise RuntimeError(
            "a remote table's game stays on the table server (its seed and the other hands "
            "with it): read .observation"
        )

    def public_observation(self) -> dict[str, Any]:
        return dict(self._seat.known.public)

    def omniscient_allowed(self) -> bool:
        return False

    # -- what it does ----------------------------------------------------------------------
    def start(self) -> None:
        self.refresh()
        if not self.relayed_by_browser:
            self._publisher.start()

    def play(self, action: Any) -> None:
        """Play `action` for this seat and wait for the server's answer (its view, shown);
        through the browser, send it (its view or its refusal comes later)."""
        self.act(action, None)

    def act(self, action: Any, ply: Any) -> None:
        try:
            self._seat.play(str(action), ply=ply)
        except (ConnectionError, TimeoutError) as lost:
            raise RulesError(
                f"the table server does not answer ({lost}); it may be restarting: try again"
            ).with_code("server-away") from None
        self._publish_latest()  # the view came before the answer: shown with the move

    def go_on(self) -> None:
        self._seat.go_on()

    def wait(self, timeout: float = 60.0) -> None:
        """Until no bot is to move (as a local table waits), not for the other person."""
        if isinstance(self._seat, RelayedSeat):
            raise RuntimeError(
                "a table joined through the browser cannot be waited for from Python (the "
                "offline site's Python has one thread): the widget shows each move as it "
                "comes; read .observation in a later cell"
            )
        self._seat.wait_bots(timeout)

    def relayed(self, event: str, screen: str, text: Any = None) -> None:
        """What the widget's front-end relays (the `relay` intent)."""
        if not isinstance(self._seat, RelayedSeat):
            raise RulesError("this table is not joined through the browser").with_code("malformed")
        self._seat.relayed(event, screen, text)

    def refresh(self) -> None:
        with self.lock:
            self._shown = None
            self._publish_latest()

    def set_lang(self, lang: str) -> None:
        """The language is the screen's own (names come from the server)."""

    def close(self) -> None:
        self._closed = True
        self._fresh.set()
        self._seat.close()

    def _refuse(self, what: str) -> NoReturn:
        raise RulesError(f"at a table of several screens, {what} is not offered (yet)").with_code(
            "remote-table"
        )

    def undo(self) -> None:
        self._refuse("taking back")

    def redo(self) -> None:
        self._refuse("replaying moves taken back")

    def check_person_may_step(self, what: str) -> None:
        self._refuse(what)

    def seats_with(self, index: Any, value: Any) -> list[str]:
        self._refuse("changing seats")

    def change_seats(self, seats: list[str]) -> None:
        self._refuse("changing seats")

    def new_game(self, state: Any, seats: list[str]) -> None:
        self._refuse("a new game (the teacher opens tables)")

    def replay(self, state: Any, names: Any) -> None:
        self._refuse("replaying a recorded game")

    def ask_hint(self, hint_for: Any) -> None:
        self._refuse("a hint")

    def ask_game_review(self, total_seconds: float) -> None:
        self._refuse("a game's review")

    def look_back(self, ply: int | None) -> None:
        if ply is not None:
            self._refuse("looking back")

    def ready(self) -> None:
        self._refuse("the curtain")

    def set_omniscient(self, value: bool) -> None:
        if value:
            self._refuse("showing every hand")

    def run_task(self, kind: str, *args: Any, **kwargs: Any) -> None:
        self._refuse(f"the game's own analysis ({kind})")

    # -- the server's messages -----------------------------------------------------------
    def _on_view(self, _view: dict[str, Any]) -> None:
        """In the connection's thread, which must never wait for the lock (a move being
        made holds it until the server's answer, which this thread receives)."""
        self._fresh.set()

    def _publish_fresh(self) -> None:
        while not self._closed:
            self._fresh.wait()
            self._fresh.clear()
            try:
                while self._notices and not self._closed:
                    self._tell(self._notices.popleft())
                if not self._closed:
                    self._publish_latest()
            except Exception:  # a view this version cannot read: said, and the thread goes on
                log.exception("a view from the table server could not be shown")

    def _publish_latest(self) -> None:
        with self.lock:
            view = self._seat.known.view
            if view is not None and view is not self._shown:
                self._shown = view
                self.publish(View(**view))

    def _on_relayed_view(self, _view: dict[str, Any]) -> None:
        """Relayed by the browser, in the kernel's one thread: shown at once; a link to a
        table of another game is told, and the seat leaves."""
        wrong = self._wrong_game()
        if wrong is not None:
            self.notify("error", "wrong-game", message=wrong)
            self.close()
            return
        self._publish_latest()

    def _tell(self, notice: dict[str, Any]) -> None:
        self.notify(notice["level"], notice["code"], **notice.get("params", {}))

    def _on_notice(self, notice: dict[str, Any]) -> None:
        """In the connection's thread too: told by the publishing thread."""
        self._notices.append(notice)
        self._fresh.set()
