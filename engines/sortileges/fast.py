# ruff: noqa: E402
"""The search of `search.py`, compiled with numba: the same tree, tens of times faster
(tests/benchmarks/bench_sortileges_search.py prints the nodes per second of both).

`FastSearchBot` is `SearchBot` with its `negamax` replaced by a numba kernel that follows the
readable one line for line: same candidate turns, same evaluation (same float operations,
so the same bits), an exact endgame with the same values (the solver's full-width kernel;
from `exact_free` = 12 free squares by default, where the readable one starts at
`regions.EXACT_FREE` = 9), same table rules. Tests check that both give the same scores at
the same depth (with the same `exact_free`). The kernel releases the GIL; a watchdog thread
raises a flag when the deadline passes or the search is cancelled, and the kernel unwinds at
once (the pass is discarded, as in the readable search).
"""

from __future__ import annotations

from ..extras import require

require("fast", "Sortilèges' compiled search (level 5)")  # first, so that the error names the extra

import math
import threading
import time

import numpy as np
from numba import njit

from ..bots import SearchCancelled
from . import toolkit
from .evaluation import DEFAULT_WEIGHTS, Geometry, Weights
from .search import FULL_WIDTH_FREE, SearchBot
from .solver import ABORTED, NODES, Searcher, TranspositionTable, _search, kernel_shape
from .toolkit import BIG, KEY_SQUARES, NO_SPELL, WIN, Candidate
from .toolkit_kernels import (
    bound_of,
    candidate_spells,
    dilate,
    pack_turn,
    popcount,
    position_key,
    relative_to_node,
    relative_to_root,
    search_score,
    settled,
    steps_by_room,
    unpack_turn,
)

MAX_PLY = 128
"""Plies of the killer and scratch rows: more than any game lasts on a board the key holds."""


@njit(cache=True)
def _evaluate(spelled, mover, other, geo, neighbours, house_distance, weights):
    """evaluation.Evaluator.score, operation for operation."""
    full = geo[3]
    free = full & ~(spelled | (1 << mover) | (1 << other))
    mine = np.int64(1) << mover
    theirs = np.int64(1) << other
    ring_a, ring_b = mine, theirs
    seen = mine | theirs
    met = (neighbours[mover] >> other) & 1 == 1
    while ring_a or ring_b:
        reach_a = dilate(ring_a, geo)
        reach_b = dilate(ring_b, geo)
        if (reach_a & theirs) or (reach_b & mine):
            met = True
        grow_a = reach_a & free & ~seen
        grow_b = reach_b & free & ~seen
        both = grow_a & grow_b
        if both:
            met = True
        ring_a = grow_a & ~both
        ring_b = grow_b & ~both
        seen |= grow_a | grow_b
        mine |= ring_a
        theirs |= ring_b
    my_territory = popcount(mine & ~(np.int64(1) << mover))
    their_territory = popcount(theirs & ~(np.int64(1) << other))
    score = (weights[0] * (popcount(neighbours[mover] & free)
                           - popcount(neighbours[other] & free))
             + weights[2] * (house_distance[other] - house_distance[mover]))
    if met:
        return score + weights[1] * (my_territory - their_territory)
    return score + weights[3] * (my_territory - their_territory + 0.5)


@njit(cache=True)
def _slot(key, mask):
    h = key * -7046029254386353131
    h ^= (h >> 29) & 0x7FFFFFFFF
    return h & mask


