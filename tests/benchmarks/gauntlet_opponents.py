"""Sparring partners for Sortilèges level 5, each a different style of play (issue 35).

Level 5 was tuned against the project's own levels; these opponents play the way other
programs and people play Isola, so that a weakness its tuning never met shows up. Each is a
small `Bot` (`decide(state, deadline)`, reading the raw bitboards of `state.position()` and
never changing the state), built by `OPPONENTS[name](seed, seconds)`:

* random: `RandomBot`, any legal turn;
* greedy: `GreedyMobility`, the turn that leaves its own witch the most steps;
* mobility1, mobility2, mobility3: `MobilitySearch`, alpha-beta 1, 2 and 3 turns deep on
  "own steps minus the other's", each weighing them and breaking ties its own way;
* territory: `TerritoryPlayer`, the turn that leaves the larger Voronoi cell;
* wall: `WallBuilder`, steps where it has room and always spells next to the other witch;
* mcts1k, mcts10k: OpenSpiel's MCTS (random rollouts) through `interop/openspiel.py`;
* level3, level4: the project's alpha-beta and search levels at `seconds` a turn;
* independent: `Independent`, a Tron-style alpha-beta (two-step mobility, weighted Voronoi,
  separated races, a check for a turn that blocks at every leaf) written by an author who
  read only the rules (`independent_isola.py`): the issue's "independent opponent of a
  style not in the gauntlet".

Only the levels 3 and 4 and the independent opponent read the clock; the others take the
time their style needs (`gauntlet_sortileges.py` prints each one's seconds per turn).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from typing import Any

from ludotheque.engines.bots import Bot, Deadline, RandomBot
from ludotheque.engines.sortileges import Sortileges, SortilegesState, Turn, bot_for_level
from ludotheque.engines.sortileges.board import squares_of
from ludotheque.engines.sortileges.evaluation import Geometry
from ludotheque.engines.sortileges.toolkit import Candidate, as_turn, every_turn

Position = tuple[int, int, int]
"""(spelled squares, witch to move, other witch), as `state.position()` gives it."""

WIN = 1000
"""A won position's score (less the turns it takes), far above any count of steps."""


# -- shared helpers -----------------------------------------------------------------------
def after(position: Position, turn: Candidate) -> Position:
    """The position once `turn` is played: the other witch is to move."""
    spelled, _, other = position
    target, spell = turn
    return (spelled if spell is None else spelled | 1 << spell), other, target


def steps(game: Sortileges, position: Position) -> int:
    """How many squares the witch to move may step to."""
    return game.steps(*position).bit_count()


def harmless_spell(game: Sortileges, spellable: int, target: int) -> int:
    """The spellable square farthest from the caster's witch on `target` (lowest among
    ties): a spell that costs her nothing."""
    return max(squares_of(spellable), key=lambda s: (game.board.distance(s, target), -s))


def pressing_turns(game: Sortileges, position: Position) -> Iterator[Candidate]:
    """Every step, each with the spells that take a step away from the other witch (her
    free neighbours); where none can be cast, one `harmless_spell` instead. The spells the
    mobility players consider: only these change a count of steps."""
    spelled, mover, other = position
    for target in squares_of(game.steps(spelled, mover, other)):
        spellable = game.spells(spelled, target, other)
        if not spellable:
            yield target, None
            continue
        near = spellable & game.board.neighbours[other]
        chosen = list(squares_of(near)) if near else [harmless_spell(game, spellable, target)]
        for spell in chosen:
            yield target, spell


def centre_distance(game: Sortileges, square: int) -> float:
    """How far `square` lies from the board's centre (in king steps, halves included)."""
    file, rank = game.board.coordinates(square)
    return max(abs(file - (game.board.files - 1) / 2), abs(rank - (game.board.ranks - 1) / 2))


TieBreak = Callable[[Sortileges, list[Candidate], random.Random], Candidate]


def tie_random(game: Sortileges, tied: list[Candidate], rng: random.Random) -> Candidate:
    """Any of the tied turns, drawn by the bot's seeded generator."""
    return rng.choice(tied)


def tie_centre(game: Sortileges, tied: list[Candidate], rng: random.Random) -> Candidate:
    """The tied turn whose step lies nearest the centre (the first of those)."""
    return min(tied, key=lambda turn: centre_distance(game, turn[0]))


def tie_first(game: Sortileges, tied: list[Candidate], rng: random.Random) -> Candidate:
    """The tied turn first in board order (step square, then spell square)."""
    return min(tied, key=lambda turn: (turn[0], -1 if turn[1] is None else turn[1]))


