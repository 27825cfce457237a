"""The Sorcière bots of levels 1-4 and the pieces the lookahead (level 5) builds on; which
level is which, and their menu words, are in `bots.py`. Each reads only public facts (the
roof's structure, the treats of cards put back, the piles, `unseen`), never a face-down card,
and pulls with its own `dexterity`."""

from __future__ import annotations

import math
import random
from typing import Any

from ..bots import Bot, Deadline
from .roof import DEFAULT_DEXTERITY
from .rules import Next, Pull, Put, SorciereState, collapse_probability


def keep_chance(state: SorciereState, seat: int, slot: int) -> float:
    """The chance that the card in `slot` may go on `seat`'s pile (public facts only)."""
    pile = state.piles[seat]
    if not pile:
        return 1.0
    return keep_odds(state.deck[pile[-1]].treat, state.known.get(slot), state.unseen())


def keep_odds(top: str | None, shown: str | None, unseen: dict[str, int]) -> float:
    """The chance that a card may go on a pile topped by `top` (None: an empty pile): 0 or 1
    for a card whose treat is `shown`, else the odds of the `unseen` treats."""
    if top is None:
        return 1.0
    if shown is not None:
        return 0.0 if shown == top else 1.0
    hidden = sum(unseen.values())
    return 1.0 - unseen[top] / hidden if hidden else 1.0


class SorciereBot(Bot[SorciereState]):
    """Shared parts: the seeded tie-breaks, the dexterity, the `next` button."""

    def __init__(self, seed: int | None = None, dexterity: float = DEFAULT_DEXTERITY):
        self.rng = random.Random(seed)
        self.dexterity = dexterity

    def decide(self, state: SorciereState, deadline: Deadline) -> Any:
        if state.phase == "scored":
            return Next()
        if state.phase == "put":
            return Put(self.put_slot(state))
        return Pull(self.pull_slot(state), self.dexterity)

    def best(self, scored: list[tuple[float, int]]) -> int:
        top = max(score for score, _ in scored)
        return self.rng.choice([slot for score, slot in scored if score >= top - 1e-12])

    def pull_slot(self, state: SorciereState) -> int:
        raise NotImplementedError

    def put_slot(self, state: SorciereState) -> int:
        """Default: where the card is best held (most support)."""
        return self.best([(state.roof.support_if_put(s), s) for s in state.put_slots()])


class RandomSorciereBot(SorciereBot):
    name = "random"

    def pull_slot(self, state: SorciereState) -> int:
        return self.rng.choice(state.roof.present())

    def put_slot(self, state: SorciereState) -> int:
        return self.rng.choice(state.put_slots())


class CarefulBot(SorciereBot):
    """The lowest risk, whatever the card is worth; only a card known to match its own pile
    (it would go straight back) is left alone while there is another."""

    name = "careful"

    def pull_slot(self, state: SorciereState) -> int:
        seat = state.current_player()
        slots = [s for s in state.roof.present() if keep_chance(state, seat, s) > 0]
        return self.best(
            [
                (-collapse_probability(state, s, self.dexterity), s)
                for s in slots or state.roof.present()
            ]
        )


class GreedyBot(SorciereBot):
    """Value of the card against the risk: (1 − p)·keep − p·STAKE·(1 + my pile)."""

    name = "greedy"
    STAKE = 0.5

    @classmethod
    def score(cls, p: float, keep: float, pile: int) -> float:
        """A pull's worth: collapse chance `p`, chance `keep` to go on a pile of `pile` cards."""
        return (1 - p) * keep - p * (cls.STAKE * (1 + pile))

    def pull_slot(self, state: SorciereState) -> int:
        seat = state.current_player()
        pile = len(state.piles[seat])
        scored = []
        for slot in state.roof.present():
            p = collapse_probability(state, slot, self.dexterity)
            scored.append((self.score(p, keep_chance(state, seat, slot), pile), slot))
        return self.best(scored)


class ExpectedValueBot(SorciereBot):
    """Maximises the exact expectation, over this pull's chance events (collapse or not, the
    card kept or not), of its chance to take this round's candy: 1 or 0 once a round ends;
    while it runs, a softmax of the pile sizes, exp(BETA·mine) / Σ exp(BETA·theirs)."""

    name = "expected value"
    BETA = 0.6

    def standing(self, counts: list[int], seat: int) -> float:
        weights = [math.exp(self.BETA * c) for c in counts]
        return weights[seat] / sum(weights)

    def end_value(
        self,
        state: SorciereState,
        seat: int,
        collapser: int | None,
        counts: list[int] | None = None,
    ) -> float:
        return 1.0 if state.round_score(collapser, counts)["winner"] == seat else 0.0

    def pull_slot(self, state: SorciereState) -> int:
        return self.best(self.pull_values(state, self.dexterity))

    def pull_values(self, state: SorciereState, dexterity: float) -> list[tuple[float, int]]:
        """Each card's worth to the player to move, pulled with `dexterity`: the exact
        expectation described above, with the slot (the review judges pulls with it)."""
        seat = state.current_player()
        counts = [len(pile) for pile in state.piles]
        collapse = self.end_value(state, seat, collapser=seat)
        last = state.roof.count() == 1
        scored = []
        for slot in state.roof.present():
            p = collapse_probability(state, slot, dexterity)
            q = keep_chance(state, seat, slot)
            more = list(counts)
            more[seat] += 1
            if last:  # the round ends as the card leaves: its value is the round's result
                kept = self.end_value(state, seat, None, more)
                not_kept = self.end_value(state, seat, None, counts)
            else:
                kept, not_kept = self.standing(more, seat), self.standing(counts, seat)
            scored.append((p * collapse + (1 - p) * (q * kept + (1 - q) * not_kept), slot))
        return scored

    def put_slot(self, state: SorciereState) -> int:
        """Where the next player's safest pull becomes the most dangerous."""
        scored = []
        for slot in state.put_slots():
            roof = state.roof.copy()
            roof.put(slot)
            scored.append((min(roof.probability(k, self.dexterity) for k in roof.present()), slot))
        return self.best(scored)
