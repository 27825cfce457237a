"""The Tir de tuyau bots of levels 1-3 and the pieces level 4 (`deduction.py`) and the
compiled playouts (`fast.py`) build on; which level is which, and their menu words, are in
`bots.py`.

None of them looks at what its seat may not know. The random and heuristic bots read only
public facts and their own hand. The ISMCTS bot reads the table only through a
*determinisation* (`table.determinise`, what `NainsState.resample` does to a whole state): the
other hand and the draw pile are dealt again at random from the cards its seat cannot see
(and an unrevealed first gnome is drawn at random), so the true hidden cards never guide its
choice.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..bots import Bot, Deadline
from .cards import CARDS, MULTI, Card, pull_values
from .rules import (
    CHOOSE,
    CONTRE,
    DISCARD,
    FENCE,
    PHASE_CHOOSE,
    PHASE_OVER,
    PLAY,
    SURCONTRE,
    SURSURCONTRE,
    Move,
    NainsState,
    Table,
    apply_move,
    determinise,
    legal_moves,
)

ROLLOUT_CAP = 120
"""A random playout stops after this many moves without the round ending (then the hose
position decides)."""


class NainsRandomBot(Bot[NainsState]):
    """Picks a card of its hand at random (or "discard" as one more choice), then one of
    that card's legal uses at random; a discard throws away a random part of the hand.
    Uniform over the 31 discard subsets would make it discard nearly every turn."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def decide(self, state: NainsState, deadline: Deadline) -> Move:
        return random_move(state.table, self.rng)


def random_move(t: Table, rng: random.Random) -> Move:
    if t.phase == PHASE_CHOOSE:
        return Move(CHOOSE, -1, rng.randrange(4))
    plays = legal_moves(t, discards=False)
    cards = sorted({m.card for m in plays})
    pick = rng.randrange(len(cards) + 1)
    if pick < len(cards):
        return rng.choice([m for m in plays if m.card == cards[pick]])
    hand = t.hands[t.to_move]
    subset = [c for c in hand if rng.random() < 0.5] or [rng.choice(hand)]
    return Move(DISCARD, tuple(sorted(subset)))


# -- the heuristic ------------------------------------------------------------------------
GNOME_WORTH = 2.5
"""What one more gnome in a team is worth, in slabs: it adds about one slab to every later
pull the team wins."""
KEEP = 0.35
"""Slabs a card is worth kept in hand, per point of strength: a strong card is spent only
when it gains clearly more than a weak one."""


def lead_distance(t: Table, seat: int) -> int:
    """Slabs between `seat`'s first gnome and the fence."""
    return FENCE + t.hose if seat == 0 else FENCE - t.hose


def immediate_gain(t: Table, move: Move) -> float:
    """Slabs toward the mover after `move` (the round's end counted as ±100)."""
    seat = t.to_move
    after = t.copy()
    apply_move(after, move, random.Random(0))
    if after.round != t.round or after.phase == PHASE_OVER:
        return 100.0 if after.round_winners[-1] == seat else -100.0
    return float(after.hose - t.hose) * (1 if seat == 0 else -1)


def heuristic_score(t: Table, move: Move) -> float:
    """Immediate pull, plus the worth of gnomes gained or taken, minus the worth of the card."""
    seat = t.to_move
    gain = immediate_gain(t, move)
    if abs(gain) >= 100:
        return gain
    if move.verb == DISCARD:
        return gain + 0.2 * len(move.card) - 0.5
    card = CARDS[move.card]
    if move.verb == CONTRE:
        gain += GNOME_WORTH
    elif move.verb == SURCONTRE:
        gain += 2 * GNOME_WORTH
    elif move.verb == SURSURCONTRE:
        gain += 4 * GNOME_WORTH
    elif card.kind == "gnome":
        # Worth it while the first gnome is far enough from the fence.
        gain += GNOME_WORTH if lead_distance(t, seat) > 4 else -GNOME_WORTH
    return gain - KEEP * card.strength


def leaning(card: Card) -> tuple[float, ...]:
    """How much a card draws its holder's first gnome to each colour: a pull card 1 toward
    the colour it doubles and 1 away from the one it zeroes, a one-colour gnome 0.5."""
    score = [0.0] * 4
    if card.kind == "pull":
        if 0 <= card.two < MULTI:
            score[card.two] += 1
        if 0 <= card.zero < MULTI:
            score[card.zero] -= 1
    elif card.kind == "gnome" and card.colour < MULTI:
        score[card.colour] += 0.5
    return tuple(score)


