"""A move whose answer was lost: the server is killed (SIGKILL) after committing it, before
anyone reads its acknowledgement. Joining again, `joined` says the seat's last move the
journal holds (`last_id`, `last_ply`): the client can tell its pending move was played."""

import json
import sqlite3
import time

from tables_kit import Frames

from ludotheque.tables import open_table
from ludotheque.tables.protocol import PROTOCOL


def journaled(tmp_path, table_id: int, ply: int) -> bool:
    with sqlite3.connect(tmp_path / "tables.sqlite") as db:
        row = db.execute(
            "select 1 from moves where table_id = ? and ply = ?", (table_id, ply)
        ).fetchone()
    return row is not None


def joined(link: str) -> tuple[dict, dict, Frames]:
    """A fresh connection's `joined` and first view (the connection kept open)."""
    frames = Frames(link)
    deadline = time.monotonic() + 10
    while True:
        got = frames.drain(0.2)
        kinds = [frame["type"] for frame in got]
        if "joined" in kinds and "view" in kinds:
            return got[kinds.index("joined")], got[kinds.index("view")]["view"], frames
        assert time.monotonic() < deadline, f"no joined and view, only {kinds}"


def last_move(link: str) -> tuple[int | None, int | None]:
    """(last_id, last_ply) in what a new connection of `link` is told when it joins."""
    said, _, frames = joined(link)
    frames.close()
    return said["last_id"], said["last_ply"]


def act(frames: Frames, action: str, ply: int, move_id: int) -> None:
    frames.connection.send(json.dumps({"type": "act", "action": action, "ply": ply, "id": move_id}))


def test_joined_says_the_last_move_committed_before_a_kill(server, tmp_path):
    links = open_table(server, "nains", seed=4)
    table = links["table"]
    said, view, spy = joined(links["seats"][0])
    spy.close()
    assert said["version"] == PROTOCOL == 2
    assert (said["last_id"], said["last_ply"]) == (None, None)  # no move yet
    mover = 0 if view["can_act"] else 1
    other = 1 - mover
    _, view, mine = joined(links["seats"][mover])
    action = view["observation"]["legal"][0]
    act(mine, action, 0, 7)
    deadline = time.monotonic() + 10
    while not journaled(tmp_path, table, 0):
        assert time.monotonic() < deadline, "the move never reached the journal"
        time.sleep(0.005)
    server.kill()  # the acknowledgement is never read
    mine.close()
    back = server.restart()
    try:
        said, view, mine = joined(links["seats"][mover])
        assert (said["last_id"], said["last_ply"]) == (7, 0)  # move 7, made at ply 0: played
        assert view["observation"]["ply"] == 1
        act(mine, action, 0, 8)  # sent again: stale, nothing changes
        refused = [frame for frame in mine.drain() if frame["type"] == "refused"]
        assert [(frame["code"], frame["id"]) for frame in refused] == [("stale", 8)]
        mine.close()
        said, view, theirs = joined(links["seats"][other])
        assert (said["last_id"], said["last_ply"]) == (None, None)  # each seat its own
        act(theirs, view["observation"]["legal"][0], 1, 3)
        assert [frame["id"] for frame in theirs.drain() if frame["type"] == "acted"] == [3]
        theirs.close()
        assert last_move(links["seats"][mover]) == (7, 0)
        assert last_move(links["seats"][other]) == (3, 1)
        assert last_move(links["watch"]) == (None, None)
    finally:
        back.kill()
