"""Sortilèges bots: level 1 plays at random, 2 greedily, 3 searches with alpha-beta,
4 and 5 with the tournament search of `search.py` (4 in pure Python, 5 compiled by numba).

All of them read the position as raw bitboards (`state.position()`) and never change the
state they are given. The evaluation follows the classic advice for Isola: have more room to
step than the opponent, and stay near the houses, which can never be spelled.
"""

from __future__ import annotations

import math
import random

from ..bots import Bot, Deadline, RandomBot, SearchCancelled, checked_level
from ..compiled import fallbacks, labelled, warm_up_kernels
from .evaluation import house_distances
from .rules import Sortileges, SortilegesState, Turn
from .search import SearchBot
from .toolkit import (
    WIN,
    Candidate,
    as_turn,
    bound_of,
    candidate_turns,
    first_then,
    position_key,
    proven,
    settled,
)

FALLBACKS = fallbacks({"5": "4"})
"""Without numba, level 5 (the compiled search) plays as level 4, the same search in Python;
{} when numba is installed."""
LEVEL_LABELS = labelled(
    {
        "1": {"fr": "hasard", "en": "random"},
        "2": {"fr": "glouton", "en": "greedy"},
        "3": {"fr": "alpha-bêta", "en": "alpha-beta"},
        "4": {"fr": "recherche", "en": "search"},
        "5": {"fr": "recherche compilée", "en": "compiled search"},
    },
    FALLBACKS,
)
LEVELS = tuple(LEVEL_LABELS)

HOUSE_WEIGHT = 0.1
"""Value of one king step closer to a house: well under one square of mobility."""


class Evaluation:
    """Static score for the witch to move: her steps minus the other's, plus a little for
    being nearer a house than the other witch."""

    def __init__(self, game: Sortileges):
        self.neighbours = game.board.neighbours
        self.house_distance = house_distances(game)

    def score(self, spelled: int, mover: int, other: int, ply: int = 0) -> float:
        mine = (self.neighbours[mover] & ~(spelled | 1 << other)).bit_count()
        if not mine:
            return ply - WIN
        theirs = (self.neighbours[other] & ~(spelled | 1 << mover)).bit_count()
        closer = self.house_distance[other] - self.house_distance[mover]
        return mine - theirs + HOUSE_WEIGHT * closer


class GreedyBot(Bot[SortilegesState]):
    """Level 2: the turn that leaves the best evaluation (most own steps minus the other's);
    blocking the other witch at once wins. Ties are broken by its seeded generator."""

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.nodes = 0
        """turns evaluated by the last `decide`"""

    def decide(self, state: SortilegesState, deadline: Deadline) -> Turn:
        game = state.game
        evaluation = Evaluation(game)
        spelled, mover, other = state.position()
        scored = []
        for target, spell in candidate_turns(game, spelled, mover, other):
            after = spelled if spell is None else spelled | 1 << spell
            scored.append((-evaluation.score(after, other, target), (target, spell)))
        self.nodes = len(scored)
        best = max(score for score, _ in scored)
        return as_turn(
            game.board, mover, self.rng.choice([c for score, c in scored if score == best])
        )