LEANING = tuple(leaning(card) for card in CARDS)
"""`leaning` by card index."""


def first_gnome(hand: list[int]) -> int:
    """The colour the hand's cards favour most (`leaning`; ties to the first colour)."""
    score = [0.0] * 4
    for index in hand:
        for colour in range(4):
            score[colour] += LEANING[index][colour]
    return max(range(4), key=lambda c: (score[c], -c))


class HeuristicBot(Bot[NainsState]):
    """Plays the move with the best immediate pull, counting a gnome as future pull and
    keeping strong cards for later; discards its weakest cards when nothing helps."""

    name = "heuristic"

    def __init__(self, seed: int | None = None):
        """`seed` is taken like every level's; the rule of thumb draws nothing."""

    def decide(self, state: NainsState, deadline: Deadline) -> Move:
        return heuristic_move(state.table)


def heuristic_move(t: Table) -> Move:
    seat = t.to_move
    hand = t.hands[seat]
    if t.phase == PHASE_CHOOSE:
        return Move(CHOOSE, -1, first_gnome(hand))
    plays = legal_moves(t, discards=False)
    scored = sorted(((heuristic_score(t, m), -i, m) for i, m in enumerate(plays)), reverse=True)
    if scored and scored[0][0] > -0.5:
        return scored[0][2]
    useful = {m.card for s, _, m in scored if s > -1.0}
    weak = tuple(c for c in hand if c not in useful) or (
        min(hand, key=lambda c: CARDS[c].strength),
    )
    discard = Move(DISCARD, weak)
    if scored and scored[0][0] >= heuristic_score(t, discard):
        return scored[0][2]
    return discard


COUNTER_GAIN = {CONTRE: GNOME_WORTH, SURCONTRE: 2 * GNOME_WORTH, SURSURCONTRE: 4 * GNOME_WORTH}
ROUND_END = 100.0


def fast_score(t: Table, move: Move) -> float:
    """`heuristic_score` without copying the table (the playouts call it thousands of times
    a second); tests/engines/test_nains_bots.py checks that both agree."""
    sign = 1 if t.to_move == 0 else -1
    lead, other_lead = FENCE + sign * t.hose, FENCE - sign * t.hose
    if move.verb == DISCARD:
        return -ROUND_END if lead <= 1 else -1.5 + 0.2 * len(move.card)
    if move.verb != PLAY:
        return COUNTER_GAIN[move.verb] - KEEP
    card = CARDS[move.card]
    if card.kind == "gnome":
        return -ROUND_END if lead <= 2 else -2 + (GNOME_WORTH if lead > 4 else -GNOME_WORTH) - KEEP
    if card.kind == "squirrel":
        gain = card.squirrels
    else:
        values = pull_values(card, move.colour)
        gain = sign * (sum(values[g] for g in t.teams[0]) - sum(values[g] for g in t.teams[1]))
    if gain >= other_lead:
        return ROUND_END
    if -gain >= lead:
        return -ROUND_END
    return gain - KEEP * card.strength


def policy_move(t: Table, rng: random.Random, eps: float = 0.0) -> Move:
    """The playouts' policy: `heuristic_move` (computed quickly), or with probability `eps`
    a random play (a single-card discard now and then)."""
    hand = t.hands[t.to_move]
    if t.phase == PHASE_CHOOSE:
        return Move(
            CHOOSE, -1, rng.randrange(4) if eps and rng.random() < eps else first_gnome(hand)
        )
    plays = legal_moves(t, discards=False)
    if not plays or (eps and rng.random() < eps):
        if not plays or rng.random() < 0.15:
            return Move(DISCARD, (rng.choice(hand),))
        return rng.choice(plays)
    scores = [fast_score(t, m) for m in plays]
    best = max(scores)
    move = plays[scores.index(best)]
    if best > -0.5:
        return move
    useful = {m.card for m, s in zip(plays, scores, strict=True) if s > -1.0}
    weak = tuple(c for c in hand if c not in useful) or (
        min(hand, key=lambda c: CARDS[c].strength),
    )
    discard = Move(DISCARD, weak)
    return move if best >= fast_score(t, discard) else discard


# -- ISMCTS ---------------------------------------------------------------------------------
def search_moves(t: Table) -> list[Move]:
    """The moves the tree considers: every play, and as discards each single card and the
    whole hand (the other subsets are left out so that the search sees deeper)."""
    moves = legal_moves(t, discards=False)
    if t.phase == PHASE_CHOOSE:
        return moves
    hand = t.hands[t.to_move]
    moves.extend(Move(DISCARD, (c,)) for c in sorted(set(hand)))
    if len(hand) > 1:
        moves.append(Move(DISCARD, tuple(hand)))
    return moves


