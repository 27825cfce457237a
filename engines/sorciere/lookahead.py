"""Level 5, lookahead: exact one-turn odds, then an expectimax over the next players' pulls.

The bot reads only its seat's observation (`state.observation(seat)`: the roof's structure,
the treats put back in view, the piles face up, the candies, the unseen counts) and the
game's published deck. A face-down card's treat is a chance event whose odds are the unseen
counts: each treat is enumerated with its probability, the exact expectation that sampling
the unseen treats would only estimate.

A search node is a `Round`: the public facts a pull changes. From it a pull is a chance node:
the roof collapses with the roof model's exact probability (the round ends, the puller out
of it), or the card shows a treat and goes on the puller's pile, or back on the roof when it
tops the pile. The next players are expected to pull as the greedy player does (the card's
chance to go on their pile against the risk to it: `GreedyBot.score`), or as the careful
player does (the lowest risk) for a seat whose past pulls, in the public move log, showed it
passing up a card in view riskier than the safest face-down one (`careful_seats`: the two
pull alike otherwise); every player is expected to put a card back where it came from (so
is the bot itself, in a pull's value; its real put-back is searched). Modelling every
opponent as careful made the bot win 40 % of 600 games against careful players but 31 %
against greedy ones, who take the cards put back in view where the model saw them take the
safest; docs/sorciere.md has the numbers of 1,000 games a table and why it lost to greedy
players.
The search stops at the bot's next turn; there a round still running is valued by who would
likely take the candy (a softmax of the pile sizes, for each way the round may end).

Values are the bot's chance to win the *game*, not the round: a candy to a player one candy
from victory costs more than one to a player with none (`game_values`). So the bot plays to
end the round by someone else's collapse when it leads, keeps the roof safe for the next
player when that player's collapse would hand the candy to a leader, and puts a card back
where it hurts (or spares) the next player accordingly.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any

from ..bots import Deadline
from .policies import GreedyBot, SorciereBot, keep_odds
from .roof import DEFAULT_DEXTERITY, Roof
from .rules import TO_WIN, Pull, Put, SorciereState, parse_action

CLEARED = 0.34
"""Share of rounds that end with the roof emptied rather than collapsed (careful players at
the default dexterity, tests/benchmarks/bench_sorciere.py): the leaf's weight of that end."""
BETA = 0.3
"""How sharply a lead in cards turns into the round's candy at a leaf (softmax weight). The
leaf comes two pulls after the bot's own, most of a round's cards still to come: at 0.6 (the
expected value bot's weight, for piles compared at the end of a pull) a one-card lead counted
nearly as a candy, so a card gained now outweighed the risk of losing the pile, and the bot
brought the roof down in 30 % of the rounds against greedy players' 22 %. At 0.3 it won
37.0 % of 700 games against two greedy players (35.0 % of 1,000 at 0.6)."""
TESTS = 1
"""Pulls that tempted a seat (a card put back in view lay riskier than the safest face-down
one) after which a seat that never took the riskier card is modelled as careful."""
CANDIDATES = 8
"""Pulls searched beyond the one-turn odds: the best by those odds."""
MARGIN = (0.5, 0.0)
"""Half the budget kept back: a move stays well under the widget's second on a loaded
machine (a few tens of milliseconds as a rule; the search stops at the deadline and plays
the best candidate searched)."""


@cache
def game_values(candies: tuple[int, ...], seat: int) -> Mapping[int | None, float]:
    """`seat`'s chance to win the game once this round is scored, by the round's winner
    (None: no candy), if every later round's candy goes to each player alike."""

    @cache
    def value(held: tuple[int, ...]) -> float:
        total = 0.0
        for winner in range(len(held)):
            after = list(held)
            after[winner] += 1
            if after[winner] >= TO_WIN:
                total += winner == seat
            else:
                total += value(tuple(after))
        return total / len(held)

    values: dict[int | None, float] = {None: value(candies)}
    for winner in range(len(candies)):
        after = list(candies)
        after[winner] += 1
        values[winner] = float(winner == seat) if after[winner] >= TO_WIN else value(tuple(after))
    return MappingProxyType(values)  # cached: shared by every caller


