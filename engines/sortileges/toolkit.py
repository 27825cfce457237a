"""The Sortilèges search toolkit: what every search here (levels 2 to 5, the exact endgame,
the solver) must agree on, written once.

All of them walk the same tree over raw bitboards (`rules.Position`: spelled squares, the
square of the witch to move, the other witch's square) and share:

* **bounds**: what a table entry's score is (`EXACT`, or a `LOWER` / `UPPER` bound of the
  true score) and when it answers a search window (`settled`);
* **win scores**: `WIN - d` for the witch to move when she blocks the other witch `d` turns
  from the root, `d - WIN` when she is the one blocked (the solver counts the same way from
  `BIG`, in integers); tables keep them relative to their node;
* **keys**: a position packed in one int (`position_key`), a turn in one int (`pack_turn`);
* **turns and their order**: the candidate turns of the playing bots, the full-width turns
  of the exact searches, each with its steps with most room first (alpha-beta cuts sooner);
* **bot plumbing**: a candidate as a `Turn`.

Plain Python, no numba, so levels 1 to 4 never load it: the compiled searches use these
blocks compiled by `toolkit_kernels.py` (whose docstring says when to clear numba's cache).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .board import Board, squares_of
from .rules import Sortileges, Turn

# -- bounds ---------------------------------------------------------------------------
EMPTY, EXACT, LOWER, UPPER = 0, 1, 2, 3
"""What a table entry's score is: exact, or a lower / upper bound of the true score
(EMPTY: no entry, for tables that are arrays)."""


def settled(score, bound, alpha, beta):
    """Does a stored score (with its bound) answer a search of window (alpha, beta)?"""
    return (
        bound == EXACT or (bound == LOWER and score >= beta) or (bound == UPPER and score <= alpha)
    )


def bound_of(best, start_alpha, beta):
    """What a finished node's best score is: a lower bound after a cut-off (best ≥ beta), an
    upper bound if nothing beat the window's alpha, else exact."""
    if best >= beta:
        return LOWER
    if best <= start_alpha:
        return UPPER
    return EXACT


# -- win scores -----------------------------------------------------------------------
WIN = 10_000.0
"""Score of a won position in the playing searches; a win found `ply` turns ahead scores
WIN - ply (sooner is better), a loss ply - WIN. Evaluations stay far below WIN / 2."""

BIG = 1000
"""The solver's WIN, in integers: BIG - d when the witch to move blocks the other witch
after d turns of optimal play, d - BIG when she is blocked after d turns."""


def proven(score):
    """Is this search score a proven win or loss (not an evaluation)?"""
    return abs(score) > WIN / 2


def relative_to_node(score, ply):
    """A score counted from the root, counted instead from a node `ply` turns below it (a
    win or loss is `ply` turns nearer): what tables keep, so that a transposition at another
    ply reads it right."""
    if score > WIN / 2:
        return score + ply
    if score < -WIN / 2:
        return score - ply
    return score


def relative_to_root(score, ply):
    """The inverse of `relative_to_node`: a node's score (or a table's) counted from the root."""
    if score > WIN / 2:
        return score - ply
    if score < -WIN / 2:
        return score + ply
    return score


def search_score(solved):
    """A solver score (BIG - d, d - BIG) as a search score (WIN - d, d - WIN)."""
    if solved > 0:
        return solved + (WIN - BIG)
    return solved - (WIN - BIG)


def from_child(score):
    """In an exact search (every score a win or a loss, counted from the node), a child's
    score seen from its parent: negated, and one turn further from the end."""
    if score > 0:
        return -score + 1
    return -score - 1


def child_window(alpha, beta):
    """The window (alpha, beta) of a node in an exact search, as its child must search it:
    negated, swapped, and one turn nearer the end, so that `from_child` of the child's
    answer falls below, inside or above (alpha, beta) exactly when it should."""
    nearer_beta = beta + 1 if beta > 0 else beta - 1 if beta < 0 else beta
    nearer_alpha = alpha + 1 if alpha > 0 else alpha - 1 if alpha < 0 else alpha
    return -nearer_beta, -nearer_alpha


# -- null windows (levels 4 and 5) ---------------------------------------------------
NULL_WIDTH = 1e-6
"""Width of a null window. Any positive width keeps the search exact (a score above alpha is
searched again, `search_again`); a narrow one cuts the most."""


def search_again(score, alpha, beta):
    """Must a turn searched with a null window at alpha (principal variation search) be
    searched again with the window (alpha, beta)? Only if it beat alpha: below, its score is
    a true bound; at or above beta, the bound already proves the cut-off."""
    return alpha < score < beta


# -- keys -----------------------------------------------------------------------------
KEY_SQUARES = 51
"""Largest board whose `position_key` fits in a signed 64-bit int (the compiled tables)."""


def position_key(spelled, mover, other):
    """A position as one int: the spelled squares, then 6 bits per witch. Exact (no two
    positions share a key); a Python int holds any board, an int64 up to KEY_SQUARES."""
    return spelled << 12 | mover << 6 | other


NO_SPELL = 63
"""The spell of a packed turn when no square could be spelled."""


def pack_turn(target, spell):
    """A turn as one int, target * 64 + spell (NO_SPELL: none), for the compiled tables."""
    return target * 64 + spell


def unpack_turn(turn):
    """(target, spell) of a packed turn, spell NO_SPELL when none."""
    return turn >> 6, turn & 63


