"""Hostile clients of the table server: forged and borrowed tokens, a wrong key, malformed,
huge and endless messages, a thousand connections opened and dropped. Each is answered (or
cut off) and the server stays up with every table intact."""

import contextlib
import json
import secrets
import socket
import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ludotheque.tables import RemoteSeat, list_tables, open_table, start_server


def answers(server, *texts: str | bytes, count: int = 1) -> list[dict]:
    """The first `count` answers of the server to a fresh connection that sends `texts`
    (fewer if it closes the connection first)."""
    got: list[dict] = []
    with connect(server.address, open_timeout=10) as connection:
        with contextlib.suppress(ConnectionClosed):
            for text in texts:
                connection.send(text)
        with contextlib.suppress(ConnectionClosed):
            while len(got) < count:
                got.append(json.loads(connection.recv(10)))
    return got


def codes(server, *texts, count: int = 1) -> list[str]:
    return [answer.get("code", answer["type"]) for answer in answers(server, *texts, count=count)]


def join(token: str) -> str:
    return json.dumps({"type": "join", "token": token})


@pytest.fixture
def table(server):
    links = open_table(server, "nains", seed=9)
    return links


def still_intact(server, links, ply: int = 0) -> None:
    """The table is as it was, and its seat can still play."""
    assert [t["ply"] for t in list_tables(server)] == [ply]
    seat = RemoteSeat(links["seats"][0])
    other = RemoteSeat(links["seats"][1])
    mover = seat if seat.view["can_act"] else other
    mover.play(mover.observation["legal"][0])
    assert [t["ply"] for t in list_tables(server)] == [ply + 1]
    seat.close()
    other.close()


def test_forged_tokens_and_keys_are_refused_and_cut_off(server, table):
    # count=2: one answer, then the connection is closed (a second would be waited for)
    assert codes(server, join(secrets.token_hex(16)), count=2) == ["bad-token"]
    assert codes(server, join("not a token"), count=2) == ["bad-token"]
    assert codes(server, join(secrets.token_hex(16).upper()), count=2) == ["bad-token"]
    assert codes(server, json.dumps({"type": "list", "key": secrets.token_hex(16)}), count=2) == [
        "bad-key"
    ]
    opened = {"type": "open", "key": "x", "game": "nains", "seats": ["human", "human"]}
    assert codes(server, json.dumps(opened), count=2) == ["bad-key"]
    still_intact(server, table)


def test_a_token_acts_only_for_its_own_seat(server, table):
    token0 = table["seats"][0].rsplit("#", 1)[1]
    seat0 = RemoteSeat(table["seats"][0])
    observation = seat0.observation
    if observation["to_move"] == 0:  # let seat 1 be the one to move
        seat0.play(observation["legal"][0])
    ply = seat0.view["observation"]["ply"]
    # seat 0's token, reused on another connection, still cannot move for seat 1
    legal1 = RemoteSeat(table["seats"][1]).observation["legal"]
    act = json.dumps({"type": "act", "action": legal1[0], "ply": ply})
    assert codes(server, join(token0), act, count=3) == ["joined", "view", "not-your-turn"]
    assert codes(server, join(token0), join(token0), count=3) == ["joined", "view", "joined"]
    assert [t["ply"] for t in list_tables(server)] == [ply]
    seat0.close()


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"no": "type"}',
        '{"type": "teleport"}',
        '{"type": "act", "action": 3, "ply": 0}',
        '{"type": "act", "action": "x", "ply": NaN}',
        '{"type": "act", "action": "x", "ply": 1e400}',
        '{"type": "act", "action": "x", "ply": 0, "extra": 1}',
        '{"type": "join"}',
        "[" * 2000 + "]" * 2000,
        b"\x00\x01binary",
    ],
    ids=lambda text: repr(text)[:30],
)
def test_malformed_messages_are_answered_and_change_nothing(server, table, text):
    got = codes(server, text)
    assert got and got[0] == "malformed"
    assert [t["ply"] for t in list_tables(server)] == [0]


