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
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

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

    def moves_changed(self, table_id: int, kept: int, added: list[str]) -> None:
        """The table's moves are now its first `kept` ones followed by `added` (a move
        played: `added` is it; a move taken back: nothing added), in one transaction."""
        with self._lock, self._db:
            self._db.execute("begin immediate")
            self._db.execute("delete from moves where table_id = ? and ply >= ?", (table_id, kept))
            self._db.executemany(
                "insert into moves (table_id, ply, action) values (?, ?, ?)",
                [(table_id, kept + i, action) for i, action in enumerate(added)],
            )

    def tables(self) -> list[tuple[int, dict[str, Any], list[str]]]:
        """Every table: (id, record to replay, seats), oldest first."""
        with self._lock:
            rows = self._db.execute(
                "select id, game, options, seed, start, seats from tables order by id"
            ).fetchall()
            found = []
            for table_id, game, options, seed, start, seats in rows:
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
                found.append((table_id, record, json.loads(seats)))
            return found

    def seat_of(self, token: str) -> tuple[int, int | None] | None:
        """(table id, seat or None for a watcher) of a token, or None if it is no token here."""
        with self._lock:
            row = self._db.execute(
                "select table_id, seat from tokens where hash = ?", (token_hash(token),)
            ).fetchone()
        return None if row is None else (int(row[0]), row[1])
