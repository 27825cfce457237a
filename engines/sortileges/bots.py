"""Sortilèges bots: level 1 plays at random, 2 greedily, 3 searches with alpha-beta,
4 and 5 with the tournament search of `search.py` (4 in pure Python, 5 compiled by numba).

All of them read the position as raw bitboards (`state.position()`) and never change the
state they are given. The evaluation follows the classic advice for Isola: have more room to
step than the opponent, and stay near the houses, which can never be spelled.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Iterator

from ..bots import Bot, Deadline, RandomBot, SearchCancelled
from ..core import GameOverError
from .board import squares_of
from .rules import Sortileges, SortilegesState, Turn

LEVELS = ("1", "2", "3", "4", "5")
"""Bot levels, weakest first, as the widget offers them."""

WIN = 10_000.0
"""Score of a won position; a win found `ply` turns ahead scores WIN - ply (sooner is better)."""

HOUSE_WEIGHT = 0.1
"""Value of one king step closer to a house: well under one square of mobility."""

Candidate = tuple[int, "int | None"]
"""A turn on bitboards: (step square, spelled square or None)."""


def candidate_turns(game: Sortileges, spelled: int, mover: int, other: int) -> Iterator[Candidate]:
    """The turns worth considering, the steps with most room first (alpha-beta cuts sooner).

    Spells are limited to the squares next to the other witch (only these take away her next
    steps) and the square just left (it closes the way back). This cuts ~45 spells to ~9, so
    the search sees twice as deep; a far spell that would matter many turns later is the
    price, and a result the search calls proven is proven among these turns. Safety net: when
    none of these squares can be spelled but some other square can, every spellable square is
    a candidate, so there is always a legal turn to choose. Generated lazily: after a cut-off
    the rest is never built.
    """
    near = game.board.neighbours[other] | 1 << mover
    targets = sorted(squares_of(game.steps(spelled, mover, other)),
                     key=lambda target: -game.steps(spelled, target, other).bit_count())
    for target in targets:
        spells = game.spells(spelled, target, other)
        if not spells:
            yield target, None
        for spell in squares_of(spells & near or spells):
            yield target, spell


def as_turn(game: Sortileges, mover: int, candidate: Candidate) -> Turn:
    names = game.board.names
    target, spell = candidate
    return Turn(names[mover], names[target], None if spell is None else names[spell])


def check_not_over(state: SortilegesState) -> None:
    if state.is_terminal():
        raise GameOverError("the game is over: there is no turn to choose")


class Evaluation:
    """Static score for the witch to move: her steps minus the other's, plus a little for
    being nearer a house than the other witch."""

    def __init__(self, game: Sortileges):
        board = game.board
        self.neighbours = board.neighbours
        self.house_distance = tuple(min(board.distance(square, house) for house in game.houses)
                                    for square in range(board.size))

    def score(self, spelled: int, mover: int, other: int, ply: int = 0) -> float:
        mine = (self.neighbours[mover] & ~(spelled | 1 << other)).bit_count()
        if not mine:
            return ply - WIN
        theirs = (self.neighbours[other] & ~(spelled | 1 << mover)).bit_count()
        closer = self.house_distance[other] - self.house_distance[mover]
        return mine - theirs + HOUSE_WEIGHT * closer


class GreedyBot(Bot):
    """Level 2: the turn that leaves the best evaluation (most own steps minus the other's);
    blocking the other witch at once wins. Ties are broken by its seeded generator."""

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.nodes = 0
        """turns evaluated by the last `choose`"""

    def choose(self, state: SortilegesState, deadline: Deadline | None = None) -> Turn:
        check_not_over(state)
        game = state.game
        evaluation = Evaluation(game)
        spelled, mover, other = state.position()
        scored = []
        for target, spell in candidate_turns(game, spelled, mover, other):
            after = spelled if spell is None else spelled | 1 << spell
            scored.append((-evaluation.score(after, other, target), (target, spell)))
        self.nodes = len(scored)
        best = max(score for score, _ in scored)
        return as_turn(game, mover, self.rng.choice([c for score, c in scored if score == best]))


EXACT, LOWER, UPPER = range(3)
"""What a transposition-table score is: exact, or a lower / upper bound of the true one."""


class AlphaBetaBot(Bot):
    """Level 3: negamax alpha-beta, iterative deepening, a transposition table keyed by the
    bitboards (spelled, mover, other): which seat moves does not matter to the evaluation.

    Thinks for at most `seconds` (None: no limit of its own) and never past the caller's
    deadline; a cancel flag stops it within a few milliseconds. It returns the best turn of
    the last fully searched depth. Depth 1 (a few hundred nodes) always completes, so even a
    spent budget gets a reasoned turn. `nodes`, `depth` and `score` describe the last search.
    """

    name = "alphabeta"
    CHECK_EVERY = 256
    """Nodes between two looks at the clock: a few milliseconds."""
    TABLE_LIMIT = 250_000
    """Transposition-table entries kept at most (about 70 MB, some 4 s of search)."""

    def __init__(self, seconds: float | None = 1.0, max_depth: int | None = None):
        self.seconds = seconds
        self.max_depth = max_depth
        self.nodes = 0
        self.depth = 0
        self.score = 0.0

    def choose(self, state: SortilegesState, deadline: Deadline | None = None) -> Turn:
        check_not_over(state)
        budget = self.budget(deadline)
        game = state.game
        root = state.position()
        self.game, self.evaluation = game, Evaluation(game)
        self.table: dict[tuple[int, int, int], tuple[int, float, int, Candidate | None]] = {}
        self.nodes = 0
        self.deadline: Deadline | None = None  # depth 1 runs unchecked
        best = None
        longest_game = 3 * game.board.size  # far more turns than any game can last
        for depth in range(1, (self.max_depth or longest_game) + 1):
            try:
                self.score = self.negamax(*root, depth, 0, -math.inf, math.inf)
            except SearchCancelled:
                break
            best, self.depth = self.table[root][3], depth
            if abs(self.score) > WIN / 2:  # the result is proven: looking deeper changes nothing
                break
            self.deadline = budget
        assert best is not None  # depth 1 always completes
        return as_turn(game, root.mover, best)

    def budget(self, deadline: Deadline | None) -> Deadline:
        """The caller's deadline, shortened to this bot's own thinking time."""
        own = math.inf if self.seconds is None else self.seconds
        if deadline is None:
            return Deadline(own)
        return Deadline(min(own, deadline.remaining()), deadline.cancel)

    def negamax(self, spelled: int, mover: int, other: int, depth: int, ply: int,
                alpha: float, beta: float) -> float:
        """The score of the position for the witch to move, searched `depth` turns deep."""
        self.nodes += 1
        if not self.nodes % self.CHECK_EVERY:
            if self.deadline and self.deadline.expired():
                raise SearchCancelled
            if len(self.table) > self.TABLE_LIMIT:  # long budgets: bound the memory
                self.table.clear()
        if depth == 0:
            return self.evaluation.score(spelled, mover, other, ply)
        key = (spelled, mover, other)
        known = self.table.get(key)
        hint = None
        if known is not None:
            known_depth, score, bound, hint = known
            if known_depth >= depth and (bound == EXACT or (bound == LOWER and score >= beta)
                                         or (bound == UPPER and score <= alpha)):
                return score
        if not self.game.steps(spelled, mover, other):
            return ply - WIN
        turns: Iterable[Candidate] = candidate_turns(self.game, spelled, mover, other)
        if hint is not None:
            turns = itertools.chain([hint], (turn for turn in turns if turn != hint))
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
        bound = LOWER if best >= beta else UPPER if best <= start_alpha else EXACT
        self.table[key] = (depth, best, bound, best_turn)
        return best


def bot_for_level(level: int | str, seed: int | None = None, seconds: float = 1.0) -> Bot:
    """The bot of a level from LEVELS: 1 random, 2 greedy, 3 alpha-beta thinking `seconds`,
    4 the strong search in readable Python, 5 the same search compiled (the strongest)."""
    level = str(level)
    if level == "1":
        return RandomBot(seed)
    if level == "2":
        return GreedyBot(seed)
    if level == "3":
        return AlphaBetaBot(seconds)
    if level in ("4", "5"):
        from .search import search_bot  # search.py builds on this module
        return search_bot(int(level), seconds)
    raise ValueError(f"Sortilèges bot levels are {', '.join(LEVELS)}, not {level!r}")