def careful_seats(observation: dict[str, Any]) -> frozenset[int]:
    """The seats that pull as the careful player does, read from the game's public move log
    (`moves`, `movers`: which slot each pull took, where each card went back), so a fresh bot
    a move knows them too. The roof's structure is replayed; a pull is a test when a card put
    back in view (sure to go on most piles) lay riskier than the safest face-down card. The
    careful player never takes such a card, since the safest face-down card may go on its
    pile too; the greedy player takes it when the extra risk is small. A seat passes after
    TESTS tests without taking one; every other seat is modelled as greedy."""
    tests = [0] * observation["players"]
    taken = [0] * observation["players"]
    roof, known = Roof(), set()
    for text, seat in zip(observation["moves"], observation["movers"], strict=True):
        action = parse_action(text)
        if isinstance(action, Put):
            roof.put(action.slot)
            known.add(action.slot)
        elif not isinstance(action, Pull):  # the next round: a new roof
            roof, known = Roof(), set()
        else:
            if known:
                present = [s for s, height in enumerate(roof.z) if height is not None]
                risk = {s: roof.probability(s, action.dexterity) for s in present}
                safest = min((risk[s] for s in present if s not in known), default=1.0)
                if any(risk[s] > safest + 1e-9 for s in known):
                    tests[seat] += 1
                    taken[seat] += action.slot in known and risk[action.slot] > safest + 1e-9
            roof.remove(action.slot)
            known.discard(action.slot)
    return frozenset(seat for seat in range(len(tests)) if tests[seat] >= TESTS and not taken[seat])


def round_winner(
    counts: Sequence[int], canes: Sequence[float], collapser: int | None
) -> int | None:
    """The rules' scoring (`SorciereState.round_score`) on piles whose canes may be expected
    values: most cards among all but the collapser, then most canes, still tied nobody; at
    least one card needed."""
    eligible = [s for s in range(len(counts)) if s != collapser and counts[s] > 0]
    if not eligible:
        return None
    most = max(counts[s] for s in eligible)
    tied = [s for s in eligible if counts[s] == most]
    if len(tied) > 1:
        best = max(canes[s] for s in tied)
        tied = [s for s in tied if canes[s] >= best - 1e-9]
    return tied[0] if len(tied) == 1 else None


class Round:
    """The public facts of a round in progress that a pull changes: the roof's heights,
    the treats in view on it, each pile's size, top treat and canes (expected for cards
    not yet pulled), and the unseen treats."""

    __slots__ = ("canes", "counts", "known", "tops", "unseen", "z")

    def __init__(
        self,
        z: list[int | None],
        known: dict[int, str],
        counts: list[int],
        tops: list[str | None],
        canes: list[float],
        unseen: dict[str, int],
    ):
        self.z, self.known, self.unseen = z, known, unseen
        self.counts, self.tops, self.canes = counts, tops, canes

    @classmethod
    def observed(cls, observation: dict[str, Any]) -> Round:
        piles = observation["piles"]
        return cls(
            [slot["z"] for slot in observation["slots"]],
            {slot["slot"]: slot["known"] for slot in observation["slots"] if slot["known"]},
            [len(pile) for pile in piles],
            [pile[-1]["treat"] if pile else None for pile in piles],
            [float(sum(card["canes"] for card in pile)) for pile in piles],
            dict(observation["unseen"]),
        )

    def faces(self, slot: int) -> list[tuple[str, float]]:
        """The treats the card in `slot` may show, with their chances."""
        if slot in self.known:
            return [(self.known[slot], 1.0)]
        hidden = sum(self.unseen.values())
        return [(treat, n / hidden) for treat, n in self.unseen.items() if n > 0]

    def keep_chance(self, seat: int, slot: int) -> float:
        """The chance that the card in `slot` may go on `seat`'s pile."""
        return keep_odds(self.tops[seat], self.known.get(slot), self.unseen)

    def pulled(
        self, slot: int, seat: int, treat: str, canes: dict[str, float]
    ) -> tuple[Round, bool]:
        """The round after `seat` pulls `treat` from `slot` without a collapse (a card that
        tops its pile goes back where it came from), and whether that emptied the roof."""
        z, known, unseen = list(self.z), dict(self.known), self.unseen
        if known.pop(slot, None) is None:
            unseen = dict(unseen)
            unseen[treat] -= 1
        z[slot] = None
        counts, tops, pile_canes = self.counts, self.tops, self.canes
        empty = all(height is None for height in z)
        if tops[seat] != treat:
            counts, tops, pile_canes = list(counts), list(tops), list(pile_canes)
            counts[seat] += 1
            tops[seat] = treat
            pile_canes[seat] += canes[treat]
        elif not empty:
            z[slot] = max(height for height in z if height is not None) + 1
            known[slot] = treat
        return Round(z, known, counts, tops, pile_canes, unseen), empty


