"""A board's first-turn table, its proof cut into independent pieces run on any Executor.

The value of every first turn from the start of a `files` × `ranks` board is the negamax of
the values of the positions `depth` turns into the game (depth 1: each first turn; depth 2:
each reply to each first turn, for boards where one first turn is too big a piece). Each
piece is a plain-data task (`solve_piece`: board size, position, table bits, node limit),
so it runs on a `concurrent.futures.Executor` of any kind: a ProcessPoolExecutor, a Dask
client's `get_executor()`, or none (this process, one table for every piece). A worker
(each thread of it) keeps its solver, hence its transposition table, from one piece to the
next: pieces that share positions find them there.

Positions that are images of each other under the symmetries that keep the houses are one
piece. Sign-only tables (`exact=False`: win or loss, 3 to 4 times cheaper on 5×5: the
exact plies take null-window probes of growing depth after the proof) skip the pieces whose
first turn is already settled (one reply that wins for the second witch refutes a turn).
With a `journal` (JSON lines, one finished piece a line) a stopped run resumes: the pieces
it holds are read, not searched again.
"""

from __future__ import annotations

import json
import os
import resource
import threading
import time
from collections.abc import Callable, Collection, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field

from .board import squares_of
from .rules import Sortileges
from .solver import BIG, Searcher, Solver, house_symmetries, plies, start_game
from .toolkit import as_turn, every_turn, from_child

Turn = tuple[int, int | None]
"""A turn as the solver writes it: (square stepped to, square spelled or None)."""
Position = tuple[int, int, int]
"""(spelled squares, square of the witch to move, square of the other witch)."""


def solve_piece(
    files: int,
    ranks: int,
    spelled: int,
    mover: int,
    other: int,
    exact: bool,
    table_bits: int,
    node_limit: int = 0,
) -> dict:
    """One piece of a proof, for any executor: the score of the witch to move (exact, or
    +1 / -1 for a win / a loss; None: the node limit stopped it), the positions searched,
    the seconds it took and this process's peak memory. The thread's solver (and table) is
    kept for its next piece: a worker of several threads holds a table per thread."""
    board = (files, ranks, table_bits)
    if getattr(_kept, "board", None) != board:
        _kept.solver = None  # free the old table before allocating the new one
        _kept.board, _kept.solver = board, Solver(start_game(files, ranks), table_bits)
    return _evaluate(_kept.solver, (spelled, mover, other), exact, node_limit)


_kept = threading.local()
"""This thread's solver for `solve_piece` (`solver`) and the board it is for (`board`:
files, ranks, table bits)."""


