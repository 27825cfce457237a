"""What a seat knows of its table, from the server's messages, whatever carries them: a
socket of the kernel's own (`client.RemoteSeat`) or the browser's WebSocket, relayed by the
widget's front-end (`relay.RelayedSeat`, the offline site, whose Python has no sockets).

Nothing here waits or opens anything: it reads a message in and writes the next one out,
so the two transports share every rule of the protocol.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from ludotheque.engines.table_view import View

from . import protocol
from .protocol import dumps

NOTICES = 50
"""Notices a seat keeps (the latest)."""


class SeatKnowledge:
    """The latest view the server sent this seat (engines/table_view.py's View, as a dict),
    the public position, the seat's notices, and the moves sent and not yet answered: on
    joining again, the server says the seat's last move in its journal (`last_id`,
    `last_ply`), which answers a move whose answer was lost with the connection; the
    others are sent again (`unanswered`)."""

    def __init__(self, token: str):
        self.token = token
        self.view: dict[str, Any] | None = None
        self.public: dict[str, Any] = {}
        """The position as anyone may see it (a saved picture shows this)."""
        self.seat: int | None = None
        self.table: int | None = None
        self.notices: deque[dict[str, Any]] = deque(maxlen=NOTICES)
        self.joins = 0
        """How many times this seat joined: 1, and one more after each reconnection."""
        self.answers: dict[int, dict[str, Any]] = {}
        """A move's answer (`acted` or `refused`), by its id, until its sender reads it."""
        self.failure: str | None = None
        """Why this seat stops for good (another protocol version, a token unknown)."""
        self._sent = 0
        self._pending: dict[int, tuple[int, str]] = {}  # moves not answered: id -> ply, text

    def join(self) -> str:
        return dumps({"type": "join", "token": self.token})

    def act(self, action: str, ply: Any) -> tuple[int, str]:
        """A move's id and message, as made at `ply` (None: the last view's)."""
        if ply is None:
            ply = self.view["observation"]["ply"] if self.view is not None else 0
        self._sent += 1
        text = dumps({"type": "act", "action": action, "ply": ply, "id": self._sent})
        self._pending[self._sent] = (ply, text)
        return self._sent, text

    def unanswered(self) -> list[str]:
        """The moves to send again once joined again: those the journal did not hold when
        the seat joined (a move it held was answered then, as `acted`). A move sent twice
        is played once: the second is refused as stale."""
        return [text for _ply, text in self._pending.values()]

    def forget(self, asked: int) -> dict[str, Any] | None:
        """The answer to move `asked` (None if none came): its sender stops waiting."""
        self._pending.pop(asked, None)
        return self.answers.pop(asked, None)

    def receive(self, text: Any) -> dict[str, Any]:
        """One message from the server, taken in; returned as the seat tells it (a refusal
        that answers no move is a notice). A message of another shape raises ValueError,
        KeyError or TypeError (RecursionError if nested without end) and changes nothing:
        through the page (relay.py) it may come from anyone who holds the page."""
        message: dict[str, Any] = json.loads(text)
        if type(message) is not dict:
            raise ValueError("a server's message is a JSON object")
        kind = message.get("type")
        if kind == "joined" and message.get("version") != protocol.PROTOCOL:
            self.failure = (
                f"the table server speaks version {message.get('version')} of the protocol, "
                f"this client {protocol.PROTOCOL}: install the server's ludotheque"
            )
            message = notice("version", self.failure)
        elif kind == "joined":
            self.seat, self.table = message["seat"], message["table"]
            self.joins += 1
            self._played(message.get("last_id"), message.get("last_ply"))
        elif kind == "view":
            view, public = message["view"], message["public"]
            View(**view)  # a view of another shape: TypeError, and nothing kept
            if not isinstance(view["observation"], dict) or not isinstance(public, dict):
                raise TypeError("a view's observations are objects")
            self.view, self.public = view, public
        elif kind in ("acted", "refused") and "id" in message:
            if self._pending.pop(message["id"], None) is not None:  # else: given up on
                self.answers[message["id"]] = message
        elif kind == "refused":  # a `continue` refused, a flood: told as a notice
            if message["code"] in ("bad-token", "table-closed"):
                self.failure = f"the server does not seat this link: {message['message']}"
            message = notice(message["code"], message["message"])
        if message["type"] == "notice":
            if not (
                isinstance(message["level"], str)
                and isinstance(message["code"], str)
                and isinstance(message.get("params", {}), dict)
            ):
                raise TypeError("a notice is a level, a code and its parameters")
            self.notices.append(message)
        return message

    def _played(self, last_id: Any, last_ply: Any) -> None:
        """The server's word, on joining again, for a move whose answer the lost connection
        took away: the journal's last move of this seat is it (the same id, made at the
        same ply: an id of an earlier session is told apart by its ply)."""
        sent = self._pending.get(last_id) if type(last_id) is int else None
        if sent is not None and sent[0] == last_ply:
            del self._pending[last_id]
            self.answers[last_id] = {"type": "acted", "id": last_id}


def notice(code: str, message: str) -> dict[str, Any]:
    """A refusal, or why the seat stops, told as the server tells a notice."""
    return {"type": "notice", "level": "error", "code": code, "params": {"message": message}}
