"""Exact game values of Sortilèges (Isola with protected houses) on small boards.

A negamax alpha-beta search to the end of the game, compiled with numba, over the raw
bitboards (an int64 holds up to 7×8 squares). Move generation is FULL width: every step and
every spellable square (no candidate restriction, unlike the playing bots), so the values
are proofs; tests compare them with a plain minimax on 3×3, 3×4 and 4×4 positions.

Scores are for the witch to move: `BIG - d` when she blocks the other witch after d turns
(plies) of optimal play, `d - BIG` when she is the one blocked after d turns. The winner
plays to win as soon as possible, the loser to last as long as possible; that is the "plies
to win" the solver reports.

How: first a null-window search (scores only compared with 0) finds who wins, the cheap
proof: one winning turn suffices at the winner's nodes. Then a full-window search on the
same table finds the exact distance. The table (a "win/loss" table of bounds: lower, upper,
exact) is a fixed array of 2**table_bits buckets of two entries, indexed by a multiplicative
hash of the packed key `spelled << 12 | mover << 6 | other`; a new entry replaces the entry of
the bucket with the more spells (the cheaper subtree to recompute). Turns are ordered to find
wins early: steps with the most room first; spells next to the other witch first.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field

import numpy as np
from numba import njit

from .board import Board, squares_of
from .rules import Sortileges, SortilegesState, Turn, isola_houses

BIG = 1000
EMPTY, EXACT, LOWER, UPPER = 0, 1, 2, 3
NODES, ABORTED, LIMIT = 0, 1, 2
"""Slots of the `stats` array: nodes searched, abort flag, node limit (0: none)."""


@njit(cache=True)
def _popcount(x):
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0xFF


@njit(cache=True)
def _slot(key, mask):
    h = key * -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed int64
    h ^= (h >> 31) & 0x1FFFFFFFF
    return (h & mask) & ~1


@njit(cache=True)
def _away(score):
    """A child's score seen from its parent: negated, one turn further from the end."""
    if score > 0:
        return -score + 1
    return -score - 1


@njit(cache=True)
def _towards(bound):
    if bound > 0:
        return bound + 1
    if bound < 0:
        return bound - 1
    return 0


@njit(cache=True)
def _search(spelled, mover, other, alpha, beta, neighbours, houses, full, size,
            keys, scores, flags, stats):
    stats[NODES] += 1
    if stats[ABORTED]:
        return 0
    if stats[LIMIT] and stats[NODES] > stats[LIMIT]:
        stats[ABORTED] = 1
        return 0
    steps = neighbours[mover] & ~(spelled | (1 << other))
    if steps == 0:
        return -BIG
    key = (spelled << 12) | (mover << 6) | other
    mask = keys.shape[0] - 1
    slot = _slot(key, mask)
    for s in (slot, slot + 1):
        if keys[s] == key and flags[s] != EMPTY:
            known, flag = scores[s], flags[s]
            if flag == EXACT or (flag == LOWER and known >= beta) or \
                    (flag == UPPER and known <= alpha):
                return known
    start_alpha = alpha
    best = -BIG - 1
    # steps with most room first
    order = np.empty(8, np.int64)
    room = np.empty(8, np.int64)
    n = 0
    for t in range(size):
        if steps >> t & 1:
            r = _popcount(neighbours[t] & ~(spelled | (1 << other)))
            i = n
            while i > 0 and room[i - 1] < r:
                order[i] = order[i - 1]
                room[i] = room[i - 1]
                i -= 1
            order[i] = t
            room[i] = r
            n += 1
    near = neighbours[other]
    for k in range(n):
        target = order[k]
        spellable = full & ~(spelled | houses | (1 << target) | (1 << other))
        # a win in one turn: the other witch has no free neighbour left after this step,
        # or one that can be spelled now
        left = near & ~(spelled | (1 << target))
        if left == 0 or (_popcount(left) == 1 and left & spellable):
            best = BIG - 1
            alpha = max(alpha, best)
            break
        if spellable == 0:
            child = _search(spelled, other, target, -_towards(beta), -_towards(alpha),
                            neighbours, houses, full, size, keys, scores, flags, stats)
            score = _away(child)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
            if alpha >= beta:
                break
            continue
        for phase in range(2):
            chosen = spellable & near if phase == 0 else spellable & ~near
            for s in range(size):
                if chosen >> s & 1:
                    child = _search(spelled | (1 << s), other, target, -_towards(beta),
                                    -_towards(alpha), neighbours, houses, full, size,
                                    keys, scores, flags, stats)
                    score = _away(child)
                    if score > best:
                        best = score
                        if score > alpha:
                            alpha = score
                    if alpha >= beta:
                        break
            if alpha >= beta:
                break
        if alpha >= beta:
            break
    if stats[ABORTED]:
        return 0
    if best >= beta:
        flag = LOWER
    elif best <= start_alpha:
        flag = UPPER
    else:
        flag = EXACT
    # replacement: the entry for this key, else an empty slot, else the one with more spells
    target_slot = -1
    for s in (slot, slot + 1):
        if keys[s] == key or flags[s] == EMPTY:
            target_slot = s
            break
    if target_slot < 0:
        a = _popcount(keys[slot] >> 12)
        b = _popcount(keys[slot + 1] >> 12)
        target_slot = slot if a >= b else slot + 1
    keys[target_slot] = key
    scores[target_slot] = best
    flags[target_slot] = flag
    return best


