"""The playouts of Tir de tuyau compiled with numba: the readable playout, 40-90 times faster
(tests/benchmarks/bench_nains_fast.py prints both rates).

`policies.playout` (the heuristic policy `policy_move`, `fast_score`, the rules' `apply_move`)
is followed here operation for operation over an array encoding of the table, and drawn
from the same generator (`streams`: the readable side wraps it as `PlayoutRandom`), so both
play the same moves and reach the same end: tests/engines/test_nains_fast.py checks it move
for move on thousands of seeded deals. `search_deals` runs the deduction level's inner loop
(deal a determinisation, play every candidate then the playout) for a batch of deals.

This module loads numba: import it only where the compiled path is used (`warm_up` first).
"""

from __future__ import annotations

import threading
import time
import types

import numpy as np
from numba import njit

from . import streams
from .cards import CARDS, GNOMES_PER_COLOUR, MULTI
from .policies import COUNTER_GAIN, GNOME_WORTH, KEEP, ROUND_END, playout_cap
from .policies import LEANING as CARD_LEANING
from .revealed import Revealed
from .rules import (
    CHOOSE,
    CONTRE,
    DISCARD,
    FENCE,
    HAND,
    PHASE_CHOOSE,
    PHASE_OVER,
    PLAY,
    SURCONTRE,
    SURSURCONTRE,
    Move,
    Table,
)


def _compiled_streams() -> types.SimpleNamespace:
    """`streams`' functions compiled, each calling the compiled forms of the others (a
    kernel cannot call a plain Python function)."""
    names = ("scramble", "draw", "below", "uniform", "shuffle", "stream", "kept_share", "deal")
    namespace = dict(vars(streams))
    for name in names:
        code = getattr(streams, name).__code__
        namespace[name] = njit(cache=True)(types.FunctionType(code, namespace, name))
    return types.SimpleNamespace(**{name: namespace[name] for name in names})


_rng = _compiled_streams()
_below, _uniform, _draw, _shuffle, _stream, _deal = (
    _rng.below,
    _rng.uniform,
    _rng.draw,
    _rng.shuffle,
    _rng.stream,
    _rng.deal,
)

# -- the table as one int64 vector ---------------------------------------------------------
HAND_SLOTS, PILE_SLOTS, TEAM_SLOTS = 8, 64, 32
HANDS = 0
HAND_LEN = HANDS + 2 * HAND_SLOTS
DRAW = HAND_LEN + 2
DRAW_LEN = DRAW + PILE_SLOTS
DISCARDS = DRAW_LEN + 1
DISCARD_LEN = DISCARDS + PILE_SLOTS
TEAMS = DISCARD_LEN + 1
TEAM_LEN = TEAMS + 2 * TEAM_SLOTS
SUPPLY = TEAM_LEN + 2
HOSE = SUPPLY + 4
TO_MOVE = HOSE + 1
PHASE = TO_MOVE + 1
STARTER = PHASE + 1
CHOICES = STARTER + 1
WINDOW = CHOICES + 2
"""Counter window: verb, colour, seat (verb -1: none)."""
RULES = WINDOW + 3
WINNER = RULES + 3
"""The round's winner (the match's with WHOLE), -1 while it runs."""
WINS = WINNER + 1
TARGET = WINS + 2
WHOLE = TARGET + 1
"""1: the playout goes on through the next rounds to the match's end."""
SIZE = WHOLE + 1
CHOOSING, PLAYING, ENDED = 0, 1, 2

GNOME, PULL, SQUIRREL = 0, 1, 2
KIND = np.array([("gnome", "pull", "squirrel").index(c.kind) for c in CARDS], np.int64)
COLOUR = np.array([c.colour for c in CARDS], np.int64)
TWO = np.array([c.two for c in CARDS], np.int64)
ZERO = np.array([c.zero for c in CARDS], np.int64)
SQUIRRELS = np.array([c.squirrels for c in CARDS], np.int64)
STRENGTH = np.array([c.strength for c in CARDS], np.int64)
NEEDS_COLOUR = np.array([c.needs_colour for c in CARDS], np.bool_)
LEANING = np.array(CARD_LEANING)
GAIN = np.array([COUNTER_GAIN.get(verb, 0.0) for verb in range(DISCARD + 1)])
"""`COUNTER_GAIN` by verb."""
MOVE_SLOTS = 64
RECORD = 8
"""A recorded move: verb, card, colour, then a discard's cards (-1 padded)."""


