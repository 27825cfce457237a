"""Sortilèges speed, printed (not a test; pytest does not collect it).

perft(1..3) with times, then each bot level in three positions at a 1 s budget: how many
turns (level 1) or nodes (levels 2, 3) per second, and how deep level 3 got.

    .venv/bin/python tests/benchmarks/bench_sortileges.py [--seconds 1.0] [--perft 3]
"""

from __future__ import annotations

import argparse
import time

from ludotheque.engines.bots import Deadline, RandomBot, play_match
from ludotheque.engines.sortileges import LEVELS, Sortileges, bot_for_level, perft


def bench_perft(max_depth: int) -> None:
    for depth in range(1, max_depth + 1):
        started = time.perf_counter()
        count = perft(depth)
        seconds = time.perf_counter() - started
        rate = count / seconds
        print(f"perft({depth}) = {count:>12,}   {seconds:8.3f} s   {rate:>14,.0f} turns/s")


def bench_bots(seconds: float) -> None:
    game = Sortileges()
    final = play_match(game, [RandomBot(1), RandomBot(2)], seed=3)
    positions = {
        "start": final.replayed(0),
        "ply 10": final.replayed(10),
        "ply 20": final.replayed(20),
    }
    print(f"\nbots at {seconds} s per turn")
    print(f"{'level':>5}  {'position':<8} {'calls':>6} {'nodes':>10} {'nodes/s':>12} {'depth':>5}")
    for level in LEVELS:
        for name, state in positions.items():
            bot = bot_for_level(level, seed=0, seconds=seconds)
            calls = nodes = 0
            depth = "-"
            started = time.perf_counter()
            while True:  # the quick levels are called again and again for a steady rate
                bot(state, Deadline(seconds))
                calls += 1
                nodes += getattr(bot, "nodes", 1)  # level 1 looks at one turn: its choice
                depth = str(getattr(bot, "depth", "-"))
                if time.perf_counter() - started >= seconds:
                    break
            elapsed = time.perf_counter() - started
            rate = nodes / elapsed
            print(f"{level:>5}  {name:<8} {calls:>6} {nodes:>10,} {rate:>12,.0f} {depth:>5}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="bot budget per turn")
    parser.add_argument("--perft", type=int, default=3, help="deepest perft to time")
    arguments = parser.parse_args()
    bench_perft(arguments.perft)
    bench_bots(arguments.seconds)


if __name__ == "__main__":
    main()