class Table:
    """The solver's table of bounds: 2**bits entries (numpy arrays, 13 bytes each)."""

    def __init__(self, bits: int = 22):
        self.keys = np.full(1 << bits, -1, np.int64)
        self.scores = np.zeros(1 << bits, np.int32)
        self.flags = np.zeros(1 << bits, np.int8)

    @property
    def nbytes(self) -> int:
        return self.keys.nbytes + self.scores.nbytes + self.flags.nbytes

    def used(self) -> int:
        return int(np.count_nonzero(self.flags))


class Solver:
    """Exact values of positions of one game (board and houses): `value`, `turn_values`."""

    def __init__(self, game: Sortileges, table_bits: int = 22, node_limit: int = 0):
        board = game.board
        if board.size > 51:
            raise ValueError(f"the solver packs squares in 64 bits: {board} is too large")
        self.game = game
        self.neighbours = np.array(board.neighbours, np.int64)
        self.houses = game.house_mask
        self.full = board.full
        self.size = board.size
        self.table = Table(table_bits)
        self.stats = np.zeros(3, np.int64)
        self.stats[LIMIT] = node_limit

    @property
    def nodes(self) -> int:
        return int(self.stats[NODES])

    @property
    def aborted(self) -> bool:
        return bool(self.stats[ABORTED])

    def _run(self, spelled: int, mover: int, other: int, alpha: int, beta: int) -> int:
        t = self.table
        return int(_search(np.int64(spelled), np.int64(mover), np.int64(other), alpha, beta,
                           self.neighbours, np.int64(self.houses), np.int64(self.full),
                           self.size, t.keys, t.scores, t.flags, self.stats))

    def wins(self, spelled: int, mover: int, other: int) -> bool:
        """Does the witch to move win with best play? (null-window search, the cheap proof)"""
        return self._run(spelled, mover, other, -1, 1) > 0

    def value(self, spelled: int, mover: int, other: int) -> int:
        """The exact score for the witch to move (BIG - d: she wins after d turns)."""
        self.wins(spelled, mover, other)
        return self._run(spelled, mover, other, -BIG - 2, BIG + 2)

    def turn_values(self, spelled: int, mover: int, other: int,
                    exact: bool = True) -> list[tuple[tuple[int, int | None], int]]:
        """Every turn with the mover's score after it, best first. With `exact=False` the
        scores are only signs (+1 win, -1 loss): much cheaper on large boards."""
        game = self.game
        result = []
        for target in squares_of(game.steps(spelled, mover, other)):
            spells = game.spells(spelled, target, other)
            for spell in (squares_of(spells) if spells else [None]):
                after = spelled if spell is None else spelled | 1 << spell
                if exact:
                    score = -self.value(after, other, target)
                    score += 1 if score < 0 else -1  # one turn further from the end
                else:
                    score = -1 if self.wins(after, other, target) else 1
                result.append(((target, spell), score))
        result.sort(key=lambda item: -item[1])
        return result


def start_game(files: int, ranks: int) -> Sortileges:
    """The game on `files` × `ranks` with Isola's houses (`rules.isola_houses`)."""
    return Sortileges(files=files, ranks=ranks)


def plies(score: int) -> int:
    """Turns until the end under optimal play, from a score."""
    return BIG - abs(score)


