"""Tune the Sortilèges evaluation weights by a simple, reproducible hill climb, in self-play
or against an opponent.

Start from the given weights; each round proposes, for every weight in turn, the weight
multiplied and divided by `--step`. In self-play a proposal plays `--games` games against
the current best and replaces it when it scores above `--accept`. With `--opponent LEVEL`
(a bot level: 3 is the alpha-beta level 5 must beat) the proposal and the current best
each play the same `--games` games against that level instead, and the proposal replaces
the best when it scores `--accept` - 0.5 more (5 points by default): weights that beat the
opponent, rather than weights that beat themselves. Every search plays at a fixed depth
(`--depth`, the opponent's `--opponent-depth`), so the result does not depend on the
machine; random seeded openings, both colours. Prints every match and the final weights
(put them in evaluation.Weights).

    .venv/bin/python tests/benchmarks/tune_sortileges.py --rounds 2 --games 24 --depth 3
    .venv/bin/python tests/benchmarks/tune_sortileges.py --rounds 1 --games 200 --depth 5 \
        --opponent 3 --opponent-depth 4
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Callable

from tournament_sortileges import opening  # same folder
from tqdm import tqdm

from ludotheque.engines.bots import Bot
from ludotheque.engines.sortileges import AlphaBetaBot, Sortileges, bot_for_level
from ludotheque.engines.sortileges.evaluation import DEFAULT_WEIGHTS, Weights
from ludotheque.engines.sortileges.fast import FastSearchBot, warm_up
from ludotheque.engines.sortileges.search import SearchBot

MakeBot = Callable[[int], Bot]
"""A fresh bot for the game of a seed."""


def match(game: Sortileges, a: MakeBot, b: MakeBot, games: int, seed: int) -> float:
    """Share of the games `a` wins against `b` (each opening twice, each colour once)."""
    won = 0
    for index in range(games // 2):
        for swap in (False, True):
            state = opening(game, seed + index, 2, first=0)
            bots = (
                [b(seed + index), a(seed + index)] if swap else [a(seed + index), b(seed + index)]
            )
            while not state.is_terminal():
                state.apply(bots[state.current_player()](state))
            won += state.returns()[1 if swap else 0] > 0
    return won / (games // 2 * 2)


def searcher(weights: Weights, depth: int) -> MakeBot:
    """Level 5 with `weights`, at a fixed depth (one thread: the same turn every time)."""
    return lambda seed: FastSearchBot(None, max_depth=depth, weights=weights, threads=1)


def opponent(level: str, depth: int) -> MakeBot:
    """A level's bot, the searching ones (3 to 5) at a fixed depth, 1 and 2 seeded."""
    fixed: dict[str, Callable[[], Bot]] = {
        "3": lambda: AlphaBetaBot(None, max_depth=depth),
        "4": lambda: SearchBot(None, max_depth=depth),
        "5": lambda: FastSearchBot(None, max_depth=depth, threads=1),
    }
    if level in fixed:
        return lambda seed: fixed[level]()
    return lambda seed: bot_for_level(level, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--step", type=float, default=2.0)
    parser.add_argument("--accept", type=float, default=0.55)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--start", default=None, help="mobility,territory,house,race,near")
    parser.add_argument("--opponent", default=None, help="a level to tune against (e.g. 3)")
    parser.add_argument("--opponent-depth", type=int, default=4, help="its fixed depth")
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
    rival = None
    if arguments.opponent:
        rival = opponent(arguments.opponent, arguments.opponent_depth)
    best_share: dict[int, float] = {}  # the best's share against the opponent, by seed
    for round_, name, factor in tqdm(proposals, desc="proposals"):
        trial = dataclasses.replace(best, **{name: round(getattr(best, name) * factor, 4)})
        seed = arguments.seed + 100 * round_
        trial_bot = searcher(trial, arguments.depth)
        if rival is None:
            share = match(game, trial_bot, searcher(best, arguments.depth), arguments.games, seed)
            accepted, against = share > arguments.accept, "against the best"
        else:
            if seed not in best_share:
                best_share[seed] = match(
                    game, searcher(best, arguments.depth), rival, arguments.games, seed
                )
            share = match(game, trial_bot, rival, arguments.games, seed)
            accepted = share - best_share[seed] > arguments.accept - 0.5
            against = f"against level {arguments.opponent} (best: {best_share[seed]:.0%})"
        tqdm.write(
            f"round {round_}: {name} × {factor:.2f} -> {getattr(trial, name)}: "
            f"{share:.0%} {against}: {'accepted' if accepted else 'kept'}"
        )
        if accepted:
            best = trial
            if rival is not None:
                best_share = {seed: share}
    print(f"\n{time.time() - started:.0f} s; best weights: {best}")


if __name__ == "__main__":
    main()
