"""The pupils' edition (editions/build.py, `make student`, docs/editions.md): built by
nbgrader from the teacher's notebooks, it holds no solution, no hidden test, no teacher's cell
and no output; it runs from top to bottom with every exercise unanswered; every exercise asked
in a notebook has its answer cell, and every one but a prediction its hidden mark; and
`nbgrader autograde` gives a completed notebook its points and a blank one none."""

from __future__ import annotations

import importlib.util
import json
import math
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbgrader.api import Gradebook
from test_notebooks_in_the_site import claims

from ludotheque.classroom.exercises import EXERCISES, TurnExercise, exercise
from ludotheque.classroom.exercises.negamax import NegamaxExercise
from ludotheque.classroom.puzzles import PUZZLES, judge_puzzle

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
spec = importlib.util.spec_from_file_location("editions_build", ROOT / "editions" / "build.py")
assert spec and spec.loader
editions = importlib.util.module_from_spec(spec)
spec.loader.exec_module(editions)

REGION = re.compile(
    r"### BEGIN (SOLUTION|HIDDEN TESTS)\n(.*?)### END \1", re.DOTALL
)  # what nbgrader takes out
CHECKED = re.compile(r'(?:check|mark)\(\s*"([\w.]+)"')
MARKED = re.compile(r'mark\(\s*"([\w.]+)"')
MARKED_NOTEBOOK = "petits_pas.ipynb"
"""The notebook the autograder test marks: no bot among its exercises, so a mark is quick."""


def source(cell: dict) -> str:
    return "".join(cell["source"])


def teacher_notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def taken_out(cell: dict) -> list[str]:
    """What the pupils' edition must not hold of a teacher's cell: all of it for a `teacher`
    cell, else what its solution and hidden-test regions hold."""
    if "teacher" in cell["metadata"].get("tags", []):
        return [source(cell)]
    return [body for _, body in REGION.findall(source(cell))]


def telling_lines() -> set[str]:
    """The lines of the teacher's edition found only in what is taken out: any of them in the
    pupils' edition would give something away. A line also written where pupils may read it
    (a lesson cell of any notebook, a file of notebooks/ such as an example bot) tells
    nothing."""
    hidden: set[str] = set()
    kept: set[str] = set()
    for path in sorted(p for p in NOTEBOOKS.rglob("*") if p.is_file()):
        if path.suffix != ".ipynb":
            kept |= {line.strip() for line in path.read_text(errors="replace").split("\n")}
            continue
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            hidden |= {line.strip() for part in taken_out(cell) for line in part.split("\n")}
            if "teacher" not in cell["metadata"].get("tags", []):
                kept |= {line.strip() for line in REGION.sub("", source(cell)).split("\n")}
    return {line for line in hidden - kept if len(line) >= 12}


@pytest.fixture(scope="module")
def edition(tmp_path_factory) -> tuple[Path, Path]:
    """(nbgrader's course folder, the pupils' edition), built afresh."""
    root = tmp_path_factory.mktemp("editions")
    course, student = root / "course", root / "student"
    course.mkdir()
    editions.build(course, student)
    return course, student


def test_every_asked_exercise_has_an_answer_cell_and_all_but_predictions_a_hidden_mark():
    asked: set[str] = set()
    for path in teacher_notebooks():
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        answers = {
            c["metadata"]["nbgrader"]["grade_id"]
            for c in cells
            if c["metadata"].get("nbgrader", {}).get("solution")
        }
        marks: set[str] = set()
        for cell in cells:
            meta = cell["metadata"].get("nbgrader", {})
            hidden = "".join(
                body for kind, body in REGION.findall(source(cell)) if kind != "SOLUTION"
            )
            marks |= set(MARKED.findall(hidden))
            if MARKED.search(source(cell)):
                assert meta.get("grade") and meta.get("locked") and meta.get("points"), (
                    path.name,
                    meta,
                )
                assert not MARKED.search(REGION.sub("", source(cell))), "a mark outside hiding"
        checked = {e for c in cells for e in CHECKED.findall(source(c))} & set(EXERCISES)
        asked |= checked
        for exercise_id in checked:
            assert exercise_id.replace(".", "-") in answers, (path.name, exercise_id)
            wanted = exercise(exercise_id).kind != "prediction"
            assert (exercise_id in marks) == wanted, (path.name, exercise_id)
    assert asked == set(EXERCISES)