@dataclass
class Solution:
    """One solved board: who wins from the start, how, and what it cost."""

    board: str
    houses: list[str]
    winner: str
    """"first" (the witch on the first house, who moves first) or "second\""""
    plies: int | None
    """turns played until the loser is blocked, both sides optimal (None: not computed)"""
    best_first_turns: list[str]
    """every first turn that wins (the first witch wins), or that lasts longest (she loses)"""
    winning_first_turns: int
    first_turns: int
    positions: int
    """nodes searched"""
    seconds: float
    """wall-clock seconds"""
    table_mb: float
    table_entries_used: int
    complete: bool = True
    notes: list[str] = field(default_factory=list)
    cpu_seconds: float | None = None
    """CPU seconds of this process (the machine may be shared: wall time can be longer)"""


def solve(files: int, ranks: int, table_bits: int = 22, exact_plies: bool = True,
          first_turn_values: bool = True, node_limit: int = 0) -> Solution:
    """Solve the start position of a `files` × `ranks` board with Isola's houses."""
    game = start_game(files, ranks)
    board = game.board
    state = game.new_game(seed=0, first=0)
    spelled, mover, other = state.position()
    solver = Solver(game, table_bits, node_limit)
    started, cpu = time.perf_counter(), time.process_time()
    notes = []
    first_wins = solver.wins(spelled, mover, other)
    complete = not solver.aborted
    score = None
    if complete and exact_plies:
        score = solver.value(spelled, mover, other)
        if solver.aborted:
            notes.append("exact plies: node limit reached")
            score = None
    best: list[str] = []
    winning = 0
    turns = len(state.legal_actions())
    if complete and not first_turn_values and not solver.aborted:
        # one winning first turn, the proof's: children in the solver's order until one is
        # lost for the other witch (the root search has proven it, the table remembers)
        for turn in _ordered_turns(game, spelled, mover, other):
            target, spell = turn
            after = spelled if spell is None else spelled | 1 << spell
            lost = not solver.wins(after, other, target)
            if solver.aborted:
                break
            if lost == first_wins:
                best = [str(_turn(board, mover, turn))]
                winning = -1  # not counted
                break
        notes.append("best_first_turns: one winning first turn (the proof's), not all")
    if complete and first_turn_values and not solver.aborted:
        values = solver.turn_values(spelled, mover, other, exact=exact_plies and score is not None)
        if solver.aborted:
            notes.append("first turns: node limit reached")
        else:
            winning = sum(1 for _, v in values if v > 0)
            top = values[0][1]
            best = [str(_turn(board, mover, t)) for t, v in values if v == top]
    seconds = time.perf_counter() - started
    return Solution(
        board=f"{files}x{ranks}", houses=[board.names[h] for h in game.houses],
        winner=("first" if first_wins else "second") if complete else "unknown",
        plies=None if score is None else plies(score), best_first_turns=best,
        winning_first_turns=winning, first_turns=turns, positions=solver.nodes,
        seconds=round(seconds, 3), table_mb=round(solver.table.nbytes / 2**20, 1),
        table_entries_used=solver.table.used(), complete=complete, notes=notes,
        cpu_seconds=round(time.process_time() - cpu, 3))


def _ordered_turns(game: Sortileges, spelled: int, mover: int, other: int):
    """Every turn in the kernel's order: steps with most room first, spells next to the
    other witch first."""
    steps = game.steps(spelled, mover, other)
    targets = sorted(squares_of(steps), key=lambda t: -game.steps(spelled, t, other).bit_count())
    near = game.board.neighbours[other]
    for target in targets:
        spells = game.spells(spelled, target, other)
        if not spells:
            yield target, None
            continue
        for spell in [*squares_of(spells & near), *squares_of(spells & ~near)]:
            yield target, spell


def _turn(board: Board, mover: int, candidate: tuple[int, int | None]) -> Turn:
    target, spell = candidate
    return Turn(board.names[mover], board.names[target],
                None if spell is None else board.names[spell])


def solution_rows(path: str) -> list[dict]:
    """The solved boards stored by tests/benchmarks/solve_sortileges.py (a JSON list)."""
    with open(path, encoding="utf-8") as stream:
        return json.load(stream)["boards"]


def to_dict(solution: Solution) -> dict:
    return asdict(solution)


__all__ = ["BIG", "Solution", "Solver", "SortilegesState", "isola_houses", "plies", "solve"]