@njit(nogil=True, cache=True)
def _negamax(spelled, mover, other, depth, ply, alpha, beta, geo, neighbours, houses,
             house_distance, weights, exact_free, tt_keys, tt_depth, tt_score, tt_bound,
             tt_move, tt_gen, generation, per_ply, end_geo, end_sym_bytes, end_sym_squares,
             end_keys, end_entries, end_killers, end_stats, stats, flag):
    stats[NODES] += 1
    if flag[0]:
        stats[ABORTED] = 1
        return 0.0
    full = geo[3]
    size = geo[4]
    steps = neighbours[mover] & ~(spelled | (np.int64(1) << other))
    if steps == 0:
        return ply - WIN
    free = popcount(full & ~(spelled | (np.int64(1) << mover) | (np.int64(1) << other)))
    if free <= exact_free:
        exact = _search(spelled, mover, other, -BIG - 2, BIG + 2, 0, neighbours, end_geo,
                        end_sym_bytes, end_sym_squares, end_keys, end_entries, end_killers,
                        end_stats)
        if end_stats[ABORTED]:  # the watchdog stopped the exact search too
            stats[ABORTED] = 1
            return 0.0
        return relative_to_root(search_score(exact), ply)
    if depth <= 0:  # leaves skip the table: evaluating costs less than looking up
        return _evaluate(spelled, mover, other, geo, neighbours, house_distance, weights)
    key = position_key(spelled, mover, other)
    slot = _slot(key, tt_keys.shape[0] - 1)
    hint = -1
    if tt_keys[slot] == key:
        hint = tt_move[slot]
        if tt_depth[slot] >= depth:
            score = relative_to_root(tt_score[slot], ply)
            if settled(score, tt_bound[slot], alpha, beta):
                return score
    # turns packed (`toolkit.pack_turn`); first the table's, then the killers
    full_width = free <= FULL_WIDTH_FREE
    near = neighbours[other] | (np.int64(1) << mover)
    killers = per_ply[ply, 0:2]  # this ply's row: killers, then room for the turns tried
    first = per_ply[ply, 2:5]   # first and the steps in order (no allocation per node)
    first[:] = -1
    n_first = 0
    if hint >= 0:
        first[0] = hint
        n_first = 1
    for k in range(2):
        killer = killers[k]
        if killer < 0 or killer == hint:
            continue
        target, spell = unpack_turn(killer)
        if not (steps >> target) & 1:
            continue
        if spell == NO_SPELL:
            continue
        can = full & ~(spelled | houses | (np.int64(1) << target) | (np.int64(1) << other))
        if (candidate_spells(can, near, full_width) >> spell) & 1:  # a candidate here
            first[n_first] = killer
            n_first += 1
    order = per_ply[ply, 5:13]
    n = steps_by_room(steps, spelled, other, neighbours, size, order, 0)
    start_alpha = alpha
    best = -np.inf
    best_turn = -1
    done = False
    for phase in range(n + 1):
        if phase == 0:
            count = n_first
        else:
            target = order[phase - 1]
            can = full & ~(spelled | houses | (np.int64(1) << target) | (np.int64(1) << other))
            chosen = candidate_spells(can, near, full_width)
            count = size if can else 1
        for j in range(count):
            if phase == 0:
                turn = first[j]
            else:
                if can == 0:
                    turn = pack_turn(target, NO_SPELL)
                else:
                    if not (chosen >> j) & 1:
                        continue
                    turn = pack_turn(target, j)
                skip = False
                for f in range(n_first):
                    if first[f] == turn:
                        skip = True
                if skip:
                    continue
            t, s = unpack_turn(turn)
            after = spelled if s == NO_SPELL else spelled | (np.int64(1) << s)
            score = -_negamax(after, other, t, depth - 1, ply + 1, -beta, -alpha, geo,
                              neighbours, houses, house_distance, weights, exact_free, tt_keys,
                              tt_depth, tt_score, tt_bound, tt_move, tt_gen, generation,
                              per_ply, end_geo, end_sym_bytes, end_sym_squares,
                              end_keys, end_entries, end_killers, end_stats, stats, flag)
            if stats[ABORTED]:
                return 0.0
            if score > best:
                best = score
                best_turn = turn
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if s != NO_SPELL and turn != hint and killers[0] != turn:
                            killers[1] = killers[0]
                            killers[0] = turn
                        done = True
                        break
        if done:
            break
    if not (tt_keys[slot] == key and tt_depth[slot] > depth and tt_gen[slot] == generation):
        tt_keys[slot] = key
        tt_depth[slot] = depth
        tt_score[slot] = relative_to_node(best, ply)
        tt_bound[slot] = bound_of(best, start_alpha, beta)
        tt_move[slot] = best_turn
        tt_gen[slot] = generation
    return best


