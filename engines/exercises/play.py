"""One seeded game between a student's bot and a built-in one, for `BotExercise.play`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bots import Bot, as_bot
from ..core import State
from .kinds import student_move

MAX_PLIES = 10_000


def student_wins(
    state: State, seat: int, student: Any, opponents: Mapping[int, Bot[Any]], game: int
) -> bool:
    """Play `state` to its end, the student's bot (a function of the observation or a Bot)
    on `seat` and `opponents` on the other seats; did the student win? A failure of the
    student's bot raises `StudentBotFailed` naming game number `game`."""
    mine = as_bot(student)
    while not state.is_terminal():
        if state.ply >= MAX_PLIES:
            raise RuntimeError(f"{state.game.name}: no end after {MAX_PLIES} plies")
        mover = state.current_player()
        mine_to_move = mover == seat
        state.apply(student_move(mine, state, game) if mine_to_move else opponents[mover](state))
    return state.winner() == seat