class AlphaBetaBot(Bot[SortilegesState]):
    """Level 3: negamax alpha-beta, iterative deepening, a transposition table keyed by the
    packed bitboards (`position_key`): which seat moves does not matter to the evaluation.

    Thinks for at most `seconds` (None: no limit of its own) and `max_nodes` (None: no node
    budget; the same turn on any machine) and never past the caller's deadline; a cancel
    flag stops it within a few milliseconds. It returns the best turn of the last fully
    searched depth. Depth 1 (a few hundred nodes) always completes, so even a spent budget
    gets a reasoned turn. `nodes`, `depth` and `score` describe the last search.
    """

    name = "alphabeta"
    CHECK_EVERY = 256
    """Nodes between two looks at the clock: a few milliseconds."""
    TABLE_LIMIT = 250_000
    """Transposition-table entries kept at most (about 70 MB, some 4 s of search)."""

    def __init__(
        self,
        seconds: float | None = 1.0,
        max_depth: int | None = None,
        max_nodes: int | None = None,
    ):
        self.seconds = seconds
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.nodes = 0
        self.depth = 0
        self.score = 0.0

    def decide(self, state: SortilegesState, deadline: Deadline) -> Turn:
        budget = deadline.capped(self.seconds)
        game = state.game
        root = state.position()
        self.game, self.evaluation = game, Evaluation(game)
        self.transpositions: dict[int, tuple[int, float, int, Candidate | None]] = {}
        self.nodes = 0
        self.deadline: Deadline | None = None  # depth 1 runs unchecked
        best = None
        longest_game = 3 * game.board.size  # far more turns than any game can last
        for depth in range(1, (self.max_depth or longest_game) + 1):
            try:
                self.score = self.negamax(*root, depth, 0, -math.inf, math.inf)
            except SearchCancelled:
                break
            best, self.depth = self.transpositions[position_key(*root)][3], depth
            if proven(self.score):  # looking deeper changes nothing
                break
            self.deadline = budget
        assert best is not None  # depth 1 always completes
        return as_turn(game.board, root.mover, best)

    def negamax(
        self, spelled: int, mover: int, other: int, depth: int, ply: int, alpha: float, beta: float
    ) -> float:
        """The score of the position for the witch to move, searched `depth` turns deep."""
        self.nodes += 1
        if not self.nodes % self.CHECK_EVERY:
            if self.deadline and (
                self.deadline.expired() or (self.max_nodes and self.nodes >= self.max_nodes)
            ):
                raise SearchCancelled
            if len(self.transpositions) > self.TABLE_LIMIT:  # long budgets: bound the memory
                self.transpositions.clear()
        if depth == 0:
            return self.evaluation.score(spelled, mover, other, ply)
        key = position_key(spelled, mover, other)
        known = self.transpositions.get(key)
        hint = None
        if known is not None:
            known_depth, score, bound, hint = known
            if known_depth >= depth and settled(score, bound, alpha, beta):
                return score
        if not self.game.steps(spelled, mover, other):
            return ply - WIN
        turns = first_then(
            [] if hint is None else [hint], candidate_turns(self.game, spelled, mover, other)
        )
        start_alpha, best, best_turn = alpha, -math.inf, None
        for target, spell in turns:
            after = spelled if spell is None else spelled | 1 << spell
            score = -self.negamax(after, other, target, depth - 1, ply + 1, -beta, -alpha)
            if score > best:
                best, best_turn = score, (target, spell)
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        self.transpositions[key] = (depth, best, bound_of(best, start_alpha, beta), best_turn)
        return best


def bot_for_level(
    level: str, seed: int | None = None, seconds: float | None = 1.0, nodes: int | None = None
) -> Bot[SortilegesState]:
    """The bot of a level of LEVELS: "1" random, "2" greedy, "3" alpha-beta thinking at most
    `seconds` (None: no limit of its own), "4" the strong search in readable Python
    (`search.SearchBot`), "5" the same search compiled with numba (`fast.FastSearchBot`),
    tens of times the nodes per second: the strongest; without numba, level 4 (`FALLBACKS`).
    `nodes`: the searches' (3 to 5) budget of nodes a turn as well, on one thread: with
    `seconds=None`, the same turns on any machine, however loaded (benchmarks).
    `seed` sets levels 1 and 2's choices among equals; the searches are deterministic."""
    level = checked_level(level, LEVELS, "Sortilèges")
    level = FALLBACKS.get(level, level)
    if level == "1":
        return RandomBot(seed)
    if level == "2":
        return GreedyBot(seed)
    if nodes is not None and not (isinstance(nodes, int) and nodes > 0):
        raise ValueError(f"nodes must be a positive whole number, not {nodes!r}")
    if level == "3":
        return AlphaBetaBot(seconds, max_nodes=nodes)
    if level == "4":
        return SearchBot(seconds, max_nodes=nodes)
    from .fast import FastSearchBot  # loads numba: only level 5 and the solver need it

    return FastSearchBot(seconds, max_nodes=nodes, threads=1 if nodes else 2)


def warm_up() -> float:
    """Compile level 5's kernels ahead of its first turn (`fast.warm_up`: once per process,
    from the disk cache after the first time); returns the seconds taken. numba is loaded
    here, when called, not when this module is imported; without numba, nothing to do."""
    return warm_up_kernels(f"{__package__}.fast")
