"""Level 4 of Tir de tuyau: a search that deduces what the other hand holds from its plays.

Level 3 deals the other hand uniformly from the unseen cards, yet the table says more: a
player who held a card that pulled harder than the one it played would, by the rule of thumb
that most players (and level 2) follow, have played it. `weights_of_plays` turns each play of
the other seat since it last drew (so every card of its hand now was in its hand then) into a
weight per card kind: 1 for a card it had no reason to prefer, down to `FLOOR` for a card
whose best use beat the play by a wide margin (exp(-SOFTNESS x margin), by `fast_score`).
Its first gnome, once shown, tells too: most players (and level 2) lead with the colour
their hand favours (`policies.first_gnome`), so a hand that would have led with another colour
(with the cards played since the choice) is made less likely. Determinisations deal the
other hand by all this (`streams.deal`, a rejection test), and a first gnome it chose in
secret mostly as the colour its dealt hand favours (`LEAD`). A discard that kept cards says
the same of those (a card that would have beaten the discard is unlikely to have been kept),
weighed over which cards of the hand were the kept ones (`streams.kept_share`); level 2
only ever discards its whole hand, so this reads players that keep cards.

Each deal is then played out with every candidate move, all candidates sharing the deal and
the playout's random numbers, on to the match's end (hands carry over between rounds, so the
match won values the cards a move keeps; the round won does not); the heuristic's move is
kept unless another wins more matches on the same deals by more than noise (a paired test:
the sum of the differences above `NOISE` standard errors). Playouts are compiled
(`fast.search_deals`) when numba is installed, and played by the readable rules
(`readable_deals`, the same numbers, far fewer of them) when not.
Only the seat's knowledge is read: the public history (replayed for its public facts: the
garden, the hose, hand sizes, the moves; `read_table`) and its own hand.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, NamedTuple

from ..bots import Bot, Deadline
from ..extras import have_numba
from . import streams
from .cards import CARDS
from .policies import LEANING, fast_score, first_gnome, heuristic_move, playout, search_moves
from .revealed import LEAD, Revealed
from .rules import (
    CHOOSE,
    DISCARD,
    PHASE_CHOOSE,
    Move,
    NainsState,
    Table,
    apply_move,
    legal_moves,
)

SOFTNESS = 6.0
"""How fast a card's weight falls with the slabs its best use beat the play by: a sixth of
a slab halves it (2 left 14 % of the deals inconsistent with level 2's plays; 6, `TRIES`
32 and `LEAD` 0.9 leave 4 %)."""
FLOOR = 0.02
"""The least weight: a player may misplay, or follow another rule."""
TRIES = 32
"""Shuffles a determinisation may take before its hand passes the weights' test."""
NOISE = 1.0
"""Standard errors by which a move must beat the heuristic's on the shared deals (1 and 2
measured alike at 0.1 s per move, 3 worse: docs/nains.md)."""
Results = Any
"""Results by deal and candidate (1 won: the match, or the round; 0.5 undecided; 0 lost):
rows of a list or a numpy array."""


def public_table(t: Table) -> Table:
    """A copy of `t` without the hands' cards and the draw pile (their sizes are public)."""
    public = t.copy()
    public.hands, public.draw = [[], []], []
    return public


def read_table(state: NainsState, seat: int) -> Revealed:
    """What `seat` may deduce of the other hand from the public history."""
    other = 1 - seat
    seen = moves_since_drawing(state, other)
    lean = tuple(sum(LEANING[card][c] for card in seen.after) for c in range(4))
    revealed = Revealed(weights_of_plays(seen.plays, other), lean, seen.colour)
    if not seen.kept:
        return revealed
    since = tuple(move.card for _, move in seen.plays)
    kept_weights = tuple(weights_of_plays(seen.before_discard, other))
    return revealed._replace(kept_weights=kept_weights, kept=seen.kept, since=since)


