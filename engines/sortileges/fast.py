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

On two cores or more, a timed search (`seconds`, no `max_depth`) is a Lazy SMP: a helper
thread runs the kernel's own iterative deepening from the root, one depth ahead of the main
search, on the same transposition table, without locks; its entries cut the main search's
tree. Each entry is sealed (`_seal`): a reader that meets fields written by two threads
ignores them. The main search's turn is the one played. Where no thread can start, on one
core, with no clock (`max_depth` alone: the tests' fixed depths) or on a node budget
(`max_nodes`, the kernel's `LIMIT` slot as in the solver) it is one thread, as the readable
search, and gives the same turn every time.
"""

from __future__ import annotations

from ..extras import require

require("fast", "Sortilèges' compiled search (level 5)")  # first, so that the error names the extra

import math
import os
import threading
import time

import numpy as np
from numba import njit

from ..bots import Deadline, SearchCancelled
from . import toolkit
from .evaluation import DEFAULT_WEIGHTS, NEAR, Geometry, Weights
from .rules import SortilegesState
from .search import FULL_WIDTH_FREE, SearchBot
from .solver import (
    ABORTED,
    LIMIT,
    NODES,
    Searcher,
    TranspositionTable,
    _mix,
    _search,
    kernel_shape,
)
from .toolkit import BIG, KEY_SQUARES, NO_SPELL, NULL_WIDTH, WIN, Candidate, proven
from .toolkit_kernels import (
    bound_of,
    candidate_spells,
    dilate,
    pack_turn,
    popcount,
    position_key,
    relative_to_node,
    relative_to_root,
    search_again,
    search_score,
    settled,
    steps_by_room,
    unpack_turn,
    waiting_spell,
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
    near_a, near_b = mine, theirs
    rings = 0
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
        rings += 1
        if rings <= NEAR:
            near_a, near_b = mine, theirs
    my_territory = popcount(mine & ~(np.int64(1) << mover))
    their_territory = popcount(theirs & ~(np.int64(1) << other))
    score = (weights[0] * (popcount(neighbours[mover] & free)
                           - popcount(neighbours[other] & free))
             + weights[2] * (house_distance[other] - house_distance[mover])
             + weights[4] * (popcount(near_a) - popcount(near_b)))
    if met:
        return score + weights[1] * (my_territory - their_territory)
    return score + weights[3] * (my_territory - their_territory + 0.5)


@njit(cache=True)
def _slot(key, mask):
    h = key * -7046029254386353131
    h ^= (h >> 29) & 0x7FFFFFFFF
    return h & mask


@njit(cache=True)
def _seal(key, depth, score, bound, move):
    """A table entry's check value: the key xor-ed with its fields spread over 63 bits (score
    to 2**-20). An entry whose fields two threads wrote in turn fails it and is not read."""
    data = (np.int64(score * 1048576.0) * 1000003 + np.int64(depth) * 131 + np.int64(bound)
            * 7 + np.int64(move) * 1000000007)
    return key ^ _mix(data)


# One piece, as a compiled kernel must be (numba passes no objects between functions);
# it follows the readable `search.SearchBot.negamax` step for step, which tests check.
@njit(nogil=True, cache=True)
def _negamax(spelled, mover, other, depth, ply, alpha, beta, geo, neighbours, houses,  # noqa: C901
             house_distance, weights, exact_free, tt_keys, tt_depth, tt_score, tt_bound,
             tt_move, tt_gen, tt_seal, generation, per_ply, end_geo, end_sym_bytes, end_sym_squares,
             end_keys, end_entries, end_killers, end_stats, stats, flag):
    stats[NODES] += 1
    if flag[0] or (stats[LIMIT] and stats[NODES] > stats[LIMIT]):
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
        known_depth, known, bound = tt_depth[slot], tt_score[slot], tt_bound[slot]
        move = tt_move[slot]
        if tt_seal[slot] == _seal(key, known_depth, known, bound, move):
            hint = move
            if known_depth >= depth:
                score = relative_to_root(known, ply)
                if settled(score, bound, alpha, beta):
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
        waiting = waiting_spell(can, near, target, other, neighbours, geo)
        chosen = candidate_spells(can, near, full_width, waiting, neighbours[other])
        if (chosen >> spell) & 1:  # a candidate here
            first[n_first] = killer
            n_first += 1
    order = per_ply[ply, 5:13]
    spell_order = per_ply[ply, 13:]  # a step's spells in order
    n = steps_by_room(steps, spelled, other, neighbours, size, order, 0)
    start_alpha = alpha
    best = -np.inf
    best_turn = -1
    searched = 0
    done = False
    for phase in range(n + 1):
        if phase == 0:
            count = n_first
        else:
            target = order[phase - 1]
            can = full & ~(spelled | houses | (np.int64(1) << target) | (np.int64(1) << other))
            waiting = waiting_spell(can, near, target, other, neighbours, geo)
            chosen = candidate_spells(can, near, full_width, waiting, neighbours[other])
            count = 1  # no spell: the step alone
            if can:  # the spells with most room first, as `toolkit.candidate_turns` orders them
                count = steps_by_room(chosen, spelled, target, neighbours, size, spell_order, 0)
        for j in range(count):
            if phase == 0:
                turn = first[j]
            else:
                if can == 0:
                    turn = pack_turn(target, NO_SPELL)
                else:
                    turn = pack_turn(target, spell_order[j])
                skip = False
                for f in range(n_first):
                    if first[f] == turn:
                        skip = True
                if skip:
                    continue
            t, s = unpack_turn(turn)
            after = spelled if s == NO_SPELL else spelled | (np.int64(1) << s)
            searched += 1
            low = -beta if searched == 1 else -alpha - NULL_WIDTH  # then a null window
            while True:
                score = -_negamax(after, other, t, depth - 1, ply + 1, low, -alpha, geo,
                                  neighbours, houses, house_distance, weights, exact_free,
                                  tt_keys, tt_depth, tt_score, tt_bound, tt_move, tt_gen, tt_seal,
                                  generation, per_ply, end_geo, end_sym_bytes, end_sym_squares,
                                  end_keys, end_entries, end_killers, end_stats, stats, flag)
                if stats[ABORTED]:
                    return 0.0
                if low == -beta or not search_again(score, alpha, beta):
                    break
                low = -beta
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
        stored = relative_to_node(best, ply)
        bound = bound_of(best, start_alpha, beta)
        tt_keys[slot] = key
        tt_depth[slot] = depth
        tt_score[slot] = stored
        tt_bound[slot] = bound
        tt_move[slot] = best_turn
        tt_gen[slot] = generation
        tt_seal[slot] = _seal(key, depth, stored, bound, best_turn)
    return best


class FastSearchBot(SearchBot):
    """`SearchBot` with the numba kernel; same arguments (a Python `evaluate` function
    cannot be compiled: use `SearchBot` for a student's evaluation), and `threads` (1 or 2:
    whether a timed search may add a helper thread, see the module's docstring)."""

    name = "search-fast"
    TABLE_BITS = 20
    RESCUE_NODES = (1_000_000, 50_000)  # the compiled kernel: some 0.2 s at most

    def __init__(self, seconds: float | None = 1.0, max_depth: int | None = None,
                 weights: Weights = DEFAULT_WEIGHTS, exact_endgame: bool = True,
                 keep_table: bool = True, exact_free: int = 12, threads: int = 2,
                 max_nodes: int | None = None):
        super().__init__(seconds, max_depth, weights, None, exact_endgame, keep_table,
                         max_nodes)
        if threads not in (1, 2):
            raise ValueError(f"threads must be 1 or 2 (a helper thread or none), not {threads!r}")
        self.threads = threads
        self.exact_free = exact_free if exact_endgame else -1
        size = 1 << self.TABLE_BITS
        # keys, depths, scores, bounds, turns, generations, seals (`_seal`)
        self.tt = (np.full(size, -1, np.int64), np.zeros(size, np.int32),
                   np.zeros(size, np.float64), np.zeros(size, np.int8),
                   np.full(size, -1, np.int64), np.zeros(size, np.int64),
                   np.zeros(size, np.int64))
        self.end = TranspositionTable(18)  # shared by both threads (the solver's seals)
        self.lanes = (_Lane(), _Lane())  # the main search's, the helper's
        self.end_search = self.lanes[0].end_search
        self.end_stats = self.end_search.stats
        self.stats = self.lanes[0].stats
        self.flag = self.lanes[0].flag
        self.per_ply = self.lanes[0].per_ply
        self.helper_nodes = 0
        self._helper: threading.Thread | None = None
        self._helping = 0  # the depth the helper searches now

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
            self.houses = np.int64(game.house_mask)
            self.house_array = np.array(self.evaluator.house_distance, np.int64)
            w = self.weights
            self.weight_array = np.array([w.mobility, w.territory, w.house, w.race, w.near],
                                         np.float64)
            for array in self.tt:
                array.fill(-1 if array is self.tt[0] or array is self.tt[4] else 0)
            self.end.clear()
        for lane in self.lanes:
            lane.per_ply.fill(-1)  # killers of this search only

    def search_root(
        self, state: SortilegesState, budget: Deadline, per_step: bool = False
    ) -> Candidate:
        self._join_helper()
        for lane in self.lanes:
            lane.reset()
        self.stats[LIMIT] = self.max_nodes or 0
        self._watch = budget
        done = threading.Event()
        self._armed = False
        self._root = state.position()
        self._stopping = False
        self._helper_wanted = (self.threads > 1 and budget.seconds is not None
                               and self.max_depth is None and self.max_nodes is None
                               and (os.cpu_count() or 1) > 1)

        def watch() -> None:
            while not done.wait(0.002):
                if self._armed and self._watch.expired():
                    for lane in self.lanes:
                        lane.stop()
                    return

        watchdog = threading.Thread(target=watch, daemon=True)
        watchdog.start()
        try:
            best = super().search_root(state, budget, per_step)
        finally:
            done.set()
            self._stop_helper()
            watchdog.join()
            self.helper_nodes = int(self.lanes[1].stats[NODES])
            self.nodes = int(self.stats[NODES]) + self.helper_nodes
        if per_step:  # the analysis shows the line: worth a few more quick searches
            self.pv = self._line(*state.position(), best)
        return best

    def _line(
        self, spelled: int, mover: int, other: int, first: Candidate, length: int = 8
    ) -> list[Candidate]:
        """The principal variation, re-read by quick searches along it: the one-way table
        may have lost the entries of the line, a search of depth - i rebuilds each one."""
        assert self.game is not None, "called after a search"
        self.flag[0] = self.end_stats[ABORTED] = self.stats[LIMIT] = 0
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

    def out_of_nodes(self) -> bool:
        return self.max_nodes is not None and self.stats[NODES] >= self.max_nodes

    def exact_loses(self, spelled: int, mover: int, other: int, nodes: int) -> tuple[bool, int]:
        """The solver's kernel (the one the exact endgame runs), a null window at 0."""
        stats = self.end_stats
        start = int(stats[NODES])
        stats[LIMIT], stats[ABORTED] = start + nodes, 0
        try:
            score = _search(np.int64(spelled), np.int64(mover), np.int64(other), -1, 1, 0,
                            *self.end_shape, self.end.keys, self.end.entries,
                            self.end_search.per_ply, stats)
            return score < 0 and not stats[ABORTED], int(stats[NODES]) - start
        finally:
            stats[LIMIT] = stats[ABORTED] = 0

    def negamax(self, spelled, mover, other, depth, ply, alpha, beta):
        if self.deadline is not None:
            self._armed = True
        score = self._kernel(self.lanes[0], spelled, mover, other, depth, ply, alpha, beta)
        if self.stats[ABORTED]:
            self.stats[ABORTED] = 0
            raise SearchCancelled
        return score

    def _kernel(self, lane, spelled, mover, other, depth, ply, alpha, beta):
        """`_negamax` on this bot's position and tables, with a thread's own rows (`lane`)."""
        return _negamax(np.int64(spelled), np.int64(mover), np.int64(other), depth, ply,
                        float(alpha), float(beta), self.geo, self.neighbour_array,
                        self.houses, self.house_array, self.weight_array,
                        self.exact_free, *self.tt, self.generation, lane.per_ply,
                        *self.end_shape[1:], self.end.keys, self.end.entries,
                        lane.end_search.per_ply, lane.end_search.stats, lane.stats, lane.flag)

    def _root_pass(self, turns, spelled, mover, other, depth, per_step):
        """Each pass from the second keeps the helper one depth ahead: started, or moved on
        from a depth the main search has caught up with (a budget spent at once starts none)."""
        if depth >= 2 and self._helper_wanted:
            self._start_helper(depth + 1)
        elif self._helper is not None and self._helping <= depth:
            self._helper_next = depth + 1
            self.lanes[1].stop()
        return super()._root_pass(turns, spelled, mover, other, depth, per_step)

    def _start_helper(self, depth: int) -> None:
        """Start the helper thread once per search, from `depth`; where threads cannot start
        (Pyodide raises), the search goes on alone."""
        self._helper_wanted, self._helper_next, self._helping = False, depth, depth
        helper = threading.Thread(target=self._help, args=self._root, daemon=True)
        try:
            helper.start()
        except RuntimeError:
            return
        self._helper = helper

    def _help(self, spelled, mover, other) -> None:
        """The helper's iterative deepening, from the depth it is given, until stopped; moved
        on to a deeper one when the main search catches up. Its results reach the main search
        through the table."""
        lane, game = self.lanes[1], self.game
        assert game is not None, "_prepare sets the game before any search"
        while not self._stopping and self._helper_next <= game.board.size + 2:
            depth = self._helping = self._helper_next
            self._helper_next = depth + 1
            score = self._kernel(lane, spelled, mover, other, depth, 0, -math.inf, math.inf)
            if not lane.stats[ABORTED] and proven(score):
                return
            lane.resume()

    def _stop_helper(self) -> None:
        """Tell the helper to stop, without waiting: on a loaded machine it may wait for a
        core a while before it unwinds, and the turn must be answered in time."""
        if self._helper is not None:
            self._stopping = True
            self.lanes[1].stop()

    def _join_helper(self) -> None:
        """Wait for the last search's helper (long gone, as a rule) before the next one."""
        if self._helper is not None:
            self._helper.join()
            self._helper = None

    def _store(self, spelled, mover, other, depth, score, bound, move, ply) -> None:
        keys, depths, scores, bounds, moves, gens, seals = self.tt
        key = toolkit.position_key(spelled, mover, other)
        slot = int(_slot(np.int64(key), keys.shape[0] - 1))
        keys[slot], depths[slot], scores[slot], bounds[slot] = key, depth, score, bound
        moves[slot] = turn = _pack(move)
        gens[slot] = self.generation
        seals[slot] = _seal(np.int64(key), depth, float(score), bound, turn)

    def _table_move(self, key):
        keys, depths, scores, bounds, moves, _, seals = self.tt
        slot = int(_slot(np.int64(key), keys.shape[0] - 1))
        turn = int(moves[slot])
        if (keys[slot] != key or turn < 0 or seals[slot]
                != _seal(np.int64(key), depths[slot], scores[slot], bounds[slot], turn)):
            return None
        return _unpack(turn)


class _Lane:
    """One thread's own rows: killers and scratch, the exact endgame's searcher, node count
    and abort flag (the tables are shared)."""

    def __init__(self) -> None:
        self.per_ply = np.full((MAX_PLY, 13 + KEY_SQUARES), -1, np.int64)
        self.end_search = Searcher()
        self.stats = np.zeros(3, np.int64)  # nodes, aborted, node limit (0: none)
        self.flag = np.zeros(1, np.int64)

    def reset(self) -> None:
        self.stats[NODES] = self.end_search.stats[NODES] = 0
        self.resume()

    def resume(self) -> None:
        """Clear a stop, to search again."""
        self.flag[0] = self.stats[ABORTED] = self.end_search.stats[ABORTED] = 0

    def stop(self) -> None:
        """Unwind this thread's search at once (its exact endgame's too)."""
        self.flag[0] = 1
        self.end_search.stats[ABORTED] = 1


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
