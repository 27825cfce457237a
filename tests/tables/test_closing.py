"""Closing tables: the owner closes one (`close`), or the server closes at start those whose
game ended more than `--keep-finished-hours` ago. A closed table's record and moves stay in
the journal; it is no longer served, listed nor replayed, its links are refused
(`table-closed`), and it no longer counts against the limit of games under way. A journal
written before these columns existed opens and is served."""

import json
import random
import secrets
import sqlite3
import time

import pytest
from tables_kit import Frames

from ludotheque.engines.core import Game, State
from ludotheque.tables import RemoteSeat, close_table, list_tables, open_table, start_server
from ludotheque.tables import server as server_module
from ludotheque.tables.__main__ import main
from ludotheque.tables.journal import Journal, token_hash
from ludotheque.tables.server import TableServer


def refusal_on_joining(link: str) -> dict:
    """The server's answer to a new connection joining with `link` (then it closes it)."""
    frames = Frames(link)
    try:
        return frames.drain(1.0)[0]
    finally:
        frames.close()


def test_a_closed_table_is_kept_in_the_journal_and_no_longer_served(server, tmp_path):
    kept = open_table(server, "nains", seed=1)
    closing = open_table(server, "nains", seed=2)
    seat = RemoteSeat(closing["seats"][0])
    other = RemoteSeat(closing["seats"][1])
    mover = seat if seat.view["can_act"] else other
    mover.play(mover.observation["legal"][0])
    seat.close()
    other.close()
    spy = Frames(closing["watch"])
    spy.drain()

    close_table(server, closing["table"])

    told = spy.drain()
    assert told[-1] == {"type": "notice", "level": "info", "code": "table-closed", "params": {}}
    assert spy.connection.close_reason == "table-closed"  # and let go
    spy.close()
    assert [t["table"] for t in list_tables(server)] == [kept["table"]]
    for link in (closing["seats"][0], closing["watch"]):
        refused = refusal_on_joining(link)
        assert (refused["type"], refused["code"]) == ("refused", "table-closed")
        assert f"table {closing['table']} is closed" in refused["message"]
    close_table(server, closing["table"])  # again: a lost answer's request may be repeated
    with pytest.raises(ValueError, match="no table 99"):
        close_table(server, 99)
    with sqlite3.connect(tmp_path / "tables.sqlite") as db:
        closed, moves = db.execute(
            "select closed, (select count(*) from moves where table_id = id) from tables "
            "where id = ?",
            (closing["table"],),
        ).fetchone()
    assert closed is not None and moves == 1  # the teacher's record stays

    server.kill()
    back = server.restart()
    try:  # not replayed: still neither listed nor joined
        assert [t["table"] for t in list_tables(back)] == [kept["table"]]
        assert refusal_on_joining(closing["seats"][1])["code"] == "table-closed"
    finally:
        back.kill()


def in_process(tmp_path) -> TableServer:
    """A server with no sockets, on the test's journal (each call: the server restarted)."""
    return TableServer(Journal(tmp_path / "tables.sqlite"), secrets.token_hex(16))


def opened(server: TableServer, game: str = "nains") -> int:
    answer = server.open({"type": "open", "game": game, "seats": ["human", "human"]})
    return int(answer["table"])


