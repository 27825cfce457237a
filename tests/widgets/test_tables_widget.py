"""The teacher's room (`Tables`): it lists a real table server's tables (those it opened and
the others), opens the pairings a list of names asks for, watches the tables whose link it
knows, closes the tables it lists (on the server, from a thread), answers bad intents with a
notice and changes nothing, never syncs the server's key, and stops asking the server once
closed."""

import threading
import time

import pytest

import ludotheque.widgets as widgets
from ludotheque.engines.core import RulesError
from ludotheque.tables import RemoteSeat, list_tables, open_table
from ludotheque.widgets import GameWidget, Nains, Tables
from ludotheque.widgets import tables as room_module
from widget_wire import Wire, browser_write, send


@pytest.fixture
def room(server):
    widget = Tables(server, refresh=None)
    yield widget
    widget.close()


def until(condition, timeout=10.0):
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "not in time"
        time.sleep(0.05)


def test_it_is_a_widget_of_the_package_not_a_game():
    assert Tables is widgets.Tables
    assert Tables not in GameWidget.registry.values() and not issubclass(Tables, GameWidget)
    assert "Tables" not in widgets.__all__  # loaded on first use: it needs the tables extra


def test_it_lists_the_tables_it_opened_and_the_others(server, room):
    elsewhere = open_table(server, "sortileges")
    rows = room.pair_up("nains", ["Ada", "Bo", "Cy"])
    assert [row["table"] for row in rows] == [2, 3]
    listed = room.refresh()
    assert [row["table"] for row in listed] == [1, 2, 3]
    first, pair, odd = listed
    assert first["game"] == "sortileges" and first["title"]["fr"] == "Sortilèges"
    assert first["watchable"] is False  # its watch link is the teacher's notebook's, not ours
    assert [seat["label"] for seat in first["seats"]] == ["human", "human"]
    assert pair["game"] == "nains" and pair["watchable"] and not pair["over"] and pair["ply"] == 0
    assert [seat["name"] for seat in pair["seats"]] == ["Ada", "Bo"]
    assert [(seat["label"], seat["name"]) for seat in odd["seats"]] == [
        ("human", "Cy"),
        ("bot:2", None),
    ]
    seat = RemoteSeat(elsewhere["seats"][1])
    try:
        room.refresh()
        assert [s["connected"] for s in room.tables[0]["seats"]] == [False, True]
    finally:
        seat.close()
    room.remember(elsewhere, "sortileges")  # the link handed over: now watchable
    assert room.tables[0]["watchable"] is True
    assert room.connection == "answering" and room.notice == {}


def test_pair_up_from_the_form_opens_the_right_tables_and_shows_the_sheet(server, room):
    send(room, {"type": "pair_up", "game": "nains", "names": ["Ada", " Bo ", "Cy"]})
    assert room.notice == {}, room.notice
    assert [(line["name"], line["table"], line["opponent"]) for line in room.sheet] == [
        ("Ada", 1, "Bo"),
        ("Bo", 1, "Ada"),
        ("Cy", 2, "bot:2"),
    ]
    on_server = list_tables(server)
    assert [(row["table"], row["game"], row["seats"]) for row in on_server] == [
        (1, "nains", ["human", "human"]),
        (2, "nains", ["human", "bot:2"]),
    ]
    for line, seat_index in zip(room.sheet, [0, 1, 0], strict=True):
        seat = RemoteSeat(line["link"])  # each pupil's link is their own seat at their table
        try:
            assert (seat.table, seat.seat) == (line["table"], seat_index)
        finally:
            seat.close()
    send(room, {"type": "pair_up", "game": "sortileges", "names": ["Dee", "Eli"]})
    assert [line["name"] for line in room.sheet] == ["Ada", "Bo", "Cy", "Dee", "Eli"]
    assert list_tables(server)[-1]["game"] == "sortileges"


