"""Exact game values of Sortilèges (Isola with protected houses) on small boards.

A negamax alpha-beta search to the end of the game over the raw bitboards (a position's key
fits in an int64 on boards of up to 51 squares), written once as a kernel (`..compiled`):
compiled by numba when it is installed, else the same code in plain Python (the browser),
which gives the same values some forty times slower (100,000 to 150,000 positions a
second in CPython), enough for the puzzles' and lessons' positions. Move generation is full
width: every step and every spellable square, unlike the playing bots' candidate turns; only
the squares out of both witches' reach, all alike, are tried as one spell. So the values are
proofs; tests compare them with a plain minimax on 3×3, 3×4 and 4×4 positions.

Scores are for the witch to move (`toolkit.BIG`): `BIG - d` when she blocks the other witch
after d turns (plies) of optimal play, `d - BIG` when she is the one blocked after d turns.
The winner plays to win as soon as possible, the loser to last as long as possible; that is
the "plies to win" the solver reports.

How: first a null-window search (scores only compared with 0) finds who wins, the cheap
proof: one winning turn suffices at the winner's nodes. Then a full-window search on the
same table finds the exact distance. The table (a "win/loss" table of bounds: lower, upper,
exact) is a fixed array of 2**table_bits buckets of two entries; a new entry replaces the
entry of the bucket with the more spells (the cheaper subtree to recompute). Positions that
must have the same value share one entry (`_key`): squares neither witch can reach any more
only count (each is a spell that changes nothing, so all of them are one turn), and the
board's mirror images and half turn that keep the houses give one key. Turns are ordered to
find wins early: two killer turns, then `toolkit.every_turn`'s order (steps with the most
room first, spells next to the other witch first).

numba's disk cache does not notice a change in `toolkit_kernels.py`: after editing it or
this module's kernels, delete `__pycache__/*.nbi` and `*.nbc` here.
"""

from __future__ import annotations

import threading
import time
from array import array
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from ..compiled import kernel, plain
from ..extras import have_numba, require
from .board import squares_of
from .evaluation import Geometry
from .rules import Sortileges, SortilegesState, isola_houses
from .toolkit import BIG, EMPTY, KEY_SQUARES, NO_SPELL, as_turn, every_turn
from .toolkit_kernels import (
    bound_of,
    child_window,
    dilate,
    from_child,
    pack_turn,
    popcount,
    position_key,
    settled,
    steps_by_room,
    unpack_turn,
)

OFFSET = 4 * BIG
"""A table entry is (score + OFFSET) << 2 | bound: one int32, never 0 (EMPTY) once written."""
MAX_PLY = 64
"""Turns in a game on the largest board the solver takes (51 squares) are fewer."""
ROW = 64
"""A ply's row of a searcher's `per_ply` scratch: its two killer turns, at 2 to 9 its steps
(most room first), from 10 the turns of the step being tried (at most KEY_SQUARES + 1)."""
STEPS, TURNS = 2, 10
"""Where a row's steps and turns start."""
NODES, ABORTED, LIMIT = 0, 1, 2
"""Slots of the `stats` array: nodes searched, abort flag, node limit (0: none)."""


@kernel(cache=True)
def _slot(key, mask):
    h = key * -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed int64
    h ^= (h >> 31) & 0x1FFFFFFFF
    return (h & mask) & ~1


@kernel(cache=True)
def _mix(entry):
    """An entry spread over 63 bits, xor-ed into its stored key: a reader that meets a key
    and an entry written by two different threads sees a wrong key and ignores them. (63
    bits: a stored key stays a positive int64, in numpy's arrays and in Python's.)"""
    return (entry * -7046029254386353131) & 0x7FFFFFFFFFFFFFFF


@kernel(cache=True)
def _region(seeds, open_squares, geo):
    """The seeds and every square of `open_squares` joined to them by king steps."""
    reach = seeds
    while True:
        grown = (dilate(reach, geo) & open_squares) | seeds
        if grown == reach:
            return reach
        reach = grown


@kernel(cache=True)
def _mapped(mask, at, sym_bytes):
    """The image of a bitboard under the symmetry whose byte tables start at `at`, a byte at
    a time."""
    image = 0
    while mask:
        image |= sym_bytes[at + (mask & 255)]
        mask >>= 8
        at += 256
    return image