def test_a_closed_game_frees_its_place_under_the_limit_and_takes_no_more_moves(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(server_module, "MAX_TABLES", 2)
    tables = in_process(tmp_path)
    first, _ = opened(tables), opened(tables)
    with pytest.raises(server_module.Refused) as refused:
        opened(tables)
    assert refused.value.code == "full"
    room = tables.rooms[first]
    tables.close(first)
    assert opened(tables) == 3
    # a connection of the closed table, not yet let go, plays: refused, nothing journaled
    state = room.table.live
    move = {"type": "act", "action": str(state.legal_actions()[0]), "ply": 0}
    with pytest.raises(server_module.Refused) as refused:
        tables._answer(None, {"room": room, "seat": state.current_player()}, move)
    assert refused.value.code == "table-closed" and state.ply == 0
    with sqlite3.connect(tmp_path / "tables.sqlite") as db:
        assert db.execute("select count(*) from moves").fetchone() == (0,)
    with pytest.raises(server_module.Refused) as refused:
        tables.close(99)
    assert refused.value.code == "no-table"


def play_to_the_end(tables: TableServer, table_id: int) -> None:
    room, rng = tables.rooms[table_id], random.Random(0)
    while not room.table.live.is_terminal():
        state = room.table.live
        if room.table.view_for(0).waiting:
            room.table.go_on()
            continue
        room.act(state.current_player(), str(rng.choice(state.legal_actions())), state.ply, None)


def test_a_game_ended_longer_ago_than_kept_is_closed_at_start_not_replayed(tmp_path):
    tables = in_process(tmp_path)
    ended, under_way = opened(tables), opened(tables)
    play_to_the_end(tables, ended)
    again = in_process(tmp_path)
    again.resume(keep_finished=3600)  # ended a moment ago: kept
    assert set(again.rooms) == {ended, under_way} and again.rooms[ended].table.live.is_terminal()
    time.sleep(0.01)
    later = in_process(tmp_path)
    later.resume(keep_finished=0.001)
    assert set(later.rooms) == {under_way}  # a game under way is kept however old
    assert later.journal.closed(ended) and not later.journal.closed(under_way)


def test_keep_finished_hours_is_a_number_zero_or_more(capsys):
    for wrong in ("-1", "nan", "soon"):
        with pytest.raises(SystemExit):
            main(["serve", "--keep-finished-hours", wrong])
        assert "--keep-finished-hours" in capsys.readouterr().err


FIRST_SCHEMA = """
create table tables (id integer primary key, game text not null, options text not null,
    seed text not null, start text not null, seats text not null, created real not null);
create table moves (table_id integer not null references tables(id), ply integer not null,
    action text not null, primary key (table_id, ply));
create table tokens (hash text primary key, table_id integer not null references tables(id),
    seat integer);
"""
"""The journal's tables as the first version wrote them."""


def first_version_journal(tmp_path, state: State) -> list[str]:
    """A journal as the first version wrote it, holding `state`'s game as table 1; the
    seats' tokens."""
    record = state.to_json()
    tokens = [secrets.token_hex(16) for _ in range(state.game.players)]
    with sqlite3.connect(tmp_path / "tables.sqlite") as db:
        db.executescript(FIRST_SCHEMA)
        db.execute(
            "insert into tables values (1, ?, ?, ?, ?, ?, 0)",
            (
                record["game"],
                json.dumps(record["options"]),
                str(record["seed"]),
                json.dumps(record["start"]),
                json.dumps(["human"] * len(tokens)),
            ),
        )
        db.executemany("insert into moves values (1, ?, ?)", list(enumerate(record["actions"])))
        db.executemany(
            "insert into tokens values (?, 1, ?)",
            [(token_hash(token), seat) for seat, token in enumerate(tokens)],
        )
    return tokens


def test_a_journal_of_the_first_version_opens_and_is_served(tmp_path):
    state = Game.by_name("nains").new_game(8)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    tokens = first_version_journal(tmp_path, state)
    server = start_server(tmp_path / "tables.sqlite")
    try:
        assert [(t["table"], t["ply"]) for t in list_tables(server)] == [(1, 2)]
        seat = RemoteSeat(f"{server.address}/#{tokens[state.current_player()]}")
        seat.play(seat.observation["legal"][0])
        assert list_tables(server)[0]["ply"] == 3
        seat.close()
        close_table(server, 1)
        assert list_tables(server) == []
    finally:
        server.kill()


def test_a_game_the_first_version_saw_end_is_kept_from_the_first_start(tmp_path):
    """The first version did not say when a game ended: it counts from the first start."""
    state, rng = Game.by_name("nains").new_game(3), random.Random(2)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    first_version_journal(tmp_path, state)
    tables = in_process(tmp_path)
    tables.resume(keep_finished=0.001)
    assert set(tables.rooms) == {1}  # replayed once: its end is noted now
    time.sleep(0.01)
    later = in_process(tmp_path)
    later.resume(keep_finished=0.001)
    assert later.rooms == {} and later.journal.closed(1)