class ScoringBot(Bot[SortilegesState]):
    """The frame of the one-turn players: score each of `turns`, keep the best, break ties
    with `tie` (a `TieBreak`). Subclasses say which turns (`turns`) and how to score
    (`score`)."""

    name = "scoring"

    def __init__(self, seed: int | None = None, tie: TieBreak = tie_random):
        self.rng, self.tie = random.Random(seed), tie

    def turns(self, game: Sortileges, position: Position) -> Iterator[Candidate]:
        return every_turn(game, *position)

    def score(self, game: Sortileges, position: Position, turn: Candidate) -> float:
        raise NotImplementedError

    def decide(self, state: SortilegesState, deadline: Deadline) -> Turn:
        game, position = state.game, tuple(state.position())
        scored = [(self.score(game, position, turn), turn) for turn in self.turns(game, position)]
        best = max(score for score, _ in scored)
        tied = [turn for score, turn in scored if score == best]
        return as_turn(game.board, position[1], self.tie(game, tied, self.rng))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


# -- the opponents ------------------------------------------------------------------------
class GreedyMobility(ScoringBot):
    """Greedy mobility: the turn that leaves its own witch the most steps next turn (a turn
    that leaves the other witch none wins at once). Ignores the other witch otherwise;
    seeded random tie-break."""

    name = "greedy"

    def score(self, game: Sortileges, position: Position, turn: Candidate) -> float:
        reply = after(position, turn)
        if not steps(game, reply):
            return WIN
        spelled, other, mine = reply
        return steps(game, (spelled, mine, other))


class MobilitySearch(Bot[SortilegesState]):
    """Mobility search: alpha-beta `depth` turns deep over `pressing_turns`, scoring a leaf
    `own` × own steps − `theirs` × the other's (for the witch who moved first at the root);
    a witch who cannot step loses. Ties among the root's best turns go to `tie_break`."""

    name = "mobility"

    def __init__(
        self, depth: int, own: int, theirs: int, tie_break: TieBreak, seed: int | None = None
    ):
        self.depth, self.own, self.theirs = depth, own, theirs
        self.rng, self.tie = random.Random(seed), tie_break
        self.nodes = 0

    def __repr__(self) -> str:
        return f"MobilitySearch(depth={self.depth}, own={self.own}, theirs={self.theirs})"

    def decide(self, state: SortilegesState, deadline: Deadline) -> Turn:
        game, position = state.game, tuple(state.position())
        self.nodes, best, tied = 0, -math.inf, []
        for turn in self.ordered(game, position):
            # a window just above `best`: a worse turn fails low at once, a tie is exact
            value = -self.negamax(
                game, after(position, turn), self.depth - 1, 1, -math.inf, 1 - best
            )
            if value > best:
                best, tied = value, [turn]
            elif value == best:
                tied.append(turn)
        return as_turn(game.board, position[1], self.tie(game, tied, self.rng))

    def ordered(self, game: Sortileges, position: Position) -> list[Candidate]:
        """`pressing_turns`, the steps with most room first (earlier cut-offs)."""
        return sorted(
            pressing_turns(game, position), key=lambda t: -self.leaf(game, after(position, t))
        )

    def leaf(self, game: Sortileges, position: Position) -> int:
        """The count for the witch who just moved (the other one is to move)."""
        spelled, mover, other = position
        return self.own * steps(game, (spelled, other, mover)) - self.theirs * steps(game, position)

    def negamax(
        self, game: Sortileges, position: Position, depth: int, ply: int, alpha: float, beta: float
    ) -> float:
        """The score for the witch to move in `position`, `depth` turns deep."""
        self.nodes += 1
        if not steps(game, position):
            return ply - WIN
        if depth == 0:
            return -self.leaf(game, position)
        best = -math.inf
        for turn in self.ordered(game, position) if depth > 1 else pressing_turns(game, position):
            best = max(
                best, -self.negamax(game, after(position, turn), depth - 1, ply + 1, -beta, -alpha)
            )
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best


class TerritoryPlayer(ScoringBot):
    """Territory (Voronoi): the turn after which its witch reaches first the most squares
    that the other reaches later (`Geometry.voronoi`); ties by its own steps, then at
    random. Plans no further than the current turn."""

    name = "territory"

    def score(self, game: Sortileges, position: Position, turn: Candidate) -> float:
        reply = after(position, turn)
        if not steps(game, reply):
            return WIN
        spelled, other, mine = reply
        free = game.board.full & ~spelled
        my_cell, their_cell, _ = Geometry.of(game.board.files, game.board.ranks).voronoi(
            free, mine, other
        )
        own = steps(game, (spelled, mine, other))
        return my_cell.bit_count() - their_cell.bit_count() + own / 100


