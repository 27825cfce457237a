"""Tables between screens: a server that referees games whose players sit at different
computers, each sent only what its seat may know (docs/tables.md).

    server = start_server("tables.sqlite")            # or: python -m ludotheque.tables serve
    links = open_table(server, "nains")               # one join link per seat, one to watch
    seat = RemoteSeat(links["seats"][0])              # on a pupil's computer
    seat.observation["hand"]; seat.play("discard 3"); seat.wait()

The server (`server.py`) journals every move in SQLite before acknowledging it
(`journal.py`), checks every message (`protocol.py`), and resumes every table after a
restart; `client.py` is a seat's side, from Python.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .links import link, parse_link
from .protocol import dumps

if TYPE_CHECKING:
    from .client import RemoteSeat

__all__ = [
    "LocalServer",
    "RemoteSeat",
    "close_table",
    "list_tables",
    "open_table",
    "parse_link",
    "start_server",
]


def __getattr__(name: str) -> Any:
    """`RemoteSeat` needs the `websockets` library, imported only when asked for: the
    offline site has none, and joins through the browser (relay.py)."""
    if name == "RemoteSeat":
        from .client import RemoteSeat

        return RemoteSeat
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class LocalServer:
    """A table server started from here, in a process of its own (`start_server`)."""

    def __init__(self, process: subprocess.Popen[str], address: str, key: str, db: Path):
        self.process, self.address, self.key, self.db = process, address, key, db

    def stop(self) -> None:
        """SIGTERM, then wait (the journal is closed cleanly)."""
        self.process.terminate()
        self.process.wait(10)

    def kill(self) -> None:
        """SIGKILL: what a crash does (nothing acknowledged is lost)."""
        self.process.kill()
        self.process.wait(10)

    def restart(self, timeout: float = 10.0) -> LocalServer:
        """The same journal served again at the same address, once this server is stopped
        or killed (its clients find it again); a port may linger a moment after a kill."""
        where = urlsplit(self.address)
        deadline = time.monotonic() + timeout
        while True:
            try:
                return start_server(self.db, port=where.port or 0, host=where.hostname or "")
            except RuntimeError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def __repr__(self) -> str:
        return f"<table server {self.address}>"


def start_server(
    db: str | os.PathLike[str], port: int = 0, host: str = "127.0.0.1", timeout: float = 30.0
) -> LocalServer:
    """Start `python -m ludotheque.tables serve` on `db` and wait until it listens."""
    db = Path(db)
    process = subprocess.Popen(  # its stderr goes where ours goes (a failure says why)
        [
            sys.executable,
            "-m",
            "ludotheque.tables",
            "serve",
            "--host",
            host,
            "--port",
            str(port),
            "--db",
            str(db),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    output = process.stdout
    assert output is not None
    ready: list[str] = []
    reader = threading.Thread(target=lambda: ready.append(output.readline()), daemon=True)
    reader.start()  # the server prints one line once it listens
    reader.join(timeout)
    line = ready[0] if ready else ""
    if not line.startswith("listening on "):
        process.kill()
        process.wait(10)
        raise RuntimeError(
            f"the table server did not start within {timeout} s (exit status "
            f"{process.returncode}; its error, if any, is above)"
        )
    key = db.with_name(db.name + ".key").read_text().strip()
    return LocalServer(process, line.split()[-1], key, db)


def _ask(server: LocalServer | str, key: str | None, message: dict[str, Any]) -> dict[str, Any]:
    from websockets.sync.client import connect

    address = server.address if isinstance(server, LocalServer) else server
    key = key or (server.key if isinstance(server, LocalServer) else None)
    if key is None:
        raise ValueError("the server's key is needed (the file beside its journal: DB.key)")
    with connect(address, open_timeout=10) as connection:
        connection.send(dumps({**message, "key": key}))
        answer: dict[str, Any] = json.loads(connection.recv(10))
    if answer["type"] == "refused":
        raise ValueError(answer["message"])
    return answer


def open_table(
    server: LocalServer | str,
    game: str,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    seats: list[str] | None = None,
    key: str | None = None,
) -> dict[str, Any]:
    """A new table of `game` on `server`: {"table": id, "seats": [a join link per seat,
    None for a bot's], "watch": a link to watch}. `seats`: "human" or "bot:<level>" each
    (default: every seat human); `seed` None: drawn by the server."""
    from ludotheque.engines.core import Game

    players = Game.by_name(game, **(options or {})).players
    answer = _ask(
        server,
        key,
        {
            "type": "open",
            "game": game,
            "options": options or {},
            "seed": seed,
            "seats": seats or ["human"] * players,
        },
    )
    address = server.address if isinstance(server, LocalServer) else server
    return {
        "table": answer["table"],
        "seats": [None if token is None else link(address, token) for token in answer["seats"]],
        "watch": link(address, answer["watch"]),
    }


def list_tables(server: LocalServer | str, key: str | None = None) -> list[dict[str, Any]]:
    """Every table of `server`: game, seats, ply, over, which seats are connected."""
    tables: list[dict[str, Any]] = _ask(server, key, {"type": "list"})["tables"]
    return tables


def close_table(server: LocalServer | str, table: int, key: str | None = None) -> None:
    """Close `table` on `server`: its game is kept in the journal, but it is no longer
    served, listed nor replayed, and its links are refused (`table-closed`). ValueError if
    the server has no such table; closing it again does nothing more."""
    _ask(server, key, {"type": "close", "table": table})