class Seen(NamedTuple):
    """What `moves_since_drawing` gathers of the other seat's moves."""

    plays: list[tuple[Table, Move]]
    colour: int
    after: list[int]
    before_discard: list[tuple[Table, Move]]
    kept: int


def moves_since_drawing(state: NainsState, other: int) -> Seen:
    """`other`'s plays since it last drew (a discard, or a hand refilled), each with the
    public table it was played on: every card it holds now was in its hand at each of them;
    its first gnome if chosen since then and no longer secret (-1 if not), with the cards
    it played after choosing; and when that draw was a discard, the cards it kept (`kept`)
    and the moves they sat through (`before_discard`: its plays since the draw before, then
    the discard itself). The history is replayed for its public facts only. A resampled
    world (no true history to replay) gives nothing."""
    if state.resampled:
        return Seen([], -1, [], [], 0)
    t = state.table
    secret = t.phase == PHASE_CHOOSE and t.choices[other] >= 0
    last = max((ply for ply, mover in enumerate(state.movers) if mover == other), default=-1)
    replay = state.game.new_game(state.seed, **state.start)
    plays: list[tuple[Table, Move]] = []
    before_discard: list[tuple[Table, Move]] = []
    colour, after, kept = -1, list[int](), 0
    for ply, (move, mover) in enumerate(zip(state.history, state.movers, strict=True)):
        size, snapshot = len(replay.table.hands[mover]), public_table(replay.table)
        replay.apply(move)
        if mover != other:
            continue
        if move.verb == CHOOSE:
            if not (secret and ply == last):
                colour, after = move.colour, []
        elif move.verb == DISCARD:
            before_discard, kept = [*plays, (snapshot, move)], size - len(move.card)
            plays, colour, after = [], -1, []
        elif len(replay.table.hands[other]) != size - 1:
            plays, colour, after, before_discard, kept = [], -1, [], [], 0
        else:
            plays.append((snapshot, move))
            after.append(move.card)
    return Seen(plays, colour, after, before_discard, kept)


def weights_of_plays(plays: list[tuple[Table, Move]], other: int) -> list[float]:
    """Per card kind, the product over `plays` of exp(-SOFTNESS x the slabs by which the
    card's best use beat the play), at least FLOOR each; 1 where it did not beat it."""
    weights = [1.0] * len(CARDS)
    for snapshot, move in plays:
        played = fast_score(snapshot, move)
        for card in range(len(CARDS)):
            snapshot.hands[other] = [card]
            scores = [fast_score(snapshot, m) for m in legal_moves(snapshot, discards=False)]
            margin = max(scores, default=-math.inf) - played
            if margin > 0:
                weights[card] *= max(FLOOR, math.exp(-SOFTNESS * margin))
    return weights


def readable_deals(
    t: Table,
    unseen: list[int],
    revealed: Revealed,
    tries: int,
    candidates: list[Move],
    seed: int,
    first: int,
    deals: int,
    eps: float = 0.0,
    lead: float = 0.0,
    whole_match: bool = False,
) -> tuple[list[list[float]], int]:
    """`fast.search_deals` by the readable rules and playout, drawing the same numbers:
    the same results."""
    seat, other = t.to_move, 1 - t.to_move
    size = len(t.hands[other])
    results, steps = [], 0
    for d in range(deals):
        state = streams.stream(seed + first + d)
        pool = sorted(unseen)
        weights, lean, colour, mismatch, kept_weights, kept, since = revealed
        state = streams.deal(
            pool,
            len(pool),
            size,
            weights,
            LEANING,
            lean,
            colour,
            mismatch,
            kept_weights,
            kept,
            since,
            tries,
            state,
        )
        dealt = t.copy()
        dealt.hands[other], dealt.draw = sorted(pool[:size]), pool[size:]
        if dealt.phase == PHASE_CHOOSE and t.choices[other] >= 0:
            state, chance = streams.uniform(state)
            if chance < lead:
                dealt.choices[other] = first_gnome(dealt.hands[other])
            else:
                state, dealt.choices[other] = streams.below(state, 4)
        state, playout_seed = streams.draw(state)
        row = []
        for move in candidates:
            world, rng = dealt.copy(), streams.PlayoutRandom(playout_seed)
            apply_move(world, move, rng)
            winner, played = playout(world, t.round, rng, eps, whole_match=whole_match)
            row.append(0.5 if winner is None else float(winner == seat))
            steps += played
        results.append(row)
    return results, steps


