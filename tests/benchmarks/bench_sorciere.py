"""Sorcière au pain d'épices: the tuned roof, measured (not a test; pytest does not collect it).

Round lengths (pulls per round, rounds where the roof was emptied) for careless play (random
cards) and careful play (lowest risk) at several dexterities, then a bot tournament.

    .venv/bin/python tests/benchmarks/bench_sorciere.py [--rounds 2000] [--games 600]
"""

from __future__ import annotations

import argparse
import statistics
import time

from ludotheque.engines.sorciere import (
    PARAMETERS,
    CarefulBot,
    ExpectedValueBot,
    GreedyBot,
    RandomSorciereBot,
    round_lengths,
    tournament,
)


def histogram(pulls: list[int], width: int = 40) -> str:
    bins = [0] * 8  # 1-5, 6-10, ..., 36+
    for p in pulls:
        bins[min((p - 1) // 5, 7)] += 1
    top = max(bins)
    labels = ["1-5", "6-10", "11-15", "16-20", "21-25", "26-30", "31-35", "36+"]
    return "\n".join(
        f"    {label:>6} {'#' * round(width * n / top):<{width}} {n}"
        for label, n in zip(labels, bins, strict=True)
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--games", type=int, default=600)
    args = parser.parse_args()
    print("roof parameters:", PARAMETERS)
    for name, bot, dexterity in [
        ("careless (random card, shaky hand x=0.2)", RandomSorciereBot, 0.2),
        ("random card, default hand x=0.5", RandomSorciereBot, 0.5),
        ("careful (lowest risk), default hand x=0.5", CarefulBot, 0.5),
        ("careful (lowest risk, steady hand x=0.8)", CarefulBot, 0.8),
    ]:
        started = time.perf_counter()
        records = round_lengths(bot, dexterity, rounds=args.rounds, seed=1)
        pulls = [r["pulls"] for r in records]
        taken = [36 - r["left"] for r in records]
        cleared = sum(r["end"] == "cleared" for r in records) / len(records)
        quartiles = statistics.quantiles(pulls, n=4)
        print(f"\n{name}: {len(records)} rounds, 3 players, {time.perf_counter() - started:.1f} s")
        print(
            f"  pulls per round: mean {statistics.mean(pulls):.1f}, quartiles "
            f"{quartiles[0]:.0f} / {quartiles[1]:.0f} / {quartiles[2]:.0f}; cards off the "
            f"roof at the end: mean {statistics.mean(taken):.1f}; roof emptied {cleared:.1%}"
        )
        print(histogram(pulls))
    started = time.perf_counter()
    table = tournament(
        {
            "random": RandomSorciereBot,
            "careful": CarefulBot,
            "greedy": GreedyBot,
            "expected value": ExpectedValueBot,
        },
        games=args.games,
        seed=3,
    )
    print(
        f"\ntournament: {args.games} games of 3 drawn among 4 bots, hand x=0.5 for all "
        f"({time.perf_counter() - started:.1f} s)"
    )
    print(
        f"  {'bot':<15}{'games':>6}{'wins':>6}{'win rate':>10}"
        f"{'collapses/round':>17}{'cards/round':>13}"
    )
    for row in table:
        print(
            f"  {row['bot']:<15}{row['games']:>6}{row['wins']:>6}{row['win rate']:>10.1%}"
            f"{row['collapses/round']:>17.3f}{row['cards/round']:>13.2f}"
        )


if __name__ == "__main__":
    main()