def test_a_game_whose_players_are_an_option_is_paired_at_two(server, room):
    send(room, {"type": "pair_up", "game": "sorciere", "names": ["Ada", "Bo"]})
    assert room.notice == {}, room.notice
    assert list_tables(server)[0]["seats"] == ["human", "human"]
    assert "sorciere" in [game["name"] for game in room.info["games"]]
    assert "petits_pas" not in [game["name"] for game in room.info["games"]]  # a game of one


BAD = [
    ({"type": "pair_up", "game": "nains", "names": [f"p{i}" for i in range(61)]}, "too-many-names"),
    ({"type": "pair_up", "game": "nains", "names": ["Ada", "Bo", "Ada"]}, "same-name"),
    ({"type": "pair_up", "game": "nains", "names": ["Ada", "ada"]}, "same-name"),
    ({"type": "pair_up", "game": "nains", "names": ["Ada", "x" * 41]}, "bad-name"),
    ({"type": "pair_up", "game": "nains", "names": ["Ada", "Bo\u0007"]}, "bad-name"),
    ({"type": "pair_up", "game": "nains", "names": []}, "no-names"),
    ({"type": "pair_up", "game": "nains", "names": ["Ada", "  "]}, "no-names"),
    ({"type": "pair_up", "game": "chess", "names": ["Ada", "Bo"]}, "unknown-game"),
    ({"type": "pair_up", "game": "petits_pas", "names": ["Ada", "Bo"]}, "unknown-game"),
    ({"type": "pair_up", "game": "nains", "names": "Ada\nBo"}, "malformed"),
    ({"type": "pair_up", "game": "nains", "names": ["Ada", 3]}, "malformed"),
    ({"type": "pair_up", "game": "nains", "names": ["x"] * 1001}, "malformed"),
    ({"type": "pair_up", "names": ["Ada", "Bo"]}, "malformed"),
    ({"type": "watch", "table": 99}, "no-table"),
    ({"type": "watch", "table": 1}, "not-watchable"),
    ({"type": "watch", "table": "1"}, "malformed"),
    ({"type": "watch", "table": True}, "malformed"),
    ({"type": "close", "table": "1"}, "malformed"),
    ({"type": "close", "table": True}, "malformed"),
    ({"type": "close", "table": 1.0}, "malformed"),
    ({"type": "close", "table": None}, "malformed"),
    ({"type": "close"}, "malformed"),
    ({"type": "close", "table": 99}, "no-table"),
    ({"type": "close", "table": -1}, "no-table"),
    ({"type": "lang", "value": "de"}, "malformed"),
    ({"type": "open", "key": "x"}, "malformed"),
    ("pair_up", "malformed"),
]


@pytest.mark.parametrize(("intent", "code"), BAD)
def test_a_bad_intent_is_answered_with_a_notice_and_changes_nothing(server, room, intent, code):
    open_table(server, "sortileges")  # table 1, opened elsewhere: no watch link here
    room.refresh()
    before = room.get_state()
    send(room, intent)
    assert room.notice["code"] == code, room.notice
    assert room.notice["level"] == "error"
    after = room.get_state()
    assert {k: v for k, v in after.items() if k != "notice"} == {
        k: v for k, v in before.items() if k != "notice"
    }
    assert len(list_tables(server)) == 1 and room.board is None


def test_the_same_refusals_from_python():
    with pytest.raises(ValueError, match="at most 60"):
        room_module.checked_names([f"p{i}" for i in range(61)])
    with pytest.raises(ValueError, match="twice"):
        room_module.checked_names(["Ada", "Ada "])
    assert room_module.checked_names([" Ada", "Bo "]) == ["Ada", "Bo"]


