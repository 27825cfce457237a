"""Exercises that answer back: `check(exercise_id, answer, lang="fr")`.

The checker says, in the student's language (fr or en), whether an answer is right, close
(with a hint) or wrong — never what the answer is. Answers are computed by the engines when
first checked (and kept for the process), so they stay true when an engine changes. Each
exercise is declared once, in the module of its notebook (`sortileges.py`, `petits_pas.py`,
`sorciere.py`, `nains.py`), with the kinds of `kinds.py`.

>>> from ludotheque.engines.exercises import check, statement
>>> print(statement("sortileges.legal_turns", "en"))     # doctest: +ELLIPSIS
After `c1-c2/d5` then `d8-d7/c3`, how many legal turns does Têtdevache have? ...
>>> check("sortileges.legal_turns", 3, "en").status
'wrong'

Exercises by notebook (kind: prediction = predict, then run; computation; bot = a student's
bot measured against levels 2 and 3; the Sortilèges turns are judged by the exact solver):

============================  ==========================  ===========  =========================
id                            notebook                    kind         answer
============================  ==========================  ===========  =========================
sortileges.first_turns        sortileges                  prediction   a whole number
sortileges.legal_turns        sortileges                  computation  a whole number
sortileges.winning_turn       sortileges                  computation  a turn, `c1-c2/d5`
sortileges.bot                sortileges                  bot          f(observation) -> turn
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
sorciere.collapse_chance      sorciere                    computation  a probability
sorciere.expected_value       sorciere                    computation  a number of cards
sorciere.bot                  sorciere                    bot          f(observation) -> move
nains.helping_cards           nains                       prediction   a whole number
nains.pull_now                nains                       computation  a whole number
nains.deck_mean               nains                       computation  a number of slabs
nains.bot                     nains                       bot          f(observation) -> move
============================  ==========================  ===========  =========================

A probability may be given as a number, as `estimate`'s result or as (rate, low, high): an
interval given must meet the reference's. The Sortilèges puzzles ("find the winning turn")
are checked by `check_puzzle(puzzle_id, turn, lang)` (`ludotheque.engines.sortileges.puzzles`).
"""

from __future__ import annotations

from typing import Any

from . import nains, petits_pas, sorciere, sortileges
from .kinds import BotExercise, ChoiceExercise, Exercise, NumberExercise, TurnExercise
from .result import Result, checked_language

EXERCISES: dict[str, Exercise] = {
    exercise.id: exercise
    for module in (sortileges, petits_pas, sorciere, nains)
    for exercise in module.EXERCISES
}
"""Every exercise by id, in the order of the table above."""


def exercise(exercise_id: str) -> Exercise:
    if exercise_id not in EXERCISES:
        raise ValueError(f"no exercise {exercise_id!r}: the exercises are {', '.join(EXERCISES)}")
    return EXERCISES[exercise_id]


def statement(exercise_id: str, lang: str = "fr") -> str:
    """What exercise `exercise_id` asks, in `lang`."""
    return exercise(exercise_id).statement[checked_language(lang)]


def check(exercise_id: str, answer: Any, lang: str = "fr") -> Result:
    """Judge `answer` to exercise `exercise_id`: right, close (with a hint), wrong, or
    invalid (not an answer of the kind asked), in `lang` ("fr" or "en")."""
    lang = checked_language(lang)
    return exercise(exercise_id).judge(answer, lang)


def exercises_of(notebook: str) -> list[str]:
    """The ids of a notebook's exercises (its file name without .ipynb)."""
    return [e.id for e in EXERCISES.values() if e.notebook == notebook]


def __getattr__(name: str) -> Any:
    if name == "check_puzzle":  # lives with the puzzles; imported on use (no import cycle)
        from ..sortileges.puzzles import check_puzzle

        return check_puzzle
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "EXERCISES",
    "BotExercise",
    "ChoiceExercise",
    "Exercise",
    "NumberExercise",
    "Result",
    "TurnExercise",
    "check",
    "exercise",
    "exercises_of",
    "statement",
]