class LookaheadBot(SorciereBot):
    """Level 5: the pull (and the place to put a card back) with the best chance to win the
    game, looking `depth` pulls past its own (None: up to its next turn); see the module
    text. The best CANDIDATES pulls by the one-turn odds are searched, within half of
    `seconds` (None: no budget of its own) and the caller's deadline; out of time, it plays
    the best candidate searched (none: by the one-turn odds). Ties are broken by its seeded
    generator."""

    name = "lookahead"

    def __init__(
        self,
        seed: int | None = None,
        dexterity: float = DEFAULT_DEXTERITY,
        seconds: float | None = 1.0,
        depth: int | None = None,
    ):
        super().__init__(seed, dexterity)
        self.seconds = seconds
        self.depth = depth
        self.risk_maps: dict[tuple[int | None, ...], list[float]] = {}

    def decide(self, state: SorciereState, deadline: Deadline) -> Any:
        if state.phase == "scored":
            return super().decide(state, deadline)
        self.deadline = deadline.capped(self.seconds, MARGIN)
        self.seat = state.current_player()
        self.observation = observation = state.observation(self.seat)
        self.players = observation["players"]
        self.values = game_values(tuple(observation["candies"]), self.seat)
        self.canes = expected_canes(state, observation)
        self.root = Round.observed(observation)
        self.horizon = self.players - 1 if self.depth is None else self.depth
        self.risk_maps = {}
        self.careful = careful_seats(observation) - {self.seat}
        return super().decide(state, deadline)

    # -- decisions ---------------------------------------------------------------------
    def pull_slot(self, state: SorciereState) -> int:
        root, risks = self.root, self.risks(self.root.z)
        slots = [s for s, height in enumerate(root.z) if height is not None]
        odds = [(self.pull_value(root, s, risks[s], self.seat, 0), s) for s in slots]
        odds.sort(key=lambda scored: -scored[0])
        searched = []
        for _, slot in odds[:CANDIDATES]:
            if self.deadline.expired():
                break
            searched.append(
                (self.pull_value(root, slot, risks[slot], self.seat, self.horizon), slot)
            )
        return self.best(searched or odds)

    def put_slot(self, state: SorciereState) -> int:
        """Where the card held leaves the best chances over the next players' pulls: where
        their pulls are the most dangerous when their collapse would serve the bot, the
        safest when it would hand the candy to a leader."""
        held = self.observation["held"]["treat"]
        slots = state.put_slots()
        scored = []
        for slot in slots:
            if self.deadline.expired():
                return super().put_slot(state)
            z, known = list(self.root.z), dict(self.root.known)
            z[slot] = max((h for h in z if h is not None), default=-1) + 1
            known[slot] = held
            after = Round(
                z, known, self.root.counts, self.root.tops, self.root.canes, self.root.unseen
            )
            scored.append((self.turn_value(after, self.next(self.seat), self.horizon), slot))
        return self.best(scored)

    # -- the expectimax ------------------------------------------------------------------
    def pull_value(self, node: Round, slot: int, p: float, puller: int, depth: int) -> float:
        """The expected value of `puller` pulling `slot` (collapse chance `p`), then
        `depth` more pulls."""
        value = p * self.values[round_winner(node.counts, node.canes, puller)]
        if p >= 1.0:
            return value
        rest = 0.0
        for treat, chance in node.faces(slot):
            child, empty = node.pulled(slot, puller, treat, self.canes)
            if empty:
                rest += chance * self.values[round_winner(child.counts, child.canes, None)]
            else:
                rest += chance * self.turn_value(child, self.next(puller), depth)
        return value + (1.0 - p) * rest

    def turn_value(self, node: Round, puller: int, depth: int) -> float:
        """The value of `node` with `puller` to pull and `depth` pulls left to look at."""
        if depth == 0:
            return self.leaf(node)
        risks = self.risks(node.z)
        slot = self.predicted_pull(node, puller, risks)
        return self.pull_value(node, slot, risks[slot], puller, depth - 1)

    def predicted_pull(self, node: Round, puller: int, risks: list[float]) -> int:
        """The pull `puller` is expected to make: the careful player's (the lowest risk
        among the cards that may go on its pile) for a seat that pulled as careful
        (`careful_seats`), else the greedy player's."""
        slots = [s for s, height in enumerate(node.z) if height is not None]
        if puller in self.careful:
            keepable = [s for s in slots if node.keep_chance(puller, s) > 0]
            return min(keepable or slots, key=lambda s: risks[s])
        pile = node.counts[puller]
        return max(
            slots, key=lambda s: GreedyBot.score(risks[s], node.keep_chance(puller, s), pile)
        )

    def leaf(self, node: Round) -> float:
        """A round still running, valued over its possible ends (a collapse by each player
        alike, or the roof emptied): the candy to each other player by a softmax of the
        pile sizes."""
        collapse = (1.0 - CLEARED) / self.players
        value = CLEARED * self.standing(node, None)
        for collapser in range(self.players):
            value += collapse * self.standing(node, collapser)
        return value

    def standing(self, node: Round, collapser: int | None) -> float:
        weights = {
            s: math.exp(BETA * node.counts[s]) for s in range(self.players) if s != collapser
        }
        total = sum(weights.values())
        return sum(w * self.values[s] for s, w in weights.items()) / total

    def risks(self, z: list[int | None]) -> list[float]:
        """The collapse probability of each slot (1 where empty), computed once per roof."""
        key = tuple(z)
        risks = self.risk_maps.get(key)
        if risks is None:
            roof = Roof(z)
            risks = [
                1.0 if height is None else roof.probability(slot, self.dexterity)
                for slot, height in enumerate(z)
            ]
            self.risk_maps[key] = risks
        return risks

    def next(self, seat: int) -> int:
        return (seat + 1) % self.players


def expected_canes(state: SorciereState, observation: dict[str, Any]) -> dict[str, float]:
    """The mean canes of a card of each treat not yet seen face up (the game's published
    deck less the cards in the piles, set aside or held)."""
    remaining: dict[str, list[int]] = {}
    for card in state.game.deck:
        remaining.setdefault(card.treat, []).append(card.canes)
    held = [observation["held"]] if observation["held"] else []
    for card in [*(c for pile in observation["piles"] for c in pile), *observation["aside"], *held]:
        remaining[card["treat"]].remove(card["canes"])
    return {treat: sum(canes) / len(canes) if canes else 0.0 for treat, canes in remaining.items()}