def test_watch_shows_the_tables_game_below_the_list(server, room):
    rows = room.pair_up("nains", ["Ada", "Bo"])
    room.refresh()
    send(room, {"type": "watch", "table": rows[0]["table"]})
    assert room.notice == {}, room.notice
    board = room.board
    assert isinstance(board, Nains) and room.watching == rows[0]["table"]
    assert room._box.children == (room, board)
    assert board.observation["ply"] == 0 and board.viewer is None  # a watcher: no seat
    until(lambda: room.refresh()[0]["watchers"] == 1)
    room.lang = "en"
    assert board.lang == "en"
    send(room, {"type": "unwatch"})
    assert room.board is None and room.watching is None and room._box.children == (room,)


def test_the_key_is_never_synced(server):
    room = Tables(server.address, key=server.key, refresh=None)
    wire = Wire(room)
    try:
        send(room, {"type": "pair_up", "game": "nains", "names": ["Ada", "Bo"]})
        room.refresh()
        send(room, {"type": "watch", "table": 1})
        room.send_state()
        assert room.notice == {} and room.board is not None
        assert server.key not in wire.everything()
        assert server.key not in str(room.get_state()) and server.key not in repr(room)
    finally:
        room.close()
    with pytest.raises(ValueError, match="key"):
        Tables(server.address)


def test_the_browser_writes_nothing(server, room):
    room.pair_up("nains", ["Ada", "Bo"])
    room.refresh()
    before = room.get_state()
    browser_write(room, {"tables": [], "sheet": [], "watching": 1, "info": {"address": "x"}})
    assert room.get_state() == before


def test_a_server_that_does_not_answer_shows_a_notice_not_a_crash(server):
    room = Tables(server, refresh=0.5)
    try:
        until(lambda: room.connection == "answering")
        room.pair_up("nains", ["Ada", "Bo"])
        until(lambda: len(room.tables) == 1)
        server.kill()
        until(lambda: room.connection == "away")
        assert room.notice["code"] == "no-answer" and room.notice["level"] == "error"
        notice = room.notice["id"]
        time.sleep(1.2)  # two more refreshes, refused: one notice, not one each
        assert room.notice["id"] == notice
        assert len(room.tables) == 1  # the last list received stays
        with pytest.raises(ConnectionError):
            room.refresh()
        send(room, {"type": "pair_up", "game": "nains", "names": ["Cy", "Dee"]})
        assert room.notice["code"] == "no-answer" and len(room.sheet) == 2
        send(room, {"type": "watch", "table": 1})
        assert room.notice["code"] == "no-answer" and room.board is None
        notice = room.notice["id"]
        send(room, {"type": "close", "table": 1})  # answered from its thread
        until(lambda: room.notice["id"] > notice)
        assert room.notice["code"] == "no-answer" and room.notice["params"]["table"] == 1
        assert room.notice["params"]["message"]
        with pytest.raises(RulesError, match="does not answer"):
            room.close_table(1)
        assert [row["table"] for row in room.tables] == [1]  # nothing changed here
    finally:
        room.close()


def test_the_refresh_is_one_request_at_a_time_and_stops_on_close(server, monkeypatch):
    asked = []
    running = threading.BoundedSemaphore(1)  # two requests at once would raise here
    real = room_module.list_tables

    def counted(*args, **kwargs):
        assert running.acquire(blocking=False), "two requests for the list at once"
        try:
            asked.append(time.monotonic())
            time.sleep(0.1)
            return real(*args, **kwargs)
        finally:
            running.release()

    monkeypatch.setattr(room_module, "list_tables", counted)
    room = Tables(server, refresh=0.5)
    until(lambda: len(asked) >= 3)
    for _ in range(20):  # the browser's Refresh, in a flood
        send(room, {"type": "refresh"})
    room.close()
    room._refresher.join(5)
    assert not room._refresher.is_alive()
    done = len(asked)
    time.sleep(1.2)
    assert len(asked) <= done + 1  # at most one already under way when closed
    assert all(b - a >= 0.09 for a, b in zip(asked, asked[1:], strict=False))  # never two


