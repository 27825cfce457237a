"""`make worksheets`: a printable sheet per course notebook with no answer in it, the answer
key apart with every solution, and a marking grid whose points are the notebooks' own."""

from __future__ import annotations

import html
import importlib.util
import json
import re
from pathlib import Path

import pytest
from test_editions import REGION, source, telling_lines

from ludotheque.classroom.exercises import EXERCISES

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("worksheets", ROOT / "editions" / "worksheets.py")
assert spec and spec.loader
worksheets = importlib.util.module_from_spec(spec)
spec.loader.exec_module(worksheets)


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("worksheets")
    worksheets.build(folder)
    return folder


def text_of(page: Path) -> str:
    """A sheet's words, without its markup."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))


def marked_points(notebook: Path) -> int:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return sum(
        c["metadata"]["nbgrader"].get("points", 0)
        for c in cells
        if c["metadata"].get("nbgrader", {}).get("grade")
    )


def test_every_notebook_that_asks_exercises_gets_a_sheet_a_key_and_a_summary(sheets):
    notebooks = worksheets.course_notebooks()
    assert len(notebooks) >= 6
    for notebook in notebooks:
        sheet = (sheets / f"{notebook.stem}.html").read_text(encoding="utf-8")
        assert 'class="trace"' in sheet, f"{notebook.name}: no cell tagged trace"
        assert sheet.count('class="answer"') == len(worksheets.sections(notebook))
        assert (sheets / f"{notebook.stem}-corrige.html").is_file()


def test_a_pupils_sheet_holds_no_line_that_only_the_teacher_has(sheets):
    telling = telling_lines()
    for notebook in worksheets.course_notebooks():
        words = text_of(sheets / f"{notebook.stem}.html")
        leaked = [line for line in telling if len(line) > 20 and line in words]
        assert not leaked, (notebook.name, leaked[:3])


def test_the_answer_key_holds_every_solution(sheets):
    for notebook in worksheets.course_notebooks():
        key = text_of(sheets / f"{notebook.stem}-corrige.html")
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        solutions = [
            body.strip()
            for c in cells
            for kind, body in REGION.findall(source(c))
            if kind == "SOLUTION"
        ]
        assert solutions, notebook.name
        for solution in solutions:
            first = solution.split("\n")[0].strip()
            assert first in key, (notebook.name, first)


def test_the_grid_gives_each_marked_exercise_its_points_and_what_is_accepted(sheets):
    grid = text_of(sheets / "grille.html")
    for notebook in worksheets.course_notebooks():
        if points := marked_points(notebook):
            assert f"{notebook.stem} ({points} points)" in grid, notebook.name
    for exercise_id, exercise in EXERCISES.items():
        for lang in ("fr", "en"):
            criterion = exercise.criterion(lang)
            assert criterion and "{" not in criterion, (exercise_id, lang)
        if exercise.kind != "prediction" and exercise_id in grid:
            assert exercise.criterion("fr") in grid, exercise_id
