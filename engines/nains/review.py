"""Tir de tuyau's review of one decision (`engines/review.py` walks the game): each move (a
first gnome, a play, a counter, a discard) against the best the player could have made,
judged from what the player knew.

Unit: the mover's chance to win the match above an even chance, in percentage points (-50
to +50: +10 is a 60 % chance; the other seat's value is its opposite, as the panel's curve
draws it, and a loss is the same number of points of the chance itself). A candidate's
value is estimated in worlds the player could not tell from the true one: the other hand and
the draw pile dealt again at random from the cards the player could not see, and the other
seat's first gnome, while it is still secret, drawn at random (`table.determinise`, what
`NainsState.resample` does; here `fast.search_deals` with nothing read into the other seat's
plays, `Revealed.nothing()`). In each world every candidate is played, then the same seeded
playout goes on to the match's end, both seats following the level-2 rule of thumb
(`policies.playout`, compiled in `fast.py` when numba is installed): common random numbers,
so that the difference between two candidates is measured on the same worlds and the same
luck, with a small variance. Never `exact`: the worlds are a sample, the playouts one way to
play on.

Candidates: every play and counter, each single-card discard, the whole hand's discard
(`policies.search_moves`), the heuristic's move and the move played; moves with the same
effect (a bonnet naming either of two colours no gnome in the garden wears) are one
candidate. Beyond `MAX_CANDIDATES` the heuristic's best-scored ones are kept (the move
played always). The best candidate is the one that won most matches (ties: the move played).
A move whose only legal alternatives have its very effect is not judged (None).

The budget is work, not time: `seconds` buys `seconds x PLAYOUTS_PER_SECOND` playouts,
shared out as worlds (at least `MIN_WORLDS`) of every candidate. The worlds and the playouts
are drawn from a seed made of what the player knew (the options, the moves as the player saw
them, the player's hand, the ply), never from the game's secret seed: a record and a budget
give the same review on any machine, and the review of a seat does not depend on the other
seat's hidden cards. The compiled and the readable playouts draw the same numbers, so
without numba the review plays the first worlds of the compiled one (fewer of them: the
same budget buys 40 times fewer playouts, and at least `MIN_WORLDS`).

Labels: half the worlds (every other one) pick the best candidate, the other half judge it:
the values and `se`, the standard error of the difference between the best candidate's value
and the played one's (paired by world), come from the judging worlds only, so that the
luckiest of a dozen candidates cannot pass for a better move. The move played is `best` when
no candidate won more matches in the picking worlds; `good` when its deficit in the judging
worlds is within two standard errors (with few worlds Student's quantile of the same level,
`critical`: 2.4 at 8) or below `THRESHOLDS.inaccuracy`; an inaccuracy, a mistake or a
blunder only when the deficit exceeds both. Each entry also says how many `worlds` and
`candidates` were played.

Thresholds: over 37 positions of seeded matches between heuristic players (level 2's rule,
a random move one time in five; 2,000 worlds per candidate, standard errors about 1.2
points), the best candidate was worth 4.6 points more than the median one and 12 more than
the worst (medians over the positions; means 6.6 and 14). A `mistake` gives away what a
middling move does (5 points), a `blunder` what the worst one does (12), an `inaccuracy` 2.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from typing import Any

from ..extras import have_numba
from ..review import Thresholds
from .cards import CARDS
from .policies import fast_score, heuristic_move, search_moves
from .revealed import Revealed
from .rules import Move, NainsState, Table, apply_move

THRESHOLDS = Thresholds(inaccuracy=2.0, mistake=5.0, blunder=12.0)
PROVES = False
"""The worth of a move is always an estimate from sampled worlds."""
EVEN = 50.0
"""An even chance to win the match, in points: the values' zero."""
PLAYOUTS_PER_SECOND = {True: 40_000, False: 1_000}
"""Playouts to the match's end that a second's budget buys, compiled (numba) or not: about
half of what one core does over a whole match's decisions (62,000-81,000 and 1,400-2,100 a
second, two seeded matches of 97 and 155 decisions, loaded machine, 2026-12-02)."""
MIN_WORLDS = 16
"""Worlds sampled whatever the budget: half pick the best candidate, half judge it (a
standard error needs a few)."""
MAX_CANDIDATES = 12
"""Candidates judged at most (the move played always among them)."""
SIGNIFICANCE = 2.0
"""Standard errors a deficit must exceed before it earns a label worse than `good` (with few
worlds, Student's quantile of the same level: `critical`)."""


