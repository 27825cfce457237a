"""One game of a bot exercise, as a generator: the referee's side, which alone holds the state.

`student_game(state, seat, opponents)` plays the built-in bots' turns itself and, at each of
the student's turns, yields a copy of the student's observation (made through JSON, as the
tournament's pipe makes it: plain data, sharing nothing with the state) and receives the
student's answer, a move text, which it checks against the rules and `observation["legal"]`
(`IllegalAnswer` otherwise). It returns whether the student won. Whoever asks the student's
bot (`bot_verdict`: a jailed process, or this kernel) holds only the generator and the
observation: the state is in the generator's suspended frame, never on the stack the bot is
called from.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Mapping
from typing import Any

from ..bots import Bot
from ..core import RulesError, State, quote

MAX_PLIES = 10_000

Game = Generator[dict[str, Any], Any, bool]
"""A bot exercise's game: yields the student's observations, receives its answers, returns
whether the student won."""


class IllegalAnswer(Exception):
    """The student's answer is not a move it may play now (why, in English, as the
    tournament's forfeits say it)."""


def student_game(
    state: State,
    seat: int,
    opponents: Mapping[int, Bot[Any]],
    adapt: Callable[[Any], Any] | None = None,
) -> Game:
    """Play `state` to its end, `opponents` on their seats, the student on `seat` through
    the yields; `adapt` turns the student's checked action into the one played (Sorcière's
    fixed hand)."""
    while not state.is_terminal():
        if state.ply >= MAX_PLIES:
            raise RuntimeError(f"{state.game.name}: no end after {MAX_PLIES} plies")
        mover = state.current_player()
        if mover != seat:
            state.apply(opponents[mover](state))
            continue
        observation = state.observation(seat)
        answer = yield json.loads(json.dumps(observation))
        action = legal_answer(state, observation, answer)
        state.apply(action if adapt is None else adapt(action))
    return state.winner() == seat


def legal_answer(state: State, observation: dict[str, Any], answer: Any) -> Any:
    """The action of `answer`, a text naming one of `observation["legal"]`."""
    if not isinstance(answer, str):
        raise IllegalAnswer(f"answered {quote(answer)}, not an action text")
    try:
        action = state.game.canonical(answer)
    except RulesError as error:
        raise IllegalAnswer(f"answered {quote(answer)}: {error}") from None
    refusal = state.refusal(action)
    if refusal is not None:
        raise IllegalAnswer(f"answered {quote(answer)}, which is not legal: {refusal}")
    if str(action) not in observation.get("legal", (str(action),)):  # texts are canonical
        raise IllegalAnswer(f"answered {quote(answer)}, which is not one of observation['legal']")
    return action
