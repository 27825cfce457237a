"""A seat at a table server's table, from Python: what the seat sees, its moves, waiting
for its turn; the connection comes back by itself (with the seat's token) when the server
restarts.

A join link is `ws://HOST:PORT/#TOKEN`: the token (32 hexadecimal digits, 128 bits) is
the seat; it travels in the first message, never in the address the server sees.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from ludotheque.engines.core import RulesError, quote

from . import protocol
from .protocol import dumps, well_formed_token

NOTICES = 50
"""Notices a seat keeps (the latest)."""
RETRY = (0.1, 0.2, 0.5, 1.0, 2.0)
"""Seconds between two attempts to reconnect (the last one repeated)."""


def parse_link(link: Any) -> tuple[str, str]:
    """(server address, token) of a join link; ValueError saying what is wrong."""
    if not isinstance(link, str) or "#" not in link:
        raise ValueError(f"a join link reads ws://HOST:PORT/#TOKEN, not {quote(link)}")
    address, token = link.rsplit("#", 1)
    parts = urlsplit(address)
    if parts.scheme not in ("ws", "wss") or not parts.hostname or not well_formed_token(token):
        raise ValueError(f"a join link reads ws://HOST:PORT/#TOKEN, not {quote(link)}")
    return address, token


def link(address: str, token: str) -> str:
    return f"{address.rstrip('/')}/#{token}"


class RemoteSeat:
    """One seat (or a watcher's place) at a remote table. `view` is the latest view the
    server sent (engines/table.py's View, as a dict); `on_view(view)` is called with each
    new one, in the connection's thread."""

    def __init__(
        self,
        join: str,
        timeout: float = 10.0,
        on_view: Callable[[dict[str, Any]], None] | None = None,
    ):
        self.address, self._token = parse_link(join)
        self.on_view = on_view
        self.on_notice: Callable[[dict[str, Any]], None] | None = None
        self.public: dict[str, Any] = {}
        """The position as anyone may see it (a saved picture shows this)."""
        self.seat: int | None = None
        self.table: int | None = None
        self.notices: deque[dict[str, Any]] = deque(maxlen=NOTICES)
        self.joins = 0
        """How many times this seat joined: 1, and one more after each reconnection."""
        self._changed = threading.Condition()
        self._view: dict[str, Any] | None = None
        self._asked = 0
        self._answers: dict[int, dict[str, Any]] = {}  # a move's answer, by its id
        self._failure: str | None = None
        self._closing = False
        self._connection: ClientConnection | None = None
        self._thread = threading.Thread(target=self._run, daemon=True, name="ludotheque-seat")
        self._thread.start()
        try:
            self._await(lambda: self._view is not None, timeout, "the table's first view")
        except BaseException:
            self.close()  # no thread left joining with this seat's token later
            raise

    # -- what the seat sees ----------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any]:
        with self._changed:
            assert self._view is not None
            return self._view

    @property
    def observation(self) -> dict[str, Any]:
        return dict(self.view["observation"])

    # -- what it does ------------------------------------------------------------------------
    def play(self, action: str, ply: Any = None, timeout: float = 10.0) -> None:
        """Play `action` (its text), as made at `ply` (default: the last view's), and wait
        for the server's answer: the view after it, or the refusal, raised as a RulesError
        with the server's code and message."""
        with self._changed:
            self._asked += 1
            asked = self._asked
            if ply is None:
                ply = self.observation["ply"]
        self._send({"type": "act", "action": str(action), "ply": ply, "id": asked})
        try:
            self._await(lambda: asked in self._answers, timeout, "the move")
        finally:
            with self._changed:
                answer = self._answers.pop(asked, None)
        assert answer is not None
        if answer["type"] == "refused":
            raise RulesError(answer["message"]).with_code(answer["code"])

    def go_on(self) -> None:
        """Say `continue` at a round's end that waits for it."""
        self._send({"type": "continue"})

    def wait_bots(self, timeout: float = 60.0) -> dict[str, Any]:
        """Wait until no bot of the table is thinking (this seat's turn, a person's, or the
        end); returns the view."""
        self._await(lambda: bool(self._view and not self._view["thinking"]), timeout, "the bots")
        return self.view

    def wait(self, timeout: float = 60.0) -> dict[str, Any]:
        """Wait until this seat may act or the game is over; returns the view."""
        self._await(
            lambda: bool(
                self._view and (self._view["can_act"] or self._view["observation"]["terminal"])
            ),
            timeout,
            "this seat's turn",
        )
        return self.view

    def wait_joined(self, times: int, timeout: float = 30.0) -> None:
        """Wait until this seat has joined `times` times (after reconnecting)."""
        self._await(lambda: self.joins >= times, timeout, "joining again")

    def close(self) -> None:
        self._closing = True
        connection = self._connection
        if connection is not None:
            connection.close()
        self._thread.join(5)

    # -- the connection ----------------------------------------------------------------------
    def _await(self, done: Callable[[], bool], timeout: float, what: str) -> None:
        with self._changed:
            if not self._changed.wait_for(lambda: done() or self._failure is not None, timeout):
                raise TimeoutError(f"no answer from {self.address} for {what} in {timeout} s")
            if self._failure is not None and not done():
                raise ConnectionError(self._failure)

    def _send(self, message: dict[str, Any], timeout: float = 10.0) -> None:
        """Send on the connection, waiting for it while it comes back (a server restarting)."""
        self._await(lambda: self._connection is not None, timeout, "the connection")
        connection = self._connection
        if connection is None:
            raise ConnectionError(f"not connected to {self.address} (reconnecting)")
        try:
            connection.send(dumps(message))
        except ConnectionClosed:
            raise ConnectionError(f"the connection to {self.address} was lost") from None

    def _run(self) -> None:
        self._attempt = 0
        while not self._closing and self._failure is None:
            try:
                with connect(self.address, open_timeout=5, max_size=2**22) as connection:
                    connection.send(dumps({"type": "join", "token": self._token}))
                    with self._changed:
                        self._connection = connection
                        self._changed.notify_all()
                    for text in connection:
                        self._receive(text)
                        if self._failure is not None:
                            break
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                pass
            except InvalidURI as error:
                self._fail(str(error))
            self._connection = None
            if not self._closing and self._failure is None:
                time.sleep(RETRY[min(self._attempt, len(RETRY) - 1)])
                self._attempt += 1

    def _receive(self, text: Any) -> None:
        message = json.loads(text)
        kind = message.get("type")
        with self._changed:
            if kind == "joined" and message.get("version") != protocol.PROTOCOL:
                self._failure = (
                    f"the table server speaks version {message.get('version')} of the protocol, "
                    f"this client {protocol.PROTOCOL}: install the server's ludotheque"
                )
                self._closing = True
            elif kind == "joined":
                self.seat, self.table = message["seat"], message["table"]
                self.joins += 1
                self._attempt = 0  # joined: the next loss starts the backoff again
            elif kind == "view":
                self._view, self.public = message["view"], message["public"]
            elif kind in ("acted", "refused") and "id" in message:
                self._answers[message["id"]] = message
            elif kind == "refused" and message["code"] == "bad-token":
                self._failure = f"the server does not know this seat: {message['message']}"
            elif kind == "refused":  # a `continue` refused, a flood: told as a notice
                message = {
                    "type": "notice",
                    "level": "error",
                    "code": message["code"],
                    "params": {"message": message["message"]},
                }
                kind = "notice"
            if kind == "notice":
                self.notices.append(message)
            self._changed.notify_all()
        if kind == "view" and self.on_view is not None:
            self.on_view(message["view"])
        if kind == "notice" and self.on_notice is not None:
            self.on_notice(message)

    def _fail(self, why: str) -> None:
        with self._changed:
            self._failure = why
            self._changed.notify_all()
