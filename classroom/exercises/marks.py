"""Marks: the hidden tests of the teacher's edition call `mark`, never `check`.

`check` is the pupil's practice companion (it counts tries and says less as they grow);
`mark` judges an answer once, from the exercise's own judge, with no memory, and fails like a
test: nbgrader's autograder (docs/editions.md) gives the cell's points when it passes and
shows the verdict when it does not.
"""

from __future__ import annotations

from typing import Any

from .registry import exercise
from .result import Result, Text, checked_language

NOT_ACCEPTED: Text = {"fr": "réponse non acceptée", "en": "answer not accepted"}


class NotRight(AssertionError):
    """An answer that a mark cell does not accept. Its text says only that, with a bot's
    measurements (which give nothing away): never the direction of a miss, nor whether it was
    close, so that calling `mark` in a loop teaches no more than `check` does. The verdict
    itself stays in `result`, for the teacher."""

    def __init__(self, result: Result):
        lines = [f"{result.exercise} — {NOT_ACCEPTED[result.lang]}", *result.details]
        super().__init__("\n".join(lines))
        self.result = result


def mark(exercise_id: str, answer: Any, lang: str = "fr") -> None:
    """Pass silently if `answer` to `exercise_id` is right; else raise `NotRight` (the
    autograder shows its text to the teacher and, with the feedback, to the pupil)."""
    result = exercise(exercise_id).judge(answer, checked_language(lang))
    if not result.passed:
        raise NotRight(result)


def mark_puzzle(puzzle_id: str, turn: Any, lang: str = "fr") -> None:
    """`mark` for a Sortilèges puzzle: the exact solver's pure judge (`judge_puzzle`), which
    keeps no count of tries, unlike the practice `check_puzzle`."""
    from ..puzzles import judge_puzzle

    result = judge_puzzle(puzzle_id, turn, lang)
    if not result.passed:
        raise NotRight(result)
