"""A Petits Pas by the numbers: both engines' speed, the default reading's win rate on a
million deals, and every single-switch reading's rate against the book's 1 in 3.

Run: `python tests/benchmarks/bench_petits_pas.py [--deals N] [--per-reading N] [--agree N]`.
Not collected by pytest (prints numbers; asserts only that the engines agree).
"""

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from ludotheque.engines.petits_pas import estimate, play_out, single_switches
from ludotheque.engines.petits_pas.cards import DECK
from ludotheque.engines.petits_pas.fast import cards_left, deal_decks
from ludotheque.engines.petits_pas.odds import percent


def reference(decks: np.ndarray) -> list[int]:
    return [play_out([DECK[i] for i in deck]) for deck in decks]


def rate(deals: int, seconds: float) -> str:
    return f"{deals / seconds:,.0f} deals/s"


def timed(what: str, deals: int, function, *args) -> None:
    start = time.perf_counter()
    function(*args)
    print(f"{what + ':':40} {rate(deals, time.perf_counter() - start)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--per-reading", type=int, default=200_000)
    parser.add_argument(
        "--agree",
        type=int,
        default=50_000,
        help="deals of the default reading played by both engines",
    )
    args = parser.parse_args()
    rng = np.random.default_rng(2026)
    print(f"machine: {os.cpu_count()} cores")

    decks = deal_decks(5_000, rng)
    timed("reference engine (play_out, one core)", len(decks), reference, decks)
    decks = deal_decks(1_000_000, rng)
    cards_left(decks[:10])  # compiled or loaded from numba's cache before timing
    timed("fast simulator (cards_left, one core)", len(decks), cards_left, decks)
    timed("shuffling decks (numpy, one core)", len(decks), deal_decks, len(decks), rng)
    estimate(1000, 1, progress=False, compiled=False)  # imports, before timing
    plain = lambda: estimate(10_000, 1, progress=False, compiled=False)  # noqa: E731
    timed("estimate in plain Python (no numba, one core)", 10_000, plain)

    if args.agree:
        decks = deal_decks(args.agree, rng)
        with ProcessPoolExecutor() as pool:
            slow = np.concatenate(list(pool.map(reference, np.array_split(decks, 16))))
        differ = int((slow != cards_left(decks)).sum())
        print(f"agreement on {args.agree:,} default deals: {differ} differ")
        assert differ == 0

    start = time.perf_counter()
    result = estimate(args.deals, seed=2026, progress=False)
    seconds = time.perf_counter() - start
    print(
        f"\nestimate({args.deals:,}) on all cores in {seconds:.1f} s "
        f"({rate(args.deals, seconds)}, shuffling included):\n  {result}"
    )

    print(f"\nevery reading, {args.per_reading:,} deals each (seed 2026):")
    print(f"  {'reading':24} {'win rate':>9} {'95% interval':>19} {'vs 1/3':>8}")
    for reading in single_switches():
        r = estimate(args.per_reading, seed=2026, reading=reading, progress=False)
        print(
            f"  {str(reading):24} {percent(r.rate):>9} {percent(r.low):>9} to "
            f"{percent(r.high):>7} {r.rate - 1 / 3:+8.2%}"
            f"{'  (1/3 inside)' if r.agrees_with_book else ''}"
        )


if __name__ == "__main__":
    main()
