"""Tune the Sortilèges evaluation weights by self-play (a simple, reproducible hill climb).

Start from the given weights; each round proposes, for every weight in turn, the weight
multiplied and divided by `--step`; a proposal plays `--games` games against the current
best (fixed search depth, so the result does not depend on the machine; random seeded
openings, both colours) and replaces it when it scores above `--accept`. Prints every match
and the final weights (put them in evaluation.Weights).

    .venv/bin/python tests/benchmarks/tune_sortileges.py --rounds 2 --games 24 --depth 3
"""

from __future__ import annotations

import argparse
import dataclasses
import time

from tournament_sortileges import opening  # same folder
from tqdm import tqdm

from ludotheque.engines.sortileges import Sortileges
from ludotheque.engines.sortileges.evaluation import DEFAULT_WEIGHTS, Weights
from ludotheque.engines.sortileges.fast import FastSearchBot, warm_up


def match(game: Sortileges, a: Weights, b: Weights, games: int, depth: int, seed: int) -> float:
    """Share of the points `a` scores against `b`."""
    won = 0
    for index in range(games // 2):
        for swap in (False, True):
            state = opening(game, seed + index, 2, first=0)
            bots = [
                FastSearchBot(None, max_depth=depth, weights=w)
                for w in ((b, a) if swap else (a, b))
            ]
            while not state.is_terminal():
                state.apply(bots[state.current_player()](state))
            a_seat = 1 if swap else 0
            won += state.returns()[a_seat] > 0
    return won / (games // 2 * 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--step", type=float, default=2.0)
    parser.add_argument("--accept", type=float, default=0.55)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--start", default=None, help="mobility,territory,house,race")
    arguments = parser.parse_args()
    warm_up()
    game = Sortileges()
    best = DEFAULT_WEIGHTS
    if arguments.start:
        best = Weights(*map(float, arguments.start.split(",")))
    started = time.time()
    names = [f.name for f in dataclasses.fields(Weights) if f.name != "mobility"]  # scale
    proposals = [
        (r, name, factor)
        for r in range(arguments.rounds)
        for name in names
        for factor in (arguments.step, 1 / arguments.step)
    ]
    for round_, name, factor in tqdm(proposals, desc="proposals"):
        trial = dataclasses.replace(best, **{name: round(getattr(best, name) * factor, 4)})
        share = match(
            game, trial, best, arguments.games, arguments.depth, arguments.seed + 100 * round_
        )
        verdict = "accepted" if share > arguments.accept else "kept"
        tqdm.write(
            f"round {round_}: {name} × {factor:.2f} -> {getattr(trial, name)}: "
            f"{share:.0%} against the best: {verdict}"
        )
        if share > arguments.accept:
            best = trial
    print(f"\n{time.time() - started:.0f} s; best weights: {best}")


if __name__ == "__main__":
    main()
