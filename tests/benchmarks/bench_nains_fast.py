"""Tir de tuyau's compiled playouts and level 4 (deduction), measured (not a test).

1. Playouts per second of the deduction search, readable v compiled, at the first move and
   mid-game (a seeded heuristic match's positions), and level 3's for comparison; the
   kernels' compile time (from numba's disk cache after the first run) apart.
2. Level 4 against the heuristic (level 2) in best-of-three matches at `--seconds` per
   move, all three counters on, `--matches` paired matches (seed i // 2, level 4 in seat
   0 for even i, seat 1 for odd), with a 95 % Clopper-Pearson interval (scipy's binomtest)
   and the time one match took, so the full run (200 matches at 0.5 s) can be
   projected; `--reward round` scores level 4's playouts by the round won instead of the
   match won (its former setting). One core.
Prints markdown and writes it to test-output/bench_nains_fast.md.

    .venv/bin/python tests/benchmarks/bench_nains_fast.py [--matches 20] [--seconds 0.5]
        [--playout-seconds 1.0] [--first 0] [--reward match|round]

The defaults fit `make bench` (about 6 minutes); the full run is `--matches 200`
(about an hour at 0.5 s per move on a quiet core).
"""

from __future__ import annotations

import argparse
import pathlib
import platform
import time

from scipy.stats import binomtest
from tqdm import tqdm

from ludotheque.engines.bots import Deadline, play_match
from ludotheque.engines.nains import HeuristicBot, IsmctsBot, Nains
from ludotheque.engines.nains.deduction import DeductionBot
from ludotheque.engines.nains.fast import warm_up

OUTPUT = pathlib.Path(__file__).resolve().parents[2] / "test-output" / "bench_nains_fast.md"
GAME = Nains(contre=True, surcontre=True, sursurcontre=True)
FULL_RUN = 200
"""Paired matches of the full run: enough for a 95 % interval some 8 points wide."""


def rate(bot, state, seconds: float) -> str:
    bot.choose(state, Deadline(seconds))
    return f"{bot.last_stats['playouts_per_second']:,.0f}"


def playouts(seconds: float) -> list[str]:
    lines = [
        f"Kernels compiled (or loaded from numba's cache) in {warm_up():.1f} s.",
        "",
        "| position | level 3 (readable, Mersenne Twister) | level 4 readable | "
        "level 4 compiled | compiled / readable |",
        "| --- | --- | --- | --- | --- |",
    ]
    final = play_match(GAME, [HeuristicBot(1), HeuristicBot(2)], seed=3)
    plays = [i for i in range(final.ply) if final.replayed(i).table.phase == "play"]
    for label, ply in (("first move", plays[0]), ("ply 20", plays[20]), ("ply 40", plays[40])):
        state = final.replayed(ply)
        ismcts = rate(IsmctsBot(1, seconds=None), state, seconds)
        readable = DeductionBot(1, seconds=None, compiled=False)
        compiled = DeductionBot(1, seconds=None, compiled=True)
        slow, quick = rate(readable, state, seconds), rate(compiled, state, seconds)
        ratio = (
            compiled.last_stats["playouts_per_second"] / readable.last_stats["playouts_per_second"]
        )
        lines.append(f"| {label} | {ismcts} | {slow} | {quick} | {ratio:.0f}× |")
    return lines


def interval(won: int, games: int) -> str:
    low, high = binomtest(won, games).proportion_ci(0.95)
    return f"{won / games:.1%} ({won}/{games}, 95 % CI {low:.1%}–{high:.1%})"


def matches(count: int, seconds: float, first: int = 0, reward: str = "match") -> list[str]:
    """Level 4 against the heuristic, paired seeds, both seats: matches `first` ..
    `first + count - 1` (a long run may go in pieces); its playouts scored by the `reward`
    won."""
    won = plies = 0
    seats = [0, 0]
    started = time.perf_counter()
    desc = f"deduction-{seconds:g}s ({reward}) vs heuristic"
    for i in tqdm(range(first, first + count), desc=desc, mininterval=10):
        bots = [DeductionBot(i, seconds=seconds, whole_match=reward == "match"), HeuristicBot(i)]
        final = play_match(GAME, bots if i % 2 == 0 else bots[::-1], seed=i // 2)
        wins = final.table.winner == i % 2
        won += wins
        seats[i % 2] += wins
        plies += final.ply
    took = time.perf_counter() - started
    return [
        f"- level 4 at {seconds:g} s per move (playouts scored by the {reward} won) against "
        f"the heuristic, best of three, matches "
        f"{first}–{first + count - 1}: "
        f"{interval(won, count)}; as seat 0 {seats[0]}/{(count + 1) // 2}, as seat 1 "
        f"{seats[1]}/{count // 2}; {plies / count:.1f} moves per match; {took:.0f} s "
        f"({took / count:.0f} s a match: {FULL_RUN} matches would take "
        f"{took / count * FULL_RUN / 3600:.1f} h on this machine)"
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--playout-seconds", type=float, default=1.0)
    parser.add_argument("--first", type=int, default=0, help="first match (seed first // 2)")
    parser.add_argument(
        "--reward", choices=("match", "round"), default="match", help="level 4's playout reward"
    )
    args = parser.parse_args()
    lines = [
        "# Tir de tuyau: compiled playouts and level 4",
        "",
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d %H:%M')}; one core.",
        "",
        *playouts(args.playout_seconds),
        "",
        *matches(args.matches, args.seconds, args.first, args.reward),
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    OUTPUT.parent.mkdir(exist_ok=True)
    OUTPUT.write_text(text)


if __name__ == "__main__":
    main()