def test_the_pupils_edition_holds_no_solution_no_hidden_test_and_no_output(edition):
    _, student = edition
    shipped = sorted(student.rglob("*.ipynb"))
    assert {p.name for p in shipped} == {p.name for p in teacher_notebooks()}
    for path in shipped:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join(source(c) for c in cells)
        assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text, path.name
        assert "<details>" not in text, f"{path.name}: a folded solution left in"
        assert not any(c.get("outputs") for c in cells), f"{path.name}: outputs left in"
        assert not any("teacher" in c["metadata"].get("tags", []) for c in cells), path.name
        assert "# À vous ! — your turn!" in text or not MARKED.search(text), path.name


def leaks(folder: Path) -> list[str]:
    """Files of `folder` holding a line that only the teacher's edition has, or an output."""
    telling = telling_lines()
    assert len(telling) > 100, "the teacher's edition is expected to hold solutions"
    found = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        if path.suffix == ".ipynb":
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            lines = {line.strip() for c in cells for line in source(c).split("\n")}
            if any(c.get("outputs") for c in cells):
                found.append(f"{path.relative_to(folder)} keeps outputs")
        else:
            lines = {line.strip() for line in path.read_text(errors="replace").split("\n")}
        if leaked := sorted(lines & telling):
            found.append(f"{path.relative_to(folder)} holds the teacher's {leaked[:3]}")
    return found


def test_no_line_that_only_the_teacher_has_is_in_any_file_of_the_pupils_edition(edition):
    _, student = edition
    assert not leaks(student)


LINK = re.compile(r"\]\((?!https?:|mailto:|#)([^)#\s]+)|href=\"(?!https?:|#)([^\"#]+)")


def links(notebook: Path, teacher_only: bool | None = None) -> list[str]:
    """The relative links of `notebook`'s markdown cells (only those of `teacher` cells, or
    only the others, when `teacher_only` says so)."""
    found = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        is_teachers = "teacher" in cell["metadata"].get("tags", [])
        if cell["cell_type"] == "markdown" and teacher_only in (None, is_teachers):
            found += [a or b for a, b in LINK.findall(source(cell))]
    return found


def test_every_notebook_puts_the_rules_and_the_teachers_guide_one_click_away():
    """`make lab` serves the repository's root, so `../docs/` opens from a notebook; the
    guide's link sits in a `teacher` cell (the pupils' edition has no guide)."""
    for path in teacher_notebooks():
        every = links(path)
        assert every and all((NOTEBOOKS / link).is_file() for link in every), (path.name, every)
        assert "../docs/teaching.md" in links(path, teacher_only=True), path.name
        assert not any("teaching.md" in link for link in links(path, teacher_only=False))
        assert any(link.startswith("../docs/rules/") for link in every), path.name


def test_the_pupils_edition_carries_the_rules_it_links_to_and_no_guide(edition):
    _, student = edition
    for path in sorted(student.glob("*.ipynb")):
        every = links(path)
        assert all((student / link).is_file() for link in every), (path.name, every)
        assert any(link.startswith("docs/rules/") for link in every), path.name
    assert {p.name for p in (student / "docs" / "rules").glob("*.md")} == {
        p.name for p in (ROOT / "docs" / "rules").glob("*.md")
    }
    assert not (student / "docs" / "teaching.md").exists()


def test_the_offline_site_serves_the_pupils_edition():
    """`make test` builds the site (from the pupils' edition, `make lite`'s default) before
    pytest runs; its notebooks are the pupils', each with its install cell first."""
    files = ROOT / "dist" / "lite" / "files"
    if not files.is_dir():
        pytest.skip("no site in dist/lite/: `make lite` builds it (`make test` does)")
    assert {p.name for p in files.glob("*.ipynb")} == {p.name for p in teacher_notebooks()}
    assert not leaks(files)
    assert all((files / link).is_file() for path in files.glob("*.ipynb") for link in links(path))


