"""Who plays whom, in which seat, with which seed.

Two-player games: a round robin (the circle method, so that each round has everyone
playing once and a leaderboard fills evenly), played `games_per_pair` times (an even
number), each pair in both seats equally often. Games for more players (Sorcière's tables
of 3 or 4): a set of tables in which every two entrants meet (a greedy covering, seeded),
each table played once per seat rotation, so that every member sits in every seat once.

A schedule is a list of seatings (entrant names, seat 0 first); a game's index is its place
in it, and its seed comes from the tournament's seed and that index only. Raising
`games_per_pair` adds games after the ones already scheduled: a longer tournament begins
with the shorter one, whose finished games it can reuse.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import Counter
from collections.abc import Sequence

from ludotheque.engines.core import SEED_BITS

Seating = tuple[str, ...]


def make_schedule(
    names: Sequence[str], players: int, games_per_pair: int, seed: int
) -> list[Seating]:
    """The seatings of a tournament of `names` at a game for `players`."""
    if players < 2:
        raise ValueError("a tournament needs a game for two or more players")
    if len(names) < players:
        raise ValueError(
            f"a game for {players} needs at least {players} entrants, not {len(names)}"
        )
    if type(games_per_pair) is not int or games_per_pair < 1:
        raise ValueError(f"games_per_pair is a whole number from 1, not {games_per_pair!r}")
    if players == 2:
        return round_robin(names, games_per_pair)
    return tables(names, players, games_per_pair, seed)


def round_robin(names: Sequence[str], games_per_pair: int) -> list[Seating]:
    """Every pair `games_per_pair` times, round after round; the seats swap each repeat."""
    if games_per_pair % 2:
        raise ValueError(
            f"games_per_pair must be even for a two-player game, so that each pair plays "
            f"both seats equally often, not {games_per_pair}"
        )
    rounds = circle_rounds(list(names))
    return [
        (a, b) if repeat % 2 == 0 else (b, a)
        for repeat in range(games_per_pair)
        for pairs in rounds
        for a, b in pairs
    ]


def circle_rounds(names: list[str]) -> list[list[tuple[str, str]]]:
    """The circle method: one entrant stays, the others turn; with an odd count, whoever
    meets the empty place sits the round out."""
    ring: list[str | None] = [*names, None] if len(names) % 2 else list(names)
    rounds = []
    for turn in range(len(ring) - 1):
        pairs = []
        for i in range(len(ring) // 2):
            a, b = ring[i], ring[-1 - i]
            if a is not None and b is not None:
                pairs.append((a, b) if (i or turn % 2 == 0) else (b, a))
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def tables(names: Sequence[str], size: int, games_per_pair: int, seed: int) -> list[Seating]:
    """Coverings of all pairs by tables of `size`, enough of them that each pair meets at
    least `games_per_pair` times; each table played in every rotation of its seats."""
    rng = random.Random(f"ludotheque-tables:{seed}")
    games: list[Seating] = []
    for _ in range(math.ceil(games_per_pair / size)):
        covering = cover(names, size, rng)
        for rotation in range(size):
            games.extend(table[rotation:] + table[:rotation] for table in covering)
    return games


def cover(names: Sequence[str], size: int, rng: random.Random) -> list[Seating]:
    """Tables until every pair has shared one: each starts with the entrant who still has
    most others to meet and adds whoever meets most new faces there (ties: whoever has sat
    at fewest tables, then at random)."""
    unmet = {frozenset((a, b)) for i, a in enumerate(names) for b in names[i + 1 :]}
    sat: Counter[str] = Counter()
    covering: list[Seating] = []
    while unmet:
        luck = {name: rng.random() for name in names}
        left = Counter(name for pair in unmet for name in pair)
        table = [max(names, key=lambda name: (left[name], -sat[name], luck[name]))]
        while len(table) < size:
            table.append(
                max(
                    (name for name in names if name not in table),
                    key=lambda name: (
                        sum(frozenset((name, seated)) in unmet for seated in table),
                        -sat[name],
                        luck[name],
                    ),
                )
            )
        unmet -= {frozenset((a, b)) for i, a in enumerate(table) for b in table[i + 1 :]}
        sat.update(table)
        covering.append(tuple(table))
    return covering


def derived_seed(*parts: object) -> int:
    """A game's (or a bot's) seed from the tournament's and its place: the same on every
    machine and in every run (no hash randomisation)."""
    text = ":".join(str(part) for part in ("ludotheque-tournament", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[: SEED_BITS // 8], "big")