def test_a_message_too_big_closes_the_connection_and_nothing_else(server, table):
    with connect(server.address, open_timeout=10) as connection:
        connection.send("x" * 100_000)
        with pytest.raises(ConnectionClosed) as closed:
            connection.recv(5)
    assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
    still_intact(server, table)


def test_a_flood_is_refused_then_cut_off_and_others_play_on(server, table):
    token = table["watch"].rsplit("#", 1)[1]
    got = []
    with connect(server.address, open_timeout=10) as connection:
        connection.send(join(token))
        with contextlib.suppress(ConnectionClosed):  # the server may cut it off meanwhile
            for _ in range(2000):
                connection.send('{"type": "continue"}')
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            while True:  # what came before the cut is still read
                got.append(json.loads(connection.recv(3)))
    kinds = [answer.get("code", answer["type"]) for answer in got]
    assert "flood" in kinds
    assert kinds.count("watching") <= 130  # the burst, then refusals without an answer each
    still_intact(server, table)


def test_a_thousand_connections_opened_and_dropped_leave_the_server_up(server, table):
    host, port = server.address.removeprefix("ws://").rstrip("/").split(":")
    for i in range(1000):
        if i % 2:  # a handshake, then gone without a word
            with connect(server.address, open_timeout=10):
                pass
        else:  # a bare socket that says nothing and is dropped
            raw = socket.create_connection((host, int(port)), timeout=5)
            raw.close()
    time.sleep(0.5)
    assert server.process.poll() is None
    still_intact(server, table)


def test_a_connection_that_never_says_who_it_is_is_closed(server, table):
    with connect(server.address, open_timeout=10) as connection:
        started = time.monotonic()
        with pytest.raises(ConnectionClosed):
            connection.recv(20)
    assert time.monotonic() - started < 15


def test_opening_a_table_checks_the_game_its_options_and_seats(server):
    key = server.key
    for bad in (
        {"game": "chess", "seats": ["human", "human"]},
        {"game": "nains", "seats": ["human"]},
        {"game": "nains", "seats": ["human", "bot:99"]},
        {"game": "nains", "options": {"rounds": "many"}, "seats": ["human", "human"]},
        {"game": "nains", "seed": -1, "seats": ["human", "human"]},
    ):
        got = answers(server, json.dumps({"type": "open", "key": key, **bad}))
        assert [answer["code"] for answer in got] == ["malformed"], bad
    assert list_tables(server) == []


def test_a_connection_must_say_who_it_is_first_and_a_link_opens_few_screens(server, table):
    assert codes(server, '{"type": "continue"}', count=2) == ["not-joined"]  # then closed
    token = table["seats"][0].rsplit("#", 1)[1]
    screens = [RemoteSeat(table["seats"][0]) for _ in range(3)]  # a pupil's tabs
    assert codes(server, join(token), count=2) == ["too-many"]  # a fourth: refused, closed
    for screen in screens:
        screen.close()


def test_the_server_files_are_its_owners_alone_and_a_planted_key_stops_it(server, tmp_path):
    for name in ("tables.sqlite", "tables.sqlite-wal", "tables.sqlite.key"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o600, name
    planted = tmp_path / "other.sqlite.key"
    planted.write_text("0" * 32 + "\n")
    planted.chmod(0o644)  # readable by every account: someone else may know it
    with pytest.raises(RuntimeError, match="did not start"):
        start_server(tmp_path / "other.sqlite", timeout=20)
    planted.chmod(0o600)
    planted.write_text("")  # empty: it would make "" the key
    with pytest.raises(RuntimeError, match="did not start"):
        start_server(tmp_path / "other.sqlite", timeout=20)


def test_a_seat_that_cannot_join_leaves_no_thread_behind():
    dead = f"ws://127.0.0.1:{free_port()}/#{secrets.token_hex(16)}"
    before = {thread for thread in threading.enumerate() if thread.name == "ludotheque-seat"}
    with pytest.raises(TimeoutError):
        RemoteSeat(dead, timeout=1)
    time.sleep(0.5)
    after = {thread for thread in threading.enumerate() if thread.name == "ludotheque-seat"}
    assert after <= before


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
