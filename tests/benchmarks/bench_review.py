"""How long a game's review takes (`engines/review.py`), the issue's yardstick: a 6 x 8
Sortilèges game of about 40 plies reviewed at the default budget on two cores within 30 s.

Bots end a 6 x 8 game early (greedy witches, level 2, in 20 to 34 plies; stronger ones in about
25), so the game reviewed is the first of random witches (level 1) from seed 0 on that lasts
`--plies` (40: seed 0, 42 plies), a long game full of faults. It is reviewed at `--seconds` per
decision on a pool of `--workers` processes (their numba kernels loaded before the clock
starts). Prints the plies, the seconds, the seconds per decision and what 40 plies take at
that pace, how many values were exact, and each seat's labels.

    .venv/bin/python tests/benchmarks/bench_review.py            # about a minute
    .venv/bin/python tests/benchmarks/bench_review.py --seconds 0.5 --workers 1

Not a test (pytest does not collect tests/benchmarks/).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ludotheque.engines.bots import play_match
from ludotheque.engines.review import review, summary
from ludotheque.engines.sortileges import Sortileges, bot_for_level, warm_up


def long_game(plies: int) -> Any:
    """The first game of two random witches, from seed 0 on, that lasts `plies` or more."""
    for seed in range(1000):
        final = play_match(
            Sortileges(), [bot_for_level("1", seed=seed), bot_for_level("1", seed=-seed)], seed=seed
        )
        if final.ply >= plies:
            return final
    raise RuntimeError(f"no game of {plies} plies in 1000 seeds")


def warmed(_: object) -> float:
    """A worker's kernels loaded (and the solver's), so the clock times the review only."""
    return warm_up()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--plies", type=int, default=40)
    args = parser.parse_args()
    final = long_game(args.plies)
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(warmed, range(args.workers)))  # each worker's kernels loaded
        started = time.monotonic()
        entries = review(final.to_json(), seconds=args.seconds, executor=pool)
        took = time.monotonic() - started
    print(
        f"plies {final.ply}, budget {args.seconds} s, {args.workers} workers: {took:.1f} s "
        f"({took / len(entries):.2f} s a decision, {40 * took / len(entries):.1f} s for 40 plies), "
        f"seed {final.seed}, exact {sum(e['exact'] for e in entries)}"
    )
    for seat in (0, 1):
        print(f"seat {seat}: {summary(entries, seat)}")


if __name__ == "__main__":
    main()