def shown(value: float) -> list[str]:
    """How a lesson or a pupil would write `value`: to 3 and 4 decimals, as a percentage to
    a tenth, a whole number rounded either way (points or commas as decimal marks)."""
    if value == int(value):
        return [f"{int(value)}"] if abs(value) >= 10 else []
    forms = [f"{abs(value):.3f}", f"{abs(value):.4f}"]
    if 0 < value < 1:
        forms.append(f"{100 * value:.1f} %")
    if abs(value) >= 100:
        whole = [math.floor(value), math.ceil(value)]
        forms += [f"{n}" for n in whole] + [f"{n:,}".replace(",", " ") for n in whole]
    return forms + [form.replace(".", ",") for form in forms if "." in form]


def computed_answers() -> dict[str, list[str]]:
    """Each computation's answer as text: numbers in their usual forms, a puzzle's winning
    turns (the exact solver's)."""
    answers: dict[str, list[str]] = {}
    for exercise_id, asked in EXERCISES.items():
        if asked.kind != "computation":
            continue
        if isinstance(asked, NegamaxExercise):
            continue  # a program, judged on what it does: no number to hide
        if isinstance(asked, TurnExercise):
            state = PUZZLES[asked.puzzle].state()
            answers[exercise_id] = [
                str(turn)
                for turn in state.legal_actions()
                if judge_puzzle(asked.puzzle, str(turn), "en").passed
            ]
        else:
            answers[exercise_id] = shown(asked._reference().value)
    return answers


def test_no_computed_answer_is_written_in_the_pupils_edition(edition):
    """The numbers and turns the checkers compute, written anywhere in a pupil's notebook,
    would answer the exercise before it is tried."""
    _, student = edition
    answers = computed_answers()
    assert sum(bool(forms) for forms in answers.values()) >= 9, answers  # 3: too common
    for path in sorted(student.glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join(source(c) for c in cells)
        for exercise_id, forms in answers.items():
            for form in forms:
                found = re.search(rf"(?<![\w.,]){re.escape(form)}(?![\w]|[.,]\d)", text)
                assert not found, f"{path.name} writes {form!r}, the answer to {exercise_id}"


def runs_in_the_site(path: Path) -> bool:
    return bool(claims(path).get("runs_in_the_browser"))


@pytest.mark.parametrize("name", [p.name for p in teacher_notebooks() if not runs_in_the_site(p)])
def test_a_pupils_notebook_that_needs_the_full_install_runs_from_top_to_bottom(name, edition):
    """Unanswered, in a full kernel. The others run in the site's conditions, pupils'
    edition too (tests/test_notebooks_in_the_site.py): an unanswered exercise says "à vous"
    and fails nothing."""
    _, student = edition
    notebook = nbformat.read(student / name, as_version=4)
    NotebookClient(
        notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(student)}}
    ).execute()


def autograde(course: Path, pupil: str, notebook: Path) -> float:
    """Hand `notebook` in as `pupil`'s, run `nbgrader autograde`; the points it got."""
    submitted = course / "submitted" / pupil / editions.ASSIGNMENT
    submitted.mkdir(parents=True)
    for item in (course / "release" / editions.ASSIGNMENT).iterdir():  # the lesson's files
        if item.is_dir():
            shutil.copytree(item, submitted / item.name)
    shutil.copy2(notebook, submitted / MARKED_NOTEBOOK)
    command = [sys.executable, "-m", "nbgrader", "autograde", editions.ASSIGNMENT]
    command += ["--student", pupil, "--notebook", Path(MARKED_NOTEBOOK).stem]
    result = subprocess.run(
        command, cwd=course, capture_output=True, text=True, env=editions.tool_path()
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        marked = gradebook.find_submission_notebook(
            Path(MARKED_NOTEBOOK).stem, editions.ASSIGNMENT, pupil
        )
        return float(marked.score)


def test_the_autograder_gives_a_completed_notebook_its_points_and_a_blank_one_none(
    edition, monkeypatch
):
    course, student = edition
    monkeypatch.setenv("PATH", editions.tool_path()["PATH"])  # the gradebook runs `alembic`
    cells = json.loads((NOTEBOOKS / MARKED_NOTEBOOK).read_text(encoding="utf-8"))["cells"]
    total = sum(c["metadata"].get("nbgrader", {}).get("points", 0) for c in cells)
    assert total > 0
    assert autograde(course, "complete", NOTEBOOKS / MARKED_NOTEBOOK) == total
    assert autograde(course, "blank", student / MARKED_NOTEBOOK) == 0
