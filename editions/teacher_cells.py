"""nbgrader preprocessor of the pupils' edition: cells tagged `teacher` are dropped.

nbgrader clears solution regions and hidden tests, but a folded solution written as prose
(`<details>…`) is neither: the teacher's edition tags such cells, and this preprocessor,
first in `GenerateAssignment.preprocessors` (editions/build.py), removes them before nbgrader
computes its checksums.
"""

from __future__ import annotations

from typing import Any

from nbgrader.preprocessors import NbGraderPreprocessor

TAG = "teacher"


class DropTeacherCells(NbGraderPreprocessor):
    """Remove every cell whose metadata tags hold `teacher` (nbgrader's base: enabled, as
    nbconvert's preprocessors are not by default)."""

    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        nb.cells = [cell for cell in nb.cells if TAG not in cell.metadata.get("tags", [])]
        return nb, resources