def encode(t: Table, hidden: bool = True, whole_match: bool = False) -> np.ndarray:
    """The table as the kernels read it (a round in play or in its first-gnome choice).
    `hidden` False leaves out what the seat to move cannot see (the other hand's cards, the
    draw pile, the other's secret first gnome): a determinisation fills them in.
    `whole_match`: playouts go on to the match's end (`policies.playout`)."""
    if t.phase == PHASE_OVER:
        raise ValueError("the game is over: there is no round to play out")
    s = np.zeros(SIZE, np.int64)
    for seat in (0, 1):
        hand = t.hands[seat]
        if hidden or seat == t.to_move:
            s[HANDS + seat * HAND_SLOTS : HANDS + seat * HAND_SLOTS + len(hand)] = hand
        s[HAND_LEN + seat] = len(hand)  # public
    if hidden:
        s[DRAW : DRAW + len(t.draw)] = t.draw
        s[DRAW_LEN] = len(t.draw)
    s[DISCARDS : DISCARDS + len(t.discards)] = t.discards
    s[DISCARD_LEN] = len(t.discards)
    for seat in (0, 1):
        team = t.teams[seat]
        s[TEAMS + seat * TEAM_SLOTS : TEAMS + seat * TEAM_SLOTS + len(team)] = team
        s[TEAM_LEN + seat] = len(team)
    s[SUPPLY : SUPPLY + 4] = t.supply
    s[HOSE], s[TO_MOVE], s[STARTER] = t.hose, t.to_move, t.starter
    s[PHASE] = CHOOSING if t.phase == PHASE_CHOOSE else PLAYING
    s[CHOICES : CHOICES + 2] = t.choices
    if not hidden:
        s[CHOICES + 1 - t.to_move] = min(t.choices[1 - t.to_move], 0)
    s[WINDOW : WINDOW + 3] = t.window if t.window is not None else (-1, -1, -1)
    s[RULES : RULES + 3] = t.rules
    s[WINNER] = -1
    s[WINS : WINS + 2] = t.wins
    s[TARGET], s[WHOLE] = t.target, whole_match
    return s


def encode_move(t: Table, move: Move) -> tuple[int, int, int, int]:
    """(verb, card, colour, mask): a discard as the places of its cards in the sorted hand of
    the seat to move (a bit each; of equal cards, the leftmost free one)."""
    if move.verb != DISCARD:
        return move.verb, move.card, move.colour, 0
    hand, mask = t.hands[t.to_move], 0
    for card in move.card:
        mask |= 1 << next(i for i, held in enumerate(hand) if held == card and not mask >> i & 1)
    return DISCARD, -1, -1, mask


def decode_record(row: np.ndarray) -> Move:
    """A recorded move of `playout` as a `Move`."""
    verb, card, colour = (int(x) for x in row[:3])
    if verb == DISCARD:
        return Move(DISCARD, tuple(int(c) for c in row[3:] if c >= 0))
    return Move(verb, card, colour)


# -- the rules ----------------------------------------------------------------------------
@njit(cache=True)
def _sort_hand(s, seat):
    base, n = HANDS + seat * HAND_SLOTS, s[HAND_LEN + seat]
    for i in range(1, n):
        card, j = s[base + i], i - 1
        while j >= 0 and s[base + j] > card:
            s[base + j + 1] = s[base + j]
            j -= 1
        s[base + j + 1] = card


@njit(cache=True)
def _draw_cards(s, seat, count, rng):
    """table.draw: the discards shuffled into a new pile when the pile is empty."""
    base, n = HANDS + seat * HAND_SLOTS, s[HAND_LEN + seat]
    for _ in range(count):
        if s[DRAW_LEN] == 0:
            pile = s[DISCARD_LEN]
            if pile == 0:
                break
            s[DRAW : DRAW + pile] = s[DISCARDS : DISCARDS + pile]
            s[DRAW_LEN], s[DISCARD_LEN] = pile, 0
            rng = _shuffle(s[DRAW : DRAW + pile], pile, rng)
        s[DRAW_LEN] -= 1
        s[base + n] = s[DRAW + s[DRAW_LEN]]
        n += 1
    s[HAND_LEN + seat] = n
    _sort_hand(s, seat)
    return rng


