"""Confidence intervals for a proportion (k successes in n trials), in plain Python.

The project's numbers must come out the same with or without scipy (Python in the browser
has none), so the intervals it prints are computed here: the same definitions as scipy's
`binomtest(k, n).proportion_ci(confidence)` (equal to 1e-9; tests compare them):

* `exact_interval`: Clopper–Pearson, the default of scipy's `proportion_ci`. Its ends are
  the success rates p at which k would just be an unlikely result: P(X >= k) = (1 - c) / 2
  for the low end, P(X <= k) = (1 - c) / 2 for the high end. The binomial tail is the
  regularized incomplete beta function, P(X >= k) = I_p(k, n - k + 1), here by its
  continued fraction (Lentz's method), and each end is found by bisection to the last bit.
* `wilson_interval`: the Wilson score interval (scipy's method="wilson", no continuity
  correction), a closed formula.
* `school_interval`: the French lycée programme's interval at 95 %, f ± 1/√n (valid for
  n >= 25 and 0.2 <= f <= 0.8). The lessons show it first, then Wilson as its refinement
  (exact where the programme's rule of thumb is not); Clopper–Pearson only in appendices.
"""

from __future__ import annotations

import math
from statistics import NormalDist

TINY = 1e-300
"""Keeps a continued fraction's denominators away from zero (Lentz's method)."""
EPSILON = 1e-16


def _checked(k: int, n: int, confidence: float) -> None:
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (k, n)):
        raise ValueError(f"successes and trials must be whole numbers, not {k!r} and {n!r}")
    if not 0 <= k <= n or n < 1:
        raise ValueError(f"need 0 <= successes <= trials and trials >= 1, not {k} of {n}")
    if not 0 < confidence < 1:
        raise ValueError(f"the confidence level must lie between 0 and 1, not {confidence!r}")


def exact_interval(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Clopper–Pearson interval of the rate of `k` successes in `n` trials."""
    _checked(k, n, confidence)
    tail = (1 - confidence) / 2
    low = 0.0 if k == 0 else _rate_with_upper_tail(k, n, tail)
    high = 1.0 if k == n else 1 - _rate_with_upper_tail(n - k, n, tail)
    return low, high


def wilson_interval(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of the rate of `k` successes in `n` trials (scipy's
    operations, in its order)."""
    _checked(k, n, confidence)
    z = NormalDist().inv_cdf(0.5 + 0.5 * confidence)
    p = k / n
    denominator = 2 * (n + z**2)
    center = (2 * n * p + z**2) / denominator
    delta = z / denominator * math.sqrt(4 * n * p * (1 - p) + z**2)
    return (0.0 if k == 0 else center - delta), (1.0 if k == n else center + delta)


def school_interval(k: int, n: int) -> tuple[float, float]:
    """The lycée programme's 95 % interval of the rate of `k` successes in `n` trials,
    f ± 1/√n (1/√n bounds 1.96·√(f(1−f)/n), the normal approximation, for every f), cut to
    [0, 1]. A rough rule: say so when n < 25 or f lies outside [0.2, 0.8]
    (`school_interval_holds`)."""
    _checked(k, n, 0.95)
    f, margin = k / n, 1 / math.sqrt(n)
    return max(0.0, f - margin), min(1.0, f + margin)


def school_interval_holds(k: int, n: int) -> bool:
    """Whether the programme's conditions for f ± 1/√n hold: n >= 25, 0.2 <= f <= 0.8."""
    _checked(k, n, 0.95)
    return n >= 25 and 0.2 <= k / n <= 0.8


def _rate_with_upper_tail(k: int, n: int, tail: float) -> float:
    """The p in (0, 1) where P(X >= k) = `tail` for X binomial(n, p), 1 <= k <= n: the
    tail grows with p, so halve the bracket until its ends are neighbouring floats."""
    low, high = 0.0, 1.0
    while True:
        middle = (low + high) / 2
        if middle in (low, high):
            return middle
        if incomplete_beta(k, n - k + 1, middle) < tail:
            low = middle
        else:
            high = middle


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for a, b > 0 and 0 <= x <= 1."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (
        a * math.log(x) + b * math.log1p(-x) - math.lgamma(a) - math.lgamma(b) + math.lgamma(a + b)
    )
    # the continued fraction converges fast below the mean; above it, use I_x(a, b) =
    # 1 - I_{1-x}(b, a)
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _continued_fraction(a, b, x) / a
    return 1 - math.exp(log_front) * _continued_fraction(b, a, 1 - x) / b


def _continued_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of I_x(a, b), evaluated by the modified Lentz method."""
    c = 1.0
    d = _away_from_zero(1 - (a + b) * x / (a + 1))
    d = 1 / d
    fraction = d
    limit = 1000 + 20 * math.isqrt(int(a + b))  # it takes about sqrt(max(a, b)) terms
    for m in range(1, limit):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),  # even step
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),  # odd step
        ):
            d = 1 / _away_from_zero(1 + numerator * d)
            c = _away_from_zero(1 + numerator / c)
            fraction *= d * c
        if abs(d * c - 1) < EPSILON:
            return fraction
    raise ArithmeticError(f"the incomplete beta I_{x}({a}, {b}) did not converge")


def _away_from_zero(value: float) -> float:
    return value if abs(value) >= TINY else TINY