def test_arguments_are_checked(server):
    with pytest.raises(ValueError, match="refresh"):
        Tables(server, refresh=0.01)
    with pytest.raises(ValueError, match="refresh"):
        Tables(server, refresh=True)
    with pytest.raises(TypeError, match="server"):
        Tables(42)


def test_close_from_the_list_closes_the_table_on_the_server(server, room):
    room.pair_up("nains", ["Ada", "Bo", "Cy", "Dee"])  # tables 1 and 2
    room.refresh()
    room.watch(1)
    send(room, {"type": "close", "table": 1})
    until(lambda: room.notice.get("code") == "closed")
    assert room.notice["level"] == "info" and room.notice["params"] == {"table": 1}
    assert [row["table"] for row in list_tables(server)] == [2]  # closed on the server
    until(lambda: [row["table"] for row in room.tables] == [2])
    assert room.board is None and room.watching is None  # the watch dropped with it
    assert room._box.children == (room,)
    assert [row["table"] for row in room.refresh()] == [2]  # gone for good
    assert [line["table"] for line in room.sheet] == [1, 1, 2, 2]  # the sheet is a record


def test_close_table_from_python(server, room):
    room.pair_up("nains", ["Ada", "Bo", "Cy", "Dee"])
    room.refresh()
    room.close_table(2)
    assert [row["table"] for row in room.tables] == [1]  # the list asked again, at once
    assert [row["table"] for row in list_tables(server)] == [1]
    with pytest.raises(RulesError, match="no table") as refused:
        room.close_table(2)  # no longer listed
    assert refused.value.code == "no-table"


def test_a_table_the_room_does_not_list_is_not_closed(server, room):
    room.refresh()
    open_table(server, "nains")  # table 1, opened since the list was asked for
    send(room, {"type": "close", "table": 1})
    assert room.notice["code"] == "no-table" and room.notice["level"] == "error"
    time.sleep(0.2)
    assert [row["table"] for row in list_tables(server)] == [1]  # still served
    with pytest.raises(RulesError) as refused:
        room.close_table(1)
    assert refused.value.code == "no-table"
    assert [row["table"] for row in list_tables(server)] == [1]


def test_a_flood_of_close_intents_asks_the_server_once_per_table_and_a_few_at_once(
    server, room, monkeypatch
):
    room.pair_up("nains", ["Ada", "Bo", "Cy", "Dee", "Eli", "Fy", "Gus", "Hal", "Io", "Jo"])
    room.refresh()
    asked: list[int] = []
    go_on = threading.Event()

    def held(_server, table, **_kwargs):
        asked.append(table)
        assert go_on.wait(10)

    monkeypatch.setattr(room_module, "close_table", held)
    for _ in range(50):  # a student at the teacher's screen, with the developer tools
        send(room, {"type": "close", "table": 1})
    until(lambda: asked == [1])
    for table in (2, 3, 4):
        send(room, {"type": "close", "table": table})
    send(room, {"type": "close", "table": 5})
    assert room.notice["code"] == "busy"
    go_on.set()
    until(lambda: room.notice.get("code") == "closed")
    assert sorted(asked) == [1, 2, 3, 4]


def test_closing_waits_in_a_thread_and_a_refusal_is_a_notice(server, room, monkeypatch):
    room.pair_up("nains", ["Ada", "Bo"])
    room.refresh()
    asked, go_on = threading.Event(), threading.Event()

    def refused(*_args, **_kwargs):
        asked.set()
        assert go_on.wait(10)
        raise ValueError("this server has no table 1")

    monkeypatch.setattr(room_module, "close_table", refused)
    send(room, {"type": "close", "table": 1})  # returns while the server is asked
    assert asked.wait(5) and room.notice == {}
    go_on.set()
    until(lambda: room.notice.get("code") == "close-refused")
    assert room.notice["params"]["table"] == 1
    assert "no table 1" in room.notice["params"]["message"]
    assert [row["table"] for row in room.tables] == [1]  # nothing changed here
    assert [row["table"] for row in list_tables(server)] == [1]