@njit(cache=True)
def _pull_values(card, bonnet, values):
    values[:] = 1
    if TWO[card] >= 0:
        values[bonnet if TWO[card] == MULTI else TWO[card]] = 2
    if ZERO[card] >= 0:
        values[bonnet if ZERO[card] == MULTI else ZERO[card]] = 0


@njit(cache=True)
def _pull(s, card, bonnet, values):
    """Seat 0's team power less seat 1's for a pull card."""
    _pull_values(card, bonnet, values)
    power = 0
    for seat in range(2):
        total = 0
        for i in range(s[TEAM_LEN + seat]):
            total += values[s[TEAMS + seat * TEAM_SLOTS + i]]
        power += total if seat == 0 else -total
    return power


@njit(cache=True)
def _push_team(s, seat, colour):
    s[TEAMS + seat * TEAM_SLOTS + s[TEAM_LEN + seat]] = colour
    s[TEAM_LEN + seat] += 1


# One piece, as a compiled kernel must be (numba passes no objects between functions);
# it follows `table.apply_move` step for step, which tests check.
@njit(cache=True)
def _apply(s, verb, card, colour, mask, rng, values):  # noqa: C901
    """table.apply_move, until the round ends (then WINNER is set, nothing more)."""
    seat = s[TO_MOVE]
    other = 1 - seat
    if s[PHASE] == CHOOSING:
        s[CHOICES + seat] = colour
        if s[CHOICES + other] < 0:
            s[TO_MOVE] = other
            return rng
        for side in range(2):
            s[TEAM_LEN + side] = 0
            _push_team(s, side, s[CHOICES + side])
            s[SUPPLY + s[CHOICES + side]] -= 1
        s[PHASE], s[TO_MOVE] = PLAYING, s[STARTER]
        return rng
    toward = 1 if seat == 0 else -1
    window_verb, window_colour = -1, -1
    base, n = HANDS + seat * HAND_SLOTS, s[HAND_LEN + seat]
    if verb == DISCARD:
        kept = 0
        for i in range(n):
            if mask >> i & 1:
                s[DISCARDS + s[DISCARD_LEN]] = s[base + i]
                s[DISCARD_LEN] += 1
            else:
                s[base + kept] = s[base + i]
                kept += 1
        s[HAND_LEN + seat] = kept
        s[HOSE] -= toward
        rng = _draw_cards(s, seat, n - kept, rng)
    else:
        place = 0
        while s[base + place] != card:
            place += 1
        s[base + place : base + n - 1] = s[base + place + 1 : base + n]
        s[HAND_LEN + seat] = n - 1
        s[DISCARDS + s[DISCARD_LEN]] = card
        s[DISCARD_LEN] += 1
        if verb == PLAY and KIND[card] == GNOME:
            named = colour if COLOUR[card] == MULTI else COLOUR[card]
            _push_team(s, seat, named)
            s[SUPPLY + named] -= 1
            s[HOSE] -= 2 * toward
            if s[RULES]:
                window_verb, window_colour = CONTRE, named
        elif verb == PLAY and KIND[card] == PULL:
            s[HOSE] += _pull(s, card, colour, values)
        elif verb == PLAY:
            s[HOSE] += toward * SQUIRRELS[card]
        else:
            named = s[WINDOW + 1]
            if verb == CONTRE:
                s[TEAM_LEN + other] -= 1
                s[SUPPLY + named] += 1
                if s[RULES + 1]:
                    window_verb, window_colour = SURCONTRE, named
            elif verb == SURCONTRE:
                _push_team(s, seat, named)
                _push_team(s, seat, named)
                s[SUPPLY + named] -= 2
                if s[RULES + 2]:
                    window_verb, window_colour = SURSURCONTRE, named
            else:
                s[TEAM_LEN + other] -= 2
                _push_team(s, seat, named)
                _push_team(s, seat, named)
        if n == 1:
            rng = _draw_cards(s, seat, HAND, rng)
    s[WINDOW], s[WINDOW + 1], s[WINDOW + 2] = window_verb, window_colour, other
    s[TO_MOVE] = other
    if abs(s[HOSE]) >= FENCE:
        _end_round(s, 0 if s[HOSE] > 0 else 1)
    return rng


