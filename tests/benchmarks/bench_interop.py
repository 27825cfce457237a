"""OpenSpiel's search against our bots, and the adapter's cost (docs/interop.md).

* Sortilèges: OpenSpiel's MCTSBot (random rollouts, a few simulation budgets) against our
  levels 3 and 5, each game after a seeded random opening, each seat in turn;
* Tir de tuyau: OpenSpiel's ISMCTSBot against our level 3 (our own ISMCTS), both seats;
* steps per second: random games through the OpenSpiel adapter (chance nodes included)
  against the engine played directly.

Prints markdown tables (wins of OpenSpiel's bot, share, 95 % Wilson interval).

    .venv/bin/python tests/benchmarks/bench_interop.py --quick         # a minute
    .venv/bin/python tests/benchmarks/bench_interop.py                 # about 15 min (make bench)
    .venv/bin/python tests/benchmarks/bench_interop.py --games 100 --sims 100 400 1600 \
        --seconds 0.5                                                  # hours on 2 cores

Not a test (pytest does not collect tests/benchmarks/). Single process: our bots' budgets
are wall-clock seconds, so a loaded machine weakens them; MCTS budgets are simulations.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from tournament_sortileges import opening, wilson

from ludotheque.engines import nains, sortileges
from ludotheque.engines.bots import Bot, Deadline
from ludotheque.engines.core import Game, State
from ludotheque.interop import openspiel


def mcts_maker(simulations: int, seed: int):
    def make(game: pyspiel.Game, seat: int) -> mcts.MCTSBot:
        rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + seat))
        return mcts.MCTSBot(
            game, 2, simulations, rollouts, random_state=np.random.RandomState(seed)
        )

    return make


def ismcts_maker(simulations: int, seed: int):
    def make(game: pyspiel.Game, seat: int) -> ismcts.ISMCTSBot:
        rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + seat))
        return ismcts.ISMCTSBot(
            game, rollouts, 2.0, simulations, random_state=np.random.RandomState(seed)
        )

    return make


def play(state: State, bots: list[Bot], seconds: float) -> State:
    while not state.is_terminal():
        state.apply(bots[state.current_player()](state, Deadline(seconds)))
    return state


def match_row(name: str, games: int, play_one) -> dict:
    """`games` games, OpenSpiel's bot at seat 0 in the even ones and seat 1 in the odd."""
    wins, plies, started = 0.0, 0, time.monotonic()
    for index in range(games):
        seat = index % 2
        final = play_one(index, seat)
        wins += (final.returns()[seat] + 1) / 2
        plies += final.ply
    low, high = wilson(wins, games)
    return {
        "pairing": name,
        "games": games,
        "wins": wins,
        "interval": (low, high),
        "plies": plies / max(games, 1),
        "seconds": (time.monotonic() - started) / max(games, 1),
    }


def print_header(title: str) -> None:
    print(f"\n{title}\n")
    print("| pairing | games | OpenSpiel wins | share | 95 % interval | plies | s/game |")
    print("| --- | --- | --- | --- | --- | --- | --- |", flush=True)


def print_row(row: dict) -> None:
    low, high = row["interval"]
    share = row["wins"] / max(row["games"], 1)
    print(
        f"| {row['pairing']} | {row['games']} | {row['wins']:g} | {share:.0%} "
        f"| {low:.0%}–{high:.0%} | {row['plies']:.0f} | {row['seconds']:.1f} |",
        flush=True,
    )


def sortileges_rows(args: argparse.Namespace) -> list[dict]:
    game = sortileges.Sortileges()
    rows = []
    print_header("Sortilèges (6×8)")
    for level in args.levels:
        for simulations in args.sims:

            def play_one(index: int, seat: int, level=level, simulations=simulations) -> State:
                ours = sortileges.bot_for_level(level, seconds=args.seconds)
                theirs = openspiel.OpenSpielBot(mcts_maker(simulations, index), seed=index)
                bots = [theirs, ours] if seat == 0 else [ours, theirs]
                return play(opening(game, index // 2, args.opening, first=0), bots, args.seconds)

            rows.append(match_row(f"MCTS {simulations} v level {level}", args.games, play_one))
            print_row(rows[-1])
    return rows


def nains_rows(args: argparse.Namespace) -> list[dict]:
    game = nains.Nains(rounds=args.rounds)
    rows = []
    print_header(f"Tir de tuyau (rounds={args.rounds})")
    for simulations in args.ismcts_sims:

        def play_one(index: int, seat: int, simulations=simulations) -> State:
            ours = nains.bot_for_level("3", seed=index, seconds=args.seconds)
            theirs = openspiel.OpenSpielBot(ismcts_maker(simulations, index), seed=index)
            bots = [theirs, ours] if seat == 0 else [ours, theirs]
            return play(game.new_game(index // 2, first=0), bots, args.seconds)

        rows.append(match_row(f"ISMCTS {simulations} v level 3", args.games, play_one))
        print_row(rows[-1])
    return rows


def steps_per_second(cls: type[Game], seconds: float) -> tuple[float, float]:
    """Random games for about `seconds` each way: (through OpenSpiel, engine directly)."""
    rng, game = random.Random(1), openspiel.load(cls())
    steps, started = 0, time.monotonic()
    while time.monotonic() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    adapter = steps / (time.monotonic() - started)
    steps, started = 0, time.monotonic()
    while time.monotonic() - started < seconds:
        engine_state = cls().new_game(rng.getrandbits(64))
        while not engine_state.is_terminal():
            engine_state.apply(rng.choice(engine_state.legal_actions()))
            steps += 1
    return adapter, steps / (time.monotonic() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a minute: 2 games, tiny budgets")
    parser.add_argument("--games", type=int, default=10, help="games per pairing (even)")
    parser.add_argument("--sims", type=int, nargs="+", default=[100, 400])
    parser.add_argument("--ismcts-sims", type=int, nargs="+", default=[20, 50])
    parser.add_argument("--levels", nargs="+", default=["3", "5"])
    parser.add_argument("--seconds", type=float, default=0.2, help="our bots' time per move")
    parser.add_argument("--opening", type=int, default=2, help="random turns before a game")
    parser.add_argument("--rounds", type=int, default=1, help="Tir de tuyau: round wins needed")
    parser.add_argument("--parts", nargs="+", default=["speed", "sortileges", "nains"])
    args = parser.parse_args()
    if args.quick:
        args.games, args.sims, args.ismcts_sims, args.seconds = 2, [20], [10], 0.05
    if "5" in args.levels and "sortileges" in args.parts:
        sortileges.warm_up()
    if "speed" in args.parts:
        print("\n| game | steps/s through OpenSpiel | steps/s engine | adapter cost |")
        print("| --- | --- | --- | --- |")
        for name in openspiel.GAMES:
            cls = openspiel.REGISTERED[name]
            through, direct = steps_per_second(cls, 1.0 if args.quick else 5.0)
            print(f"| {cls.name} | {through:,.0f} | {direct:,.0f} | ×{direct / through:.1f} |")
    if "sortileges" in args.parts:
        sortileges_rows(args)
    if "nains" in args.parts:
        nains_rows(args)


if __name__ == "__main__":
    main()
