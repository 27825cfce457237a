"""The table server: games between screens, refereed by the same `Table` a game widget
hosts, each connection sent only what its seat may know.

One process holds every table (`Room`): the referee (`engines.table.Table`, one screen per
seat: no curtain), the journal's rows, and the connections watching it. A move is
journaled under the table's lock before the table's views go out, so a view that shows a
move — the mover's acknowledgement — comes after its commit. At start the server replays
every table of its journal (seed + moves) and its bots go on; clients reconnect with
their tokens, and `joined` tells each seat its last move the journal holds (`last_id`,
`last_ply`: a client whose answer was lost knows whether its move was played).

The owner closes a table (`close`): its record stays in the journal, it is no longer
served nor replayed, and its links are refused (`table-closed`); at start, a table whose
game ended more than `keep_finished` seconds ago is closed the same way.

Every message is checked (`protocol.read`: shape, size), each connection has its allowance
of messages (`protocol.Bucket`), and the server bounds its tables and connections; a
connection that does not say who it is within `JOIN_SECONDS` is closed. A slow reader costs
one pending view (the latest replaces the last unsent one) and a few notices.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import os
import secrets
import signal
import sqlite3
import stat
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import asdict
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ludotheque.engines.bots import bots_of
from ludotheque.engines.core import Game, RulesError, State
from ludotheque.engines.table import HUMAN, Table
from ludotheque.engines.table_view import PlainHooks

from .journal import Journal
from .protocol import (
    BURST,
    FLOOD,
    MAX_MESSAGE,
    OWNER,
    PROTOCOL,
    Bucket,
    Refused,
    dumps,
    read,
    well_formed_token,
)

log = logging.getLogger("ludotheque.tables")

MAX_TABLES = 1000
MAX_CONNECTIONS = 2000
JOIN_SECONDS = 5.0
SEAT_SCREENS = 3
WATCH_SCREENS = 20
JOURNAL_FAILED = 75
"""The server's exit status when the journal refuses a move (EX_TEMPFAIL)."""
NOTICES = 16
"""Notices kept for a connection that reads slowly (the oldest go first)."""
KEEP_FINISHED_HOURS = 24.0
"""At start, a table whose game ended longer ago than this is closed, not replayed."""


