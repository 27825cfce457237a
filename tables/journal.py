"""The table server's memory on disk: every table (its game, seed, seats and the hashes of
its tokens) and every move, in SQLite (stdlib `sqlite3`, write-ahead log).

A move is acknowledged to the player only once its transaction has committed, so a server
killed at any instant (SIGKILL) comes back with every acknowledged move: `tables()` gives
each table's record (`State.to_json`), which replays the game exactly. With the WAL and
`synchronous=NORMAL` a commit survives the death of the process; only a power cut may take
the last few commits (`synchronous=FULL` would pay a disk flush per move for that).

Tokens are stored as SHA-256 hashes, but the seeds and moves rebuild every hand: the
server makes its files readable by their owner only (`server.run` sets the umask).
Each write is one transaction (`begin immediate`): a table and its tokens, or a move, are
all there or not at all.

A move keeps the seat that sent it and the id it carried (`last_move`: a client whose
answer was lost asks whether its move was played). A table keeps when its game ended
(`finished`) and when it was closed (`closed`): a closed table's record and moves stay for
the teacher, but `tables()` no longer gives it to be replayed. A journal of the first
version (without these columns) gains them when opened (`ADDED`).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

SCHEMA = """
create table if not exists tables (
    id integer primary key,
    game text not null,
    options text not null,
    seed text not null,
    start text not null,
    seats text not null,
    created real not null
);
create table if not exists moves (
    table_id integer not null references tables(id),
    ply integer not null,
    action text not null,
    primary key (table_id, ply)
);
create table if not exists tokens (
    hash text primary key,
    table_id integer not null references tables(id),
    seat integer
);
"""
ADDED = {
    "tables": {"finished": "real", "closed": "real"},
    "moves": {"seat": "integer", "move_id": "integer"},
}
"""Columns added since the first version, null where unknown: `finished` and `closed` (the
time the game ended, the time the owner closed the table), a move's `seat` and `move_id`
(the seat that sent it and the id it carried; null for a bot's move)."""


class Stored(NamedTuple):
    """A table of the journal, to replay: its record (`State.from_json`), seats, and when
    its game ended (None: under way, or ended before the journal kept the time)."""

    id: int
    record: dict[str, Any]
    seats: list[str]
    finished: float | None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Journal:
    """One SQLite file; safe to call from several threads (one connection, one lock)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("pragma journal_mode=wal")
        self._db.execute("pragma synchronous=normal")
        self._db.execute("pragma foreign_keys=on")
        self._db.executescript(SCHEMA)
        self._add_missing_columns()

    def _add_missing_columns(self) -> None:
        """Bring a journal of an older version up to this one (`ADDED`), in one transaction:
        its tables and moves are kept, what it did not record is null."""
        with self._lock, self._db:
            self._db.execute("begin immediate")
            for table, columns in ADDED.items():
                present = {row[1] for row in self._db.execute(f"pragma table_info({table})")}
                for name, kind in columns.items():
                    if name not in present:
                        self._db.execute(f"alter table {table} add column {name} {kind}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add_table(
        self, record: dict[str, Any], seats: list[str], tokens: dict[str, int | None]
    ) -> int:
        """A new table from its record (no move yet) and seats; `tokens`: token -> seat
        (None: watching). Returns its id."""
        with self._lock, self._db:
            self._db.execute("begin immediate")
            cursor = self._db.execute(
                "insert into tables (game, options, seed, start, seats, created) "
                "values (?, ?, ?, ?, ?, ?)",
                (
                    record["game"],
                    json.dumps(record["options"]),
                    str(record["seed"]),
                    json.dumps(record["start"]),
                    json.dumps(seats),
                    time.time(),
                ),
            )
            table_id = int(cursor.lastrowid or 0)
            self._db.executemany(
                "insert into tokens (hash, table_id, seat) values (?, ?, ?)",
                [(token_hash(token), table_id, seat) for token, seat in tokens.items()],
            )
            return table_id

    def moves_changed(
        self,
        table_id: int,
        kept: int,
        added: list[str],
        mover: tuple[int, int | None] | None = None,
        over: bool = False,
    ) -> None:
        """The table's moves are now its first `kept` ones followed by `added` (a move
        played: `added` is it; a move taken back: nothing added), in one transaction.
        `mover`: the seat that sent the last of `added` and the id it carried; `over`: the
        game has ended (the time is kept once, for `close_finished`)."""
        last, unsent = len(added) - 1, (None, None)
        rows = [
            (table_id, kept + i, action, *(mover or unsent if i == last else unsent))
            for i, action in enumerate(added)
        ]
        with self._lock, self._db:
            self._db.execute("begin immediate")
            self._db.execute("delete from moves where table_id = ? and ply >= ?", (table_id, kept))
            self._db.executemany(
                "insert into moves (table_id, ply, action, seat, move_id) values (?, ?, ?, ?, ?)",
                rows,
            )
            self._db.execute(
                "update tables set finished = case when ? then coalesce(finished, ?) end "
                "where id = ?",
                (over, time.time(), table_id),
            )

    def tables(self) -> list[Stored]:
        """Every table not closed, to replay, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "select id, game, options, seed, start, seats, finished from tables "
                "where closed is null order by id"
            ).fetchall()
            found = []
            for table_id, game, options, seed, start, seats, finished in rows:
                actions = [
                    action
                    for (action,) in self._db.execute(
                        "select action from moves where table_id = ? order by ply", (table_id,)
                    )
                ]
                record = {
                    "game": game,
                    "options": json.loads(options),
                    "seed": int(seed),
                    "start": json.loads(start),
                    "actions": actions,
                }
                found.append(Stored(table_id, record, json.loads(seats), finished))
            return found

    def mark_finished(self, table_id: int) -> None:
        """The game of `table_id` has ended, and the journal did not say when (it was
        written by an older version): from now, for `close_finished`."""
        with self._lock, self._db:
            self._db.execute("begin immediate")
            self._db.execute(
                "update tables set finished = ? where id = ? and finished is null",
                (time.time(), table_id),
            )

    def close_table(self, table_id: int) -> bool:
        """Close a table (its record and moves stay); False if there is no such table.
        Closing it again keeps the first time."""
        with self._lock, self._db:
            self._db.execute("begin immediate")
            cursor = self._db.execute(
                "update tables set closed = coalesce(closed, ?) where id = ?",
                (time.time(), table_id),
            )
            return cursor.rowcount == 1

    def close_finished(self, before: float) -> list[int]:
        """Close every table whose game ended before the time `before`; their ids."""
        with self._lock, self._db:
            self._db.execute("begin immediate")
            ids = [
                table_id
                for (table_id,) in self._db.execute(
                    "select id from tables where closed is null and finished < ?", (before,)
                )
            ]
            self._db.execute(
                "update tables set closed = ? where closed is null and finished < ?",
                (time.time(), before),
            )
            return ids

    def closed(self, table_id: int) -> bool:
        """`table_id` is a table of the journal, closed."""
        with self._lock:
            row = self._db.execute(
                "select closed is not null from tables where id = ?", (table_id,)
            ).fetchone()
        return bool(row and row[0])

    def last_move(self, table_id: int, seat: int) -> tuple[int, int] | None:
        """(id, ply) of the last move `seat` sent with an id that the journal holds, or None:
        what a client whose answer was lost compares with its move's id and ply."""
        with self._lock:
            row = self._db.execute(
                "select move_id, ply from moves where table_id = ? and seat = ? "
                "and move_id is not null order by ply desc limit 1",
                (table_id, seat),
            ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def seat_of(self, token: str) -> tuple[int, int | None] | None:
        """(table id, seat or None for a watcher) of a token, or None if it is no token here."""
        with self._lock:
            row = self._db.execute(
                "select table_id, seat from tokens where hash = ?", (token_hash(token),)
            ).fetchone()
        return None if row is None else (int(row[0]), row[1])
