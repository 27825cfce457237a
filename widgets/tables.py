"""The teacher's room / la salle du professeur: a table server's tables in a notebook cell.

    room = Tables(server)                      # a LocalServer, or an address and its key
    room.pair_up("nains", ["Ada", "Bo", "Cy"])  # one table per pair; the sheet of links
    room.watch(1)                              # that table's game, watched, below the list
    room.close_table(1)                        # closed on the server: gone from the list

The list (table, game, seats with who is connected, ply, playing or over) is asked of the
server every `refresh` seconds, in one background thread (one request at a time; it ends on
`close()`); a server that does not answer is said in a notice, and the list stays as it
was. The browser asks for pairings (a game and a list of names), to watch a table and to
close one through checked intents (`referee.py`), as the games' widgets do; closing asks
the server in a thread of its own (the kernel's message thread waits for no server), and
its outcome comes as a notice.

Watching needs a table's watch link, which only `open_table` and `pair_up` return: the
server keeps only its tokens' hashes. This widget knows the links of the tables opened
through it (`pair_up`, `open_table`) or handed to it (`remember`); the others are listed,
not watchable. What is synced is the teacher's: tables, the sheet of links (the pupils'
links are the teacher's to hand out), never the server's key.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import anywidget
import ipywidgets
import traitlets

from ludotheque.engines import tasks
from ludotheque.engines.core import MAX_TEXT, Game, RulesError, quote

from .base import GameWidget, bundle
from .intents import INT, TEXT, Field
from .referee import Referee

try:
    from ludotheque.tables import LocalServer, close_table, list_tables, open_table, parse_link
    from ludotheque.tables.pairings import pair_up
except ModuleNotFoundError as missing:  # the `tables` extra; none in the offline site
    raise ImportError(
        f"the teacher's room needs {missing.name} (pip install 'ludotheque[tables]')"
    ) from None

log = logging.getLogger(__name__)

MAX_NAMES = 60
"""Names in one pairing (a class and then some)."""
NAME_CHARS = 40
"""Characters in one name."""
MAX_CLOSING = 4
"""Tables being closed at once (a thread each); a click on a table already being closed
adds nothing."""
MIN_REFRESH = 0.5
"""Shortest time between two lists asked of the server (each is a connection)."""
OUTPUT = ("info", "connection", "tables", "sheet", "watching", "notice")
"""Synced traits that only this widget's code writes."""
NAMES = Field(
    "a list of at most 1000 texts",
    lambda value: (
        type(value) is list
        and len(value) <= 1000
        and all(type(name) is str and len(name) <= MAX_TEXT for name in value)
    ),
)
INTENTS: dict[str, dict[str, Field]] = {
    "pair_up": {"game": TEXT, "names": NAMES},
    "watch": {"table": INT},
    "unwatch": {},
    "close": {"table": INT},
    "refresh": {},
    "lang": {"value": TEXT},
}
"""`pair_up` a list of names at a game (one table per pair), `watch` a table below the list
(`unwatch`: close it), `close` a table the list shows (on the server), `refresh` the list
now, `lang`."""


def checked_names(names: Any) -> list[str]:
    """The names of a pairing, stripped: 1 to `MAX_NAMES`, each printable, at most
    `NAME_CHARS` characters, no two the same (upper or lower case alike); RulesError with
    its code otherwise."""
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise RulesError("names are a list of texts").with_code("malformed")
    names = [name.strip() for name in names]
    if not names or not all(names):
        raise RulesError("give at least one name, and no empty one").with_code("no-names")
    if len(names) > MAX_NAMES:
        raise RulesError(
            f"{len(names)} names: at most {MAX_NAMES} at once", count=len(names), most=MAX_NAMES
        ).with_code("too-many-names")
    for name in names:
        if len(name) > NAME_CHARS or not name.isprintable():
            raise RulesError(
                f"the name {quote(name)} is not a short line of text (at most {NAME_CHARS} "
                "characters)",
                name=name,
                most=NAME_CHARS,
            ).with_code("bad-name")
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise RulesError(f"the name {quote(name)} is given twice", name=name).with_code(
                "same-name"
            )
        seen.add(name.casefold())
    return names