# -- turns and their order --------------------------------------------------------------
Candidate = tuple[int, "int | None"]
"""A turn on bitboards: (step square, spelled square or None)."""


def by_room(game: Sortileges, squares: int, spelled: int, other: int) -> list[int]:
    """The squares of the mask `squares`, those with most room (neighbours neither spelled
    nor the witch on `other`) first; ties keep the squares' order."""
    return sorted(squares_of(squares), key=lambda s: -game.steps(spelled, s, other).bit_count())


def steps_by_room(game: Sortileges, spelled: int, mover: int, other: int) -> list[int]:
    """The step squares of the witch to move, those with most room first."""
    return by_room(game, game.steps(spelled, mover, other), spelled, other)


def waiting_spell(spellable, near, target, other, neighbours, geo):
    """A waiting spell, as a bit, for a witch stepping to `target` when every near spell
    (in `near`) is next to `target` and would take one of her own next steps (else 0: a
    near spell that does not hurt her is there to play, and the search stays as narrow).

    Near the end, spells next to the other witch may also take the caster's last steps,
    and the square just left her way back; a far spell changes nothing there and passes
    the turn, which is then often the only winning one (Isola's tempo). The square chosen
    is one of `spellable` as far as any from both witches (king steps, spells ignored), the
    lowest square among ties. `geo` is (files, not_first, not_last, full), as
    `toolkit_kernels.dilate` takes it."""
    reached = 1 << target | 1 << other
    if spellable & near & ~neighbours[target] or not spellable & ~reached:
        return 0
    while True:  # one king step further each time, while a spellable square lies beyond
        row = reached | (reached << 1) & geo[1] | (reached >> 1) & geo[2]
        grown = (row | row << geo[0] | row >> geo[0]) & geo[3]
        if not spellable & ~grown:
            break
        reached = grown
    far = spellable & ~reached
    return far & -far


def candidate_spells(
    spellable: int, near: int, full_width: bool, waiting: int = 0, threat: int = -1
):
    """The spells worth searching among `spellable`: those in `near` (next to the other
    witch, or the square just left) and the `waiting` spell (`waiting_spell`); all of them
    if none of `near & threat` can be cast, or with `full_width`. Levels 4 and 5 pass the
    other witch's neighbours as `threat`: when none of them can be spelled (she is down to
    houses), the squares beyond them decide the game, so every spell is tried there too;
    the default keeps the square just left as enough (levels 2 and 3)."""
    if full_width or not spellable & near & threat:
        return spellable
    return spellable & near | waiting


def candidate_turns(
    game: Sortileges,
    spelled: int,
    mover: int,
    other: int,
    full_width: bool = False,
    geo: tuple[int, int, int, int] | None = None,
) -> Iterator[Candidate]:
    """The turns the playing bots search, steps with most room first.

    Spells are limited to the squares next to the other witch (only these take away her next
    steps) and the square just left (it closes the way back). This cuts ~45 spells to ~9, so
    the search sees twice as deep; a far spell that would matter many turns later is the
    price, and a result the search calls proven is proven among these turns. Safety net: when
    none of these squares can be spelled but some other square can, every spellable square is
    a candidate, so there is always a legal turn to choose. `geo` (the board's, see
    `waiting_spell`; levels 4 and 5) adds a far spell to a step whose near spells all hurt
    the caster (`waiting_spell`: without it she sees no way out of a position she wins), and widens
    the safety net to the nodes where nothing next to the other witch can be spelled (see
    `candidate_spells`), and tries the spells with most room first (the other witch's best
    ways on: cut-offs come sooner, a fifth fewer nodes to the same depth). `full_width`:
    every spell.
    Generated lazily: after a cut-off the rest is never built.
    """
    neighbours = game.board.neighbours
    near = neighbours[other] | 1 << mover
    threat = -1 if geo is None else neighbours[other]
    for target in steps_by_room(game, spelled, mover, other):
        spellable = game.spells(spelled, target, other)
        if not spellable:
            yield target, None
        far = 0 if geo is None else waiting_spell(spellable, near, target, other, neighbours, geo)
        chosen = candidate_spells(spellable, near, full_width, far, threat)
        for spell in squares_of(chosen) if geo is None else by_room(game, chosen, spelled, target):
            yield target, spell


def first_then(first: list[Candidate], turns: Iterable[Candidate]) -> Iterator[Candidate]:
    """`first` (the table's turn, killer turns), then `turns` without those."""
    yield from first
    for turn in turns:
        if turn not in first:
            yield turn


def every_turn(game: Sortileges, spelled: int, mover: int, other: int) -> Iterator[Candidate]:
    """Every legal turn, in the exact searches' order: steps with most room first, spells
    next to the other witch first (they are the ones that end games), then every other one."""
    near = game.board.neighbours[other]
    for target in steps_by_room(game, spelled, mover, other):
        spellable = game.spells(spelled, target, other)
        if not spellable:
            yield target, None
            continue
        for spell in [*squares_of(spellable & near), *squares_of(spellable & ~near)]:
            yield target, spell


# -- bot plumbing ---------------------------------------------------------------------
def as_turn(board: Board, mover: int, candidate: Candidate) -> Turn:
    """A candidate of the witch on `mover` in notation."""
    names = board.names
    target, spell = candidate
    return Turn(names[mover], names[target], None if spell is None else names[spell])