class FastSearchBot(SearchBot):
    """`SearchBot` with the numba kernel; same arguments (a Python `evaluate` function
    cannot be compiled: use `SearchBot` for a student's evaluation)."""

    name = "search-fast"
    TABLE_BITS = 20

    def __init__(self, seconds: float | None = 1.0, max_depth: int | None = None,
                 weights: Weights = DEFAULT_WEIGHTS, exact_endgame: bool = True,
                 keep_table: bool = True, exact_free: int = 12):
        super().__init__(seconds, max_depth, weights, None, exact_endgame, keep_table)
        self.exact_free = exact_free if exact_endgame else -1
        size = 1 << self.TABLE_BITS
        self.tt = (np.full(size, -1, np.int64), np.zeros(size, np.int32),
                   np.zeros(size, np.float64), np.zeros(size, np.int8),
                   np.full(size, -1, np.int64), np.zeros(size, np.int64))
        self.end = TranspositionTable(18)
        self.end_search = Searcher()
        self.end_stats = self.end_search.stats
        self.stats = np.zeros(2, np.int64)
        self.flag = np.zeros(1, np.int64)
        self.per_ply = np.full((MAX_PLY, 13), -1, np.int64)  # killers, scratch

    def __repr__(self) -> str:
        return f"FastSearchBot(seconds={self.seconds}, max_depth={self.max_depth})"

    def _prepare(self, game) -> None:
        if game.board.size > KEY_SQUARES:
            raise ValueError(f"the compiled search packs a position in 64 bits, which holds "
                             f"boards of {KEY_SQUARES} squares at most: {game.board} is too "
                             f"large (level 4 plays any board)")
        changed = game is not self.game and game != self.game
        super()._prepare(game)
        if changed or not self.keep_table:
            board = game.board
            geometry = Geometry.of(board.files, board.ranks)
            self.geo = np.array([board.files, geometry.not_first, geometry.not_last,
                                 board.full, board.size], np.int64)
            self.neighbour_array = np.array(board.neighbours, np.int64)
            self.end_shape = kernel_shape(game)
            self.house_array = np.array(self.evaluator.house_distance, np.int64)
            w = self.weights
            self.weight_array = np.array([w.mobility, w.territory, w.house, w.race], np.float64)
            for array in self.tt:
                array.fill(-1 if array.dtype == np.int64 and array is not self.tt[5] else 0)
            self.end.clear()
        self.per_ply.fill(-1)

    def search_root(self, state, budget, per_step=False):
        self.flag[0] = 0
        self.stats[:] = 0
        self.end_stats[:] = 0
        self._watch = budget
        done = threading.Event()
        self._armed = False

        def watch() -> None:
            while not done.wait(0.002):
                if self._armed and self._watch.expired():
                    self.flag[0] = 1
                    self.end_stats[ABORTED] = 1
                    return

        watchdog = threading.Thread(target=watch, daemon=True)
        watchdog.start()
        try:
            best = super().search_root(state, budget, per_step)
        finally:
            done.set()
            watchdog.join()
            self.nodes = int(self.stats[NODES])
        if per_step:  # the analysis shows the line: worth a few more quick searches
            self.pv = self._line(*state.position(), best)
        return best

    def _line(self, spelled, mover, other, first, length=8):
        """The principal variation, re-read by quick searches along it: the one-way table
        may have lost the entries of the line, a search of depth - i rebuilds each one."""
        self.flag[0] = self.end_stats[ABORTED] = 0
        self.deadline, self._armed = None, False
        line = [first]
        target, spell = first
        spelled = spelled if spell is None else spelled | 1 << spell
        mover, other = other, target
        for remaining in range(self.depth - 1, 0, -1):
            if len(line) >= length or not self.game.steps(spelled, mover, other):
                break
            self.negamax(spelled, mover, other, remaining, len(line), -math.inf, math.inf)
            turn = self._table_move(toolkit.position_key(spelled, mover, other))
            if turn is None:
                break
            line.append(turn)
            target, spell = turn
            spelled = spelled if spell is None else spelled | 1 << spell
            mover, other = other, target
        return line

    def negamax(self, spelled, mover, other, depth, ply, alpha, beta):
        if self.deadline is not None:
            self._armed = True
        keys, depths, scores, bounds, moves, gens = self.tt
        score = _negamax(np.int64(spelled), np.int64(mover), np.int64(other), depth, ply,
                         float(alpha), float(beta), self.geo, self.neighbour_array,
                         np.int64(self.game.house_mask), self.house_array, self.weight_array,
                         self.exact_free, keys, depths, scores, bounds, moves, gens,
                         self.generation, self.per_ply, *self.end_shape[1:], self.end.keys,
                         self.end.entries, self.end_search.per_ply, self.end_stats,
                         self.stats, self.flag)
        if self.stats[ABORTED]:
            self.stats[ABORTED] = 0
            raise SearchCancelled
        return score

    def _store(self, spelled, mover, other, depth, score, bound, move, ply) -> None:
        keys, depths, scores, bounds, moves, gens = self.tt
        key = toolkit.position_key(spelled, mover, other)
        slot = int(_slot(np.int64(key), keys.shape[0] - 1))
        keys[slot], depths[slot], scores[slot], bounds[slot] = key, depth, score, bound
        moves[slot] = _pack(move)
        gens[slot] = self.generation

    def _table_move(self, key):
        keys, _, _, _, moves, _ = self.tt
        slot = int(_slot(np.int64(key), keys.shape[0] - 1))
        if keys[slot] != key or moves[slot] < 0:
            return None
        return _unpack(int(moves[slot]))


