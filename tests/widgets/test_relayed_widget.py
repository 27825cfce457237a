"""A widget that sits at a table server's table through the page (`join_via="browser"`, the
offline site's way: its Python has no sockets): the front-end holds the WebSocket and relays
every frame as a `relay` intent; Python writes the frames it sends as custom messages.

`Page` stands in for js/src/kit/relay.js (tested on its own by js/tests/relay.test.js): it
opens the socket the `relay` trait names, says `open`, relays frames both ways, and opens
again after a loss. Two such pages play Tir de tuyau to the end, no thread of ludotheque's
started; the server is SIGKILLed mid-game and restarted; what the pages carry holds only
their own seat's hand.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ludotheque.tables import close_table, open_table
from ludotheque.widgets import Nains, Sortileges
from ludotheque.widgets.arguments import ArgumentError
from widget_wire import act, send


class Page:
    """The widget's front-end, relaying a table server's WebSocket (what relay.js does)."""

    def __init__(self, widget, screen: str = "page-1"):
        self.widget, self.screen = widget, screen
        self.told: list[dict] = []  # custom messages the widget sent to its pages
        self.received: list[str] = []  # frames the server sent this page
        self.stopped = False
        pages = getattr(widget.comm.send, "pages", None)
        if pages is None:  # every page of a kernel hears what its widgets send

            def broadcast(data=None, metadata=None, buffers=None):
                if data.get("method") == "custom":
                    for page in broadcast.pages:
                        page.told.append(json.loads(json.dumps(data["content"])))

            broadcast.pages = pages = []
            widget.comm.send = broadcast
        pages.append(self)
        self.socket = None
        self.open()

    def say(self, event: str, text: str | None = None) -> None:
        intent = {"type": "relay", "event": event, "screen": self.screen}
        send(self.widget, intent if text is None else {**intent, "text": text})

    def open(self) -> None:
        self.socket = contextlib.ExitStack().enter_context(
            connect(self.widget.relay, open_timeout=5)
        )
        self.say("open")

    def pump(self, seconds: float = 0.05) -> None:
        """Carry what the widget said out, then every frame the server sent in."""
        told, self.told = self.told, []
        for message in told:
            if message.get("screen") != self.screen:
                continue
            if message["relay"] == "stop":
                self.stopped = True
                self.socket.close()
            elif message["relay"] == "send":
                self.socket.send(message["text"])
        while not self.stopped:
            try:
                frame = self.socket.recv(timeout=seconds)
            except TimeoutError:
                return
            except ConnectionClosed:
                self.say("closed")
                return
            self.received.append(frame)
            self.say("frame", frame)


@pytest.fixture
def ludotheque_threads(monkeypatch):
    """The targets of every thread started meanwhile whose code is ludotheque's (none may
    be: the offline site's Python cannot start one)."""
    started: list[str] = []
    start = threading.Thread.start

    def recorded(thread):
        target = getattr(thread, "_target", None)
        module = getattr(target, "__module__", "") or ""
        if module.startswith("ludotheque"):
            started.append(f"{module}.{getattr(target, '__qualname__', target)}")
        return start(thread)

    monkeypatch.setattr(threading.Thread, "start", recorded)
    return started


def until(pages, done, turns=400):
    for _ in range(turns):
        if done():
            return
        for page in pages:
            page.pump()
    raise AssertionError("not done after the pages relayed for a while")


def test_two_pages_relay_a_game_of_tir_de_tuyau_to_its_end(server, ludotheque_threads):
    links = open_table(server, "nains", options={"rounds": 1}, seed=21)
    widgets = [Nains(join=link, join_via="browser") for link in links["seats"]]
    assert widgets[0].observation == {} and widgets[0].relay == server.address + "/"
    assert widgets[0].game_info["remote"] is True  # the page offers only what the table does
    data, _metadata = widgets[0]._repr_mimebundle_()  # shown before the first view
    assert "image/svg+xml" not in data and "application/vnd.jupyter.widget-view+json" in data
    pages = [Page(widget, f"page-{seat}") for seat, widget in enumerate(widgets)]
    until(pages, lambda: all(widget.observation for widget in widgets))
    rng = random.Random(5)
    for _ in range(600):
        if widgets[0].observation["terminal"] and widgets[1].observation["terminal"]:
            break
        for widget in widgets:
            if widget.waiting:
                send(widget, {"type": "continue"})
            if widget.can_act:
                if rng.random() < 0.5:
                    act(widget, rng.choice(widget.observation["legal"]))
                else:  # from Python: sent, answered later (nothing blocks)
                    widget.play(rng.choice(widget.observation["legal"]))
        for page in pages:
            page.pump()
    assert widgets[0].observation["terminal"] and widgets[1].observation["terminal"]
    for seat, (widget, page) in enumerate(zip(widgets, pages, strict=True)):
        assert widget.viewer == seat and widget.observation["seat"] == seat
        carried = json.dumps([page.received, page.told, widget.get_state()], default=str)
        assert '"hands"' not in carried and '"secret_gnomes"' not in carried
        assert '"seed"' not in carried
        other = links["seats"][1 - seat].rsplit("#", 1)[1]
        assert other not in carried  # the page sends its own token, never the other's
        widget.close()
    assert ludotheque_threads == []


