"""A seat whose connection is the browser's: the widget's front-end opens the WebSocket to
the table server and relays its frames both ways (the offline site, whose Python has no
sockets and no threads; or `join_via="browser"` when only the browser reaches the server).

The frames carry only this seat's view, as they would to a socket of the kernel's own.
Nothing here waits: a move is sent and answered later (its view, or its refusal told as a
notice), so `.play()` from Python returns at once and `.wait()` cannot block; the widget
shows each view as it comes.

A screen says `open` (its socket is connected), `frame` (a server's message) and
`closed`, each with its own random id; Python speaks through the screen that opened last
and tells the one before it to stop (a second viewer of the same notebook opens a socket
too: only one relays).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheque.engines.core import RulesError

from .links import parse_link
from .protocol import dumps
from .seat_knowledge import SeatKnowledge, notice

MAX_FRAME = 2**22
"""Characters a relayed frame may hold (what a socket of the kernel's accepts)."""
EVENTS = ("open", "frame", "closed")


class RelayedSeat:
    """This seat through the browser: `relayed(event, screen, text)` takes in what a screen
    says; `send(message)` speaks to the screens (the widget's custom messages). Nothing
    waits: a move is answered later, by a view or a notice."""

    def __init__(self, join: str, send: Callable[[dict[str, Any]], None]):
        self.address, token = parse_link(join)
        self.known = SeatKnowledge(token)
        self.on_view: Callable[[dict[str, Any]], None] | None = None
        self.on_notice: Callable[[dict[str, Any]], None] | None = None
        self._send_screens = send
        self.screen: str | None = None
        """The screen relaying now (None: none connected)."""

    # -- what it does ------------------------------------------------------------------------
    def play(self, action: str, ply: Any = None) -> None:
        """Send the move; its refusal comes back as a notice, its view as a view."""
        asked, text = self.known.act(action, ply)
        try:
            self._speak(text)
        except RulesError:
            self.known.forget(asked)  # told "not sent": never sent again by itself
            raise

    def go_on(self) -> None:
        self._speak(dumps({"type": "continue"}))

    def close(self) -> None:
        if self.screen is not None:
            self._send_screens({"relay": "stop", "screen": self.screen})
            self.screen = None

    # -- what the screens say --------------------------------------------------------------
    def relayed(self, event: str, screen: str, text: Any = None) -> None:
        """A screen's event; a frame from a screen that does not relay is dropped."""
        if event not in EVENTS:
            raise RulesError(f"a relay event is one of {', '.join(EVENTS)}").with_code("malformed")
        if event == "open":
            if self.screen not in (None, screen):
                self._send_screens({"relay": "stop", "screen": self.screen})
            self.screen = screen
            if self.known.failure is None:
                self._speak(self.known.join())
        elif event == "closed" and screen == self.screen:
            self.screen = None  # the screen reconnects by itself, and says `open` again
        elif event == "frame" and screen == self.screen:
            self._take(text)

    def _take(self, text: Any) -> None:
        if type(text) is not str or len(text) > MAX_FRAME:
            raise RulesError("a relayed frame is a text of at most 4 MiB").with_code("malformed")
        try:
            message = self.known.receive(text)
        except (ValueError, KeyError, TypeError, RecursionError):
            raise RulesError("a relayed frame is one message of the table server").with_code(
                "malformed"
            ) from None
        kind = message["type"]
        if kind == "joined":
            for move in self.known.unanswered():
                self._speak(move)
            self.known.answers.clear()  # a move the journal held: its view tells it
        if kind in ("acted", "refused") and "id" in message:
            self.known.forget(message["id"])
            if kind == "refused":
                message, kind = notice(message["code"], message["message"]), "notice"
        if self.known.failure is not None:
            self.close()
        if kind == "view" and self.on_view is not None:
            self.on_view(message["view"])
        if kind == "notice" and self.on_notice is not None:
            self.on_notice(message)

    def _speak(self, text: str) -> None:
        if self.screen is None:
            raise RulesError(
                f"the table server {self.address} is not connected (the browser is "
                "reconnecting): try again"
            ).with_code("server-away")
        self._send_screens({"relay": "send", "screen": self.screen, "text": text})