def _pack(move: Candidate | None) -> int:
    """A table's turn as the kernel keeps it (-1: none)."""
    if move is None:
        return -1
    target, spell = move
    return toolkit.pack_turn(target, NO_SPELL if spell is None else spell)


def _unpack(turn: int) -> Candidate:
    target, spell = toolkit.unpack_turn(turn)
    return target, None if spell == NO_SPELL else spell


@njit(nogil=True, cache=True)
def _perft(spelled, mover, other, depth, neighbours, houses, full, size):
    """perft.perft's count, compiled: each last step adds its number of spells (bit_count)."""
    if depth == 0:
        return 1
    total = 0
    steps = neighbours[mover] & ~(spelled | (np.int64(1) << other))
    for target in range(size):
        if not (steps >> target) & 1:
            continue
        spells = full & ~(spelled | houses | (np.int64(1) << target) | (np.int64(1) << other))
        if depth == 1:
            count = popcount(spells)
            total += count if count else 1
        elif spells == 0:
            total += _perft(spelled, other, target, depth - 1, neighbours, houses, full, size)
        else:
            for spell in range(size):
                if (spells >> spell) & 1:
                    total += _perft(spelled | (np.int64(1) << spell), other, target, depth - 1,
                                    neighbours, houses, full, size)
    return total


def fast_perft(depth: int, state=None) -> int:
    """`perft.perft` compiled with numba (same counts, checked by tests)."""
    from .rules import Sortileges
    if state is None:
        state = Sortileges().new_game(seed=0, first=0)
    game = state.game
    spelled, mover, other = state.position()
    return int(_perft(np.int64(spelled), np.int64(mover), np.int64(other), depth,
                      np.array(game.board.neighbours, np.int64), np.int64(game.house_mask),
                      np.int64(game.board.full), game.board.size))


_WARM = threading.Lock()
_warmed = False


def warm_up() -> float:
    """Compile the kernels (cached on disk after the first time) once per process; returns
    the seconds taken (0 when already done). Thread-safe: a widget starts it in a thread."""
    global _warmed
    from .rules import Sortileges
    with _WARM:
        if _warmed:
            return 0.0
        started = time.perf_counter()
        FastSearchBot(None, max_depth=2)(Sortileges(files=4, ranks=4).new_game(seed=0, first=0))
        fast_perft(1)
        _warmed = True
        return time.perf_counter() - started