@kernel(cache=True)
def _key(relevant, spare, mover, other, houses, geo, sym_bytes, sym_squares):
    """The table key of a position's class: what can still matter, up to symmetry.

    Only `relevant` squares (those the witches can still reach) and the number of `spare`
    ones (free, spellable, out of reach: each is a spell that changes nothing) decide the
    game. The key marks every other square spelled except the `spare` lowest squares not
    next to the relevant ones, a position of the same value that tells the class apart;
    then takes the smallest key over the board's symmetries that keep the houses.
    """
    outside = geo[3] & ~relevant
    away = outside & ~houses & ~dilate(relevant, geo)
    size = geo[4]
    tables = (size + 7) // 8 * 256
    best = -1
    for g in range(len(sym_squares) // size):
        marked = _mapped(outside, g * tables, sym_bytes)
        free = _mapped(away, g * tables, sym_bytes)
        for _ in range(spare):
            low = free & -free
            marked ^= low
            free ^= low
        key = position_key(marked, sym_squares[g * size + mover], sym_squares[g * size + other])
        if g == 0 or key < best:
            best = key
    return best


# One piece, as a compiled kernel must be (numba passes no objects between functions);
# tests check its values against a plain minimax.
@kernel("int64(int64, int64, int64, int64, int64, int64, int64[::1], int64[::1], int64[::1], "
        "int64[::1], int64[::1], int32[::1], int64[::1], int64[::1])", nogil=True, cache=True)
def _search(spelled, mover, other, alpha, beta, ply, neighbours, geo, sym_bytes, sym_squares,  # noqa: C901
            keys, entries, per_ply, stats):
    houses = geo[5]
    stats[NODES] += 1
    if stats[ABORTED]:
        return 0
    if stats[LIMIT] and stats[NODES] > stats[LIMIT]:
        stats[ABORTED] = 1
        return 0
    steps = neighbours[mover] & ~(spelled | (1 << other))
    if steps == 0:
        return -BIG
    # she can move: at best she wins this turn, at worst she is blocked at her next one;
    # a window outside those bounds is answered at once (it limits the search's length)
    if alpha >= BIG - 1:
        return BIG - 1
    if beta <= 2 - BIG:
        return 2 - BIG
    full, size = geo[3], geo[4]
    relevant = _region((1 << mover) | (1 << other), full & ~spelled, geo)
    spare_squares = full & ~(spelled | relevant | houses)
    key = _key(relevant, popcount(spare_squares), mover, other, houses, geo, sym_bytes,
               sym_squares)
    slot = _slot(key, len(keys) - 1)
    for s in (slot, slot + 1):
        entry = entries[s]
        if entry != EMPTY and keys[s] ^ _mix(entry) == key:
            known = (entry >> 2) - OFFSET
            if settled(known, entry & 3, alpha, beta):
                return known
    start_alpha = alpha
    best = -BIG - 1
    won = False
    near = neighbours[other]
    for t in range(size):
        # a win in one turn: after this step the other witch has no free neighbour left, or
        # one that can be spelled now
        left = near & ~(spelled | (1 << t))
        if steps >> t & 1 and (left == 0 or (popcount(left) == 1 and left & ~houses)):
            best = BIG - 1
            won = True
            break
    # this ply's row: the two last turns that refuted a sibling (killers), then the steps
    # with most room first, then the turns of one step
    row = ply * ROW
    n = steps_by_room(steps, spelled, other, neighbours, size, per_ply, row + STEPS)
    turns = row + TURNS
    # all spells out of reach are the same turn: one stands for them all
    spare_spell = spare_squares & -spare_squares
    tried_0 = tried_1 = -1  # the killers tried here, not to be tried again
    k = n if won else row
    while k < n:
        count = 0
        if k < row + STEPS:
            turn = per_ply[k]
            target, spell = unpack_turn(turn)
            if turn >= 0 and steps >> target & 1:
                spellable = full & ~(spelled | houses | (1 << target) | (1 << other))
                if (spell == NO_SPELL and spellable == 0) or \
                        (spell < NO_SPELL and (spellable & relevant) >> spell & 1):
                    per_ply[turns] = turn
                    if k == row:
                        tried_0 = turn
                    else:
                        tried_1 = turn
                    count = 1
        else:
            target = per_ply[k]
            spellable = full & ~(spelled | houses | (1 << target) | (1 << other))
            if spellable == 0:
                turn = pack_turn(target, NO_SPELL)
                per_ply[turns] = turn
                count = 1 if turn != tried_0 and turn != tried_1 else 0
            reachable = spellable & relevant
            for phase in range(3):
                chosen = reachable & near if phase == 0 else \
                    reachable & ~near if phase == 1 else spare_spell
                for spell in range(size):
                    turn = pack_turn(target, spell)
                    if chosen >> spell & 1 and turn != tried_0 and turn != tried_1:
                        per_ply[turns + count] = turn
                        count += 1
        for j in range(count):
            turn = per_ply[turns + j]
            target, spell = unpack_turn(turn)
            after = spelled if spell == NO_SPELL else spelled | (1 << spell)
            low, high = child_window(alpha, beta)
            score = from_child(_search(after, other, target, low, high, ply + 1, neighbours, geo,
                                       sym_bytes, sym_squares, keys, entries, per_ply, stats))
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
            if alpha >= beta:
                if turn != per_ply[row]:
                    per_ply[row + 1] = per_ply[row]
                    per_ply[row] = turn
                break
        if alpha >= beta:
            break
        k += 1
    if stats[ABORTED]:
        return 0
    flag = bound_of(best, start_alpha, beta)
    # replacement: the entry for this key, else an empty slot, else the one with more spells
    target_slot = -1
    spells_0 = spells_1 = 0
    for i in range(2):
        entry = entries[slot + i]
        stored = keys[slot + i] ^ _mix(entry)
        if entry == EMPTY or stored == key:
            target_slot = slot + i
            break
        if i == 0:
            spells_0 = popcount(stored >> 12)  # the key's spelled squares
        else:
            spells_1 = popcount(stored >> 12)
    if target_slot < 0:
        target_slot = slot if spells_0 >= spells_1 else slot + 1
    entry = ((best + OFFSET) << 2) | flag
    entries[target_slot] = entry
    keys[target_slot] = key ^ _mix(entry)
    return best


def compiled_or_not(compiled: bool | None) -> bool:
    """Whether to run the compiled kernel: `compiled`, or by default whether numba is there;
    compiled without numba names the extra to install."""
    if compiled is None:
        return have_numba()
    if compiled:
        require("fast", "Sortilèges' compiled solver")
    return compiled


def vector(values: Any, compiled: bool, typecode: str = "q") -> Any:
    """Integers as the kernel indexes them: a numpy array (int64, "i": int32) for the
    compiled kernel, for plain Python a list, or with `values` a count a stdlib array of
    that many zeros (a table: 8 or 4 bytes an entry, as in numpy)."""
    if compiled:
        import numpy as np

        dtype = np.int64 if typecode == "q" else np.int32
        return np.zeros(values, dtype) if isinstance(values, int) else np.array(values, dtype)
    if isinstance(values, int):
        return array(typecode, bytes(values * array(typecode).itemsize))
    return list(values)


def house_symmetries(game: Sortileges) -> list[tuple[int, ...]]:
    """The board's symmetries that keep the houses, each as the image of every square."""
    return [m for m in game.board.symmetries() if {m[h] for h in game.houses} == set(game.houses)]


def kernel_shape(game: Sortileges, compiled: bool | None = None) -> tuple[Any, Any, Any, Any]:
    """What `_search` needs to know of a game: neighbours, geometry (files, not_first,
    not_last, full, size, houses), and the symmetries that keep the houses: per symmetry,
    per byte of a bitboard, the image of each of its 256 values, and the image of each
    square. Flat arrays (`vector`): numba's cache mishandles a tuple passed down a
    recursion, and plain Python indexes a flat list fastest."""
    compiled = compiled_or_not(compiled)
    board = game.board
    geometry = Geometry.of(board.files, board.ranks)
    geo = [board.files, geometry.not_first, geometry.not_last, board.full, board.size,
           game.house_mask]
    maps = house_symmetries(game)
    sym_bytes = []
    for image in maps:
        for byte in range(0, board.size, 8):
            squares = image[byte:byte + 8]
            sym_bytes += [sum(1 << to for bit, to in enumerate(squares) if value >> bit & 1)
                          for value in range(256)]
    return tuple(vector(values, compiled) for values in
                 (board.neighbours, geo, sym_bytes, [to for image in maps for to in image]))


class TranspositionTable:
    """The solver's table of bounds: 2**bits entries (12 bytes each: numpy arrays for the
    compiled kernel, stdlib arrays for plain Python), which several threads may share
    (`_mix`)."""

    def __init__(self, bits: int = 22, compiled: bool | None = None):
        self.compiled = compiled_or_not(compiled)
        self.keys = vector(1 << bits, self.compiled)
        self.entries = vector(1 << bits, self.compiled, "i")

    @property
    def nbytes(self) -> int:
        return len(self.keys) * self.keys.itemsize + len(self.entries) * self.entries.itemsize

    def used(self) -> int:
        if self.compiled:
            import numpy as np

            return int(np.count_nonzero(self.entries))
        return len(self.entries) - self.entries.count(EMPTY)

    def clear(self) -> None:
        self.entries[:] = vector(len(self.entries), self.compiled, "i")


class Searcher:
    """One thread's own part of a search: its killer turns and scratch (`ROW` per ply), node
    count, stop flags."""

    def __init__(self, node_limit: int = 0, compiled: bool | None = None):
        compiled = compiled_or_not(compiled)
        self.per_ply = vector([-1] * (MAX_PLY * ROW), compiled)
        self.stats = vector([0, 0, node_limit], compiled)


class Solver:
    """Exact values of positions of one game (board and houses): `value`, `turn_values`.

    `compiled`: run the numba kernel (the default when numba is installed) or the same
    kernel in plain Python (the default without numba; the same values, some forty times
    slower: small positions only)."""

    def __init__(self, game: Sortileges, table_bits: int = 22, node_limit: int = 0,
                 compiled: bool | None = None):
        board = game.board
        if board.size > KEY_SQUARES:
            raise ValueError(f"the solver packs a position in 64 bits, which holds boards of "
                             f"{KEY_SQUARES} squares at most: {board} is too large")
        self.game = game
        self.compiled = compiled_or_not(compiled)
        self.search: Callable[..., int] = _search if self.compiled else plain(_search)
        self.shape = kernel_shape(game, self.compiled)
        self.transpositions = TranspositionTable(table_bits, self.compiled)
        self.node_limit = node_limit
        self.searchers = [Searcher(node_limit, self.compiled)]

    @property
    def nodes(self) -> int:
        return sum(int(searcher.stats[NODES]) for searcher in self.searchers)

    @property
    def aborted(self) -> bool:
        return any(searcher.stats[ABORTED] for searcher in self.searchers)

    def _run(self, spelled: int, mover: int, other: int, alpha: int, beta: int,
             searcher: Searcher | None = None) -> int:
        searcher = searcher or self.searchers[0]
        table = self.transpositions
        return int(self.search(spelled, mover, other, alpha, beta, 0, *self.shape, table.keys,
                               table.entries, searcher.per_ply, searcher.stats))

    def wins(self, spelled: int, mover: int, other: int,
             searcher: Searcher | None = None) -> bool:
        """Does the witch to move win with best play? (null-window search, the cheap proof)"""
        return self._run(spelled, mover, other, -1, 1, searcher) > 0

    def proof(self, spelled: int, mover: int, other: int, threads: int = 1,
              progress: bool = False) -> tuple[bool | None, tuple[int, int | None] | None]:
        """`wins` with its first two levels driven from here: who wins (None: node limit),
        and the first winning turn found. Each turn's replies are shared out between
        `threads` threads on the one table; `progress` shows turns and replies (tqdm, from
        the `fast` extra)."""
        from tqdm.auto import tqdm

        turns = list(every_turn(self.game, spelled, mover, other))
        self.lost_turns: list[tuple[int, int | None]] = []
        """first turns shown to lose, in the order tried (what a stopped proof has shown)"""
        self.unfinished: tuple[tuple[int, int | None], int, int] | None = None
        """the turn being proven when the node limit stopped it: (turn, replies answered,
        replies)"""
        with ThreadPoolExecutor(threads) as pool:
            for turn in tqdm(turns, desc="first turns", disable=not progress):
                target, spell = turn
                after = spelled if spell is None else spelled | 1 << spell
                replies = list(every_turn(self.game, after, other, target))
                won, answered = self._all_answered(after, target, replies, pool, threads,
                                                   progress)
                if won is None:
                    self.unfinished = turn, answered, len(replies)
                    return None, None
                if won:
                    return True, turn
                self.lost_turns.append(turn)
        return False, None

    def _all_answered(self, spelled, mover, replies, pool, threads,
                      progress) -> tuple[bool | None, int]:
        """Does the witch on `mover` win after each of these replies? (None: node limit);
        and how many replies were answered."""
        while len(self.searchers) < threads:
            self.searchers.append(Searcher(self.node_limit, self.compiled))
        from tqdm.auto import tqdm

        queue = iter(replies)
        lock = threading.Lock()
        bar = tqdm(total=len(replies), desc="replies", leave=False, disable=not progress)
        refuted = threading.Event()

        def work(searcher: Searcher) -> None:
            while not refuted.is_set():
                with lock:
                    reply = next(queue, None)
                if reply is None:
                    return
                target, spell = reply
                after = spelled if spell is None else spelled | 1 << spell
                won = self.wins(after, mover, target, searcher)
                if searcher.stats[ABORTED]:
                    return
                bar.update()
                if not won:
                    refuted.set()
                    for other in self.searchers:
                        other.stats[ABORTED] = 1

        list(pool.map(work, self.searchers[:threads]))
        bar.close()
        if refuted.is_set():
            for searcher in self.searchers:
                searcher.stats[ABORTED] = 0
            return False, bar.n
        return (None if self.aborted else True), bar.n

    def value(self, spelled: int, mover: int, other: int) -> int:
        """The exact score for the witch to move (BIG - d: she wins after d turns).

        Who wins first, then null-window probes "does she win within d turns?" (or "is she
        blocked within d?") for d = 1, 3, 5, … (0, 2, 4, …): the first yes is the value.
        Each probe cuts every line longer than d, and all share the table."""
        wins = self.wins(spelled, mover, other)
        d = 1 if wins else 0
        while not self.aborted:
            if wins and self._run(spelled, mover, other, BIG - d - 1, BIG - d) >= BIG - d:
                return BIG - d
            if not wins and self._run(spelled, mover, other, d - BIG, d - BIG + 1) <= d - BIG:
                return d - BIG
            d += 2
        return 0

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
          first_turn_values: bool = True, node_limit: int = 0, threads: int = 1,
          progress: bool = False, compiled: bool | None = None) -> Solution:
    """Solve the start position of a `files` × `ranks` board with Isola's houses.

    With `first_turn_values` every first turn is valued (small boards); without, the proof
    stops at the first winning first turn (`Solver.proof`: `threads`, `progress`).
    `compiled`: as `Solver`'s."""
    game = start_game(files, ranks)
    board = game.board
    state = game.new_game(seed=0, first=0)
    spelled, mover, other = state.position()
    solver = Solver(game, table_bits, node_limit, compiled)
    started, cpu = time.perf_counter(), time.process_time()
    notes = []
    best: list[str] = []
    winning = 0
    first_wins: bool | None  # None: the proof stopped at the node limit
    if first_turn_values:
        first_wins = solver.wins(spelled, mover, other)
    else:
        first_wins, turn = solver.proof(spelled, mover, other, threads, progress)
        if turn is not None:
            best, winning = [str(as_turn(board, mover, turn))], -1  # not counted
            notes.append("best_first_turns: one winning first turn (the proof's), not all")
        if solver.lost_turns:
            notes.append(f"first turns shown to lose ({len(solver.lost_turns)}): " + ", ".join(
                str(as_turn(board, mover, lost)) for lost in solver.lost_turns))
        if solver.unfinished:
            unfinished, answered, replies = solver.unfinished
            notes.append(f"node limit reached while proving {as_turn(board, mover, unfinished)}: "
                         f"{answered} of its {replies} replies answered")
    complete = first_wins is not None and not solver.aborted
    score = None
    if complete and exact_plies:
        score = solver.value(spelled, mover, other)
        if solver.aborted:
            notes.append("exact plies: node limit reached")
            score = None
    if complete and first_turn_values and not solver.aborted:
        values = solver.turn_values(spelled, mover, other, exact=exact_plies and score is not None)
        if solver.aborted:
            notes.append("first turns: node limit reached")
        else:
            winning = sum(1 for _, v in values if v > 0)
            top = values[0][1]
            best = [str(as_turn(board, mover, t)) for t, v in values if v == top]
    seconds = time.perf_counter() - started
    return Solution(
        board=f"{files}x{ranks}", houses=[board.names[h] for h in game.houses],
        winner=("first" if first_wins else "second") if complete else "unknown",
        plies=None if score is None else plies(score), best_first_turns=best,
        winning_first_turns=winning, first_turns=len(state.legal_actions()),
        positions=solver.nodes, seconds=round(seconds, 3),
        table_mb=round(solver.transpositions.nbytes / 2**20, 1),
        table_entries_used=solver.transpositions.used(), complete=complete, notes=notes,
        cpu_seconds=round(time.process_time() - cpu, 3))


def to_dict(solution: Solution) -> dict:
    return asdict(solution)


__all__ = ["BIG", "Solution", "Solver", "SortilegesState", "isola_houses", "plies", "solve"]
