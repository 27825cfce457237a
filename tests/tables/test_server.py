"""The table server plays a game between two screens, each sent only its own seat's view,
and loses no acknowledged move when it is killed (SIGKILL) and restarted."""

import json
import random
import sqlite3

import pytest
from tables_kit import Frames, play_turns

from ludotheque.engines.core import RulesError, State
from ludotheque.tables import RemoteSeat, list_tables, open_table


def journal_record(tmp_path, table_id: int) -> dict:
    """The game as the journal holds it (read straight from the SQLite file)."""
    with sqlite3.connect(tmp_path / "tables.sqlite") as db:
        game, options, seed, start = db.execute(
            "select game, options, seed, start from tables where id = ?", (table_id,)
        ).fetchone()
        actions = [
            a
            for (a,) in db.execute(
                "select action from moves where table_id = ? order by ply", (table_id,)
            )
        ]
    return {
        "game": game,
        "options": json.loads(options),
        "seed": int(seed),
        "start": json.loads(start),
        "actions": actions,
    }


def test_two_screens_play_tir_de_tuyau_each_sent_only_its_own_seat(server, tmp_path):
    links = open_table(server, "nains")
    spies = [Frames(links["seats"][0]), Frames(links["seats"][1]), Frames(links["watch"])]
    seats = [RemoteSeat(links["seats"][0]), RemoteSeat(links["seats"][1])]
    assert [seat.seat for seat in seats] == [0, 1]
    play_turns(seats, random.Random(3))
    final = State.from_json(journal_record(tmp_path, links["table"]))
    assert final.is_terminal() and final.ply == seats[0].observation["ply"] > 20
    for who, spy in zip((0, 1, None), spies, strict=True):
        frames = spy.drain()
        views = [frame["view"] for frame in frames if frame["type"] == "view"]
        assert len(views) > 10
        for view in views:  # each view is exactly what its seat may see at that ply
            observation = view["observation"]
            assert observation == final.replayed(observation["ply"]).observation(who)
        seed = str(final.seed)
        assert all(seed not in text for text in spy.texts)
        spy.close()
    for seat in seats:
        seat.close()


def test_a_server_killed_mid_game_comes_back_at_the_same_ply_and_clients_reconnect(
    server, tmp_path
):
    links = open_table(server, "nains", seed=11)
    seats = [RemoteSeat(links["seats"][0]), RemoteSeat(links["seats"][1])]
    rng = random.Random(5)
    play_turns(seats, rng, plies=15)
    acknowledged = seats[0].observation["ply"]
    server.kill()  # SIGKILL right after the last acknowledgement
    back = server.restart()
    try:
        for seat in seats:  # each client reconnects by itself, with its token
            seat.wait_joined(2)
            assert seat.view["observation"]["ply"] == acknowledged
        assert list_tables(back)[0]["ply"] == acknowledged
        play_turns(seats, rng)
        assert seats[1].observation["terminal"]
        final = State.from_json(journal_record(tmp_path, links["table"]))
        assert final.ply == seats[0].observation["ply"] and final.seed == 11
    finally:
        for seat in seats:
            seat.close()
        back.kill()


def test_a_seat_plays_only_its_own_turns_and_a_watcher_none(server):
    links = open_table(server, "sortileges", seed=2)
    first, second = RemoteSeat(links["seats"][0]), RemoteSeat(links["seats"][1])
    watcher = RemoteSeat(links["watch"])
    to_move = first.observation["to_move"]
    mover, other = (first, second) if to_move == 0 else (second, first)
    legal = mover.observation["legal"][0]
    with pytest.raises(RulesError) as refused:
        other.play(legal)
    assert refused.value.code == "not-your-turn"
    with pytest.raises(RulesError) as refused:
        watcher.play(legal)
    assert refused.value.code == "watching"
    with pytest.raises(RulesError) as refused:
        mover.play("z9-z9/z9")
    assert refused.value.code in ("illegal", "malformed")
    mover.play(legal)
    assert other.wait(5)["observation"]["ply"] == 1
    for seat in (first, second, watcher):
        seat.close()


def test_a_bot_seat_is_played_by_the_server(server):
    links = open_table(server, "sortileges", seed=4, seats=["human", "bot:1"])
    assert links["seats"][1] is None  # nobody joins a bot's seat
    me = RemoteSeat(links["seats"][0])
    rng = random.Random(0)
    while not me.observation["terminal"]:
        view = me.wait(20)
        if view["can_act"]:
            me.play(rng.choice(view["observation"]["legal"]))
    assert me.observation["ply"] >= 2
    me.close()


def test_a_class_is_paired_up_one_table_per_pair_the_odd_one_against_a_bot(server):
    from ludotheque.tables.pairings import Sheet, pair_up

    names = ["Ada", "Bo", "Cy", "Dee", "Eli"]
    rows = pair_up(server, "nains", names, options={"rounds": 1})
    assert [row["players"] for row in rows] == [["Ada", "Bo"], ["Cy", "Dee"], ["Eli", "bot:2"]]
    lines = Sheet(rows).lines()
    assert [line[0] for line in lines] == names and lines[4][2] == "bot:2"
    assert len({line[3] for line in lines}) == 5  # a link of one's own each
    tables = {t["table"]: t for t in list_tables(server)}
    assert tables[rows[2]["table"]]["seats"] == ["human", "bot:2"]
    eli = RemoteSeat(rows[2]["links"]["Eli"])
    assert eli.seat == 0 and eli.table == rows[2]["table"]
    eli.close()
    with pytest.raises(ValueError, match="distinct"):
        pair_up(server, "nains", ["Ada", "Ada"])


def test_a_move_the_journal_refuses_stops_the_server_and_is_never_acknowledged(server, tmp_path):
    """Fail-stop: a move in memory but not on disk is told to nobody; the server exits and a
    restart serves what was committed."""
    links = open_table(server, "sortileges", seed=3)
    seats = [RemoteSeat(links["seats"][0]), RemoteSeat(links["seats"][1])]
    mover = seats[0] if seats[0].view["can_act"] else seats[1]
    blocker = sqlite3.connect(tmp_path / "tables.sqlite", isolation_level=None)
    blocker.execute("begin exclusive")  # the journal cannot be written for the next 5 s
    with pytest.raises((TimeoutError, ConnectionError)):
        mover.play(mover.observation["legal"][0], timeout=15)
    assert server.process.wait(20) == 75
    blocker.execute("rollback")
    blocker.close()
    back = server.restart()
    try:
        assert list_tables(back)[0]["ply"] == 0
    finally:
        for seat in seats:
            seat.close()
        back.kill()


def test_a_table_that_cannot_be_replayed_is_left_out_and_the_others_served(server, tmp_path):
    good = open_table(server, "nains", seed=1)
    broken = open_table(server, "nains", seed=2)
    server.kill()
    with sqlite3.connect(tmp_path / "tables.sqlite") as db:
        db.execute("update tables set seats = ? where id = ?", ('["human"]', broken["table"]))
    back = server.restart()
    try:
        assert [t["table"] for t in list_tables(back)] == [good["table"]]
        RemoteSeat(good["seats"][0]).close()
    finally:
        back.kill()


def test_a_client_of_another_protocol_version_stops_saying_so(server, monkeypatch):
    from ludotheque.tables import protocol

    links = open_table(server, "nains", seed=1)
    monkeypatch.setattr(protocol, "PROTOCOL", protocol.PROTOCOL + 1)
    with pytest.raises(ConnectionError, match="version"):
        RemoteSeat(links["seats"][0], timeout=10)