def _evaluate(solver: Solver, position: Position, exact: bool, node_limit: int) -> dict:
    solver.node_limit = node_limit
    solver.searchers = [Searcher(node_limit)]
    started = time.perf_counter()
    if exact:
        score: int | None = solver.value(*position)
    else:
        score = 1 if solver.wins(*position) else -1
    return {
        "score": None if solver.aborted else score,
        "nodes": solver.nodes,
        "seconds": round(time.perf_counter() - started, 3),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def parent_score(child: int, exact: bool) -> int:
    """A child's score seen from its parent (one turn further from the end when exact)."""
    return from_child(child) if exact else -child


@dataclass
class Node:
    """A position of the proof's top `depth` turns: a piece, or the parent of other nodes."""

    position: Position
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    piece: Position | None = None
    """the position's class (its smallest symmetric image), for a node that is a piece"""
    score: int | None = None
    """the score of the witch to move, once known"""


@dataclass
class Cost:
    """What the pieces cost: this run's, and the earlier runs' the journal gave."""

    computed: int = 0
    """pieces searched to the end in this run (the others: from the journal, not needed,
    or `unfinished`)"""
    unfinished: int = 0
    """pieces the node limit stopped"""
    from_journal: int = 0
    positions: int = 0
    """positions searched for every piece, in this run and the earlier ones (journal)"""
    positions_this_run: int = 0
    piece_seconds: float = 0.0
    """the sum of every piece's own time (over workers, may exceed a run's wall time)"""
    peak_rss_mb: float = 0.0
    """the largest peak memory of a process that searched a piece"""

    def add(self, result: dict, from_journal: bool = False) -> None:
        if from_journal:
            self.from_journal += 1
        else:
            self.computed += result["score"] is not None
            self.unfinished += result["score"] is None
            self.positions_this_run += result["nodes"]
        self.positions += result["nodes"]
        self.piece_seconds = round(self.piece_seconds + result["seconds"], 3)
        self.peak_rss_mb = max(self.peak_rss_mb, result["peak_rss_mb"])


@dataclass
class FirstTurnTable:
    """Every first turn's score for the first witch, and what the run cost."""

    files: int
    ranks: int
    exact: bool
    values: dict[Turn, int | None]
    """the first witch's score after each first turn (exact, or +1 / -1; None: unfinished)"""
    names: dict[Turn, str]
    """each first turn in notation"""
    pieces: int
    seconds: float
    """this run's wall-clock seconds"""
    cost: Cost

    @property
    def complete(self) -> bool:
        return all(value is not None for value in self.values.values())

    def winning(self) -> list[Turn]:
        """The first turns that win for the first witch."""
        return [turn for turn, value in self.values.items() if value is not None and value > 0]

    def fastest_win(self) -> tuple[int | None, list[Turn]]:
        """The fewest plies to the end after a winning first turn, and the turns that win so
        fast (None, []: no exact win known)."""
        wins = [v for v in self.values.values() if v is not None and v > 0]
        if not self.exact or not wins:
            return None, []
        best = max(wins)
        return plies(best), [t for t, v in self.values.items() if v == best]

    def to_dict(self) -> dict:
        """A JSON-ready summary: each first turn's outcome (and plies when exact)."""
        fastest, turns = self.fastest_win()
        return {
            "exact": self.exact,
            "complete": self.complete,
            "turns": {
                self.names[t]: None
                if v is None
                else {"wins": v > 0, **({"plies": plies(v)} if self.exact else {})}
                for t, v in sorted(self.values.items(), key=lambda item: _order(item[1]))
            },
            "winning_first_turns": len(self.winning()) if self.complete else None,
            "first_turns": len(self.values),
            "first_turns_valued": sum(v is not None for v in self.values.values()),
            "winning_among_valued": len(self.winning()),
            "fastest_win": {"plies": fastest, "turns": [self.names[t] for t in turns]},
            "pieces": self.pieces,
            "pieces_computed": self.cost.computed,
            "pieces_from_journal": self.cost.from_journal,
            "pieces_unfinished": self.cost.unfinished,
            "positions": self.cost.positions,
            "positions_this_run": self.cost.positions_this_run,
            "seconds": self.seconds,
            "piece_seconds": self.cost.piece_seconds,
            "peak_rss_mb": self.cost.peak_rss_mb,
        }


def _order(value: int | None) -> int:
    """Best first: fastest wins, then slowest losses, unfinished last."""
    return -value if value is not None else BIG + 1


class Journal:
    """Finished pieces of one board, one JSON line each, appended as they finish.

    A line cut short by a stopped run is skipped when read (and the next line starts on a
    line of its own). An exact score also answers a sign-only table; a sign answers only a
    sign-only one."""

    def __init__(self, path: str | os.PathLike | None, board: str):
        self.path, self.board = path, board
        self.done: dict[tuple[Position, bool], dict] = {}
        self.cut_short = False
        if path is not None and os.path.exists(path):
            with open(path, encoding="utf-8") as stream:
                for line in stream:
                    self.cut_short = not line.endswith("\n")
                    try:
                        row = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    if row.get("board") == board:
                        self.done[tuple(row["position"]), row["exact"]] = row

    def get(self, piece: Position, exact: bool) -> dict | None:
        row = self.done.get((piece, True))
        if row is not None and not exact:
            return {**row, "score": 1 if row["score"] > 0 else -1}
        return row if exact else self.done.get((piece, False))

    def add(self, piece: Position, exact: bool, result: dict) -> None:
        row = {"board": self.board, "position": list(piece), "exact": exact, **result}
        self.done[piece, exact] = row
        if self.path is not None:
            with open(self.path, "a", encoding="utf-8") as stream:
                stream.write(("\n" if self.cut_short else "") + json.dumps(row) + "\n")
                self.cut_short = False
                stream.flush()
                os.fsync(stream.fileno())


def first_turn_table(
    files: int,
    ranks: int,
    executor: Executor | None = None,
    *,
    exact: bool = True,
    depth: int = 1,
    table_bits: int = 22,
    node_limit: int = 0,
    journal: str | os.PathLike | None = None,
    in_flight: int = 8,
    progress: bool = False,
    first_turns: Collection[str] | None = None,
) -> FirstTurnTable:
    """Every first turn's score from the start of a `files` × `ranks` board.

    The pieces (positions `depth` turns in, one per symmetry class) run on `executor`
    (None: this process), at most `in_flight` at a time; `node_limit` is per piece (an
    unfinished piece leaves its first turn None). `journal` keeps the finished pieces
    and gives them back to the next run; `progress` shows the pieces done (tqdm).
    `first_turns` (names, as "c1-c2/c5"): value only these, the others left None — a board
    too big to value every first turn may still be settled by proving one of them."""
    if depth not in (1, 2):
        raise ValueError(f"depth is 1 (first turns) or 2 (their replies), not {depth!r}")
    if in_flight < 1:
        raise ValueError(f"in_flight must be at least 1, not {in_flight!r}")
    game = start_game(files, ranks)
    start = game.new_game(seed=0, first=0).position()
    canonical = _canonical(game)
    root = _tree(game, start, depth, canonical)
    turns = _turns(game, start)
    names = {turn: str(as_turn(game.board, start[1], turn)) for turn in turns}
    chosen = _chosen(names, first_turns)
    book = Journal(journal, f"{files}x{ranks}")
    submit = _submitter(files, ranks, executor, exact, table_bits, node_limit)
    leaves: dict[Position, list[Node]] = {}
    for turn, child in zip(turns, root.children, strict=True):
        for node in _pieces(child) if turn in chosen else ():
            leaves.setdefault(node.piece, []).append(node)  # type: ignore[arg-type]
    started = time.perf_counter()
    cost = Cost()

    def settle(piece: Position, result: dict) -> None:
        for node in leaves[piece]:
            node.score = result["score"]
            _resolve(node.parent, exact)

    def needed(piece: Position) -> bool:
        return any(_open(node) for node in leaves[piece])

    for piece in leaves:
        known = book.get(piece, exact)
        if known is not None:
            cost.add(known, from_journal=True)
            settle(piece, known)

    def finished(piece: Position, result: dict) -> None:
        cost.add(result)
        if result["score"] is not None:
            book.add(piece, exact, result)
            settle(piece, result)

    bar = _progress_bar(progress, len(leaves), cost.from_journal)
    waiting = [p for p in leaves if leaves[p][0].score is None]
    _run_pieces(waiting, submit, in_flight, needed, finished, bar)
    bar(0, close=True)
    values = {
        turn: (None if child.score is None else parent_score(child.score, exact))
        for turn, child in zip(turns, root.children, strict=True)
    }
    return FirstTurnTable(
        files=files,
        ranks=ranks,
        exact=exact,
        values=values,
        names=names,
        pieces=len(leaves),
        seconds=round(time.perf_counter() - started, 3),
        cost=cost,
    )


def _run_pieces(
    pieces: list[Position],
    submit: Callable[[Position], Future],
    in_flight: int,
    needed: Callable[[Position], bool],
    finished: Callable[[Position, dict], None],
    bar: Callable[..., None],
) -> None:
    """Each piece, in order, submitted if still `needed` when its turn comes (an earlier
    piece may have settled its first turn), at most `in_flight` running at a time;
    `finished(piece, result)` as each one ends, and `bar(1)` for each piece done or skipped."""
    waiting = iter(pieces)
    running: dict[Future, Position] = {}
    while True:
        while len(running) < in_flight:
            queued = next(waiting, None)
            if queued is None:
                break
            if not needed(queued):
                bar(1)
                continue
            running[submit(queued)] = queued
        if not running:
            return
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in done:
            piece = running.pop(future)
            finished(piece, future.result())
            bar(1)


def _chosen(names: dict[Turn, str], first_turns: Collection[str] | None) -> set[Turn]:
    """The first turns named (all when None); a name that is not a first turn is refused."""
    if first_turns is None:
        return set(names)
    if isinstance(first_turns, str):
        raise TypeError("first_turns is a collection of names, not one string")
    wanted = set(first_turns)
    unknown = wanted - set(names.values())
    if unknown or not wanted:
        raise ValueError(
            f"not first turns of this board: {sorted(unknown) or 'none given'}; "
            f"they are written as {next(iter(names.values()))!r}"
        )
    return {turn for turn, name in names.items() if name in wanted}


def _turns(game: Sortileges, position: Position) -> list[Turn]:
    spelled, mover, other = position
    return list(every_turn(game, spelled, mover, other))


def _after(position: Position, turn: Turn) -> Position:
    spelled, mover, other = position
    target, spell = turn
    return (spelled if spell is None else spelled | 1 << spell), other, target


def _canonical(game: Sortileges) -> Callable[[Position], Position]:
    """The smallest image of a position under the symmetries that keep the houses."""
    maps = house_symmetries(game)

    def image(position: Position) -> Position:
        spelled, mover, other = position
        return min((sum(1 << m[s] for s in squares_of(spelled)), m[mover], m[other]) for m in maps)

    return image


def _tree(
    game: Sortileges,
    position: Position,
    depth: int,
    canonical: Callable[[Position], Position],
    parent: Node | None = None,
) -> Node:
    """The proof's top: the start and `depth` turns; a node with no turn left is a piece."""
    node = Node(position, parent)
    turns = _turns(game, position) if depth else []
    if not turns:
        node.piece = canonical(position)
    for turn in turns:
        node.children.append(_tree(game, _after(position, turn), depth - 1, canonical, node))
    return node


def _pieces(node: Node) -> Iterator[Node]:
    if node.piece is not None:
        yield node
    for child in node.children:
        yield from _pieces(child)


def _resolve(node: Node | None, exact: bool) -> None:
    """Fill in the scores a newly known child settles, up the tree: a sign-only node is
    settled by one winning child, an exact one only by all its children."""
    while node is not None and node.score is None:
        known = [parent_score(c.score, exact) for c in node.children if c.score is not None]
        if len(known) < len(node.children) and (exact or max(known, default=-1) < 0):
            return
        node.score = max(known)
        node = node.parent


def _open(leaf: Node) -> bool:
    """Is this leaf's score still needed: are its ancestors below the start unsettled?"""
    node: Node | None = leaf
    while node is not None and node.parent is not None:
        if node.score is not None:
            return False
        node = node.parent
    return True


def _submitter(
    files: int, ranks: int, executor: Executor | None, exact: bool, table_bits: int, node_limit: int
) -> Callable[[Position], Future]:
    """How a piece is sent: to the executor, or searched here at once on one table."""
    if executor is not None:
        return lambda piece: executor.submit(
            solve_piece, files, ranks, *piece, exact, table_bits, node_limit
        )
    solver = Solver(start_game(files, ranks), table_bits)

    def here(piece: Position) -> Future:
        future: Future = Future()
        future.set_result(_evaluate(solver, piece, exact, node_limit))
        return future

    return here


def _progress_bar(progress: bool, total: int, initial: int) -> Callable[..., None]:
    """A tqdm bar's update (tqdm only when asked: it is an optional extra)."""
    if not progress:
        return lambda n, close=False: None
    from tqdm.auto import tqdm

    bar = tqdm(total=total, initial=initial, desc="pieces")

    def update(n: int, close: bool = False) -> None:
        bar.update(n)
        if close:
            bar.close()

    return update
