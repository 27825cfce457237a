"""A Petits Pas' review: the deal's win chance card by card (`engines/review.py` calls
`review_deal`, since the patience has no decision to judge).

After each card turned up, the chance is the one someone has who sees the table and knows
which cards are still unseen, but not their order: the share of the orders of the unseen
cards that win. A deal is deterministic once its order is known, so that chance depends
only on the cards dealt so far, in their order (public: the opening four, then the `deal`
and `refill` events); steps that only take, cover or close up piles change nothing, and
the review has one entry per card dealt, 52 in a whole deal.

The chance is **exact** when the orders of the unseen cards are few enough to play them
all: when their number (n! for n cards) is at most the worlds a card's share of the budget
buys (6 cards or fewer at the widget's default budget, 720 orders). Elsewhere it is
**estimated**: that many orders drawn at random, each world the dealt cards followed by one
order of the rest, played to its end by the deal kernel (`kernel.play_deal`, compiled by
numba when it is installed, `fast.cards_left`; else the same code in plain Python), with
its standard error sqrt(p (1 - p) / worlds). The orders are drawn from a seed made from the
reading and the cards dealt so far (never the game's seed, never the true order of the
stock): the same record and budget give the same review, with numba or without (the plain
path draws numpy's numbers, `numpy_random`), and two deals that agree up to a card give
the same entries up to that card. Once a chance is exactly 0 or 1 it stays so (the chance
after a card is the mean of the chances after the next one), and is not computed again.

Chances are fractions (0 to 1). The budget is work, not time: `seconds` is a step's share,
as a decision's is for the other games, so a deal of `steps` steps gets `seconds * steps`,
at WORLDS_PER_SECOND (about what one laptop core plays in plain Python; numba plays some
thirty times faster), shared equally by the 53 chances (before the first card and after
each).

Where the deal was decided: `decided` marks the card from which the chance stayed at the
deal's result (0 for a lost deal, 1 for a won one) to the end, `exact` saying whether it
is a proof (no order of the remaining cards won, or all did) or an estimate (none of the
worlds drawn won, or all did); `certain` marks the first card from which the result is
proven (the same card when `decided` is exact); `swing`, the card that moved the chance
most toward the result (the biggest drop in a lost deal, the biggest rise in a won one).
What the curves show, and the numbers: docs/rules/petits_pas.md#revoir-une-donne--reviewing-a-deal.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from dataclasses import asdict
from typing import Any, NamedTuple

from ..bots import Deadline, SearchCancelled
from ..extras import have_numba
from ..numpy_random import PCG64, SeedSequence, permuted_rows
from .cards import DECK, SUITS, Card, parse_card
from .readings import Reading
from .rules import PetitsPasState

PROVES = True
"""The last cards' chances are exact (every order played)."""
WORLDS_PER_SECOND = 10_000
"""Worlds (orders of the unseen cards played to the end) a second of budget buys."""
POINTS = len(DECK) + 1
"""The chances a whole deal's budget is shared by: before the first card, after each."""

SUIT_WORDS = {
    "fr": dict(zip(SUITS, ("pique", "cœur", "carreau", "trèfle"), strict=True)),
    "en": dict(zip(SUITS, ("spades", "hearts", "diamonds", "clubs"), strict=True)),
}
RANK_WORDS = {
    "fr": ("l'as", *(f"le {rank}" for rank in range(2, 11)), "le valet", "la dame", "le roi"),
    "en": ("the ace", *(f"the {rank}" for rank in range(2, 11)), "the jack", "the queen",
           "the king"),
}  # fmt: skip


class WinChance(NamedTuple):
    """The win chance after some cards dealt: `chance` (0 to 1), its standard error `se`
    (0 when exact), `exact`, and the orders of the unseen cards played (`worlds`; 0 when
    none was: a chance of exactly 0 or 1 before holds)."""

    chance: float
    se: float
    exact: bool
    worlds: int


def card_name(card: Card) -> dict[str, str]:
    """The card in words, with its article: `le 7 de cœur`, `the 7 of hearts`."""
    return {
        "fr": f"{RANK_WORDS['fr'][card.rank - 1]} de {SUIT_WORDS['fr'][card.suit]}",
        "en": f"{RANK_WORDS['en'][card.rank - 1]} of {SUIT_WORDS['en'][card.suit]}",
    }


def dealing_order(state: PetitsPasState) -> list[tuple[Card, int]]:
    """The cards dealt so far, in order, each with the number of steps after which it lies
    on the table (0 for the opening four): read from what the player saw (the opening row,
    then each step's `deal` and `refill` events), never from the stock."""
    opening = state.replayed(0).observation(0)["places"]
    dealt = [(parse_card(pile[0]), 0) for pile in opening]
    for step, events in enumerate(state.events):
        for event in events:
            if event["kind"] == "deal":
                dealt.append((parse_card(event["card"]), step + 1))
            elif event["kind"] == "refill":
                dealt += [(parse_card(deal["card"]), step + 1) for deal in event["deals"]]
    return dealt


def worlds_per_card(seconds: float, steps: int) -> int:
    """The worlds each chance gets: the deal's budget (`seconds` a step) shared by POINTS."""
    return max(1, int(seconds * max(1, steps) * WORLDS_PER_SECOND / POINTS))