def paired_choice(candidates: list[Move], default: Move, results: Results) -> Move:
    """The heuristic's move, unless a candidate beats it on the same deals by more than
    `NOISE` standard errors of the summed differences; of those, the one that gains most."""
    base = candidates.index(default)
    best, best_gain = default, 0.0
    for m, move in enumerate(candidates):
        differences = [row[m] - row[base] for row in results]
        gain = sum(differences)
        spread = math.sqrt(sum(d * d for d in differences))
        if gain > NOISE * spread and gain > best_gain:
            best, best_gain = move, gain
    return best


class DeductionBot(Bot[NainsState]):
    """Level 4: deals the other hand by what its plays revealed (`revealed_weights`), plays
    every candidate in each deal with the heuristic playout, keeps the heuristic's move
    unless another beats it by more than noise (`paired_choice`). `compiled` (default:
    whether numba is installed) picks the compiled playouts or the readable ones; both give
    the same move for the same seed and number of deals. Stops after `iterations` playouts
    or at the deadline; `last_stats` says how much it searched. `whole_match` (default)
    plays each playout on to the match's end and scores the match won, so that the cards a
    move keeps for the next rounds count; False scores the round won, as level 3 does."""

    name = "deduction"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = 1.0,
        compiled: bool | None = None,
        whole_match: bool = True,
    ):
        self.rng = random.Random(seed)
        self.whole_match = whole_match
        self.iterations = iterations
        self.seconds = seconds
        self.compiled = have_numba() if compiled is None else compiled
        self.last_stats: dict[str, Any] = {}

    def decide(self, state: NainsState, deadline: Deadline) -> Move:
        table = state.table
        if len(legal_moves(table)) == 1:
            return legal_moves(table)[0]
        default = heuristic_move(table)
        candidates = search_moves(table)
        if default not in candidates:
            candidates.append(default)
        seat = table.to_move
        revealed = read_table(state, seat)
        unseen = table.draw + table.hands[1 - seat]  # as a multiset: public
        results = self.search(table, unseen, revealed, candidates, deadline.capped(self.seconds))
        return paired_choice(candidates, default, results)

    def search(
        self,
        table: Table,
        unseen: list[int],
        revealed: Revealed,
        candidates: list[Move],
        deadline: Deadline,
    ) -> list:
        """Results by deal and candidate, in batches of deals until the budget is spent."""
        run: Any = readable_deals
        if self.compiled:
            from .fast import search_deals, warm_up

            warm_up()
            run = search_deals
        seed = self.rng.getrandbits(32)
        wanted = math.inf if self.iterations is None else -(-self.iterations // len(candidates))
        results: list = []
        batch, steps, started = 1, 0, time.perf_counter()
        while len(results) < wanted and not deadline.cancel.is_set():
            if results and deadline.expired():
                break
            count = int(min(batch, wanted - len(results)))
            clock = time.perf_counter()
            rows, played = run(
                table,
                unseen,
                revealed,
                TRIES,
                candidates,
                seed,
                len(results),
                count,
                lead=LEAD,
                whole_match=self.whole_match,
            )
            results.extend(rows)
            steps += played
            if time.perf_counter() - clock < 0.02:
                batch *= 2
        elapsed = time.perf_counter() - started
        done = len(results) * len(candidates)
        self.last_stats = {
            "compiled": self.compiled,
            "iterations": done,
            "determinisations": len(results),
            "seconds": elapsed,
            "rollout_moves": steps,
            "candidates": len(candidates),
            "playouts_per_second": done / elapsed if elapsed > 0 else float("inf"),
            "revealed": revealed,
        }
        return results