@njit(cache=True)
def _end_round(s, winner):
    """table.end_round: the round's winner ends the playout, or with WHOLE the match's
    winner does, and the loser starts the next round (table.start_round)."""
    s[WINS + winner] += 1
    if not s[WHOLE] or s[WINS + winner] >= s[TARGET]:
        s[HOSE] = FENCE if winner == 0 else -FENCE
        s[WINNER], s[PHASE] = winner, ENDED
        return
    s[TEAM_LEN], s[TEAM_LEN + 1] = 0, 0
    s[SUPPLY : SUPPLY + 4] = GNOMES_PER_COLOUR
    s[HOSE], s[STARTER], s[PHASE], s[TO_MOVE] = 0, 1 - winner, CHOOSING, 1 - winner
    s[CHOICES], s[CHOICES + 1] = -1, -1
    s[WINDOW], s[WINDOW + 1], s[WINDOW + 2] = -1, -1, -1


@njit(cache=True)
def _plays(s, moves):
    """table.legal_moves without the discards, in the same order; returns their count."""
    seat = s[TO_MOVE]
    base, n = HANDS + seat * HAND_SLOTS, s[HAND_LEN + seat]
    window = s[WINDOW] >= 0 and s[WINDOW + 2] == seat
    count, previous = 0, -1
    for i in range(n):
        card = s[base + i]
        if card == previous:
            continue
        previous = card
        if KIND[card] == GNOME:
            named = COLOUR[card]
            if window and (named == MULTI or named == s[WINDOW + 1]):
                verb = s[WINDOW]
                if verb != SURCONTRE or s[SUPPLY + s[WINDOW + 1]] >= 2:
                    moves[count, 0], moves[count, 1], moves[count, 2] = verb, card, -1
                    count += 1
            for c in range(4):
                if named in (MULTI, c) and s[SUPPLY + c] > 0:
                    moves[count, 0], moves[count, 1] = PLAY, card
                    moves[count, 2] = c if named == MULTI else -1
                    count += 1
        elif KIND[card] == PULL and NEEDS_COLOUR[card]:
            shown = ZERO[card] if TWO[card] == MULTI else TWO[card]
            for c in range(4):
                if c != shown:
                    moves[count, 0], moves[count, 1], moves[count, 2] = PLAY, card, c
                    count += 1
        else:
            moves[count, 0], moves[count, 1], moves[count, 2] = PLAY, card, -1
            count += 1
    return count


@njit(cache=True)
def _score(s, verb, card, colour, discarded, values):
    """policies.fast_score (`discarded`: a discard's number of cards)."""
    sign = 1 if s[TO_MOVE] == 0 else -1
    lead, other_lead = FENCE + sign * s[HOSE], FENCE - sign * s[HOSE]
    if verb == DISCARD:
        return -ROUND_END if lead <= 1 else -1.5 + 0.2 * discarded
    if verb != PLAY:
        return GAIN[verb] - KEEP
    if KIND[card] == GNOME:
        if lead <= 2:
            return -ROUND_END
        return -2 + (GNOME_WORTH if lead > 4 else -GNOME_WORTH) - KEEP
    gain = SQUIRRELS[card] if KIND[card] == SQUIRREL else sign * _pull(s, card, colour, values)
    if gain >= other_lead:
        return ROUND_END
    if -gain >= lead:
        return -ROUND_END
    return gain - KEEP * STRENGTH[card]


@njit(cache=True)
def _first_gnome(s, seat):
    """policies.first_gnome."""
    score = np.zeros(4)
    base = HANDS + seat * HAND_SLOTS
    for i in range(s[HAND_LEN + seat]):
        score += LEANING[s[base + i]]
    best = 0
    for c in range(1, 4):
        if score[c] > score[best]:
            best = c
    return best