class Outbox:
    """What waits to be sent to one connection, in order: a view still waiting is replaced
    by a newer one (views are whole), other messages are kept up to `NOTICES` (the oldest go
    first); one task sends them."""

    def __init__(self, connection: ServerConnection):
        self.connection = connection
        self.queue: deque[list[Any]] = deque()  # [is_view, text]
        self.ready = asyncio.Event()
        self.task = asyncio.create_task(self._send())

    def put_view(self, text: str) -> None:
        waiting = next((entry for entry in self.queue if entry[0]), None)
        if waiting is not None:
            waiting[1] = text
        else:
            self.queue.append([True, text])
        self.ready.set()

    def put(self, message: dict[str, Any]) -> None:
        if sum(not is_view for is_view, _ in self.queue) >= NOTICES:
            oldest = next(entry for entry in self.queue if not entry[0])
            self.queue.remove(oldest)
        self.queue.append([False, dumps(message)])
        self.ready.set()

    async def close(self, code: int, reason: str) -> None:
        """Send what waits (within a second), then close the connection."""
        self.task.cancel()
        with contextlib.suppress(ConnectionClosed, asyncio.TimeoutError):
            await asyncio.wait_for(self._drain(), 1.0)
        await self.connection.close(code, reason)

    async def _drain(self) -> None:
        while self.queue:
            await self.connection.send(self.queue.popleft()[1])

    async def _send(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.ready.wait()
                self.ready.clear()
                await self._drain()


class Room:
    """One table of the server."""

    def __init__(self, table_id: int, state: State, seats: list[str], server: TableServer):
        self.id = table_id
        self.server = server
        self.journaled = [str(action) for action in state.history]
        self.watchers: dict[Outbox, int | None] = {}
        self.mover: tuple[int, int | None] | None = None
        """The seat whose move is being played and the id it carried, journaled with it."""
        self.table = Table(
            state,
            seats,
            levels=tuple(bots_of(type(state.game)).LEVELS),
            publish=self._published,
            notify=self._notify,
            hooks=PlainHooks(type(state.game)),
            own_screens=True,
        )

    def act(self, seat: int, action: str, ply: int, move_id: int | None) -> None:
        """`seat`'s move, journaled with `move_id` (its `last_id` when it joins again), then
        every view sent: the move's view goes before its acknowledgement."""
        with self.table.lock:
            self.mover = (seat, move_id)
            try:
                self.table.act_for(seat, action, ply)
            finally:
                self.mover = None
        self.send_views()

    def _published(self, _view: Any) -> None:
        """After every change, under the table's lock, in whichever thread made it: the
        moves journaled, then the views sent (from the event loop)."""
        history = [str(action) for action in self.table.live.history]
        kept = 0
        for old, new in zip(self.journaled, history, strict=False):
            if old != new:
                break
            kept += 1
        if kept < len(self.journaled) or kept < len(history):
            try:
                self.server.journal.moves_changed(
                    self.id, kept, history[kept:], self.mover, self.table.live.is_terminal()
                )
            except sqlite3.Error as error:
                # The move is in memory, not on disk, and nobody was told of it: stop here,
                # so that a restart serves exactly what was committed (fail-stop).
                log.critical("table %s: the journal refused a move (%s); stopping", self.id, error)
                logging.shutdown()
                os._exit(JOURNAL_FAILED)
            self.journaled = history
        self.server.soon(self.send_views)

    def _notify(self, level: str, code: str, **params: Any) -> None:
        """A notice to every connection of the table, its code only: a bot's failure may
        quote what it held (the detail stays in the server's log)."""
        log.warning("table %s: %s %s", self.id, code, params)
        notice = {"type": "notice", "level": level, "code": code, "params": {}}

        def tell() -> None:
            for outbox in self.watchers:
                outbox.put(notice)

        self.server.soon(tell)

    def close(self) -> None:
        """Closed by its owner: its bots stop, its connections are told (`table-closed`)
        and let go; their links are refused from now on."""
        self.table.close()
        notice = {"type": "notice", "level": "info", "code": "table-closed", "params": {}}
        for outbox in self.watchers:
            outbox.put(notice)
            self.server.later(outbox.close(1000, "table-closed"))

    def view_message(self, seat: int | None) -> str:
        """`seat`'s view, and the public observation (what a saved picture may show)."""
        return dumps(
            {
                "type": "view",
                "table": self.id,
                "view": asdict(self.table.view_for(seat)),
                "public": self.table.live.observation(None),
            }
        )

    def send_views(self) -> None:
        with self.table.lock:
            texts = {seat: self.view_message(seat) for seat in set(self.watchers.values())}
        for outbox, seat in self.watchers.items():
            outbox.put_view(texts[seat])

    def summary(self) -> dict[str, Any]:
        with self.table.lock:  # a bot's thread may be moving
            return self._summary()

    def _summary(self) -> dict[str, Any]:
        state = self.table.live
        return {
            "table": self.id,
            "game": state.game.name,
            "seats": list(self.table.seats),
            "ply": state.ply,
            "over": state.is_terminal(),
            "connected": sorted({seat for seat in self.watchers.values() if seat is not None}),
            "watching": sum(seat is None for seat in self.watchers.values()),
        }


class TableServer:
    """Every table, the journal, the owner's key; `handler` serves one connection."""

    def __init__(self, journal: Journal, key: str):
        self.journal = journal
        self.key = key
        self.rooms: dict[int, Room] = {}
        self.connections = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` as a task of the event loop, kept until it is done (asyncio keeps
        only a weak reference to a task)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def soon(self, work: Callable[[], Any]) -> None:
        """Run `work` on the event loop (from any thread)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(work)

    def resume(self, keep_finished: float = KEEP_FINISHED_HOURS * 3600) -> None:
        """Every table of the journal replayed to its last acknowledged move, but those
        whose game ended more than `keep_finished` seconds ago, closed instead: a server
        restarted for years does not replay every game it ever held."""
        for table_id in self.journal.close_finished(before=time.time() - keep_finished):
            log.info("table %s: its game ended long ago; closed, not replayed", table_id)
        for stored in self.journal.tables():
            try:
                state = State.from_json(stored.record)
                if len(stored.seats) != state.game.players:
                    raise ValueError(f"{len(stored.seats)} seats for {state.game.players} players")
                room = Room(stored.id, state, stored.seats, self)
                room.table.start()
            except Exception as error:  # one bad table is left out, not the whole server
                log.error("table %s cannot be replayed: %s", stored.id, error)
                continue
            if stored.finished is None and state.is_terminal():
                self.journal.mark_finished(stored.id)  # an older journal's: from now
            self.rooms[stored.id] = room

    # -- one connection -------------------------------------------------------------------
    async def handler(self, connection: ServerConnection) -> None:
        if self.connections >= MAX_CONNECTIONS:
            await connection.close(1013, "the server has too many connections")
            return
        self.connections += 1
        outbox = Outbox(connection)
        bucket = Bucket()
        session: dict[str, Any] = {}
        try:
            first = await asyncio.wait_for(connection.recv(), JOIN_SECONDS)
            await self._message(outbox, bucket, session, first)
            if "room" not in session and "owner" not in session:
                await outbox.close(1008, "say who you are first (join)")
                return
            while True:
                await self._message(outbox, bucket, session, await connection.recv())
                if bucket.refused >= FLOOD:
                    await outbox.close(1008, "too many messages")
                    return
        except asyncio.TimeoutError:
            await outbox.close(1008, "say who you are first (join)")
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            room = session.get("room")
            if room is not None:
                room.watchers.pop(outbox, None)
            outbox.task.cancel()

    async def _message(
        self, outbox: Outbox, bucket: Bucket, session: dict[str, Any], text: Any
    ) -> None:
        if not bucket.take():
            if bucket.refused == 1:
                outbox.put(refusal("flood", f"at most {BURST:.0f} messages at once"))
            return
        message: dict[str, Any] = {}
        try:
            message = read(text)
            answer = self._answer(outbox, session, message)
        except Refused as refused:
            answer = refusal(refused.code, str(refused))
        except RulesError as error:
            answer = refusal(error.code, str(error))
        if answer is not None and "id" in message:
            answer["id"] = message["id"]
        if answer is not None:
            outbox.put(answer)
        if session.get("closing"):
            await outbox.close(1008, session["closing"])

    def _answer(
        self, outbox: Outbox, session: dict[str, Any], message: dict[str, Any]
    ) -> dict[str, Any] | None:
        kind = message["type"]
        if kind in OWNER:
            if "room" in session or not hmac.compare_digest(
                message["key"].encode(), self.key.encode()
            ):
                session["closing"] = "wrong key"
                raise Refused("bad-key", "this is not the server's key")
            session["owner"] = True
            return self.owners_request(message)
        if kind == "join":
            self.join(outbox, session, message["token"])
            return None
        room: Room | None = session.get("room")
        if room is None:
            raise Refused("not-joined", "join a table first (join, with your token)")
        if self.rooms.get(room.id) is not room:  # closed while this connection is let go
            raise closed_table(room.id)
        seat = session["seat"]
        if seat is None:
            raise Refused("watching", "a watcher cannot play")
        if kind == "continue":
            room.table.go_on()
            return None
        room.act(seat, message["action"], message["ply"], message.get("id"))
        return {"type": "acted"}

    def join(self, outbox: Outbox, session: dict[str, Any], token: str) -> None:
        if "room" in session:
            raise Refused("joined", "this connection has joined a table already")
        found = self.journal.seat_of(token) if well_formed_token(token) else None
        if found is not None and found[0] not in self.rooms and self.journal.closed(found[0]):
            session["closing"] = "table closed"
            raise closed_table(found[0])
        if found is None or found[0] not in self.rooms:
            session["closing"] = "unknown token"
            raise Refused("bad-token", "no seat of this server has this token")
        room = self.rooms[found[0]]
        if sum(seat == found[1] for seat in room.watchers.values()) >= per_place(found[1]):
            session["closing"] = "too many connections for this link"
            raise Refused("too-many", "this link is open on too many screens already")
        session["room"], session["seat"] = room, found[1]
        room.watchers[outbox] = found[1]
        with room.table.lock:  # no move of this seat is journaled between the two
            last = None if found[1] is None else self.journal.last_move(room.id, found[1])
            outbox.put(
                {
                    "type": "joined",
                    "version": PROTOCOL,
                    "table": room.id,
                    "seat": found[1],
                    "game": room.table.game.name,
                    "last_id": None if last is None else last[0],
                    "last_ply": None if last is None else last[1],
                }
            )
            outbox.put_view(room.view_message(found[1]))

    def owners_request(self, message: dict[str, Any]) -> dict[str, Any]:
        """The answer to a request made with the server's key (checked)."""
        kind = message["type"]
        if kind == "open":
            return self.open(message)
        if kind == "close":
            return self.close(message["table"])
        return {"type": "tables", "tables": [room.summary() for room in self.rooms.values()]}

    def close(self, table_id: int) -> dict[str, Any]:
        """Close a table: archived in the journal (closing it again says `closed` again, a
        request whose answer was lost may be made again), no longer served."""
        room = self.rooms.get(table_id)
        if room is None:
            if not self.journal.close_table(table_id):
                raise Refused("no-table", f"this server has no table {table_id}")
        else:
            with room.table.lock:  # no move of its bots journaled after it is closed
                self.journal.close_table(table_id)
                room.close()
            del self.rooms[table_id]
        return {"type": "closed", "table": table_id}

    def open(self, message: dict[str, Any]) -> dict[str, Any]:
        if sum(not room.table.live.is_terminal() for room in self.rooms.values()) >= MAX_TABLES:
            raise Refused("full", f"this server holds {MAX_TABLES} games under way at most")
        try:
            game = Game.by_name(message["game"], **message.get("options", {}))
            state = game.new_game(message.get("seed"))
        except (ValueError, TypeError) as error:
            raise Refused("malformed", str(error)) from None
        seats = message["seats"]
        levels = {f"bot:{level}" for level in bots_of(type(game)).LEVELS}
        if len(seats) != game.players or any(seat not in levels | {HUMAN} for seat in seats):
            raise Refused(
                "malformed",
                f"{game.name} has {game.players} seats, each human or one of {sorted(levels)}",
            )
        tokens: dict[str, int | None] = {secrets.token_hex(16): None}
        for seat, who in enumerate(seats):
            if who == HUMAN:
                tokens[secrets.token_hex(16)] = seat
        table_id = self.journal.add_table(state.to_json(), seats, tokens)
        room = Room(table_id, state, seats, self)
        self.rooms[table_id] = room
        room.table.start()
        by_seat = {seat: token for token, seat in tokens.items()}
        return {
            "type": "opened",
            "table": table_id,
            "seats": [by_seat.get(seat) for seat in range(len(seats))],
            "watch": by_seat[None],
        }


def refusal(code: str, message: str) -> dict[str, Any]:
    return {"type": "refused", "code": code, "message": message}


def closed_table(table_id: int) -> Refused:
    """The refusal of anything a closed table's link asks, joining first."""
    return Refused(
        "table-closed",
        f"table {table_id} is closed (its game is kept in the server's journal); "
        "ask the teacher for a new table",
    )


def owner_key(path: Path) -> str:
    """The server's key (for opening and listing tables), made once and kept beside the
    journal, readable by its owner only. A key file that is not that (empty, another
    account's, readable by others: planted or damaged) stops the server, saying why."""
    if not path.exists() and not path.is_symlink():
        made = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(made, "w") as file:
            file.write(secrets.token_hex(16) + "\n")
            file.flush()
            os.fsync(file.fileno())
    info = path.lstat()
    key = path.read_text().strip() if stat.S_ISREG(info.st_mode) else ""
    if info.st_uid != os.getuid() or info.st_mode & 0o077 or not well_formed_token(key):
        raise SystemExit(
            f"{path}: the key file must be this account's alone (mode 600) and hold 32 "
            "hexadecimal digits; remove it to make a new key"
        )
    return key


def per_place(seat: int | None) -> int:
    """Connections one link may hold open: a seat's pupil (a second tab, a reconnection
    not yet noticed); a watch link, the teacher's screens."""
    return SEAT_SCREENS if seat is not None else WATCH_SCREENS


async def run(
    host: str,
    port: int,
    db: Path,
    key_file: Path | None = None,
    keep_finished_hours: float = KEEP_FINISHED_HOURS,
) -> None:
    """Serve until SIGTERM or SIGINT; prints `listening on ws://HOST:PORT` once ready."""
    os.umask(0o077)  # the journal holds the seeds: every file made here is the owner's alone
    key = owner_key(key_file or db.with_name(db.name + ".key"))
    server = TableServer(Journal(db), key)
    server.loop = asyncio.get_running_loop()
    server.resume(keep_finished_hours * 3600)
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        server.loop.add_signal_handler(signum, stop.set)
    async with serve(
        server.handler, host, port, max_size=MAX_MESSAGE, max_queue=4, open_timeout=JOIN_SECONDS
    ) as listening:
        bound = listening.sockets[0].getsockname()
        print(f"listening on ws://{host}:{bound[1]}", flush=True)
        await stop.wait()
    for room in server.rooms.values():
        room.table.close()
    server.journal.close()
