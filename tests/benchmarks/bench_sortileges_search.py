"""Sortilèges search speed, printed (not a test; pytest does not collect tests/benchmarks/).

perft(1..4) with the readable count (`perft.perft`, depth 4 only with --slow-perft) and the
compiled one (`fast.fast_perft`); then nodes per second of levels 3, 4 and 5 in three
positions; then how well levels 3–5 keep a time budget (the worst overrun over many turns);
then level 5 on one thread and on two (its helper, Lazy SMP): the time to finish depth d.

    .venv/bin/python tests/benchmarks/bench_sortileges_search.py [--seconds 1.0] [--turns 20]
    .venv/bin/python tests/benchmarks/bench_sortileges_search.py --only-threads --depth 8
"""

from __future__ import annotations

import argparse
import threading
import time

from ludotheque.engines.bots import Deadline, RandomBot, play_match
from ludotheque.engines.sortileges import Sortileges, bot_for_level, perft
from ludotheque.engines.sortileges.fast import FastSearchBot, fast_perft, warm_up


def bench_perft(slow_depth: int) -> None:
    print("| depth | perft | readable (s) | compiled (s) | compiled leaves/s |")
    print("| --- | --- | --- | --- | --- |")
    for depth in range(1, 5):
        started = time.perf_counter()
        count = fast_perft(depth)
        fast = time.perf_counter() - started
        readable = "-"
        if depth <= slow_depth:
            started = time.perf_counter()
            assert perft(depth) == count
            readable = f"{time.perf_counter() - started:.3f}"
        print(f"| {depth} | {count:,} | {readable} | {fast:.3f} | {count / fast:,.0f} |")


def positions():
    final = play_match(Sortileges(), [RandomBot(1), RandomBot(2)], seed=3)
    return {"start": final.replayed(0), "ply 6": final.replayed(6), "ply 12": final.replayed(12)}


def bench_nodes(seconds: float) -> None:
    print(f"\n| level | position | nodes | nodes/s | depth | seconds |  ({seconds} s budget)")
    print("| --- | --- | --- | --- | --- | --- |")
    for level in ("3", "4", "5"):
        for name, state in positions().items():
            bot = bot_for_level(level, seed=0, seconds=seconds)
            started = time.perf_counter()
            bot(state, Deadline(seconds))
            elapsed = time.perf_counter() - started
            print(
                f"| {level} | {name} | {bot.nodes:,} | {bot.nodes / elapsed:,.0f} | "
                f"{bot.depth} | {elapsed:.3f} |"
            )


def bench_budget(seconds: float, turns: int) -> None:
    print(f"\n| level | turns timed | mean (s) | worst (s) | worst overrun |  ({seconds} s budget)")
    print("| --- | --- | --- | --- | --- |")
    game = Sortileges()
    for level in ("3", "4", "5"):
        times = []
        seed = 0
        while len(times) < turns:
            final = play_match(game, [RandomBot(seed), RandomBot(seed + 1)], seed=seed)
            for ply in range(0, min(final.ply, 24), 3):
                state = final.replayed(ply)
                bot = bot_for_level(level, seed=0, seconds=seconds)
                started = time.perf_counter()
                bot(state, Deadline(seconds))
                times.append(time.perf_counter() - started)
            seed += 1
        worst = max(times)
        print(
            f"| {level} | {len(times)} | {sum(times) / len(times):.3f} | {worst:.3f} | "
            f"{100 * (worst / seconds - 1):+.1f} % |"
        )


def time_to_depth(state, depth: int, threads: int) -> tuple[float, int, int]:
    """Seconds until level 5 finishes `depth` (a clock of an hour, cancelled then: a helper
    runs only in a timed search), the nodes searched by then, and the helper's share."""
    bot = FastSearchBot(3600.0, threads=threads)
    cancel, reached = threading.Event(), []
    started = time.perf_counter()

    def watch() -> None:
        while bot.depth < depth and not cancel.wait(0.0005):
            pass
        reached.append(time.perf_counter() - started)
        cancel.set()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    bot(state, Deadline(3600.0, cancel))
    cancel.set()
    watcher.join()
    return reached[0], bot.nodes, bot.helper_nodes


def bench_threads(depth: int) -> None:
    print(
        f"\n| position | threads | seconds to depth {depth} | nodes | nodes/s | helper's "
        "| main thread's nodes |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, state in positions().items():
        for threads in (1, 2):
            seconds, nodes, helper = time_to_depth(state, depth, threads)
            print(
                f"| {name} | {threads} | {seconds:.3f} | {nodes:,} | {nodes / seconds:,.0f} | "
                f"{helper / nodes:.0%} | {nodes - helper:,} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--turns", type=int, default=20, help="turns timed per level")
    parser.add_argument("--slow-perft", type=int, default=3, help="deepest readable perft")
    parser.add_argument("--depth", type=int, default=8, help="depth timed, 1 v 2 threads")
    parser.add_argument("--only-threads", action="store_true", help="only 1 v 2 threads")
    arguments = parser.parse_args()
    print(f"numba kernels loaded in {warm_up():.2f} s\n")
    if arguments.only_threads:
        bench_threads(arguments.depth)
        return
    bench_perft(arguments.slow_perft)
    bench_nodes(arguments.seconds)
    bench_budget(arguments.seconds, arguments.turns)
    bench_threads(arguments.depth)


if __name__ == "__main__":
    main()