# One piece, as a compiled kernel must be (numba passes no objects between functions);
# it follows `policies.policy_move` step for step, which tests check.
@njit(cache=True)
def _policy(s, rng, eps, moves, scores, values):  # noqa: C901
    """policies.policy_move: (verb, card, colour, discard mask, rng)."""
    seat = s[TO_MOVE]
    base, n = HANDS + seat * HAND_SLOTS, s[HAND_LEN + seat]
    if s[PHASE] == CHOOSING:
        if eps > 0:
            rng, u = _uniform(rng)
            if u < eps:
                rng, c = _below(rng, 4)
                return CHOOSE, -1, c, 0, rng
        return CHOOSE, -1, _first_gnome(s, seat), 0, rng
    count = _plays(s, moves)
    explore = False
    if count > 0 and eps > 0:
        rng, u = _uniform(rng)
        explore = u < eps
    if count == 0 or explore:
        single = count == 0
        if not single:
            rng, u = _uniform(rng)
            single = u < 0.15
        if single:
            rng, place = _below(rng, n)
            return DISCARD, -1, -1, 1 << place, rng
        rng, k = _below(rng, count)
        return moves[k, 0], moves[k, 1], moves[k, 2], 0, rng
    best_at = 0
    for k in range(count):
        scores[k] = _score(s, moves[k, 0], moves[k, 1], moves[k, 2], 0, values)
        if scores[k] > scores[best_at]:
            best_at = k
    best = scores[best_at]
    if best > -0.5:
        return moves[best_at, 0], moves[best_at, 1], moves[best_at, 2], 0, rng
    mask, weakest = 0, 0
    for i in range(n):
        card = s[base + i]
        useful = False
        for k in range(count):
            useful = useful or (moves[k, 1] == card and scores[k] > -1.0)
        if not useful:
            mask |= 1 << i
        if STRENGTH[card] < STRENGTH[s[base + weakest]]:
            weakest = i
    if mask == 0:
        mask = 1 << weakest
    discarded = 0
    for i in range(n):
        discarded += mask >> i & 1
    if best >= _score(s, DISCARD, -1, -1, discarded, values):
        return moves[best_at, 0], moves[best_at, 1], moves[best_at, 2], 0, rng
    return DISCARD, -1, -1, mask, rng


@njit(cache=True)
def _playout(s, rng, eps, cap, moves, scores, values, record):
    """policies.playout: (winner or -1 if undecided, moves played, rng); the moves go to
    `record`'s rows while it has some."""
    played = 0
    while s[WINNER] < 0:
        if played >= cap:
            return (0 if s[HOSE] > 0 else 1 if s[HOSE] < 0 else -1), played, rng
        verb, card, colour, mask, rng = _policy(s, rng, eps, moves, scores, values)
        if played < record.shape[0]:
            record[played, :] = -1
            record[played, 0], record[played, 1], record[played, 2] = verb, card, colour
            seat, slot = s[TO_MOVE], 3
            for i in range(s[HAND_LEN + seat]):
                if mask >> i & 1:
                    record[played, slot] = s[HANDS + seat * HAND_SLOTS + i]
                    slot += 1
        rng = _apply(s, verb, card, colour, mask, rng, values)
        played += 1
    return s[WINNER], played, rng


def _scratch() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return np.zeros((MOVE_SLOTS, 3), np.int64), np.zeros(MOVE_SLOTS), np.zeros(4, np.int64)


def playout(
    t: Table, seed: int, eps: float = 0.0, record: bool = False, whole_match: bool = False
) -> tuple[int | None, int, list[Move]]:
    """The compiled `policies.playout` of round `t.round` (or of the rest of the match)
    from a whole table (hidden parts included), drawing from `streams.PlayoutRandom(seed)`:
    (winner or None, moves played, the moves if `record`)."""
    s = encode(t, whole_match=whole_match)
    cap = playout_cap(t.target, whole_match)
    rows = np.zeros((cap if record else 0, RECORD), np.int64)
    winner, played, _ = _playout(s, _stream(seed), eps, cap, *_scratch(), rows)
    moves = [decode_record(row) for row in rows[: min(played, len(rows))]]
    return (None if winner < 0 else int(winner)), int(played), moves


