"""The PettingZoo adapter's overhead, measured (not a test; pytest does not collect it).

For every registered game, the same seeded random games (ids drawn by one generator from
the legal ids) three ways: the engine alone (`legal_action_ids`, `action_from_id`,
`apply`), the engine plus the mover's observation tensor at each step (what an agent needs),
and through `ludotheque.interop.pettingzoo.env` (`last()` then `step()`, the AEC loop).
Prints decisions per second and the env's cost relative to each.

    .venv/bin/python tests/benchmarks/bench_pettingzoo.py             # 20 games per game
    .venv/bin/python tests/benchmarks/bench_pettingzoo.py --games 100
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from ludotheque.engines.core import Game
from ludotheque.interop.pettingzoo import env


def engine_games(game: Game, seeds: range, tensors: bool) -> int:
    steps = 0
    for seed in seeds:
        state, rng = game.new_game(seed), random.Random(seed)
        while not state.is_terminal() and state.ply < game.max_game_length():
            if tensors:
                state.observation_tensor(state.current_player())
            state.apply(state.action_from_id(rng.choice(state.legal_action_ids())))
            steps += 1
    return steps


def env_games(game: Game, seeds: range) -> int:
    environment, steps = env(game), 0
    for seed in seeds:
        environment.reset(seed=seed)
        rng = random.Random(seed)
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
    return steps


def rate(run) -> tuple[int, float]:
    begin = time.perf_counter()
    steps = run()
    return steps, steps / (time.perf_counter() - begin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per game")
    args = parser.parse_args()
    seeds = range(args.games)
    print(f"{args.games} seeded random games per game; decisions per second")
    print(f"{'game':<12} {'steps':>7} {'engine':>9} {'+tensor':>9} {'env':>9} {'env/engine':>11}")
    for name, cls in sorted(Game.discover().items()):
        game = cls()
        steps, engine = rate(lambda: engine_games(game, seeds, tensors=False))  # noqa: B023
        _, with_tensor = rate(lambda: engine_games(game, seeds, tensors=True))  # noqa: B023
        env_steps, through_env = rate(lambda: env_games(game, seeds))  # noqa: B023
        assert env_steps == steps, "the env played other games than the engine"
        print(
            f"{name:<12} {steps:>7} {engine:>9,.0f} {with_tensor:>9,.0f} {through_env:>9,.0f}"
            f" {through_env / engine:>10.0%}"
        )


if __name__ == "__main__":
    main()
