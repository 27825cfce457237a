"""Every exercise by id: the one place that gathers the notebooks' declarations (the marks
and the practice checks both look exercises up here)."""

from __future__ import annotations

from . import nains, negamax, petits_pas, sorciere, sortileges
from .kinds import Exercise

EXERCISES: dict[str, Exercise] = {
    exercise.id: exercise
    for module in (sortileges, negamax, petits_pas, sorciere, nains)
    for exercise in module.EXERCISES
}
"""Every exercise by id, in the order of the package's table."""


def exercise(exercise_id: str) -> Exercise:
    if exercise_id not in EXERCISES:
        raise ValueError(f"no exercise {exercise_id!r}: the exercises are {', '.join(EXERCISES)}")
    return EXERCISES[exercise_id]
