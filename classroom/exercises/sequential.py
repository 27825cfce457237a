"""A bot's verdict as a test decided in advance: a truncated sequential test (Wald's SPRT)
whose error rates are computed exactly.

A bot plays games one after another against a level; after each game the test looks at
(games, wins) and either passes, fails or asks for one more game, and it always decides by
`max_games`. It is built for two win rates: `target` (a bot that wins that often must pass
with chance at least `power`) and `target - margin` (a bot that wins that often must pass
with chance at most `alpha`). The boundaries are Wald's straight lines in the (games, wins)
plane, tuned so that these two chances hold *exactly*: `operating(p)` walks the binomial
random walk through the boundaries by dynamic programming (no simulation, no scipy), which
also gives the expected number of games. A bot far above or far below the target is decided
in a few dozen games; one close to it plays up to `max_games`.

Pure Python (it runs in the browser's Pyodide, which has no scipy): the design of one test
costs a fraction of a second and is kept for the process (`plan` is cached).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

MARGIN = 0.10
"""A bot this far below the target is the one the test must refuse."""
POWER = 0.90
"""A bot at the target against every level passes at least this often (the whole exercise)."""
ALPHA = 0.05
"""A bot `MARGIN` below the target against one level passes at most this often."""
NOMINAL_ALPHAS = (0.02, 0.03, 0.04, 0.05, 0.06, 0.08)
NOMINAL_BETAS = (0.02, 0.03, 0.05, 0.07, 0.1, 0.13)
"""Wald's nominal error rates tried for the boundaries' intercepts (the exact rates of a
truncated walk differ from them: each candidate is measured, the fastest that holds kept)."""


@dataclass(frozen=True)
class Plan:
    """A truncated sequential test: after n games (1 ≤ n ≤ max_games) with w wins it passes
    if w ≥ upper[n - 1], fails if w ≤ lower[n - 1], else plays on; at max_games the two
    boundaries meet (upper = lower + 1), so it always decides."""

    target: float
    below: float
    upper: tuple[int, ...]
    lower: tuple[int, ...]

    @property
    def max_games(self) -> int:
        return len(self.upper)

    def decide(self, wins: int, games: int) -> bool | None:
        """True: passed; False: failed; None: one more game."""
        if games == 0:
            return None
        if wins >= self.upper[games - 1]:
            return True
        if wins <= self.lower[games - 1]:
            return False
        return None

    def operating(self, p: float) -> tuple[float, float]:
        """(chance to pass, expected number of games) of a bot that wins each game with
        chance `p`, exactly (the binomial walk through the boundaries; kept for the
        process, as every verdict states them)."""
        return walk(self.upper, self.lower, p)

    @property
    def pass_at_target(self) -> float:
        return self.operating(self.target)[0]

    @property
    def pass_below(self) -> float:
        return self.operating(self.below)[0]


@functools.cache
def walk(upper: tuple[int, ...], lower: tuple[int, ...], p: float) -> tuple[float, float]:
    """(chance to pass, expected games) of the walk with win chance `p` per game."""
    walker = Walk(p)
    for n in range(len(upper)):
        walker.absorb(walker.step(), upper[n], lower[n])
    return walker.passed, walker.expected


def boundaries(
    intercept_up: float, intercept_down: float, slope: float, games: int
) -> tuple[list[int], list[int]]:
    """Wald's lines w = intercept + slope·n as whole numbers of wins, for n = 1..games."""
    upper = [min(n + 1, math.ceil(intercept_up + slope * n - 1e-9)) for n in range(1, games + 1)]
    lower = [max(-1, math.floor(intercept_down + slope * n + 1e-9)) for n in range(1, games + 1)]
    return upper, lower


def fixed_games(target: float, below: float, power: float, alpha: float) -> int:
    """Games a fixed-size test would need (normal approximation): the search's scale."""
    z_alpha, z_beta = normal_quantile(1 - alpha), normal_quantile(power)
    spread = z_alpha * math.sqrt(below * (1 - below)) + z_beta * math.sqrt(target * (1 - target))
    return math.ceil((spread / (target - below)) ** 2)


