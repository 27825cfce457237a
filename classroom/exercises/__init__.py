"""Exercises that answer back: `check(exercise_id, answer, lang="fr")`.

The checker says, in the student's language (fr or en), whether an answer is right, close
(with a hint) or wrong — never what the answer is. It is the pupil's practice companion, with
a memory of the tries (`practice`): the first three get the full verdict (the direction of a
miss, "close" and its hint); from the 4th different answer it says only right or not yet, and
says why; from the 10th it also says that the tries are counted. A right answer is always
recognised; the same answer given again is no new try. Marks come from the hidden tests'
`mark` (`marks`), which calls the exercise's pure judge, `exercise(id).judge(answer, lang)`.
Answers are computed by the engines when first judged (and kept for the process), so they
stay true when an engine changes; no public function returns them. Each exercise is declared
once, in the module of its notebook (`sortileges.py`, `negamax.py`, `petits_pas.py`,
`sorciere.py`, `nains.py`), with the kinds of `kinds.py`.

>>> from ludotheque.classroom.exercises import check, statement
>>> print(statement("sortileges.legal_turns", "en"))     # doctest: +ELLIPSIS
After `c1-c2/d5` then `d8-d7/c3`, how many legal turns does Têtdevache have? ...
>>> check("sortileges.legal_turns", 3, "en").status
'wrong'

Exercises by notebook (kind: prediction = predict, then run; computation; bot = a student's
bot measured against levels 2 and 3; the Sortilèges turns are judged by the exact solver):

============================  ==========================  ===========  ===========================
id                            notebook                    kind         answer
============================  ==========================  ===========  ===========================
sortileges.first_turns        sortileges                  prediction   a whole number
sortileges.legal_turns        sortileges                  computation  a whole number
sortileges.winning_turn       sortileges                  computation  a turn, `c1-c2/d5`
sortileges.home_room          sortileges_robot            prediction   a whole number
sortileges.room_gap           sortileges_robot            computation  a whole number
sortileges.bot                sortileges_robot            bot          f(observation) -> turn
strategie.negamax             sortileges_strategie        computation  f(position, depth) -> score
strategie.minimax_nodes       sortileges_strategie        prediction   a whole number
strategie.winning_turn        sortileges_strategie        computation  a turn
strategie.small_board_plies   sortileges_strategie        prediction   a whole number
strategie.evaluation          sortileges_strategie        bot          f(features) -> number
petits_pas.book_rate          petits_pas                  prediction   a probability
petits_pas.reading_rate       petits_pas                  computation  a probability (interval)
petits_pas.deals_needed       petits_pas                  computation  a number of deals
petits_pas.late_ace           petits_pas                  computation  a probability (interval)
petits_pas.last_card          petits_pas                  prediction   ace, seven or king
sorciere.safest_pull          sorciere                    prediction   corner, edge or middle
sorciere.hold_chance          sorciere                    computation  a probability
sorciere.collapse_frequency   sorciere                    computation  a frequency
sorciere.collapse_chance      sorciere                    computation  a probability
sorciere.expected_value       sorciere                    computation  a number of cards
sorciere.bot                  sorciere                    bot          f(observation) -> move
nains.helping_cards           nains                       prediction   a whole number
nains.pull_now                nains                       computation  a whole number
nains.deck_mean               nains                       computation  a number of slabs
nains.bot                     nains                       bot          f(observation) -> move
============================  ==========================  ===========  ===========================

A probability may be given as a number, as `estimate`'s result or as (rate, low, high): an
interval given must meet the reference's. Where the statement asks for an interval
(`petits_pas.reading_rate`, `petits_pas.late_ace`: `IntervalExercise`), the answer is judged on
its interval: a bare rate is refused, an interval wider than the margin asked (± 1 point) is
"too imprecise: how many games would you need?" — never close — and a precise one must meet
the reference's. The Sortilèges puzzles ("find the winning turn") are
checked by `check_puzzle(puzzle_id, turn, lang)` (`ludotheque.classroom.puzzles`),
which stops judging a puzzle turn by turn after six different turns.
"""

from __future__ import annotations

from typing import Any

from .bot_verdict import BotExercise
from .kinds import (
    ChoiceExercise,
    Exercise,
    IntervalExercise,
    NumberExercise,
    TurnExercise,
)
from .marks import NotRight, mark, mark_puzzle
from .practice import practised
from .registry import EXERCISES, exercise
from .result import Result, checked_language


def statement(exercise_id: str, lang: str = "fr") -> str:
    """What exercise `exercise_id` asks, in `lang`."""
    return exercise(exercise_id).statement[checked_language(lang)]


def check(exercise_id: str, answer: Any, lang: str = "fr", *, seed: int | None = None) -> Result:
    """Judge `answer` to exercise `exercise_id` for practice, in `lang` ("fr" or "en"):
    right, close (with a hint), wrong, or invalid (not an answer of the kind asked), saying
    less as the tries grow (see the module text and `practice`); a turn exercise counts the
    turns tried on its puzzle as `check_puzzle` does, and a bot keeps its full verdict (it is
    measured, not searched). `seed` (bot exercises only) replays the games of the seed a bot's
    verdict shows; without it, each check plays new games (`bot_verdict`)."""
    lang = checked_language(lang)
    declared = exercise(exercise_id)
    if isinstance(declared, TurnExercise):
        return declared.practise(answer, lang)
    if isinstance(declared, BotExercise):
        return declared.judge(answer, lang, seed=seed)
    if seed is not None:
        raise ValueError(f"seed: only a bot exercise plays games, not {exercise_id!r}")
    verdict = declared.judge(answer, lang)
    same = declared.same_answer(answer)
    return practised(verdict, declared.id, same, declared.hints.wrong, lang)


def exercises_of(notebook: str) -> list[str]:
    """The ids of a notebook's exercises (its file name without .ipynb)."""
    return [e.id for e in EXERCISES.values() if e.notebook == notebook]


def __getattr__(name: str) -> Any:
    if name == "check_puzzle":  # lives with the puzzles; imported on use (no import cycle)
        from ..puzzles import check_puzzle

        return check_puzzle
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "EXERCISES",
    "BotExercise",
    "ChoiceExercise",
    "Exercise",
    "IntervalExercise",
    "NotRight",
    "NumberExercise",
    "Result",
    "TurnExercise",
    "check",
    "exercise",
    "exercises_of",
    "mark",
    "mark_puzzle",
    "statement",
]
