"""Tir de tuyau's lesson (notebooks/nains.ipynb) keeps what a teacher's re-read asked of it:
one line switches its language, its hour's plan adds up to the 55 minutes it announces,
and its rule is tried under more than the one model it was measured in."""

from __future__ import annotations

import json
import re
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "nains.ipynb"
PLAN_ROW = re.compile(r"^\| (\d+)–(\d+) \| (\d+) \|", re.MULTILINE)


def sources(kind: str) -> list[str]:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == kind]


def test_one_line_sets_the_language_of_every_statement_check_and_widget():
    code = "\n".join(sources("code"))
    assert len(re.findall(r'^LANGUE = "fr"', code, re.MULTILINE)) == 1
    assert not re.search(r'(statement|check|compare)\([^)]*"(fr|en)"', code)
    assert "lang=LANGUE" in code


def test_the_hours_plan_follows_on_and_adds_up_to_55_minutes():
    rows = [tuple(map(int, row)) for row in PLAN_ROW.findall(sources("markdown")[0])]
    assert rows and rows[0][0] == 0 and rows[-1][1] == 55
    for (_, end, _), (start, _, _) in zip(rows, rows[1:], strict=False):
        assert start == end
    assert all(end - start == length for start, end, length in rows)


def test_the_rule_is_stated_with_its_model_and_tried_under_others():
    markdown, code = "\n".join(sources("markdown")), "\n".join(sources("code"))
    assert "Règle à retenir, avec son modèle" in markdown
    assert "Rule to remember, with its model" in markdown
    models = re.search(r"^MODELES = \{(.*?)^\}", code, re.DOTALL | re.MULTILINE)
    assert models and models.group(1).count('":') >= 2