def test_a_page_joins_again_after_the_server_restarts_and_nothing_is_lost(server):
    links = open_table(server, "sortileges", seed=8)
    widgets = [Sortileges(join=link, join_via="browser") for link in links["seats"]]
    pages = [Page(widget, f"page-{seat}") for seat, widget in enumerate(widgets)]
    until(pages, lambda: all(widget.observation for widget in widgets))
    for _ in range(3):
        mover = next(widget for widget in widgets if widget.can_act)
        ply = mover.observation["ply"]
        act(mover, mover.observation["legal"][0])
        until(pages, lambda: all(w.observation["ply"] > ply for w in widgets))  # noqa: B023
    played = widgets[0].observation["ply"]
    server.kill()
    for page in pages:
        page.pump()  # the loss, relayed
    mover = next(widget for widget in widgets if widget.can_act)
    act(mover, mover.observation["legal"][0])
    assert mover.notice["code"] == "server-away"  # told, and nothing changed
    again = server.restart()
    try:
        for page in pages:
            page.open()  # relay.js opens again by itself, backing off
        until(pages, lambda: all(w.observation["ply"] == played for w in widgets))
        mover = next(widget for widget in widgets if widget.can_act)
        act(mover, mover.observation["legal"][0])
        until(pages, lambda: all(w.observation["ply"] == played + 1 for w in widgets))
    finally:
        for widget in widgets:
            widget.close()
        again.kill()


def test_what_pages_say_is_checked_and_only_the_relaying_page_is_heard(server):
    links = open_table(server, "sortileges", seed=3)
    widget = Sortileges(join=links["seats"][0], join_via="browser")
    first = Page(widget, "first")
    until([first], lambda: bool(widget.observation))
    for bad in (
        {"type": "relay", "event": "shout", "screen": "first"},
        {"type": "relay", "event": "frame", "screen": "first", "text": 3},
        {"type": "relay", "event": "frame", "screen": "first", "text": "not json"},
        {"type": "relay", "event": "frame", "screen": "first", "text": "x" * (2**22 + 1)},
        {"type": "relay", "event": "frame", "screen": "first", "text": '{"type": "view"}'},
        {"type": "relay", "event": "frame", "screen": "first", "text": "[3]"},
        {"type": "relay", "event": "frame", "screen": "first", "text": "[" * 100_000},
        {"type": "relay", "event": "frame", "screen": "first", "text": '{"type": "notice"}'},
        {
            "type": "relay",
            "event": "frame",
            "screen": "first",
            "text": json.dumps({"type": "view", "view": {"observation": {}}, "public": {}}),
        },
        {"type": "relay", "event": "open"},
    ):
        before = widget.get_state()
        send(widget, bad)
        assert widget.notice["code"] == "malformed", bad
        after = widget.get_state()
        assert {k: v for k, v in after.items() if k != "notice"} == {
            k: v for k, v in before.items() if k != "notice"
        }
    forged = {"type": "view", "view": {}, "public": {}}
    send(
        widget,
        {"type": "relay", "event": "frame", "screen": "elsewhere", "text": json.dumps(forged)},
    )
    assert widget.observation["ply"] == 0  # a page that does not relay is not heard
    second = Page(widget, "second")  # a second viewer of the notebook opens its own socket
    first.pump()
    assert first.stopped  # told to stop: one page relays
    until([second], lambda: second.received != [])
    assert widget.table.address == server.address + "/"
    widget.close()
    second.pump()
    assert second.stopped


def test_python_cannot_wait_through_the_page_and_a_wrong_game_is_told(server):
    links = open_table(server, "nains", seed=3)
    widget = Sortileges(join=links["seats"][0], join_via="browser")  # not checked yet
    page = Page(widget)
    until([page], lambda: widget.notice.get("code") == "wrong-game")
    page.pump()
    assert page.stopped and widget.observation == {}
    links = open_table(server, "sortileges", seed=3)
    widget = Sortileges(join=links["seats"][0], join_via="browser")
    page = Page(widget)
    until([page], lambda: widget.can_act)
    with pytest.raises(RuntimeError, match="cannot be waited for"):
        widget.wait()
    widget.play(widget.observation["legal"][0])  # returns at once: sent
    assert widget.observation["ply"] == 0
    until([page], lambda: widget.observation["ply"] == 1)
    widget.close()


def test_a_closed_table_is_told_and_the_page_stops_opening_its_socket(server):
    links = open_table(server, "sortileges", seed=4)
    widget = Sortileges(join=links["seats"][0], join_via="browser")
    page = Page(widget)
    until([page], lambda: bool(widget.observation))
    close_table(server, links["table"])
    until([page], lambda: widget.notice.get("code") == "table-closed")
    assert widget.notice["level"] == "info"
    page.open()  # relay.js opens again after the server closed its socket
    until([page], lambda: page.stopped)
    assert widget.notice["code"] == "table-closed" and widget.notice["level"] == "error"
    widget.close()


def test_join_via_is_checked(server):
    links = open_table(server, "sortileges", seed=3)
    with pytest.raises(ArgumentError, match="join_via"):
        Sortileges(join=links["seats"][0], join_via="pigeon")
    widget = Sortileges()
    send(widget, {"type": "relay", "event": "open", "screen": "x"})
    assert widget.notice["code"] == "malformed"
    assert widget.relay == "" and widget.game_info["remote"] is False
    widget.close()