class WallBuilder(Bot[SortilegesState]):
    """Wall builder: steps to the square with the most room (nearest the other witch among
    ties) and spells next to the other witch whenever it can, on her best way out (the free
    neighbour of hers with most room); where it cannot, a `harmless_spell`."""

    name = "wall"

    def __init__(self, seed: int | None = None):
        self.seed = seed

    def __repr__(self) -> str:
        return "WallBuilder()"

    def decide(self, state: SortilegesState, deadline: Deadline) -> Turn:
        game = state.game
        spelled, mover, other = state.position()
        room = {
            target: steps(game, (spelled, target, other))
            for target in squares_of(game.steps(spelled, mover, other))
        }
        target = max(room, key=lambda s: (room[s], -game.board.distance(s, other), -s))
        spellable = game.spells(spelled, target, other)
        if not spellable:
            return as_turn(game.board, mover, (target, None))
        near = spellable & game.board.neighbours[other]
        if not near:
            return as_turn(game.board, mover, (target, harmless_spell(game, spellable, target)))
        spell = max(squares_of(near), key=lambda s: (steps(game, (spelled, s, target)), -s))
        return as_turn(game.board, mover, (target, spell))


def mcts(simulations: int) -> Callable[[int | None, float | None], Bot[Any]]:
    """OpenSpiel's MCTS with random rollouts and `simulations` a turn (UCT constant 2,
    seeded: `bench_interop.mcts_maker`), played through the project's adapter
    (`interop.openspiel.OpenSpielBot`). pyspiel is imported when one is made."""

    def make_bot(seed: int | None, seconds: float | None) -> Bot[Any]:
        from bench_interop import mcts_maker  # same folder; imports pyspiel

        from ludotheque.interop.openspiel import OpenSpielBot

        return OpenSpielBot(mcts_maker(simulations, seed or 0), seed=seed)

    return make_bot


def level(name: str) -> Callable[[int | None, float | None], Bot[Any]]:
    """A project level at `seconds` a turn (`bot_for_level`)."""
    return lambda seed, seconds: bot_for_level(name, seed=seed, seconds=seconds)


class Independent(Bot[SortilegesState]):
    """`independent_isola.IndependentBot` as a `Bot`: it takes square names and keeps its
    own clock (three quarters of `seconds`, 0.5 when None), or searches `nodes` a turn
    and reads no clock; standard board only."""

    name = "independent"

    def __init__(
        self, seed: int | None = None, seconds: float | None = None, nodes: int | None = None
    ):
        from independent_isola import IndependentBot  # same folder

        self.bot = IndependentBot(seed or 0, 0.5 if seconds is None else seconds, nodes)

    def decide(self, state: SortilegesState, deadline: Deadline) -> Turn:
        game = state.game
        if game != Sortileges():
            raise ValueError("the independent opponent plays the standard board only")
        names = game.board.names
        spelled, mover, other = state.position()
        step, spell = self.bot.choose(
            frozenset(names[s] for s in squares_of(spelled)), names[mover], names[other]
        )
        return Turn(names[mover], step, spell)


OPPONENTS: dict[str, Callable[[int | None, float | None], Bot[Any]]] = {
    "random": lambda seed, seconds: RandomBot(seed),
    "greedy": lambda seed, seconds: GreedyMobility(seed),
    "mobility1": lambda seed, seconds: MobilitySearch(1, 1, 1, tie_random, seed),
    "mobility2": lambda seed, seconds: MobilitySearch(2, 1, 2, tie_centre, seed),
    "mobility3": lambda seed, seconds: MobilitySearch(3, 1, 1, tie_first, seed),
    "territory": lambda seed, seconds: TerritoryPlayer(seed),
    "wall": lambda seed, seconds: WallBuilder(seed),
    "mcts1k": mcts(1_000),
    "mcts10k": mcts(10_000),
    "level3": level("3"),
    "level4": level("4"),
    "independent": Independent,
}
"""Each opponent by name: `OPPONENTS[name](seed, seconds)` is a fresh bot for one game.
mobility1 counts own − other's steps, ties at random; mobility2 is offensive (own − 2 ×
other's), ties to the centre; mobility3 counts own − other's, ties in board order."""

ON_NODES: dict[str, Callable[[int | None, int], Bot[Any]]] = {
    "level3": lambda seed, nodes: bot_for_level("3", seed=seed, seconds=None, nodes=nodes),
    "level4": lambda seed, nodes: bot_for_level("4", seed=seed, seconds=None, nodes=nodes),
    "independent": lambda seed, nodes: Independent(seed, None, nodes),
}
"""The opponents that search on a clock, each on a node budget instead: `ON_NODES[name](seed,
nodes)` reads no clock, so that a game against it is a function of its opening."""

SEARCH_STYLES = ("mobility1", "mobility2", "mobility3")
"""The mobility searches (the issue's target: level 5 wins 97 % against them too)."""
CHEAP = ("random", "greedy", "mobility1", "mobility2", "mobility3", "territory", "wall")
"""The opponents that answer in well under a second without a clock of their own."""
