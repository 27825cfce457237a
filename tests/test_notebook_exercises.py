"""The course notebooks' exercises stay wired to the checkers, and their folded answers stay
true: a notebook asks only exercises declared for it, at least three of them (a prediction
and a computation among them), and every winning turn its solutions give is judged right by
the exact solver, while the turns a student starts from are not."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ludotheque.classroom.exercises import exercise, exercises_of
from ludotheque.classroom.puzzles import PUZZLES, check_puzzle

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
COURSE = ("petits_pas", "sortileges", "sortileges_robot", "sortileges_strategie")

TURN = r"[a-f]\d-[a-f]\d(?:/[a-f]\d)?"
CHECKED = re.compile(r'check\("([\w.]+)"')
SOLUTION_ROW = re.compile(rf"^\| `([\w-]+)` \| `({TURN})` \|$", re.MULTILINE)
EXERCISE_HEADING = re.compile(r"#{3,4} Exercice \d")
STARTING_TURN = re.compile(rf'^\s+"([\w-]+)": "({TURN})",$', re.MULTILINE)


def cells(notebook: str) -> list[dict]:
    path = NOTEBOOKS / f"{notebook}.ipynb"
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(notebook: str, kind: str) -> str:
    """All the notebook's cells of one kind ("code", "markdown"), one after the other."""
    return "\n".join("".join(c["source"]) for c in cells(notebook) if c["cell_type"] == kind)


def solutions(notebook: str) -> str:
    """The folded solution blocks of a notebook."""
    return "\n".join(
        source
        for source in ("".join(c["source"]) for c in cells(notebook))
        if source.startswith("<details>")
    )


@pytest.mark.parametrize("notebook", COURSE)
def test_a_notebook_asks_its_own_exercises_three_or_more_of_two_kinds_at_least(notebook):
    asked = set(CHECKED.findall(text(notebook, "code")))
    assert asked <= set(exercises_of(notebook)), asked - set(exercises_of(notebook))
    assert len(asked) >= 3, asked
    assert {"prediction", "computation"} <= {exercise(e).kind for e in asked}, asked


@pytest.mark.parametrize("notebook", COURSE)
def test_every_exercise_is_followed_by_its_folded_solution(notebook):
    markdown = ["".join(c["source"]) for c in cells(notebook) if c["cell_type"] == "markdown"]
    exercises = [i for i, source in enumerate(markdown) if EXERCISE_HEADING.match(source)]
    assert len(exercises) >= 3
    for index in exercises:
        following = markdown[index + 1] if index + 1 < len(markdown) else ""
        assert following.startswith("<details>"), markdown[index]


def test_the_puzzle_answers_of_the_strategy_lab_win_fastest_and_its_starting_turns_do_not():
    answers = dict(SOLUTION_ROW.findall(solutions("sortileges_strategie")))
    starting = dict(STARTING_TURN.findall(text("sortileges_strategie", "code")))
    assert len(starting) >= 5 and set(starting) <= set(PUZZLES)
    assert set(answers) == set(starting)
    for puzzle_id, turn in answers.items():
        assert check_puzzle(puzzle_id, turn, "en").status == "right", (puzzle_id, turn)
        assert check_puzzle(puzzle_id, starting[puzzle_id], "en").status in ("wrong", "close")
    stars = {min(PUZZLES[p].winner_turns, 5) for p in answers}
    assert len(stars) >= 4, "the puzzles are graded from easy to hard"


def answer_cells(notebook: str) -> list[dict]:
    """The notebook's answer cells (nbgrader's solution cells: docs/editions.md)."""
    return [c for c in cells(notebook) if c["metadata"].get("nbgrader", {}).get("solution")]


@pytest.mark.parametrize("notebook", COURSE + ("sorciere", "nains"))
def test_each_answer_cell_starts_unanswered_and_its_stored_solution_is_judged_right(notebook):
    """The pupil's variable gets its starting value (None, the starter bot, the starting
    turns) before the solution region, and the teacher's run of the solution (the stored
    output, which nbval holds to a fresh run) shows the checker's "right": every solution in
    the teacher's edition is one the checker accepts."""
    answers = answer_cells(notebook)
    assert len(answers) >= 3
    for cell in answers:
        code = "".join(cell["source"])
        before = code.split("### BEGIN SOLUTION")[0]
        assert "### BEGIN SOLUTION" in code and re.search(r"^\w+ = ", before, re.M), code
        asked = CHECKED.findall(code)
        if not asked:
            continue
        shown = "".join(
            "".join(out.get("data", {}).get("text/plain", "")) for out in cell.get("outputs", [])
        )
        assert f"✔ {asked[0]} — Juste" in shown or f"✔ {asked[0]} — Right" in shown, (
            notebook,
            asked[0],
            shown[:300],
        )
