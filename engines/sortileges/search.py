"""Levels 4 and 5: a tournament-style search, fast enough in pure Python to matter.

* negamax alpha-beta with iterative deepening; an unfinished pass is discarded, except that
  a first turn it already proved better than the previous best is kept (the previous best
  is always searched first, so that comparison is fair);
* make/unmake for free: a position is three ints (spelled squares, witch to move, other
  witch), so making a turn is one `|` and unmaking is keeping the parent's ints;
* a transposition table keyed by the packed bitboards (`toolkit.position_key`: exact, no
  collisions, two operations per node, the Python form of an incremental hash).
  It stores lower / upper bounds and exact scores, with win scores kept relative to the
  node so that a transposition at another ply reads them right; replacement keeps the
  deeper entry, and when full it forgets the entries of older searches first;
* move ordering: table move, then two killer turns per ply, then steps with most room, and
  each step's spells with most room (the other witch's best ways on: a fifth fewer nodes);
* principal variation search, at the root as in the tree: a node's first turn (the table's,
  as a rule) is searched with the full window, the others with a null window at alpha, and
  searched again with the full window only if they beat it (`toolkit.search_again`; a root
  turn that beat the best is kept if the clock stops during its second search): the same
  scores as alpha-beta, a third fewer nodes for the same depth (depth 7 on eight openings:
  20 M nodes instead of 30 M);
* candidate spells (`toolkit.candidate_turns`, gtsa's Isola idea): squares next to the other
  witch and the square just left, and, where each of these takes one of the caster's own
  steps, a waiting spell far from both witches (`toolkit.waiting_spell`: often the only
  winning turn then).
  Safety net: if no square next to the other witch can be spelled, every spellable square is
  a candidate; and once `FULL_WIDTH_FREE` squares or fewer are free the search is full width;
* an exact endgame (`regions.ExactEndgame`, full width to the end) once `EXACT_FREE` or
  fewer squares are free, which is when separated regions are small enough to solve;
* the evaluation of `evaluation.py` (mobility, Voronoi territory and its near part, houses,
  separated race);
* a loss "proven" among candidate turns is no proof (the winning turn may be a spell the
  candidates leave out): before giving up, every legal turn is tried by an exact full-width
  search with a node limit (`RESCUE_NODES`), and a turn it proves won is played;
* a budget of `seconds` (a clock: a loaded machine searches less) and/or of `max_nodes`
  (the same turn on any machine: what the benchmarks use to compare bots fairly).

`nodes`, `depth`, `score` and `pv` describe the last search; `root_scores` gives, after
`analyse`, the best score of each step square.
"""

from __future__ import annotations

import math
import time

from ..bots import Bot, Deadline, SearchCancelled
from ..core import GameOverError
from .evaluation import DEFAULT_WEIGHTS, Evaluate, Evaluator, Weights
from .regions import EXACT_FREE, ExactEndgame, NodeLimit
from .rules import Sortileges, SortilegesState, Turn
from .toolkit import (
    EXACT,
    NULL_WIDTH,
    WIN,
    Candidate,
    as_turn,
    bound_of,
    candidate_spells,
    candidate_turns,
    every_turn,
    first_then,
    position_key,
    proven,
    relative_to_node,
    relative_to_root,
    search_again,
    settled,
    waiting_spell,
)

FULL_WIDTH_FREE = 14
"""Free squares at or below which every spellable square is a candidate (no restriction)."""


def free_squares(game: Sortileges, spelled: int, mover: int, other: int) -> int:
    """How many squares are neither spelled nor under a witch."""
    return (game.board.full & ~(spelled | 1 << mover | 1 << other)).bit_count()