def review_decision(position: NainsState, played: Move, seconds: float) -> dict[str, Any] | None:
    """The move `played` in `position` (see the module docstring); None for a move whose
    every legal alternative has the same effect."""
    table = position.table
    mover = table.to_move
    moves = candidates(table, played)
    if len(moves) < 2:
        return None
    compiled = have_numba()
    worlds = max(MIN_WORLDS, int(seconds * PLAYOUTS_PER_SECOND[compiled]) // len(moves))
    results = playouts(table, moves, world_seed(position, mover), worlds, compiled)
    picking, judging = results[0::2], results[1::2]
    picked = [sum(row[m] for row in picking) for m in range(len(moves))]
    best = max(range(len(moves)), key=lambda m: (picked[m], m == 0, -m))
    value_after = mean([100 * row[0] for row in judging]) - EVEN
    value_before = mean([100 * row[best] for row in judging]) - EVEN
    se = standard_error([100 * (row[best] - row[0]) for row in judging])
    deficit = value_before - value_after
    if best == 0:
        label = "best"
    elif deficit <= critical(len(judging)) * se:
        label = "good"
    else:
        label = THRESHOLDS.label(deficit, best=False)
    return {
        "played": str(played),
        "best": str(moves[best]),
        "value_before": max(value_before, value_after),  # the move played may do better
        "value_after": value_after,
        "se": se,
        "exact": False,
        "label": label,
        "worlds": worlds,
        "candidates": len(moves),
    }


def candidates(table: Table, played: Move) -> list[Move]:
    """The moves judged, the one `played` first, one per effect (`effect`): the search's
    moves and the heuristic's, the heuristic's best-scored ones beyond `MAX_CANDIDATES`."""
    default = heuristic_move(table)
    seen = {effect(table, played)}
    moves = [played]
    for move in [default, *search_moves(table)]:
        key = effect(table, move)
        if key not in seen:
            seen.add(key)
            moves.append(move)
    if len(moves) > MAX_CANDIDATES:  # never in the first gnome's choice: 4 colours
        rest = sorted(moves[2:], key=lambda move: -fast_score(table, move))
        moves = moves[:2] + rest[: MAX_CANDIDATES - 2]
    return moves


def effect(table: Table, move: Move) -> str:
    """The table after `move` (drawing from a fixed generator), all but the last pull's
    account: two moves with the same effect are one candidate."""
    after = table.copy()
    apply_move(after, move, random.Random(0))
    return (
        after.hands,
        after.draw,
        after.discards,
        after.teams,
        after.supply,
        after.hose,
        after.wins,
        after.round,
        after.starter,
        after.phase,
        after.to_move,
        after.choices,
        after.window,
        after.winner,
        after.round_winners,
    ).__repr__()  # lists inside: a text to compare and hash


def world_seed(position: NainsState, mover: int) -> int:
    """A 32-bit seed from what `mover` knew before moving: the options, who moved when, the
    moves as `mover` saw them (a secret first gnome reads `gnome ?`), its hand, the ply."""
    facts = {
        "game": position.game.name,
        "options": position.game.options,
        "ply": position.ply,
        "mover": mover,
        "movers": list(position.movers),
        "moves": [position.move_text(ply, mover) for ply in range(position.ply)],
        "hand": [CARDS[card].code for card in position.table.hands[mover]],
    }
    digest = hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).digest()
    return int.from_bytes(digest[:4], "big")


def playouts(
    table: Table, moves: list[Move], seed: int, worlds: int, compiled: bool
) -> list[list[float]]:
    """Results by world and candidate (1 the mover won the match, 0.5 undecided, 0 lost):
    `fast.search_deals`, or its readable twin `deduction.readable_deals` (the same numbers)."""
    unseen = table.draw + table.hands[1 - table.to_move]  # as a multiset: public
    if compiled:
        from .fast import search_deals, warm_up

        warm_up()
        rows, _ = search_deals(
            table, unseen, Revealed.nothing(), 1, moves, seed, 0, worlds, whole_match=True
        )
        return [[float(x) for x in row] for row in rows]
    from .deduction import readable_deals

    results, _ = readable_deals(
        table, unseen, Revealed.nothing(), 1, moves, seed, 0, worlds, whole_match=True
    )
    return results


def critical(n: int) -> float:
    """Standard errors a mean of `n` paired differences must exceed: `SIGNIFICANCE` (the
    normal law's 97.7 % quantile) for many, Student's quantile of the same level with n - 1
    degrees of freedom for few (a standard error from 8 worlds is itself uncertain): 2.42 at
    8, 2.18 at 16, 2.08 at 32, 2.02 at 150 (Cornish-Fisher expansion, within 0.01 of the
    exact quantile from 8 on)."""
    z, df = SIGNIFICANCE, max(1, n - 1)
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def mean(values: list[float]) -> float:
    return sum(values) / len(values)


def standard_error(differences: list[float]) -> float:
    """The standard error of the mean of `differences` (0 for fewer than two)."""
    n = len(differences)
    if n < 2:
        return 0.0
    middle = mean(differences)
    variance = sum((d - middle) ** 2 for d in differences) / (n - 1)
    return math.sqrt(variance / n)
