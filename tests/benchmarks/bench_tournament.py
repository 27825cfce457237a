"""Class tournaments, measured (not a test; pytest does not collect it).

1. The cost of isolation per move: the round trip to a bot in its own process that answers
   at once (median and 95th percentile), and what starting such a bot costs (once per bot
   and game), in a bubblewrap jail and as a plain process (the jail hidden).
2. A 30-entrant Sortilèges round robin (870 games, 0.05 s per move; six copies of each of
   the five example bots of notebooks/bots) on the local pool (2 workers), jailed and then
   plain (how much slower the jail makes a class's tournament), then jailed on a 2-worker
   Dask LocalCluster; wall time, games per second, forfeits, and whether the runs gave the
   same results.

    .venv/bin/python tests/benchmarks/bench_tournament.py           # everything (minutes)
    .venv/bin/python tests/benchmarks/bench_tournament.py --quick   # 10 entrants, 90 games
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from ludotheque.classroom.tournament import GRACE_SECONDS, jail, tournament
from ludotheque.classroom.tournament.entrants import read_entrants
from ludotheque.classroom.tournament.sandbox import IsolatedBot
from ludotheque.engines.core import Game

EXAMPLES = Path(__file__).resolve().parents[2] / "notebooks" / "bots"
SKILLS = ("hasard", "mobilite", "bloqueur", "equilibre", "territoire")
SEED = 2026
"""Every run plays the same games (Sortilèges has no secret: a known seed gives nothing away)."""


def answer_at_once(observation):
    return observation["legal"][0]


@contextlib.contextmanager
def without_jail():
    """Bots as plain processes: bubblewrap hidden here and in the pool's workers (which
    read LUDOTHEQUE_BWRAP when they start)."""
    os.environ["LUDOTHEQUE_BWRAP"], jail.BWRAP = "/nonexistent/bwrap", "/nonexistent/bwrap"
    jail.unavailable.cache_clear()
    try:
        yield
    finally:
        del os.environ["LUDOTHEQUE_BWRAP"]
        jail.BWRAP = "bwrap"
        jail.unavailable.cache_clear()


def how_jailed() -> str:
    reason = jail.unavailable()
    return "jailed" if reason is None else f"plain processes ({reason})"


def round_trips(moves: int, starts: int) -> None:
    game = Game.by_name("sortileges")
    state = game.new_game(0, first=0)
    observation = state.observation(0)  # the opening: 200 legal moves, the largest list
    (entrant,) = read_entrants(type(game), {"fast": answer_at_once})
    started = []
    for _ in range(starts):
        begin = time.perf_counter()
        bot = IsolatedBot(entrant, seconds=1.0, memory_mb=1024, seed=0)
        bot.start("bench")
        bot.wait_ready()
        started.append(time.perf_counter() - begin)
        bot.close()
    bot = IsolatedBot(entrant, seconds=1.0, memory_mb=1024, seed=0)
    bot.start("bench")
    bot.wait_ready()
    times = []
    for _ in range(moves):
        begin = time.perf_counter()
        bot.ask(observation)
        times.append(time.perf_counter() - begin)
    bot.close()
    times.sort()
    print(f"-- {how_jailed()}")
    print(
        f"isolation, per move ({moves} round trips, Sortilèges opening, "
        f"{len(str(observation))} characters): median {1000 * statistics.median(times):.2f} ms, "
        f"p95 {1000 * times[int(0.95 * len(times))]:.2f} ms, max {1000 * times[-1]:.2f} ms "
        f"(grace per move: {1000 * GRACE_SECONDS:.0f} ms)"
    )
    print(
        f"isolation, per bot and game (start + load, {starts} times): median "
        f"{1000 * statistics.median(started):.1f} ms, max {1000 * max(started):.1f} ms"
    )


def class_folder(copies: int) -> Path:
    """`copies` of each example bot in a fresh folder, with their shared _plateau.py."""
    folder = Path(tempfile.mkdtemp(prefix="classe-"))
    shutil.copy(EXAMPLES / "_plateau.py", folder)
    for skill in SKILLS:
        for copy in range(1, copies + 1):
            shutil.copy(EXAMPLES / f"{skill}.py", folder / f"{skill}_{copy}.py")
    return folder


def run(label: str, folder: Path, seconds: float, executor=None):
    begin = time.perf_counter()
    results = tournament("sortileges", folder, seconds=seconds, seed=SEED, executor=executor)
    wall = time.perf_counter() - begin
    games = len(results.games)
    plies = sum(game.plies for game in results.finished())
    kinds = Counter(forfeit["kind"] for forfeit in results.forfeits())
    print(
        f"{label}: {len(results.entrants)} entrants, {games} games ({plies} moves), "
        f"{wall:.1f} s wall, {games / wall:.1f} games/s, forfeits {dict(kinds) or 0}"
    )
    by_skill: dict[str, list[float]] = {}
    for row in results.standings():
        by_skill.setdefault(row["entrant"].rpartition("_")[0], []).append(row["score"])
    print(
        "    mean score by example bot: "
        + ", ".join(f"{skill} {statistics.mean(by_skill[skill]):.2f}" for skill in SKILLS)
    )
    return results


def played(game):
    """What a game was (not where: its `sandbox` says how it was played)."""
    return game.record, game.points, game.forfeits


def compare(first, second) -> None:
    """Whether both runs gave the same games; where not, whether a timeout explains it (a
    loaded machine makes a bot that answers near its limit overrun it in one run only)."""
    games = len(first.games)
    different = [i for i in first.games if played(first.games[i]) != played(second.games[i])]
    timed_out = {
        forfeit["game"]
        for results in (first, second)
        for forfeit in results.forfeits()
        if forfeit["kind"] == "timeout"
    }
    print(
        f"same results on both: {not different} ({games - len(different)} of {games} games "
        f"identical; the others all had a timeout in one run: {set(different) <= timed_out})"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="10 entrants (90 games)")
    parser.add_argument("--seconds", type=float, default=0.05)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()

    moves, starts = (300, 10) if args.quick else (2000, 40)
    round_trips(moves, starts)
    with without_jail():
        round_trips(moves, starts)
    folder = class_folder(2 if args.quick else 6)
    try:
        begin = time.perf_counter()
        local = run(f"local pool, 2 workers, {how_jailed()}", folder, args.seconds)
        jailed = time.perf_counter() - begin
        with without_jail():
            begin = time.perf_counter()
            plain = run(f"local pool, 2 workers, {how_jailed()}", folder, args.seconds)
            cost = jailed / (time.perf_counter() - begin) - 1
            print(f"the jail's cost: {100 * cost:+.0f} % wall time")
        compare(local, plain)
        if args.no_dask:
            return
        from distributed import Client, LocalCluster

        with (
            LocalCluster(
                n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
            ) as cluster,
            Client(cluster) as client,
        ):
            dask = run(
                f"Dask LocalCluster, 2 workers, {how_jailed()}",
                folder,
                args.seconds,
                client.get_executor(),
            )
        compare(local, dask)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