def pairing_options(game: Any, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The options that make `game` a game of two (its own, or {"players": 2} where its
    number of players is an option); RulesError "unknown-game" if there is none."""
    widget = GameWidget.registry.get(game) if isinstance(game, str) else None
    if widget is None:
        raise RulesError(f"unknown game {quote(game)}").with_code("unknown-game")
    tries = [dict(options)] if options is not None else [{}, {"players": 2}]
    for tried in tries:
        try:
            if Game.by_name(game, **tried).players == 2:
                return tried
        except (TypeError, ValueError):
            continue
    raise RulesError(f"{game} is not a game of two with these options").with_code("unknown-game")


def menu() -> list[dict[str, Any]]:
    """The games a pairing may be at: every game with a widget that two can play."""
    games = []
    for name, widget in sorted(GameWidget.registry.items()):
        try:
            pairing_options(name)
        except RulesError:
            continue
        games.append({"name": name, "title": dict(widget.game_class.title)})
    return games


class Tables(Referee, anywidget.AnyWidget):
    """The tables of a table server, refreshed every `refresh` seconds (None: only when
    asked, `refresh()`); pairings for a class (`pair_up`) and watching a table (`watch`).
    `server`: a `LocalServer` (`start_server`) or the server's address, with its `key`."""

    _esm = bundle("tables")
    intents = INTENTS

    info = traitlets.Dict().tag(sync=True)
    """{"address", "refresh": seconds or None, "games": the pairing menu [{name, title}],
    "limits": {"names", "chars"}}; never the key."""
    connection = traitlets.Enum(["asking", "answering", "away"], "asking").tag(sync=True)
    """Whether the server answered the last time it was asked."""
    tables = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Per table: table, game, title, seats [{label, name, connected}], ply, over,
    watching (watchers connected), watchable (this widget knows its watch link)."""
    sheet = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The pairings made here, a line per pupil: name, table, opponent, link."""
    watching = traitlets.Int(None, allow_none=True).tag(sync=True)
    """The table watched below the list (None: none)."""
    notice = traitlets.Dict().tag(sync=True)
    lang = traitlets.Enum(["fr", "en"], "fr").tag(sync=True)

    def __init__(
        self,
        server: LocalServer | str,
        key: str | None = None,
        refresh: float | None = 2.0,
        *,
        lang: str = "fr",
    ):
        if isinstance(server, LocalServer):
            address, key = server.address, key or server.key
        elif isinstance(server, str) and server.startswith(("ws://", "wss://")):
            address = server
        else:
            raise TypeError(f"server: a LocalServer or an address ws://HOST:PORT, not {server!r}")
        if not isinstance(key, str) or not key:
            raise ValueError(
                "key: the server's key is needed (the file beside its journal: DB.key)"
            )
        if refresh is not None and not (
            isinstance(refresh, (int, float))
            and type(refresh) is not bool
            and refresh >= MIN_REFRESH
        ):
            raise ValueError(f"refresh: seconds, at least {MIN_REFRESH} (or None), not {refresh!r}")
        self._server, self._key, self._address = server, key, address.rstrip("/")
        self._lock = threading.RLock()
        self._asking = threading.Lock()  # one request for the list at a time
        self._stop = threading.Event()
        self._closed = False
        self._known: dict[int, dict[str, Any]] = {}  # table -> {"watch", "players", "game"}
        self._listed: list[dict[str, Any]] = []  # the server's last answer
        self._being_closed: set[int] = set()
        self._board: GameWidget | None = None
        with self._output():
            super().__init__(
                lang=lang,
                info={
                    "address": self._address,
                    "refresh": refresh,
                    "games": menu(),
                    "limits": {"names": MAX_NAMES, "chars": NAME_CHARS},
                },
            )
        self._box = ipywidgets.VBox([self])
        self.on_msg(self._on_intent)
        self.observe(self._on_lang, names="lang")
        self._refresher: threading.Thread | None = None
        if refresh is not None and tasks.THREADS:
            self._refresher = threading.Thread(
                target=self._keep_fresh, args=(float(refresh),), daemon=True, name="ludotheque-room"
            )
            self._refresher.start()

    # -- Python API for notebooks ------------------------------------------------------
    @property
    def board(self) -> GameWidget | None:
        """The game widget watching a table below the list (None: none)."""
        return self._board

    def refresh(self) -> list[dict[str, Any]]:
        """Ask the server for its tables now; the list as shown. ConnectionError if the
        server does not answer (the notice says so too, and the list stays as it was)."""
        if not self._ask_list():
            raise ConnectionError(f"the table server at {self._address} does not answer")
        return list(self.tables)

    def open_table(
        self,
        game: str,
        options: dict[str, Any] | None = None,
        seats: list[str] | None = None,
        seed: int | None = None,
    ) -> dict[str, Any]:
        """`ludotheque.tables.open_table` on this server, its watch link kept here."""
        opened = open_table(
            self._server, game, options=options, seed=seed, seats=seats, key=self._key
        )
        self.remember(opened, game)
        self._refresh_soon()
        return opened

    def pair_up(
        self, game: str, names: list[str], options: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """One table of `game` per two names, in order (the last alone plays a bot), as
        `tables.pairings.pair_up` does; the sheet of links shown in the widget. Names: at
        most `MAX_NAMES`, each at most `NAME_CHARS` characters, distinct; `options`: the
        game's (default: its own, two players). RulesError (a ValueError) with its code
        if refused: nothing opened. If the server stops answering midway, the tables
        opened so far stay on the sheet and RulesError "no-answer" says how many."""
        with self._lock:
            names = checked_names(names)
            chosen = pairing_options(game, options)
            rows: list[dict[str, Any]] = []
            try:
                for first in range(0, len(names), 2):  # a pair at a time: none opened is lost
                    pair = names[first : first + 2]
                    rows += pair_up(self._server, game, pair, options=chosen, key=self._key)
            except Exception as error:
                raise RulesError(
                    f"the table server did not open every table ({type(error).__name__}: "
                    f"{error}); {len(rows)} opened",
                    opened=len(rows),
                    total=(len(names) + 1) // 2,
                ).with_code("no-answer") from None
            finally:
                self.remember(rows, game)
                self._show_sheet(rows)
        self._refresh_soon()
        return rows

    def remember(
        self, opened: dict[str, Any] | list[dict[str, Any]], game: str | None = None
    ) -> None:
        """Keep the watch links of tables opened elsewhere on this server: what
        `open_table` returned, or `pair_up`'s rows (`game`: theirs, if known). ValueError
        for another server's."""
        rows = opened if isinstance(opened, list) else [opened]
        found = {}
        for row in rows:
            address, _token = parse_link(row["watch"])
            if address.rstrip("/") != self._address:
                raise ValueError(f"table {row['table']} is on {address}, not {self._address}")
            found[int(row["table"])] = {
                "watch": row["watch"],
                "players": row.get("players"),
                "game": game,
            }
        with self._lock:
            self._known.update(found)
            self._publish_tables()

    def watch(self, table: int) -> GameWidget:
        """Watch `table` below the list (a game widget joined with its watch link); returns
        that widget. RulesError if this widget knows no watch link for it."""
        with self._lock:
            known = self._known.get(table) if type(table) is int else None
            listed = next((row for row in self._listed if row["table"] == table), None)
            if known is None:
                if listed is None:
                    raise RulesError(f"no table {quote(table)} on this server").with_code(
                        "no-table"
                    )
                raise RulesError(
                    f"table {table} was not opened here: its watch link is unknown (give it "
                    "with remember())",
                    table=table,
                ).with_code("not-watchable")
            game = listed["game"] if listed else known.get("game")
            widget = GameWidget.registry.get(game) if game else None
            if widget is None:
                raise RulesError(f"table {table} is not listed yet: refresh").with_code("no-table")
            try:
                board = widget(join=known["watch"], lang=self.lang)
            except Exception as error:
                raise RulesError(
                    f"the table server does not answer ({type(error).__name__})"
                ).with_code("no-answer") from None
            self.unwatch()  # the table watched until now, once the new one has joined
            self._board = board
            self._box.children = (self, board)
            with self._output():
                self.watching = table
            return board

    def close_table(self, table: int) -> None:
        """Close `table` on the server (`ludotheque.tables.close_table`: its game stays in the
        journal, its links are refused), then ask for the list again; a table watched here is
        no longer watched. RulesError (a ValueError) with its code: "no-table" if the list
        does not show it, "close-refused" if the server refuses, "no-answer" if it does not
        answer; nothing changes here then."""
        self._closing(table)
        self._close_on_server(table)
        self._ask_list()

    def unwatch(self) -> None:
        """Close the watched table's widget, if any."""
        with self._lock:
            board, self._board = self._board, None
            if board is not None:
                self._box.children = (self,)
                board.close()
            with self._output():
                self.watching = None

    def close(self) -> None:
        """Stop refreshing, close the watched table and the box."""
        if hasattr(self, "_box"):
            with self._lock:
                self._closed = True
                self._stop.set()
                self.unwatch()
            self._box.close()
        super().close()

    # -- closing a table ------------------------------------------------------------------
    def _closing(self, table: Any) -> int:
        """`table`, if it is a table the list shows; RulesError "no-table" otherwise."""
        with self._lock:
            if type(table) is not int or all(row["table"] != table for row in self._listed):
                raise RulesError(f"no table {quote(table)} in the list").with_code("no-table")
            return table

    def _close_on_server(self, table: int) -> None:
        """The server's `close`; once it answers, the table is out of the list shown (a
        request for the list under way may still show it: the caller asks again) and no
        longer watched."""
        try:
            close_table(self._server, table, key=self._key)
        except ValueError as error:  # the server's refusal (its message)
            raise RulesError(
                f"the table server did not close table {table}: {error}", table=table
            ).with_code("close-refused") from None
        except Exception as error:  # closed, timed out, not there
            raise RulesError(
                f"the table server does not answer ({type(error).__name__}: {error})", table=table
            ).with_code("no-answer") from None
        with self._lock:
            if self._closed:
                return
            self._known.pop(table, None)
            self._listed = [row for row in self._listed if row["table"] != table]
            if self.watching == table:
                self.unwatch()
            with self.hold_sync():
                self._publish_tables()

    def _close_in_background(self, table: int) -> None:
        """A `close` intent, in a thread: its outcome is a notice."""
        try:
            self._close_on_server(table)
        except RulesError as error:
            if not self._closed:
                self._notify("error", error.code, message=str(error), **error.params)
            return
        except Exception as error:  # a bug here: logged with its trace, told as such
            log.exception("Tables: closing table %s failed", table)
            self._notify("error", "internal", message=type(error).__name__)
            return
        finally:
            self._being_closed.discard(table)
        if not self._closed:
            self._notify("info", "closed", table=table)

    def _keep_fresh(self, seconds: float) -> None:
        wait = 0.0
        while not self._stop.wait(wait):
            self._ask_list(block=False)
            wait = seconds

    def _refresh_soon(self) -> None:
        """After a change made here: the list asked at once, without holding the caller."""
        if tasks.THREADS and not self._closed:
            threading.Thread(
                target=self._ask_list, kwargs={"block": False}, daemon=True, name="ludotheque-room"
            ).start()

    def _ask_list(self, block: bool = True) -> bool:
        """One request for the list (skipped if one is under way and not `block`); whether
        the server answered."""
        if not self._asking.acquire(blocking=block):
            return self.connection == "answering"
        try:
            if self._closed:
                return False
            try:
                listed = list_tables(self._server, key=self._key)
            except Exception as error:  # refused, closed, timed out, not there: said, not raised
                self._away(error)
                return False
            with self._lock:
                if self._closed:
                    return False
                self._listed = [
                    row for row in listed if isinstance(row, dict) and {"table", "game"} <= set(row)
                ]
                was = self.connection
                with self.hold_sync(), self._output():
                    self.connection = "answering"
                    self._publish_tables()
                if was == "away":
                    self._notify("info", "answering")
            return True
        finally:
            self._asking.release()

    def _away(self, error: Exception) -> None:
        with self._lock:
            if self._closed:
                return
            if self.connection != "away":
                with self._output():
                    self.connection = "away"
                self._notify("error", "no-answer", message=f"{type(error).__name__}: {error}")

    # -- what is synced -------------------------------------------------------------------
    def _publish_tables(self) -> None:
        rows = []
        for row in self._listed:
            known = self._known.get(row["table"])
            players = (known or {}).get("players") or []
            widget = GameWidget.registry.get(row["game"])
            seats = row.get("seats", [])
            connected = set(row.get("connected", []))
            rows.append(
                {
                    "table": row["table"],
                    "game": row["game"],
                    "title": dict(widget.game_class.title) if widget else {},
                    "seats": [
                        {
                            "label": label,
                            "name": players[seat]
                            if seat < len(players) and label == "human"
                            else None,
                            "connected": seat in connected,
                        }
                        for seat, label in enumerate(seats)
                    ],
                    "ply": row.get("ply"),
                    "over": bool(row.get("over")),
                    "watchers": row.get("watching", 0),
                    "watchable": known is not None and widget is not None,
                }
            )
        if rows != self.tables:
            with self._output():
                self.tables = rows

    def _show_sheet(self, rows: list[dict[str, Any]]) -> None:
        lines = []
        for row in rows:
            for name, link in row["links"].items():
                opponent = next(player for player in row["players"] if player != name)
                lines.append(
                    {"name": name, "table": row["table"], "opponent": opponent, "link": link}
                )
        if lines:
            with self._output():
                self.sheet = [*self.sheet, *lines]

    @traitlets.validate(*OUTPUT)
    def _check_output(self, proposal: dict) -> Any:
        return self.referee_only(proposal)

    def _on_lang(self, change: dict) -> None:
        if self._board is not None:
            self._board.lang = change["new"]

    # -- intents from the browser -----------------------------------------------------------
    def _intent_pair_up(self, content: dict) -> None:
        self.pair_up(content["game"], content["names"])

    def _intent_watch(self, content: dict) -> None:
        self.watch(content["table"])

    def _intent_unwatch(self, _content: dict) -> None:
        self.unwatch()

    def _intent_close(self, content: dict) -> None:
        table = self._closing(content["table"])
        if not tasks.THREADS:  # no thread to wait in (the tables extra has none there anyway)
            self._close_on_server(table)
            self._ask_list()
            return
        with self._lock:
            if table in self._being_closed:
                return
            if len(self._being_closed) >= MAX_CLOSING:
                raise RulesError(
                    f"{MAX_CLOSING} tables are being closed already: wait a moment"
                ).with_code("busy")
            self._being_closed.add(table)
        threading.Thread(
            target=self._close_in_background, args=(table,), daemon=True, name="ludotheque-room"
        ).start()

    def _intent_refresh(self, _content: dict) -> None:
        if not self._asking.locked():  # a flood of clicks: one request under way is enough
            self._refresh_soon()

    # -- display ------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The list with the table watched below it (one box)."""
        return {**self._box._repr_mimebundle_(**kwargs), "text/plain": repr(self)}, {}

    def __repr__(self) -> str:
        return f"Tables({self._address!r}, tables={len(self.tables)}, sheet={len(self.sheet)})"