def normal_quantile(level: float) -> float:
    """The standard normal's quantile (bisection on erf: no scipy)."""
    low, high = -10.0, 10.0
    for _ in range(80):
        middle = (low + high) / 2
        if 0.5 * (1 + math.erf(middle / math.sqrt(2))) < level:
            low = middle
        else:
            high = middle
    return (low + high) / 2


@functools.cache
def plan(target: float, power: float = POWER, alpha: float = ALPHA, margin: float = MARGIN) -> Plan:
    """The test for one level: passes a bot winning `target` of its games with chance at
    least `power`, one winning `target - margin` with chance at most `alpha`, with the
    fewest expected games (the larger of the two rates' expectations) among Wald's lines
    of the nominal rates tried, each truncated where it meets both rates exactly."""
    below = target - margin
    if not 0 < below < target < 1:
        raise ValueError(f"a target must lie in ({margin}, 1), not {target}")
    up, down = math.log(target / below), math.log((1 - target) / (1 - below))
    width = up - down
    slope = -down / width
    longest = 2 * fixed_games(target, below, power, alpha) + 20
    best: tuple[float, int, Plan] | None = None
    for nominal_alpha in NOMINAL_ALPHAS:
        for nominal_beta in NOMINAL_BETAS:
            intercept_up = math.log((1 - nominal_beta) / nominal_alpha) / width
            intercept_down = math.log(nominal_beta / (1 - nominal_alpha)) / width
            upper, lower = boundaries(intercept_up, intercept_down, slope, longest)
            bound = math.inf if best is None else best[0]
            found = truncated(upper, lower, target, below, power, alpha, bound)
            if found is not None:
                cost, games, last = found
                if best is None or (cost, games) < best[:2]:
                    tail = (last, last - 1)
                    shaped = Plan(
                        target,
                        below,
                        (*upper[: games - 1], tail[0]),
                        (*lower[: games - 1], tail[1]),
                    )
                    best = (cost, games, shaped)
    if best is None:
        raise ValueError(f"no test within {longest} games for target {target}")
    return best[2]


class Walk:
    """The binomial walk of win chance `p` between two boundaries, a game at a time."""

    def __init__(self, p: float):
        self.p = p
        self.alive = {0: 1.0}  # wins -> chance, of the walks still going
        self.passed = 0.0
        self.expected = 0.0

    def step(self) -> dict[int, float]:
        """One more game for every walk still going (counted in `expected`)."""
        self.expected += sum(self.alive.values())
        step: dict[int, float] = {}
        for wins, chance in self.alive.items():
            step[wins + 1] = step.get(wins + 1, 0.0) + chance * self.p
            step[wins] = step.get(wins, 0.0) + chance * (1 - self.p)
        return step

    def absorb(self, step: dict[int, float], upper: int, lower: int) -> None:
        """The walks of `step` that reach a boundary stop (passed at `upper`)."""
        self.alive = {}
        for wins, chance in step.items():
            if wins >= upper:
                self.passed += chance
            elif wins > lower:
                self.alive[wins] = chance


def truncated(
    upper: list[int],
    lower: list[int],
    target: float,
    below: float,
    power: float,
    alpha: float,
    bound: float = math.inf,
) -> tuple[float, int, int] | None:
    """The first place to cut the walk between `upper` and `lower` (the fewest expected
    games): (expected games, the number of games N, wins needed at N) for the smallest N
    such that cutting there (pass at N iff wins ≥ the needed number) meets both rates;
    None if no N does, or none with fewer expected games than `bound`. Both rates' walks
    are followed side by side."""
    low, high = Walk(below), Walk(target)
    for n in range(len(upper)):
        low_step, high_step = low.step(), high.step()
        cost = max(low.expected, high.expected)  # grows with n: the first cut is the best
        if cost >= bound:
            return None
        refused, accepted = low.passed, high.passed
        needed = max(high_step, default=0) + 1  # wins needed at the cut: lowered while it can
        while refused + low_step.get(needed - 1, 0.0) <= alpha and needed - 1 in high_step:
            needed -= 1
            refused += low_step[needed]
            accepted += high_step[needed]
        if refused <= alpha and accepted >= power:
            return cost, n + 1, needed
        low.absorb(low_step, upper[n], lower[n])
        high.absorb(high_step, upper[n], lower[n])
        if not low.alive and not high.alive:
            return None
    return None
