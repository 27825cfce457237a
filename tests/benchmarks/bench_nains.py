"""Tir de tuyau bots, measured (not a test; pytest does not collect it).

1. ISMCTS playouts per second (heuristic playouts to the end of the round) in three positions.
2. A seeded round-robin: each pair of bots plays `--games` best-of-three matches with all
   counters on, each bot taking seat 0 in half of them (match i: seed i, seats swapped on odd
   i). ISMCTS searches a fixed number of playouts per move (`--iterations`), so the table
   replays exactly, or `--ismcts-seconds` per move. Every cell has a 95 % interval
   (Clopper-Pearson, scipy's binomtest).
3. ISMCTS at the widget's real budget (`--widget-seconds`, time per move) against the
   heuristic over `--widget-games` paired matches (seed i // 2, both seats), with its interval.
Prints markdown and writes it to test-output/bench_nains.md.

    .venv/bin/python tests/benchmarks/bench_nains.py [--games 1000] [--iterations 80]
        [--ismcts-seconds S] [--widget-games 100] [--widget-seconds 0.5]

CPU-heavy: size it to the machine (ISMCTS: ~10 candidate moves × the budget per move).
"""

from __future__ import annotations

import argparse
import itertools
import pathlib
import platform
import time

from scipy.stats import binomtest
from tqdm import tqdm

from ludotheque.engines.bots import Deadline, play_match
from ludotheque.engines.nains import HeuristicBot, IsmctsBot, Nains, NainsRandomBot

OUTPUT = pathlib.Path(__file__).resolve().parents[2] / "test-output" / "bench_nains.md"
GAME = Nains(contre=True, surcontre=True, sursurcontre=True)


def playouts(seconds: float) -> list[str]:
    lines = []
    final = play_match(GAME, [HeuristicBot(1), HeuristicBot(2)], seed=3)
    plays = [i for i in range(final.ply) if final.replayed(i).table.phase == "play"]
    for label, ply in (
        ("first move", plays[0]),
        ("ply 20", plays[min(20, len(plays) - 1)]),
        ("ply 40", plays[min(40, len(plays) - 1)]),
    ):
        state = final.replayed(ply)
        bot = IsmctsBot(1, seconds=seconds)
        bot.choose(state, Deadline(seconds))
        s = bot.last_stats
        lines.append(
            f"| {label} | {s['iterations']:,} | {s['playouts_per_second']:,.0f} | "
            f"{s['rollout_moves'] / max(s['iterations'], 1):.1f} |"
        )
    return lines


def interval(won: int, games: int) -> str:
    low, high = binomtest(won, games).proportion_ci(0.95)
    return f"{won / games:.1%} ({won}/{games}, 95 % CI {low:.1%}–{high:.1%})"


def ismcts_maker(iterations: int | None, seconds: float | None):
    if seconds is not None:
        return f"ismcts-{seconds:g}s", lambda seed: IsmctsBot(seed, seconds=seconds)
    return f"ismcts-{iterations}", lambda seed: IsmctsBot(seed, iterations=iterations, seconds=None)


def widget_budget(games: int, seconds: float) -> list[str]:
    """ISMCTS with `seconds` per move against the heuristic, paired seeds."""
    won = total_plies = 0
    started = time.perf_counter()
    for i in tqdm(range(games), desc=f"ismcts-{seconds:g}s vs heuristic", mininterval=5):
        bots = [IsmctsBot(i, seconds=seconds), HeuristicBot(i)]
        players = bots if i % 2 == 0 else bots[::-1]
        final = play_match(GAME, players, seed=i // 2)
        won += final.table.winner == i % 2
        total_plies += final.ply
    return [
        f"- ismcts at {seconds:g} s per move against the heuristic: {interval(won, games)}, "
        f"{total_plies / games:.1f} moves per match, {time.perf_counter() - started:.0f} s"
    ]


def tournament(games: int, iterations: int, seconds: float | None = None) -> tuple[list[str], dict]:
    name, maker = ismcts_maker(iterations, seconds)
    makers = {
        "random": lambda seed: NainsRandomBot(seed),
        "heuristic": lambda seed: HeuristicBot(seed),
        name: maker,
    }
    names = list(makers)
    wins: dict[tuple[str, str], int] = {}
    plies: dict[tuple[str, str], int] = {}
    timing: dict[tuple[str, str], float] = {}
    for a, b in itertools.combinations(names, 2):
        won = total_plies = 0
        started = time.perf_counter()
        for i in tqdm(range(games), desc=f"{a} vs {b}", mininterval=5):
            bot_a, bot_b = makers[a](2 * i), makers[b](2 * i + 1)
            players = [bot_a, bot_b] if i % 2 == 0 else [bot_b, bot_a]
            final = play_match(GAME, players, seed=i)
            won += final.table.winner == i % 2
            total_plies += final.ply
        timing[a, b] = time.perf_counter() - started
        wins[a, b], wins[b, a] = won, games - won
        plies[a, b] = total_plies
    lines = [
        "| row wins against column | " + " | ".join(names) + " |",
        "| --- |" + " --- |" * len(names),
    ]
    for a in names:
        cells = ["—" if a == b else interval(wins[a, b], games) for b in names]
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
    lines.append("")
    for (a, b), seconds in timing.items():
        lines.append(
            f"- {a} vs {b}: {games} matches in {seconds:.0f} s, "
            f"{plies[a, b] / games:.1f} moves per match"
        )
    return lines, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=80)
    parser.add_argument(
        "--ismcts-seconds",
        type=float,
        default=None,
        help="time per move for ISMCTS in the round robin (instead of --iterations)",
    )
    parser.add_argument(
        "--widget-games",
        type=int,
        default=100,
        help="matches against the heuristic at the widget's budget (0: skip)",
    )
    parser.add_argument("--widget-seconds", type=float, default=0.5)
    parser.add_argument("--seconds", type=float, default=1.0, help="budget for the playout rate")
    args = parser.parse_args()
    out = [
        f"# Tir de tuyau bots ({platform.python_implementation()} {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d')})",
        "",
        f"## ISMCTS playouts per second ({args.seconds} s per position)",
        "",
        "| position | iterations | playouts/s | moves per playout |",
        "| --- | --- | --- | --- |",
    ]
    out += playouts(args.seconds)
    print("\n".join(out), flush=True)
    budget = (
        f"{args.ismcts_seconds:g} s"
        if args.ismcts_seconds is not None
        else f"{args.iterations} playouts"
    )
    table, _ = tournament(args.games, args.iterations, args.ismcts_seconds)
    out += [
        "",
        f"## Round robin: {args.games} best-of-three matches per pair, counters on, "
        f"seats alternated, seeded; ISMCTS at {budget} per move",
        "",
    ]
    out += table
    print("\n".join(out[-len(table) - 3 :]), flush=True)
    if args.widget_games:
        lines = widget_budget(args.widget_games, args.widget_seconds)
        out += [
            "",
            f"## At the widget's budget: {args.widget_games} best-of-three matches "
            f"(paired seeds), {args.widget_seconds:g} s per ISMCTS move",
            "",
        ] + lines
        print("\n".join(lines), flush=True)
    OUTPUT.parent.mkdir(exist_ok=True)
    OUTPUT.write_text("\n".join(out) + "\n")
    print(f"written to {OUTPUT}")


if __name__ == "__main__":
    main()
