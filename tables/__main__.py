"""`python -m ludotheque.tables serve --port 8765 --db tables.sqlite`: the table server
(loopback unless `--host` opens it to the network; a table whose game ended more than
`--keep-finished-hours` ago is closed at start, not replayed; docs/tables.md)."""

from __future__ import annotations

import argparse
import asyncio
import logging
from pathlib import Path

from .server import KEEP_FINISHED_HOURS, run


def hours(text: str) -> float:
    """A number of hours, 0 or more (argparse's type: a wrong one is said as its usage)."""
    value = float(text)
    if not value >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"hours are a number, 0 or more, not {text!r}")
    return value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ludotheque.tables")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the tables of a journal")
    serve.add_argument("--host", default="127.0.0.1", help="127.0.0.1: this computer only")
    serve.add_argument("--port", type=int, default=8765, help="0: any free port")
    serve.add_argument("--db", type=Path, default=Path("tables.sqlite"), help="the journal")
    serve.add_argument(
        "--key-file", type=Path, default=None, help="the owner's key (default: DB.key)"
    )
    serve.add_argument(
        "--keep-finished-hours",
        type=hours,
        default=KEEP_FINISHED_HOURS,
        help="at start, close (not replay) tables whose game ended longer ago "
        f"(default {KEEP_FINISHED_HOURS:g})",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    asyncio.run(run(args.host, args.port, args.db, args.key_file, args.keep_finished_hours))


if __name__ == "__main__":
    main()
