"""Sortilèges tournament: bot levels against each other, a results table and an Elo ladder.

Each pairing plays `--games` games: for every seed, a short random opening (`--opening`
turns, seeded, so games differ although the search bots are deterministic), then the two
bots play it twice, each colour once. Prints a table (wins, share, 95 % Wilson interval) and
a Bradley–Terry ("Elo-style") ladder anchored at level 1 = 0; writes both as JSON, with every
game (seed, seats, winner, turns) so that a lost game can be replayed and analysed.

    .venv/bin/python tests/benchmarks/tournament_sortileges.py --budget 1.0 --games 40 \
        --pairs 5-3 5-1 --out test-output/tournament_5v3.json
    .venv/bin/python tests/benchmarks/tournament_sortileges.py --budget 0.2 --games 20  # all pairs

`--threads 1` or `2` sets level 5's search threads (left out: its default); the results file
records it. A game replays as `opening(game, seed, opening, first=0)` followed by its turns
(`game.parse_action`).

Not a test (pytest does not collect tests/benchmarks/). Single process: on a shared machine
the budget per turn is wall-clock time, so a loaded machine weakens the searching levels.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import time

from tqdm import tqdm

from ludotheque.engines.bots import Bot, Deadline
from ludotheque.engines.sortileges import LEVELS, Sortileges, SortilegesState, bot_for_level
from ludotheque.engines.sortileges.fast import FastSearchBot, warm_up


def opening(game: Sortileges, seed: int, turns: int, first: int):
    state = game.new_game(seed=seed, first=first)
    rng = random.Random(seed)
    for _ in range(turns):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def bot(level: str, seed: int, budget: float, threads: int | None) -> Bot[SortilegesState]:
    """The level's bot; level 5 on `threads` search threads (None: its default)."""
    if level == "5" and threads is not None:
        return FastSearchBot(budget, threads=threads)
    return bot_for_level(level, seed=seed, seconds=budget)


def play(
    game: Sortileges,
    levels: tuple[str, str],
    seed: int,
    budget: float,
    turns: int,
    swap: bool,
    threads: int | None = None,
) -> tuple[int, list[str], dict[str, float]]:
    """One game; returns (winning level index 0/1 in `levels`, the turns after the opening,
    slowest turn of each level)."""
    state = opening(game, seed, turns, first=0)
    seats = (levels[1], levels[0]) if swap else levels
    bots = [bot(level, seed * 2 + i, budget, threads) for i, level in enumerate(seats)]
    slowest: dict[str, float] = {}
    played: list[str] = []
    while not state.is_terminal():
        seat = state.current_player()
        started = time.monotonic()
        turn = bots[seat](state, Deadline(budget))
        state.apply(turn)
        played.append(str(turn))
        level = seats[seat]
        slowest[level] = max(slowest.get(level, 0.0), time.monotonic() - started)
    winner_seat = 0 if state.returns()[0] > 0 else 1
    winner = winner_seat if not swap else 1 - winner_seat
    return winner, played, slowest


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def ladder(results: dict[tuple[str, str], list[int]], anchor: str = "1") -> dict[str, float]:
    """Bradley–Terry ratings on the Elo scale (400 log10), by minorisation–maximisation;
    half a win is added to every pairing so that 100 % scores stay finite."""
    players = sorted({p for pair in results for p in pair})
    wins = {p: 0.0 for p in players}
    games: dict[tuple[str, str], float] = {}
    for (a, b), outcome in results.items():
        won_a = outcome.count(0) + 0.5
        won_b = outcome.count(1) + 0.5
        wins[a] += won_a
        wins[b] += won_b
        games[(a, b)] = games.get((a, b), 0) + won_a + won_b
    strength = {p: 1.0 for p in players}
    for _ in range(2000):
        new = {}
        for p in players:
            denominator = sum(
                n / (strength[a] + strength[b]) for (a, b), n in games.items() if p in (a, b)
            )
            new[p] = wins[p] / denominator if denominator else strength[p]
        scale = new.get(anchor, 1.0)
        strength = {p: v / scale for p, v in new.items()}
    return {p: round(400 * math.log10(strength[p]), 0) for p in players}