def win_chance(
    dealt: list[int], reading: Reading, worlds: int, compiled: bool | None = None
) -> WinChance:
    """The chance of winning once the cards `dealt` (deck indexes, in order) are known:
    every order of the others when there are at most `worlds` of them, else `worlds` orders
    drawn from a seed made of the reading and `dealt`. `compiled` None: numba if installed."""
    unseen = sorted(set(range(len(DECK))) - set(dealt))
    compiled = have_numba() if compiled is None else compiled
    if math.factorial(len(unseen)) <= worlds:
        orders = [list(order) for order in itertools.permutations(unseen)]
        wins = sum(left == 0 for left in _played(dealt, orders, reading, compiled))
        return WinChance(wins / len(orders), 0.0, True, len(orders))
    entropy = _entropy(dealt, reading)
    drawn: Any
    if compiled:
        import numpy as np

        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy)))
        drawn = rng.permuted(np.tile(np.array(unseen, dtype=np.uint8), (worlds, 1)), axis=1)
    else:
        drawn = permuted_rows([unseen] * worlds, PCG64(SeedSequence(entropy)))
    wins = sum(left == 0 for left in _played(dealt, drawn, reading, compiled))
    p = wins / worlds
    return WinChance(p, math.sqrt(p * (1 - p) / worlds), False, worlds)


def _entropy(dealt: list[int], reading: Reading) -> int:
    """A 128-bit seed from what is public: the reading and the cards dealt, in order."""
    text = json.dumps(asdict(reading), sort_keys=True).encode() + bytes(dealt)
    return int.from_bytes(hashlib.sha256(text).digest()[:16], "little")


def _played(dealt: list[int], orders: Any, reading: Reading, compiled: bool) -> list[int]:
    """Cards left at the end of each world: `dealt` followed by each of `orders`."""
    if compiled:
        import numpy as np

        from .fast import cards_left

        rest = np.asarray(orders, dtype=np.uint8).reshape(len(orders), len(DECK) - len(dealt))
        head = np.tile(np.array(dealt, dtype=np.uint8), (len(rest), 1))
        return [int(left) for left in cards_left(np.hstack([head, rest]), reading)]
    from .kernel import plain_cards_left  # numba compiles the module's kernels at import

    return plain_cards_left(([*dealt, *order] for order in orders), reading)


def review_deal(
    state: PetitsPasState,
    seconds: float,
    deadline: Deadline | None = None,
    compiled: bool | None = None,
    worlds: int | None = None,
) -> list[dict[str, Any]]:
    """One entry per card dealt, in order (see the module docstring): `ply` (the steps after
    which it lies on the table), `seat` 0, `card`, `card_name` (in words, fr/en), `dealt`
    (its number, 1 to 52), `left` (cards unseen after it), `chance_before`, `chance_after`,
    `se` (of `chance_after`), `exact`, `worlds`, and the marks `decided`, `certain`,
    `swing`. `deadline` is checked between two chances (`SearchCancelled`); `worlds`, if
    given, is each chance's number of worlds instead of what `seconds` buys; `compiled` as
    in `win_chance`."""
    reading = state.game.reading
    dealt = dealing_order(state)
    if worlds is None:
        worlds = worlds_per_card(seconds, state.ply)
    indexes = [card.deck_index for card, _ in dealt]
    chances: list[WinChance] = []
    for count in range(len(dealt) + 1):
        if deadline is not None and deadline.expired():
            raise SearchCancelled("the review was stopped")
        last = chances[-1] if chances else None
        if last is not None and last.exact and last.chance in (0.0, 1.0):
            chances.append(WinChance(last.chance, 0.0, True, 0))  # settled: stays so
        else:
            chances.append(win_chance(indexes[:count], reading, worlds, compiled))
    entries = [
        {
            "ply": ply,
            "seat": 0,
            "card": str(card),
            "card_name": card_name(card),
            "dealt": number,
            "left": len(DECK) - number,
            "chance_before": chances[number - 1].chance,
            "chance_after": chances[number].chance,
            "se": chances[number].se,
            "exact": chances[number].exact,
            "worlds": chances[number].worlds,
            "decided": False,
            "certain": False,
            "swing": False,
        }
        for number, (card, ply) in enumerate(dealt, 1)
    ]
    result = state.table.result
    if result is not None:
        mark(entries, 1.0 if result == "won" else 0.0)
    return entries


def mark(entries: list[dict[str, Any]], outcome: float) -> None:
    """Mark where the deal was decided (`outcome`: 1.0 won, 0.0 lost; see the module
    docstring): `decided`, `certain`, `swing`."""
    start = len(entries)
    while start and entries[start - 1]["chance_after"] == outcome:
        start -= 1
    if start < len(entries):
        entries[start]["decided"] = True
    certain = next(
        (entry for entry in entries[start:] if entry["exact"]),
        None,
    )
    if certain is not None:
        certain["certain"] = True
    toward = 1.0 if outcome else -1.0
    moves = [toward * (entry["chance_after"] - entry["chance_before"]) for entry in entries]
    if moves and max(moves) > 0:
        entries[moves.index(max(moves))]["swing"] = True
