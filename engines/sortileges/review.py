"""Sortilèges' review of one decision (`engines/review.py` walks the game).

Values are the mover's, in the search's points (`toolkit.WIN`): a proven win in n turns is
`WIN - n`, a proven loss in n turns `n - WIN`, anything else the evaluation (mobility and
territory; docs/sortileges.md).

Exact where the solver settles the position within the budget's nodes (small boards, and
the endgames of large ones): every turn's value is then a proof, and so is the label: a
turn that throws a won position away is a `blunder`, one that keeps the outcome is `good`
(never worse), whatever the number of turns it gives away. Elsewhere the strongest search,
to a depth the budget sets, gives estimates, labelled by the loss in points with the
hint's own thresholds (js/src/sortileges/overlay.js, `EDGES`: 3 a slight edge, 15 a clear
one, 40 a large one): a move that gives away a slight edge is an inaccuracy, a clear one a
mistake, a large one a blunder.
"""

from __future__ import annotations

from typing import Any

from ..extras import have_numba
from ..review import Thresholds
from .rules import SortilegesState, Turn
from .toolkit import BIG, KEY_SQUARES, WIN, as_turn

THRESHOLDS = Thresholds(inaccuracy=3.0, mistake=15.0, blunder=40.0)
PROVES = True
"""Small positions are judged exactly (the panel says when none was)."""
SOLVER_NODES_PER_SECOND = {True: 1_000_000, False: 20_000}
"""Solver nodes a second's budget buys, compiled (numba) or not: half of what one core does,
the other half being the search's where the solver does not settle the position."""
TABLE_BITS = 18


def review_decision(position: SortilegesState, played: Turn, seconds: float) -> dict[str, Any]:
    """The decision `played` in `position` (see the module docstring)."""
    exact = solved(position, seconds)
    if exact is not None:
        return judged_exactly(position, played, exact)
    return estimated(position, played, seconds)


def solved(position: SortilegesState, seconds: float) -> dict[str, float] | None:
    """Every turn's exact value for the mover (by notation), or None if the solver does not
    settle them within the budget (or the board is too large for it)."""
    game = position.game
    if game.board.size > KEY_SQUARES:
        return None
    from .solver import Solver

    compiled = have_numba()
    solver = Solver(
        game,
        table_bits=TABLE_BITS,
        node_limit=max(1, int(seconds * SOLVER_NODES_PER_SECOND[compiled])),
        compiled=compiled,
    )
    spelled, mover, other = position.position()
    scores = solver.turn_values(spelled, mover, other, exact=True)
    if solver.aborted:
        return None
    return {str(as_turn(game.board, mover, turn)): points(score) for turn, score in scores}


def points(score: int) -> float:
    """A solver's score (`BIG - n`: a win in n turns) in the search's points (`WIN - n`)."""
    turns = BIG - abs(score)
    return WIN - turns if score > 0 else turns - WIN


def judged_exactly(
    position: SortilegesState, played: Turn, values: dict[str, float]
) -> dict[str, Any]:
    best = max(values, key=lambda text: values[text])
    before, after = values[best], values[str(played)]
    if str(played) == best or after == before:
        label = "best"
    elif (after > 0) == (before > 0):
        label = "good"  # the outcome is kept: a proof cannot call it worse
    else:
        label = "blunder"
    return {
        "played": str(played),
        "best": best,
        "value_before": before,
        "value_after": after,
        "exact": True,
        "label": label,
    }


def estimated(position: SortilegesState, played: Turn, seconds: float) -> dict[str, Any]:
    """The strongest search's values: the position to a depth, the position after the turn
    played one turn shallower (from the other witch's side), so both see as far ahead."""
    depth = search_depth(seconds)
    before = strongest(depth).analyse(position)
    after_position = position.clone()
    after_position.apply(played)
    if after_position.is_terminal():
        after = WIN - 1 if after_position.returns()[position.to_move] > 0 else 1 - WIN
    else:
        after = -float(strongest(depth - 1).analyse(after_position)["score"])
    best = str(as_turn(position.game.board, position.position().mover, before["best"]))
    value_before = float(before["score"])
    return {
        "played": str(played),
        "best": best,
        "value_before": max(value_before, after),  # the turn played may be found better
        "value_after": after,
        "exact": False,
    }


def search_depth(seconds: float) -> int:
    """The search depth a budget buys (deterministic, unlike a clock): 5 from half a second
    (about 0.5 s on a 6 x 8 board's opening, less later), fewer below."""
    return 5 if seconds >= 0.5 else 4 if seconds >= 0.1 else 3


def strongest(depth: int) -> Any:
    """The strongest search at a fixed depth, with no clock (the same turn every time)."""
    if have_numba():
        from .fast import FastSearchBot

        return FastSearchBot(None, max_depth=depth)
    from .search import SearchBot

    return SearchBot(None, max_depth=depth)
