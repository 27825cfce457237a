"""What the strongest bot thinks of a position, as plain JSON for the widget's overlay.

Sortilèges hides nothing, so the analysis may show everything about the position: for the
witch to move, the value of stepping to each square (her best spell after it), who owns each
free square by Voronoi territory, and the principal variation the search expects.

Values are `{"score": x}` (the evaluation, positive: good for the witch to move) or, when the
search proved the end, `{"win": n}` / `{"loss": n}` (the game ends after n turns).
"""

from __future__ import annotations

from typing import Any

from ..bots import Deadline
from .evaluation import Geometry
from .rules import SortilegesState
from .search import SearchBot
from .toolkit import WIN


def value(score: float) -> dict[str, Any]:
    """A score as the overlay shows it (see the module docstring)."""
    if score > WIN / 2:
        return {"win": int(round(WIN - score))}
    if score < -WIN / 2:
        return {"loss": int(round(WIN + score))}
    return {"score": round(float(score), 2)}


def territory(state: SortilegesState) -> tuple[dict[str, int], bool]:
    """Each free square's owner (seat) by Voronoi distance; ties belong to nobody.
    Also whether the witches are separated (no path joins them)."""
    game = state.game
    board = game.board
    spelled, mover, other = state.position()
    free = board.full & ~(spelled | 1 << mover | 1 << other)
    mine, theirs, met = Geometry.of(board.files, board.ranks).voronoi(free, mover, other)
    seat = state.to_move
    owners = {board.names[s]: seat for s in range(board.size) if mine >> s & 1}
    owners.update({board.names[s]: 1 - seat for s in range(board.size) if theirs >> s & 1})
    return owners, not met


def analyse(
    state: SortilegesState,
    deadline: Deadline | None = None,
    seconds: float = 1.0,
    bot: SearchBot | None = None,
) -> dict[str, Any]:
    """The overlay's data for `state` (the live position), searched for `seconds` at most."""
    if state.is_terminal():
        return {"ply": state.ply, "status": "over"}
    if bot is None:  # the strongest search there is: compiled, or readable without numba
        from .bots import bot_for_level

        strongest = bot_for_level("5", seconds=seconds)
        assert isinstance(strongest, SearchBot)
        bot = strongest
    summary = bot.analyse(state, deadline)
    board = state.game.board
    names = board.names
    owners, apart = territory(state)
    seat, mover = state.to_move, state.position().mover
    line, here = [], {seat: mover, 1 - seat: state.position().other}
    who = seat
    for target, spell in summary["pv"]:
        line.append(
            {
                "seat": who,
                "from": names[here[who]],
                "to": names[target],
                "spell": None if spell is None else names[spell],
            }
        )
        here[who] = target
        who = 1 - who
    best_target, best_spell = summary["best"]
    best = f"{names[mover]}-{names[best_target]}" + (
        "" if best_spell is None else f"/{names[best_spell]}"
    )
    return {
        "ply": state.ply,
        "status": "done",
        "seat": seat,
        "steps": {names[t]: value(score) for t, score in summary["steps"].items()},
        "territory": owners,
        "separated": apart,
        "pv": line,
        "best": best,
        "value": value(summary["score"]),
        "depth": summary["depth"],
        "nodes": summary["nodes"],
    }