# -- the deduction level's inner loop -------------------------------------------------------
@njit(cache=True)
def _search(root, unseen, revealed, tries, lead, candidates, seed, first, deals, eps, cap, results):
    seat = root[TO_MOVE]
    other = 1 - seat
    size = root[HAND_LEN + other]
    count = unseen.shape[0]
    pool = np.empty(count, np.int64)
    dealt, work = root.copy(), root.copy()
    moves = np.zeros((MOVE_SLOTS, 3), np.int64)
    scores = np.zeros(MOVE_SLOTS)
    values = np.zeros(4, np.int64)
    record = np.zeros((0, RECORD), np.int64)
    steps = 0
    for d in range(deals):
        rng = _stream(seed + first + d)
        pool[:] = unseen
        weights, lean, colour, mismatch, kept_weights, kept, since = revealed
        rng = _deal(
            pool,
            count,
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
            rng,
        )
        dealt[:] = root
        base = HANDS + other * HAND_SLOTS
        dealt[base : base + size] = np.sort(pool[:size])
        dealt[DRAW : DRAW + count - size] = pool[size:]
        dealt[DRAW_LEN] = count - size
        if dealt[PHASE] == CHOOSING and root[CHOICES + other] >= 0:
            rng, chance = _uniform(rng)
            if chance < lead:
                dealt[CHOICES + other] = _first_gnome(dealt, other)
            else:
                rng, named = _below(rng, 4)
                dealt[CHOICES + other] = named
        rng, playout_seed = _draw(rng)
        for m in range(candidates.shape[0]):
            work[:] = dealt
            prng = _stream(playout_seed)
            verb, card, colour = candidates[m, 0], candidates[m, 1], candidates[m, 2]
            prng = _apply(work, verb, card, colour, candidates[m, 3], prng, values)
            winner, played, prng = _playout(work, prng, eps, cap, moves, scores, values, record)
            results[d, m] = 0.5 if winner < 0 else 1.0 if winner == seat else 0.0
            steps += played
    return steps


def search_deals(
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
) -> tuple[np.ndarray, int]:
    """Deals `first` .. `first + deals - 1` of the search seeded `seed`: each a
    determinisation of what the seat to move cannot see (`streams.deal` of the sorted
    `unseen` cards, the other hand accepted by what its moves `revealed`), every candidate
    played in it and followed by the same playout; a secret first gnome of the other seat
    is, with probability `lead`, the one its dealt hand favours (`policies.first_gnome`), else
    any. Playouts end with the round, or with `whole_match` the match (`policies.playout`).
    (results by deal and candidate: 1 won, 0.5 undecided, 0 lost; playout moves)."""
    root = encode(t, hidden=False, whole_match=whole_match)
    encoded = np.array([encode_move(t, move) for move in candidates], np.int64)
    results = np.zeros((deals, len(candidates)))
    cards = np.array(sorted(unseen), np.int64)
    weights, lean, colour, mismatch, kept_weights, kept, since = revealed
    arrays = (
        np.array(weights, np.float64),
        np.array(lean, np.float64),
        colour,
        mismatch,
        np.array(kept_weights or weights, np.float64),  # read only when a discard kept cards
        kept,
        np.array(since, np.int64),
    )
    cap = playout_cap(t.target, whole_match)
    steps = _search(
        root, cards, arrays, tries, lead, encoded, seed, first, deals, eps, cap, results
    )
    return results, int(steps)


_WARM = threading.Lock()
_warmed = False


def warm_up() -> float:
    """Compile the kernels (cached on disk after the first time) once per process; returns
    the seconds taken (0 when already done). Thread-safe: a widget may start it in a
    thread."""
    global _warmed
    from .rules import Nains

    with _WARM:
        if _warmed:
            return 0.0
        started = time.perf_counter()
        table = Nains(contre=True).new_game(seed=0, first=0).table
        playout(table, 0, eps=0.1, record=True, whole_match=True)
        unseen, revealed = table.draw + table.hands[1], Revealed.nothing()
        search_deals(table, unseen, revealed, 1, [Move(CHOOSE, -1, 0)], 0, 0, 1)
        _warmed = True
        return time.perf_counter() - started
