"""Sorcière level 5 (lookahead) against careful and greedy players (not a test:
pytest does not collect it; docs/sorciere.md has its numbers and the target they are held to).

Three-player tables, whole games, every hand at the default dexterity: the lookahead with two
careful players, with two greedy players, and with one of each. Its seat is rotated game by
game (in the mixed table, through the six seatings), so no seat's advantage counts for it.
Each rate comes with its 95 % Wilson interval (scipy's `binomtest`); a rate shared by two
seats of one kind counts each game twice (an approximation: two seats of a game never both
win). The target: the lookahead's interval lies above every other player's. Last, how fast
it decides (its own moves only). The lookahead searches without a budget unless `--seconds`
gives one (the widget's is 1 s), so that a loaded machine changes the durations, never the
results. One process, one core.

Two options measure where its edge comes from (docs/sorciere.md): `--depth N` stops its
search N pulls past its own (the default: at its next turn, 2 pulls in a 3-player table), and
`--instead LEVEL` seats another level in its place (3: the table with a greedy player there).

    .venv/bin/python tests/benchmarks/bench_sorciere_lookahead.py [--games 1000] [--seed 16]
        [--tables mixed] [--depth 3] [--instead 3]
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from typing import Any

from scipy.stats import binomtest

from ludotheque.engines.bots import Bot, Deadline, play_match
from ludotheque.engines.sorciere import LookaheadBot, Sorciere, SorciereState, bot_for_level

LEVELS = {"lookahead": "5", "careful": "2", "greedy": "3"}
TABLES = {
    "v careful": ("lookahead", "careful", "careful"),
    "v greedy": ("lookahead", "greedy", "greedy"),
    "mixed": ("lookahead", "careful", "greedy"),
}


class Timed(Bot[SorciereState]):
    """A bot whose decisions are counted and timed."""

    def __init__(self, inner: Bot[SorciereState]):
        self.inner = inner
        self.moves = 0
        self.seconds = 0.0
        self.slowest = 0.0

    def decide(self, state: SorciereState, deadline: Deadline) -> Any:
        started = time.perf_counter()
        action = self.inner(state, deadline)
        spent = time.perf_counter() - started
        self.moves += 1
        self.seconds += spent
        self.slowest = max(self.slowest, spent)
        return action


def interval(wins: int, trials: int) -> str:
    ci = binomtest(wins, trials).proportion_ci(0.95, method="wilson")
    return f"{wins / trials:6.1%} [{ci.low:.1%}, {ci.high:.1%}]"


def seat(
    name: str, seed: int, seconds: float | None, depth: int | None, instead: str | None
) -> Bot[SorciereState]:
    """The bot of an entrant; the lookahead's seat searches to `depth` or holds `instead`."""
    if name != "lookahead":
        return bot_for_level(LEVELS[name], seed=seed, seconds=seconds)
    if instead is not None:
        return bot_for_level(instead, seed=seed, seconds=seconds)
    return LookaheadBot(seed, seconds=seconds, depth=depth)


def table(
    entrants: tuple[str, ...],
    games: int,
    seed: int,
    seconds: float | None = None,
    depth: int | None = None,
    instead: str | None = None,
) -> dict[str, Any]:
    """Play `games` games; the seatings cycle so each entrant sits in each seat alike."""
    game = Sorciere(players=len(entrants))
    rng = random.Random(seed)
    seatings = sorted(set(itertools.permutations(entrants)))
    wins = dict.fromkeys(entrants, 0)
    seats = {name: entrants.count(name) * games for name in entrants}
    timing = {"moves": 0, "seconds": 0.0, "slowest": 0.0}
    for index in range(games):
        seating = seatings[index % len(seatings)]
        bots = [seat(name, rng.randrange(2**32), seconds, depth, instead) for name in seating]
        timed = Timed(bots[seating.index("lookahead")])
        bots[seating.index("lookahead")] = timed
        state = play_match(game, bots, seed=rng.randrange(2**32), seconds=seconds)
        wins[seating[state.winner()]] += 1
        timing["moves"] += timed.moves
        timing["seconds"] += timed.seconds
        timing["slowest"] = max(timing["slowest"], timed.slowest)
    return {"wins": wins, "seats": seats, **timing}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000, help="games per table")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--tables", nargs="+", choices=TABLES, default=list(TABLES))
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="the lookahead's budget a move (left out: none, so the results do not depend on "
        "the machine's load, only the durations do)",
    )
    parser.add_argument(
        "--depth", type=int, default=None, help="the lookahead's pulls past its own"
    )
    parser.add_argument(
        "--instead", choices=["1", "2", "3", "4"], help="another level in the lookahead's seat"
    )
    args = parser.parse_args()
    if args.instead:
        print(f"level {args.instead} sits where the lookahead would (named 'lookahead' below)")
    for offset, name in enumerate(args.tables):
        started = time.perf_counter()
        result = table(
            TABLES[name], args.games, args.seed + offset, args.seconds, args.depth, args.instead
        )
        print(f"\n{name}: {args.games} games, 3 players ({time.perf_counter() - started:.0f} s)")
        bounds = {}
        for entrant, won in result["wins"].items():
            seats = result["seats"][entrant]
            ci = binomtest(won, seats).proportion_ci(0.95, method="wilson")
            bounds[entrant] = (ci.low, ci.high)
            print(f"  {entrant:<10} per seat {interval(won, seats)}  ({won} wins)")
        others = max(high for entrant, (_, high) in bounds.items() if entrant != "lookahead")
        verdict = "above" if bounds["lookahead"][0] > others else "NOT above"
        print(f"  lookahead's interval is {verdict} every other player's")
        moves, seconds, slowest = result["moves"], result["seconds"], result["slowest"]
        print(
            f"  lookahead: {moves} moves, {moves / seconds:.0f} moves/s, "
            f"{1000 * seconds / moves:.1f} ms a move on average, slowest {1000 * slowest:.0f} ms",
            flush=True,  # each table as it ends, into a log too
        )


if __name__ == "__main__":
    main()
