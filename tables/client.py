"""A seat at a table server's table, from Python: what the seat sees, its moves, waiting
for its turn; the connection comes back by itself (with the seat's token) when the server
restarts. The link's form: links.py; what the seat knows from the server's messages:
seat_knowledge.py (shared with the browser's relay, relay.py).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from ludotheque.engines.core import RulesError

from .links import parse_link
from .protocol import dumps
from .seat_knowledge import SeatKnowledge

RETRY = (0.1, 0.2, 0.5, 1.0, 2.0)
"""Seconds between two attempts to reconnect (the last one repeated)."""


class RemoteSeat:
    """One seat (or a watcher's place) at a remote table, through a socket of this Python's
    own. `view` is the latest view the server sent (engines/table.py's View, as a dict);
    `on_view(view)` is called with each new one, in the connection's thread."""

    def __init__(
        self,
        join: str,
        timeout: float = 10.0,
        on_view: Callable[[dict[str, Any]], None] | None = None,
    ):
        self.address, token = parse_link(join)
        self.on_view = on_view
        self.on_notice: Callable[[dict[str, Any]], None] | None = None
        self.known = SeatKnowledge(token)
        self._changed = threading.Condition()
        self._closing = False
        self._connection: ClientConnection | None = None
        self._thread = threading.Thread(target=self._run, daemon=True, name="ludotheque-seat")
        self._thread.start()
        try:
            self._await(lambda: self.known.view is not None, timeout, "the table's first view")
        except BaseException:
            self.close()  # no thread left joining with this seat's token later
            raise

    # -- what the seat sees ----------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any]:
        with self._changed:
            assert self.known.view is not None
            return self.known.view

    @property
    def observation(self) -> dict[str, Any]:
        return dict(self.view["observation"])

    @property
    def public(self) -> dict[str, Any]:
        return self.known.public

    @property
    def seat(self) -> int | None:
        return self.known.seat

    @property
    def table(self) -> int | None:
        return self.known.table

    @property
    def notices(self) -> list[dict[str, Any]]:
        return list(self.known.notices)

    @property
    def joins(self) -> int:
        return self.known.joins

    # -- what it does ------------------------------------------------------------------------
    def play(self, action: str, ply: Any = None, timeout: float = 10.0) -> None:
        """Play `action` (its text), as made at `ply` (default: the last view's), and wait
        for the server's answer: the view after it, or the refusal, raised as a RulesError
        with the server's code and message."""
        with self._changed:
            asked, text = self.known.act(str(action), ply)
        try:
            self._send(text)
            self._await(lambda: asked in self.known.answers, timeout, "the move")
        finally:
            with self._changed:
                answer = self.known.forget(asked)
        assert answer is not None
        if answer["type"] == "refused":
            raise RulesError(answer["message"]).with_code(answer["code"])

    def go_on(self) -> None:
        """Say `continue` at a round's end that waits for it."""
        self._send(dumps({"type": "continue"}))

    def wait_bots(self, timeout: float = 60.0) -> dict[str, Any]:
        """Wait until no bot of the table is thinking (this seat's turn, a person's, or the
        end); returns the view."""
        self._await(
            lambda: bool(self.known.view and not self.known.view["thinking"]), timeout, "the bots"
        )
        return self.view

    def wait(self, timeout: float = 60.0) -> dict[str, Any]:
        """Wait until this seat may act or the game is over; returns the view."""
        self._await(
            lambda: bool(
                self.known.view
                and (self.known.view["can_act"] or self.known.view["observation"]["terminal"])
            ),
            timeout,
            "this seat's turn",
        )
        return self.view

    def wait_joined(self, times: int, timeout: float = 30.0) -> None:
        """Wait until this seat has joined `times` times (after reconnecting)."""
        self._await(lambda: self.known.joins >= times, timeout, "joining again")

    def close(self) -> None:
        self._closing = True
        connection = self._connection
        if connection is not None:
            connection.close()
        self._thread.join(5)

    # -- the connection ----------------------------------------------------------------------
    def _await(self, done: Callable[[], bool], timeout: float, what: str) -> None:
        with self._changed:
            failed = lambda: self.known.failure is not None  # noqa: E731
            if not self._changed.wait_for(lambda: done() or failed(), timeout):
                raise TimeoutError(f"no answer from {self.address} for {what} in {timeout} s")
            if self.known.failure is not None and not done():
                raise ConnectionError(self.known.failure)

    def _send(self, text: str, timeout: float = 10.0) -> None:
        """Send on the connection, waiting for it while it comes back (a server restarting)."""
        self._await(lambda: self._connection is not None, timeout, "the connection")
        connection = self._connection
        if connection is None:
            raise ConnectionError(f"not connected to {self.address} (reconnecting)")
        try:
            connection.send(text)
        except ConnectionClosed:
            raise ConnectionError(f"the connection to {self.address} was lost") from None

    def _run(self) -> None:
        attempt = 0
        while not self._closing and self.known.failure is None:
            try:
                with connect(self.address, open_timeout=5, max_size=2**22) as connection:
                    connection.send(self.known.join())
                    for text in connection:
                        if self._receive(text) == "joined":
                            attempt = 0  # joined: the next loss starts the backoff again
                            self._joined(connection)
                        if self.known.failure is not None:
                            break
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                pass
            except InvalidURI as error:
                self._fail(str(error))
            self._connection = None
            if not self._closing and self.known.failure is None:
                time.sleep(RETRY[min(attempt, len(RETRY) - 1)])
                attempt += 1

    def _joined(self, connection: ClientConnection) -> None:
        """Moves sent before the connection was lost and not played go again; then the
        connection is the one moves are sent on."""
        with self._changed:
            for text in self.known.unanswered():
                connection.send(text)
            self._connection = connection
            self._changed.notify_all()

    def _receive(self, text: Any) -> str:
        with self._changed:
            message = self.known.receive(text)
            self._changed.notify_all()
        kind: str = message["type"]
        if kind == "view" and self.on_view is not None:
            self.on_view(message["view"])
        if kind == "notice" and self.on_notice is not None:
            self.on_notice(message)
        return kind

    def _fail(self, why: str) -> None:
        with self._changed:
            self.known.failure = why
            self._changed.notify_all()