def combine(paths: list[str]) -> None:
    """One table and one ladder from the JSON files of several runs."""
    results: dict[tuple[str, str], list[int]] = {}
    print("| pairing | games | wins | share | 95 % interval | budget |")
    print("| --- | --- | --- | --- | --- | --- |")
    for path in paths:
        with open(path, encoding="utf-8") as stream:
            run = json.load(stream)
        for row in run["table"]:
            outcome = [0] * row["wins_a"] + [1] * (row["games"] - row["wins_a"])
            results.setdefault((row["a"], row["b"]), []).extend(outcome)
            low, high = row["interval"]
            print(
                f"| level {row['a']} vs level {row['b']} | {row['games']} | {row['wins_a']} | "
                f"{row['share_a']:.0%} | {low:.0%}–{high:.0%} | {run['budget']} s |"
            )
    print("\nLadder (Bradley–Terry on the Elo scale, level 1 = 0), all runs together:")
    for player, rating in sorted(ladder(results).items(), key=lambda item: -item[1]):
        print(f"  level {player}: {rating:+.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per turn")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (even)")
    parser.add_argument("--opening", type=int, default=2, help="random turns before the bots")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument(
        "--pairs", nargs="*", default=None, help="pairings like 5-3 (default: every pair of levels)"
    )
    parser.add_argument(
        "--threads", type=int, choices=(1, 2), default=None, help="level 5's search threads"
    )
    parser.add_argument("--out", default=None, help="JSON file for the results")
    parser.add_argument(
        "--combine",
        nargs="*",
        default=None,
        help="JSON files of earlier runs: print one table and ladder for all",
    )
    arguments = parser.parse_args()
    if arguments.combine:
        combine(arguments.combine)
        return
    warm_up()  # numba's compiled kernels, so that the first turn is not charged for them
    game = Sortileges()
    pairs = (
        [tuple(p.split("-")) for p in arguments.pairs]
        if arguments.pairs
        else list(itertools.combinations(reversed(LEVELS), 2))
    )
    seeds = range(arguments.seed, arguments.seed + max(1, arguments.games // 2))
    jobs = [(pair, seed, swap) for pair in pairs for seed in seeds for swap in (False, True)]
    results: dict[tuple[str, str], list[int]] = {pair: [] for pair in pairs}
    plies: dict[tuple[str, str], list[int]] = {pair: [] for pair in pairs}
    slowest: dict[str, float] = {}
    played = []
    started = time.time()
    for pair, seed, swap in tqdm(jobs, desc="games", unit="game"):
        winner, turns, slow = play(
            game, pair, seed, arguments.budget, arguments.opening, swap, arguments.threads
        )
        results[pair].append(winner)
        plies[pair].append(arguments.opening + len(turns))
        first_seat = pair[1] if swap else pair[0]
        played.append({"seed": seed, "first": first_seat, "winner": pair[winner], "turns": turns})
        for level, seconds in slow.items():
            slowest[level] = max(slowest.get(level, 0.0), seconds)
    print(
        f"\nSortilèges tournament: {arguments.budget} s per turn, {arguments.opening} random "
        f"opening turns, {len(jobs)} games, {time.time() - started:.0f} s"
    )
    print(
        "slowest turn per level: "
        + ", ".join(
            f"{level}: {seconds:.3f} s ({100 * (seconds / arguments.budget - 1):+.1f} %)"
            for level, seconds in sorted(slowest.items())
        )
        + "\n"
    )
    print("| pairing | games | wins | share | 95 % interval | mean plies |")
    print("| --- | --- | --- | --- | --- | --- |")
    table = []
    for (a, b), outcome in results.items():
        won = outcome.count(0)
        low, high = wilson(won, len(outcome))
        mean = sum(plies[(a, b)]) / len(outcome)
        print(
            f"| level {a} vs level {b} | {len(outcome)} | {won} | {won / len(outcome):.0%} | "
            f"{low:.0%}–{high:.0%} | {mean:.1f} |"
        )
        table.append(
            {
                "a": a,
                "b": b,
                "games": len(outcome),
                "wins_a": won,
                "share_a": won / len(outcome),
                "interval": [low, high],
                "mean_plies": mean,
            }
        )
    ratings = ladder(results)
    print("\nLadder (Bradley–Terry on the Elo scale, level 1 = 0):")
    for player, rating in sorted(ratings.items(), key=lambda item: -item[1]):
        print(f"  level {player}: {rating:+.0f}")
    if arguments.out:
        with open(arguments.out, "w", encoding="utf-8") as stream:
            json.dump(
                {
                    "budget": arguments.budget,
                    "opening": arguments.opening,
                    "threads": arguments.threads,
                    "table": table,
                    "ladder": ratings,
                    "slowest_turn": slowest,
                    "games": played,
                },
                stream,
                indent=1,
            )


if __name__ == "__main__":
    main()
