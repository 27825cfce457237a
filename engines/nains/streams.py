"""Random numbers that the readable playouts and the compiled ones (`fast.py`) draw alike.

A compiled playout must draw the very numbers the readable one draws, or the two cannot be
checked move for move. Python's Mersenne Twister is out of numba's reach, so both draw from
this small generator instead: a 32-bit Weyl sequence (the state steps by the golden ratio)
whose every state is scrambled by an integer hash (two multiply-xorshift rounds, Wellons'
"hash prospector" constants). Every product stays below 2**63, so the same source gives the
same numbers as Python integers and as numba's int64: `fast.py` compiles these functions as
they are, and `PlayoutRandom` wraps them as a `random.Random` for the rules' `apply_move`.

Only the levels that compare the two playouts use it; levels 1-3 keep `random.Random`.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

MASK = 0xFFFFFFFF
GOLDEN = 0x9E3779B9
SCALE = 4294967296.0
"""2**32: a draw divided by it is uniform in [0, 1)."""


def scramble(x: int) -> int:
    """A 32-bit integer hash: nearby states give unrelated draws."""
    x = ((x ^ (x >> 16)) * 0x21F0AAAD) & MASK
    x = ((x ^ (x >> 15)) * 0x735A2D97) & MASK
    return x ^ (x >> 15)


def draw(state: int) -> tuple[int, int]:
    """(next state, a uniform 32-bit draw)."""
    state = (state + GOLDEN) & MASK
    return state, scramble(state)


def below(state: int, n: int) -> tuple[int, int]:
    """(next state, a whole number in [0, n)), by one multiply (bias below n / 2**32)."""
    state, bits = draw(state)
    return state, (bits * n) >> 32


def uniform(state: int) -> tuple[int, float]:
    """(next state, a float in [0, 1))."""
    state, bits = draw(state)
    return state, bits / SCALE


def shuffle(items: Any, count: int, state: int) -> int:
    """Shuffle `items[:count]` in place (Fisher-Yates from the end); returns the state."""
    for i in range(count - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def deal(
    pool: Any,
    count: int,
    size: int,
    weights: Any,
    leaning: Any,
    lean: Any,
    colour: int,
    mismatch: float,
    kept_weights: Any,
    kept: int,
    since: Any,
    tries: int,
    state: int,
) -> int:
    """Shuffle `pool[:count]` until its first `size` cards (a hand dealt to the other seat)
    pass: accepted with the product of `weights` (by card kind) over the hand's distinct
    kinds, so that a hand unlikely by what the table showed is seldom dealt; and when
    `colour` >= 0 (the other seat's first gnome, chosen with this hand and cards whose
    leanings add up to `lean`), `mismatch` times as often if the hand's leanings
    (`leaning` by card) would have favoured another colour; and when the other seat last
    discarded and kept `kept` cards, by `kept_share`. After `tries` shuffles the last one
    stands. Returns the state."""
    for _ in range(tries):
        state = shuffle(pool, count, state)
        accept = 1.0
        for i in range(size):
            repeated = False
            for j in range(i):
                repeated = repeated or pool[j] == pool[i]
            if not repeated:
                accept *= weights[pool[i]]
        if colour >= 0:
            favoured, most = 0, 0.0
            for c in range(4):
                total = lean[c]
                for i in range(size):
                    total += leaning[pool[i]][c]
                if c == 0 or total > most:
                    favoured, most = c, total
            if favoured != colour:
                accept *= mismatch
        if kept > 0:
            accept *= kept_share(pool, size, kept_weights, kept, since)
        if accept >= 1.0:
            return state
        state, chance = uniform(state)
        if chance < accept:
            return state
    return state


def kept_share(pool: Any, size: int, weights: Any, kept: int, since: Any) -> float:
    """How well a dealt hand (`pool[:size]`) explains a discard that kept `kept` cards: the
    mean, over the `kept`-card parts of the hand as it stood after the discard (the dealt
    hand and the cards played `since`), of the product of their `weights` (by card kind).
    Which cards were kept and which drawn is unknown (the drawn ones say nothing), so every
    part is as likely; a hand whose every part holds a card the discard made unlikely is
    seldom dealt."""
    sums, ways = [0.0] * (kept + 1), [0.0] * (kept + 1)
    sums[0], ways[0] = 1.0, 1.0
    for i in range(size + len(since)):
        weight = weights[pool[i]] if i < size else weights[since[i - size]]
        for j in range(kept, 0, -1):
            sums[j] += sums[j - 1] * weight
            ways[j] += ways[j - 1]
    return sums[kept] / ways[kept] if ways[kept] > 0 else 1.0


def stream(seed: int) -> int:
    """The starting state for a seed: nearby seeds start far apart."""
    return scramble(seed & MASK)


class PlayoutRandom(random.Random):
    """`random.Random`'s verbs that the rules and the playout policy use (`random`,
    `randrange`, `choice`, `shuffle`), drawn from this module's generator."""

    def seed(self, a: Any = None, version: int = 2) -> None:
        self.state = stream(int(a or 0))

    def getstate(self) -> Any:
        return self.state

    def setstate(self, state: Any) -> None:
        self.state = state

    def random(self) -> float:
        self.state, value = uniform(self.state)
        return value

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        """What `randrange(n)` and `choice` draw (random.Random routes both here)."""
        self.state, value = below(self.state, n)
        return value

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        self.state = shuffle(x, len(x), self.state)
