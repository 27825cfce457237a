"""The table server under a class's load and more: `--tables` tables of Tir de tuyau (200), two
scripted clients each (400 connections), all playing at once on loopback.

Each client waits for its turn, thinks about `--think` seconds (0 to twice that; 0.5 s: a
pupil thinks far longer, and 400 such clients offer the server some 300 moves a second),
plays a random legal move and times the round trip: from sending the move to the view that
shows it. With `--think 0.05` the clients ask more than one process can answer (about 900
moves a second on two busy cores): the round trip then measures the queue. Every table plays
`--plies` moves (or to its end). Prints the round trip's median, 95th and 99th percentiles,
the moves acknowledged and the moves the journal holds (none may be missing), and the
server's memory (resident set, psutil).

    .venv/bin/python tests/benchmarks/bench_tables.py               # about 40 s
    .venv/bin/python tests/benchmarks/bench_tables.py --tables 20

Not a test (pytest does not collect tests/benchmarks/)."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

import psutil
from websockets.asyncio.client import connect

from ludotheque.tables import open_table, parse_link, start_server


async def client(link: str, plies: int, think: float, seed: int, trips: list[float]) -> int:
    """Play this seat's moves until the table has `plies` moves or is over; returns how
    many of its moves were acknowledged."""
    address, token = parse_link(link)
    rng = random.Random(seed)
    acknowledged = 0
    async with connect(address, max_size=2**22) as connection:
        await connection.send(json.dumps({"type": "join", "token": token}))
        sent_at: float | None = None
        sent_ply = -1
        went_on = -1
        async for text in connection:
            message = json.loads(text)
            if message["type"] != "view":
                continue
            view = message["view"]
            observation = view["observation"]
            ply = observation["ply"]
            if sent_at is not None and ply > sent_ply:
                trips.append(time.perf_counter() - sent_at)
                acknowledged += 1
                sent_at = None
            if observation["terminal"] or ply >= plies:
                return acknowledged
            if view["waiting"] and went_on != ply:
                went_on = ply
                await connection.send('{"type": "continue"}')
            elif view["can_act"] and sent_at is None:
                await asyncio.sleep(rng.uniform(0, 2 * think))
                move = rng.choice(observation["legal"])
                sent_ply, sent_at = ply, time.perf_counter()
                await connection.send(json.dumps({"type": "act", "action": move, "ply": ply}))
    return acknowledged


def journal_moves(db: Path) -> int:
    with sqlite3.connect(db) as journal:
        return int(journal.execute("select count(*) from moves").fetchone()[0])


async def play_all(links: list[dict], plies: int, think: float, trips: list[float]) -> int:
    tasks = [
        client(table["seats"][seat], plies, think, 1000 * index + seat, trips)
        for index, table in enumerate(links)
        for seat in (0, 1)
    ]
    return sum(await asyncio.gather(*tasks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds a client thinks")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "tables.sqlite"
        server = start_server(db)
        try:
            links = [open_table(server, "nains", seed=index) for index in range(args.tables)]
            trips: list[float] = []
            started = time.monotonic()
            acknowledged = asyncio.run(play_all(links, args.plies, args.think, trips))
            took = time.monotonic() - started
            memory = psutil.Process(server.process.pid).memory_info().rss / 2**20
        finally:
            server.stop()
        journaled = journal_moves(db)
    quantiles = statistics.quantiles(trips, n=100)
    print(
        f"{args.tables} tables, {2 * args.tables} clients, {took:.1f} s: {acknowledged} moves "
        f"acknowledged, {journaled} in the journal (missing: {max(0, acknowledged - journaled)})"
    )
    print(
        f"round trip: median {1000 * statistics.median(trips):.1f} ms, "
        f"p95 {1000 * quantiles[94]:.1f} ms, p99 {1000 * quantiles[98]:.1f} ms; "
        f"server memory {memory:.0f} MiB"
    )


if __name__ == "__main__":
    main()
