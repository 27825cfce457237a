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

from ludotheque.engines.bots import Bot
from ludotheque.engines.core import Reason, RulesError, State, Wordings, quote

MAX_PLIES = 10_000

Game = Generator[dict[str, Any], Any, bool]
"""A bot exercise's game: yields the student's observations, receives its answers, returns
whether the student won."""


ANSWERS: Wordings = {
    "not-text": {
        "fr": "il a répondu {answer}, qui n'est pas le texte d'un coup",
        "en": "answered {answer}, not an action text",
    },
    "unreadable": {"fr": "il a répondu {answer} : {reason}", "en": "answered {answer}: {reason}"},
    "illegal": {
        "fr": "il a répondu {answer}, un coup que les règles refusent ici : {reason}",
        "en": "answered {answer}, which is not legal: {reason}",
    },
    "not-offered": {
        "fr": "il a répondu {answer}, qui n'est pas dans observation['legal']",
        "en": "answered {answer}, which is not one of observation['legal']",
    },
}
"""What a student's bot answered wrong, the rules' own reason (a `Reason`) put in the same
language; the English is the tournament's."""


class IllegalAnswer(Exception):
    """The student's answer is not a move it may play now: `reason` says why, in every
    language (a `Reason` of `ANSWERS`)."""

    def __init__(self, reason: Reason):
        super().__init__(reason)
        self.reason = reason


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
        raise IllegalAnswer(Reason(ANSWERS, "not-text", answer=quote(answer)))
    try:
        action = state.game.canonical(answer)
    except RulesError as error:
        unreadable = Reason(ANSWERS, "unreadable", answer=quote(answer), reason=error.reason)
        raise IllegalAnswer(unreadable) from None
    refusal = state.refusal(action)
    if refusal is not None:
        raise IllegalAnswer(Reason(ANSWERS, "illegal", answer=quote(answer), reason=refusal))
    if str(action) not in observation.get("legal", (str(action),)):  # texts are canonical
        raise IllegalAnswer(Reason(ANSWERS, "not-offered", answer=quote(answer)))
    return action