class IsmctsBot(Bot[NainsState]):
    """Information-set Monte Carlo search at the root, with heuristic playouts.

    Each iteration deals one *determinisation* of what its seat cannot see (the other hand
    and the draw pile from the unseen cards, an unrevealed first gnome redrawn), then plays
    every candidate move in that same deal, each followed by the same seeded playout to the
    end of the round (common random numbers: two moves are compared in identical worlds, so
    a few hundred deals tell them apart). Playouts follow the level-2 heuristic for both
    seats (`eps`: share of random moves), which is what the opponent model needs; the reward
    is the round won (a round won is what moves the match). The most successful candidate is
    played, ties broken by the heuristic. A full tree (UCB over shared information-set nodes,
    Cowling, Powley & Whitehouse 2012) measured weaker at the widget's budgets: the other
    seat's replies in the tree are noisy best responses to one deal, and the budget is spread
    over many nodes (docs/nains.md).

    Stops at `iterations` playouts or when the deadline expires (time budget or cancel flag).
    `last_stats` says how much it searched.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = 1.0,
        eps: float = 0.0,
    ):
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.eps = eps
        self.last_stats: dict[str, Any] = {}

    def decide(self, state: NainsState, deadline: Deadline) -> Move:
        table = state.table
        legal = legal_moves(table)
        if len(legal) == 1:
            return legal[0]
        scores = self.search(table, deadline.capped(self.seconds))
        default = heuristic_move(table)
        return max(scores, key=lambda m: (scores[m], m == default))

    def candidates(self, table: Table) -> list[Move]:
        moves = search_moves(table)
        default = heuristic_move(table)
        if default not in moves:
            moves.append(default)
        return moves

    def search(self, table: Table, deadline: Deadline) -> dict[Move, float]:
        """Won rounds per candidate move, over the same determinisations."""
        seat, rng = table.to_move, self.rng
        moves = self.candidates(table)
        won = {move: 0.0 for move in moves}
        start, done, deals, steps = time.perf_counter(), 0, 0, 0
        while self.iterations is None or done < self.iterations:
            if (deadline.expired() and done > 0) or deadline.cancel.is_set():
                break
            d = determinise(table, seat, rng)
            seed = rng.getrandbits(32)
            for move in moves:
                if deadline.cancel.is_set():
                    break
                e = d.copy()
                playout_rng = random.Random(seed)
                apply_move(e, move, playout_rng)
                winner, n = self.rollout(e, table.round, playout_rng)
                won[move] += 0.5 if winner is None else float(winner == seat)
                steps += n
                done += 1
            deals += 1
        elapsed = time.perf_counter() - start
        self.last_stats = {
            "iterations": done,
            "determinisations": deals,
            "seconds": elapsed,
            "rollout_moves": steps,
            "candidates": len(moves),
            "playouts_per_second": done / elapsed if elapsed > 0 else float("inf"),
        }
        return won

    def rollout(self, d: Table, round_no: int, rng: random.Random) -> tuple[int | None, int]:
        """Play the round out by the heuristic (`playout`)."""
        return playout(d, round_no, rng, self.eps)


def playout_cap(target: int, whole_match: bool) -> int:
    """Moves after which a playout stops undecided: ROLLOUT_CAP for a round, as many per
    round a match may still hold (`target` round wins end it) for the whole match."""
    return ROLLOUT_CAP * (2 * target - 1 if whole_match else 1)


def playout(
    d: Table,
    round_no: int,
    rng: random.Random,
    eps: float = 0.0,
    record: list | None = None,
    whole_match: bool = False,
) -> tuple[int | None, int]:
    """Play round `round_no` out by the playout policy (`policy_move`, both seats), or with
    `whole_match` the rest of the match (hands and draw pile carry over into the next
    rounds, as the rules say): (the round's or the match's winner; when `playout_cap` moves
    leave it undecided, the seat the hose leans to, or None; moves played). Each move is
    appended to `record` when it is a list (tests compare it with the compiled playout)."""
    n, cap = 0, playout_cap(d.target, whole_match)
    while d.phase != PHASE_OVER and (whole_match or d.round == round_no):
        if n >= cap:
            return (0 if d.hose > 0 else 1 if d.hose < 0 else None), n
        move = policy_move(d, rng, eps)
        if record is not None:
            record.append(move)
        apply_move(d, move, rng)
        n += 1
    return (d.winner if whole_match else d.round_winners[round_no - 1]), n
