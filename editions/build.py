"""Build the pupils' edition of the course with nbgrader (`make student`; docs/editions.md).

notebooks/ is the teacher's edition. This script makes dist/course/, an nbgrader course
folder whose source is a copy of notebooks/, and runs `nbgrader generate_assignment` there:
solution regions become `# À vous ! — your turn!`, hidden tests and every output go, cells
tagged `teacher` (folded solutions) are dropped. The release is copied to dist/student/,
what pupils receive and what the offline site serves. The course folder and its gradebook
stay for `nbgrader autograde` (the hidden tests are kept there, never in dist/student/).
The documents the pupils' notebooks link to (the rules) go into dist/student/docs/
(linked_docs.py).

    python editions/build.py [--course dist/course] [--output dist/student]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script or loaded by a test
from linked_docs import ship_linked_docs  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOTEBOOKS = ROOT / "notebooks"
ASSIGNMENT = "ludotheque"
SKIPPED = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.pyc", ".virtual_documents")

CONFIG = '''\
"""nbgrader's configuration of the ludotheque course (written by editions/build.py)."""

import sys

sys.path.insert(0, {editions!r})
from nbgrader.converters import GenerateAssignment  # noqa: E402
from teacher_cells import DropTeacherCells  # noqa: E402

NBGRADER_STEPS = GenerateAssignment.class_traits()["preprocessors"].make_dynamic_default()

c = get_config()  # noqa: F821 (nbgrader's config loader defines it)
c.CourseDirectory.course_id = "ludotheque"
c.CourseDirectory.root = {root!r}
c.ClearSolutions.code_stub = {{"python": "# À vous ! — your turn!"}}
c.ClearSolutions.text_stub = "*À vous ! — your turn!*"
c.GenerateAssignment.preprocessors = [DropTeacherCells, *NBGRADER_STEPS]
# the lessons play many games: a notebook may run for minutes when it is marked
c.Execute.timeout = 1800
'''


class BuildError(RuntimeError):
    """The edition could not be built; the message says what failed."""


def course(root: Path) -> Path:
    """A fresh nbgrader course folder whose one assignment is a copy of notebooks/."""
    source = root / "source" / ASSIGNMENT
    for folder in ("source", "release", "autograded", "feedback"):
        shutil.rmtree(root / folder, ignore_errors=True)
    (root / "gradebook.db").unlink(missing_ok=True)
    shutil.copytree(NOTEBOOKS, source, ignore=SKIPPED)
    config = CONFIG.format(editions=str(HERE), root=str(root.resolve()))
    (root / "nbgrader_config.py").write_text(config, encoding="utf-8")
    return root


def tool_path() -> dict[str, str]:
    """The environment with this Python's scripts first on PATH: nbgrader runs `alembic` by
    name to open its gradebook."""
    scripts = str(Path(sys.executable).parent)
    return {**os.environ, "PATH": os.pathsep.join([scripts, os.environ.get("PATH", "")])}


def generate(root: Path) -> Path:
    """Run `nbgrader generate_assignment` in the course folder; the release folder."""
    command = [sys.executable, "-m", "nbgrader", "generate_assignment", ASSIGNMENT, "--force"]
    result = subprocess.run(command, cwd=root, capture_output=True, text=True, env=tool_path())
    if result.returncode != 0 or "[GenerateAssignmentApp | ERROR]" in result.stderr:
        raise BuildError(
            f"nbgrader generate_assignment failed (exit {result.returncode})\n"
            f"{result.stdout[-2000:]}{result.stderr[-4000:]}"
        )
    return root / "release" / ASSIGNMENT


def build(course_root: Path, output: Path) -> None:
    release = generate(course(course_root))
    shutil.rmtree(output, ignore_errors=True)
    shutil.copytree(release, output, ignore=SKIPPED)
    ship_linked_docs(output)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--course", type=Path, default=ROOT / "dist" / "course")
    parser.add_argument("--output", type=Path, default=ROOT / "dist" / "student")
    arguments = parser.parse_args()
    arguments.course.mkdir(parents=True, exist_ok=True)
    try:
        build(arguments.course, arguments.output)
    except BuildError as error:
        sys.exit(f"make student: {error}")
    print(f"student edition: {arguments.output} (nbgrader course: {arguments.course})")


if __name__ == "__main__":
    main()