class SearchBot(Bot[SortilegesState]):
    """Alpha-beta with the refinements above; `seconds` per turn (None: the caller's deadline
    or `max_depth` alone), `max_nodes` a turn (None: no node budget; the depth under way
    when it is spent is discarded, as when the clock stops it). `weights` or `evaluate` (a
    function of `Features`) set the evaluation; `exact_endgame=False` turns the exact
    endgame off (for comparisons)."""

    name = "search"
    CHECK_EVERY = 128
    MARGIN = (0.03, 0.01)
    """Kept back from every budget (a fraction, plus seconds): the time to unwind an
    unfinished pass and answer, so that a loaded machine still keeps within 10 %."""
    TABLE_LIMIT = 400_000
    RESCUE_NODES = (60_000, 15_000)
    """The exact search's nodes for a root that looks lost, in all and for one turn (a
    fraction of a second in Python, whatever the clock): the winning turns the candidates
    missed in the gauntlet took 58 and 1,955 nodes of the solver, 11,245 of `ExactEndgame`."""

    def __init__(
        self,
        seconds: float | None = 1.0,
        max_depth: int | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
        evaluate: Evaluate | None = None,
        exact_endgame: bool = True,
        keep_table: bool = True,
        max_nodes: int | None = None,
    ):
        self.seconds = seconds
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.weights = weights
        self.evaluate = evaluate
        self.exact_endgame = exact_endgame
        self.keep_table = keep_table
        self.transpositions: dict[int, tuple[int, float, int, Candidate | None, int]] = {}
        self.generation = 0
        self.game: Sortileges | None = None
        self.nodes = 0
        self.depth = 0
        self.score = 0.0
        self.pv: list[Candidate] = []
        self.root_scores: dict[int, float] = {}
        self.elapsed = 0.0

    def __repr__(self) -> str:
        nodes = "" if self.max_nodes is None else f", max_nodes={self.max_nodes}"
        return f"{type(self).__name__}(seconds={self.seconds}, max_depth={self.max_depth}{nodes})"

    # -- set-up ----------------------------------------------------------------------
    def _prepare(self, game: Sortileges) -> None:
        if game is not self.game and game != self.game:
            self.game = game
            self.evaluator = Evaluator(game, self.weights, self.evaluate)
            self.board_geo = self.evaluator.geometry.packed
            self.endgame = ExactEndgame(game)
            self.transpositions = {}
        if not self.keep_table:
            self.transpositions = {}
        self.generation += 1
        self.killers: dict[int, list[Candidate]] = {}
        if len(self.endgame.transpositions) > self.TABLE_LIMIT:
            self.endgame.transpositions.clear()

    # -- the Bot interface ------------------------------------------------------------
    def decide(self, state: SortilegesState, deadline: Deadline) -> Turn:
        best = self.search_root(state, deadline.capped(self.seconds, self.MARGIN))
        return as_turn(state.game.board, state.position().mover, best)

    def analyse(self, state: SortilegesState, deadline: Deadline | None = None) -> dict:
        """Search with a score for every step square (`root_scores`); returns a summary.
        Called directly (not through `choose`), so it refuses a finished game itself."""
        if state.is_terminal():
            raise GameOverError("the game is over: there is no position to analyse")
        budget = (deadline or Deadline()).capped(self.seconds, self.MARGIN)
        best = self.search_root(state, budget, per_step=True)
        return {
            "best": best,
            "score": self.score,
            "depth": self.depth,
            "pv": list(self.pv),
            "steps": dict(self.root_scores),
            "nodes": self.nodes,
        }

    def search_root(
        self, state: SortilegesState, budget: Deadline, per_step: bool = False
    ) -> Candidate:
        """The best candidate turn found within `budget` (the bot's own time, already cut
        to the caller's deadline); with `per_step`, every step square's score as well."""
        game = state.game
        self._prepare(game)
        started = time.monotonic()
        spelled, mover, other = state.position()
        self.nodes = 0
        # the clock runs from the start: an unfinished depth 1 (a huge exact endgame) falls
        # back on its best turn so far, or on the first candidate
        self.deadline: Deadline | None = budget
        self.endgame.deadline = budget
        full_width = free_squares(game, spelled, mover, other) <= FULL_WIDTH_FREE
        turns = list(candidate_turns(game, spelled, mover, other, full_width, self.board_geo))
        best: Candidate = turns[0]
        self.score, self.depth, self.pv, self.root_scores = 0.0, 0, [best], {}
        longest = game.board.size + 2
        for depth in range(1, (self.max_depth or longest) + 1):
            try:
                score, found, steps = self._root_pass(turns, spelled, mover, other, depth, per_step)
            except SearchCancelled as stop:
                partial = stop.args[0] if stop.args else None
                # a turn that beat the previous best is kept, except in an analysis, whose
                # step values must all come from the same (last complete) depth
                if partial is not None and partial[1] != best and not per_step:
                    self.score, best = partial
                break
            best, self.score, self.depth = found, score, depth
            self.root_scores = steps
            turns.remove(found)
            turns.insert(0, found)  # searched first at the next depth
            self.pv = self._principal_variation(spelled, mover, other, best)
            if proven(score) or budget.expired() or self.out_of_nodes():
                break
        if self.score < -WIN / 2 and not full_width and not per_step:
            rescue = self._winning_turn(spelled, mover, other, budget)
            if rescue is not None:
                best, self.score, self.pv = rescue, WIN - game.board.size, [rescue]
        self.elapsed = time.monotonic() - started
        return best

    def out_of_nodes(self) -> bool:
        """Has this turn's search spent its `max_nodes`?"""
        return self.max_nodes is not None and self.nodes >= self.max_nodes

    def _winning_turn(
        self, spelled: int, mover: int, other: int, budget: Deadline
    ) -> Candidate | None:
        """A legal turn that an exact full-width search proves won, when the candidates'
        search found none: each turn within `RESCUE_NODES` (None once they are spent, or
        the clock, with no turn proven)."""
        assert self.game is not None, "_prepare sets the game before any search"
        left, each = self.RESCUE_NODES
        for turn in every_turn(self.game, spelled, mover, other):
            if left <= 0 or budget.expired():
                return None
            target, spell = turn
            after = spelled if spell is None else spelled | 1 << spell
            they_lose, spent = self.exact_loses(after, other, target, min(each, left))
            left -= spent
            if they_lose:
                return turn
        return None

    def exact_loses(self, spelled: int, mover: int, other: int, nodes: int) -> tuple[bool, int]:
        """Is the witch to move lost with best play, proven within `nodes` nodes of the exact
        endgame? (False: won, or not proven in time); and the nodes spent. A hook: the
        compiled search answers with its own exact kernel."""
        endgame = self.endgame
        start = endgame.nodes
        endgame.node_limit = start + nodes
        try:
            return endgame.search(spelled, mover, other, -1, 1) < 0, endgame.nodes - start
        except (NodeLimit, SearchCancelled):
            return False, endgame.nodes - start
        finally:
            endgame.node_limit = None

    def _root_pass(
        self,
        turns: list[Candidate],
        spelled: int,
        mover: int,
        other: int,
        depth: int,
        per_step: bool,
    ):
        alpha, beta = -math.inf, math.inf
        best_score, best = -math.inf, turns[0]
        steps: dict[int, float] = {}
        for turn in turns:
            target, spell = turn
            after = spelled if spell is None else spelled | 1 << spell
            low = steps.get(target, -math.inf) if per_step else alpha
            better = None  # (bound, turn) once a null window shows this turn beats the best
            try:
                if per_step or low == -math.inf:
                    score = -self.negamax(after, other, target, depth - 1, 1, -beta, -low)
                else:  # after the first turn, a null window at the best score so far
                    score = -self.negamax(
                        after, other, target, depth - 1, 1, -low - NULL_WIDTH, -low
                    )
                    if search_again(score, low, beta):
                        better = score, turn
                        score = -self.negamax(after, other, target, depth - 1, 1, -beta, -low)
            except SearchCancelled:
                if better is not None:  # proved better than the best: kept
                    best_score, best = better
                partial = (best_score, best) if best_score > -math.inf else None
                raise SearchCancelled(partial) from None
            if score > steps.get(target, -math.inf):
                steps[target] = score
            if score > best_score:
                best_score, best = score, turn
                alpha = max(alpha, score)
        self._store(spelled, mover, other, depth, best_score, EXACT, best, 0)
        return best_score, best, steps

    # -- the tree --------------------------------------------------------------------
    def _store(
        self,
        spelled: int,
        mover: int,
        other: int,
        depth: int,
        score: float,
        bound: int,
        move: Candidate | None,
        ply: int,
    ) -> None:
        key = position_key(spelled, mover, other)
        table = self.transpositions
        old = table.get(key)
        if old is not None and old[0] > depth and old[4] == self.generation:
            return  # keep the deeper entry of this search
        if old is None and len(table) >= self.TABLE_LIMIT:
            self._make_room()
        table[key] = (depth, relative_to_node(score, ply), bound, move, self.generation)

    def _make_room(self) -> None:
        generation = self.generation
        stale = [key for key, entry in self.transpositions.items() if entry[4] != generation]
        if len(stale) < len(self.transpositions) // 4:
            self.transpositions.clear()
        else:
            for key in stale:
                del self.transpositions[key]

    def negamax(
        self, spelled: int, mover: int, other: int, depth: int, ply: int, alpha: float, beta: float
    ) -> float:
        """The score for the witch to move, `depth` turns deep, inside (alpha, beta)."""
        self.nodes += 1
        if not self.nodes % self.CHECK_EVERY and (
            self.out_of_nodes() or (self.deadline is not None and self.deadline.expired())
        ):
            raise SearchCancelled
        game = self.game
        assert game is not None, "_prepare sets the game before any search"
        steps = game.steps(spelled, mover, other)
        if not steps:
            return ply - WIN
        free = free_squares(game, spelled, mover, other)
        if self.exact_endgame and free <= EXACT_FREE:
            exact = self._exact_value(spelled, mover, other)
            if exact is not None:
                return relative_to_root(exact, ply)
        if depth <= 0:  # leaves skip the table: evaluating costs less than looking up
            return self.evaluator.score(spelled, mover, other)
        known = self.transpositions.get(position_key(spelled, mover, other))
        hint = None
        if known is not None:
            known_depth, score, bound, hint, _ = known
            if known_depth >= depth:
                score = relative_to_root(score, ply)
                if settled(score, bound, alpha, beta):
                    return score
        # ordering: the table's turn, the killers, then steps with most room first
        full_width = free <= FULL_WIDTH_FREE
        first = [] if hint is None else [hint]
        first += self._killers_here(spelled, mover, other, steps, ply, hint, full_width)
        start_alpha, best, best_turn = alpha, -math.inf, None
        turns = candidate_turns(game, spelled, mover, other, full_width, self.board_geo)
        for searched, turn in enumerate(first_then(first, turns), 1):
            target, spell = turn
            after = spelled if spell is None else spelled | 1 << spell
            score = self._child_score(after, other, target, depth, ply, alpha, beta, searched == 1)
            if score > best:
                best, best_turn = score, turn
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if spell is not None and turn != hint:
                            self._keep_killer(ply, turn)
                        break
        self._store(
            spelled, mover, other, depth, best, bound_of(best, start_alpha, beta), best_turn, ply
        )
        return best

    def _child_score(
        self,
        spelled: int,
        mover: int,
        other: int,
        depth: int,
        ply: int,
        alpha: float,
        beta: float,
        first: bool,
    ) -> float:
        """The score of a turn's position for the witch who made it: the first turn searched
        in the full window, the others in a null window, again in full if they may beat it."""
        low = -beta if first else -alpha - NULL_WIDTH
        while True:
            score = -self.negamax(spelled, mover, other, depth - 1, ply + 1, low, -alpha)
            if low == -beta or not search_again(score, alpha, beta):
                return score
            low = -beta

    def _exact_value(self, spelled: int, mover: int, other: int) -> float | None:
        """The exact endgame's score, or None when it needs more than 20,000 nodes (a
        quarter of them counted as this search's)."""
        endgame = self.endgame
        endgame.node_limit, start = endgame.nodes + 20_000, endgame.nodes
        try:
            return endgame.value(spelled, mover, other)
        except NodeLimit:
            return None
        finally:
            endgame.node_limit = None
            self.nodes += (endgame.nodes - start) // 4

    def _killers_here(
        self,
        spelled: int,
        mover: int,
        other: int,
        steps: int,
        ply: int,
        hint: Candidate | None,
        full_width: bool,
    ) -> list[Candidate]:
        """The killer turns of `ply` that are candidates in this position (and not `hint`)."""
        assert self.game is not None, "_prepare sets the game before any search"
        neighbours = self.game.board.neighbours
        near = neighbours[other] | 1 << mover
        here = []
        for killer in self.killers.get(ply, ()):
            target, spell = killer
            if killer == hint or spell is None or not steps >> target & 1:
                continue
            spellable = self.game.spells(spelled, target, other)
            waiting = waiting_spell(spellable, near, target, other, neighbours, self.board_geo)
            threat = neighbours[other]
            if candidate_spells(spellable, near, full_width, waiting, threat) >> spell & 1:
                here.append(killer)
        return here

    def _keep_killer(self, ply: int, turn: Candidate) -> None:
        """A turn that cut off, tried early at the same ply elsewhere (two kept, newest first)."""
        slot = self.killers.setdefault(ply, [])
        if slot[:1] != [turn]:  # the second killer moves to the front, as in the kernel
            slot.insert(0, turn)
            del slot[2:]

    # -- explanations ----------------------------------------------------------------
    def _principal_variation(
        self, spelled: int, mover: int, other: int, first: Candidate, length: int = 8
    ) -> list[Candidate]:
        """The expected line: `first`, then the table's best turn at each position."""
        assert self.game is not None, "called after a search"
        line, seen = [first], set()
        target, spell = first
        spelled = spelled if spell is None else spelled | 1 << spell
        mover, other = other, target
        while len(line) < length:
            key = position_key(spelled, mover, other)
            turn = None if key in seen else self._table_move(key)
            if turn is None or not self.game.steps(spelled, mover, other) >> turn[0] & 1:
                break
            seen.add(key)
            line.append(turn)
            target, spell = turn
            spelled = spelled if spell is None else spelled | 1 << spell
            mover, other = other, target
        return line

    def _table_move(self, key: int) -> Candidate | None:
        entry = self.transpositions.get(key)
        return None if entry is None else entry[3]
