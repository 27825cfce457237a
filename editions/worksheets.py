"""Printable sheets for the class, made from the teacher's notebooks (`make worksheets`).

For each course notebook, into dist/worksheets/:

* `<notebook>.html`, the pupil's sheet: the lesson's header (objectives, level, duration),
  each exercise's question with room to answer, and the written summary to copy out (the
  *trace écrite*: the notebook's cells tagged `trace`). No solution: it is built only from
  cells the pupils' edition keeps, and the exercises' statements.
* `<notebook>-corrige.html`, the answer key, apart: the same, with each answer cell's
  solution and the folded solution text (cells tagged `teacher`), and the points.
* `grille.html`, the marking grid of every notebook: each marked exercise, its points and
  what the marker accepts (`Exercise.criterion`), with columns to tick.

Open a sheet in a browser and print it (the page's print style leaves out nothing but the
browser's margins). One language per sheet would halve the paper; the notebooks are
bilingual, French first, and so are the sheets.

    python editions/worksheets.py [--output dist/worksheets]
"""

from __future__ import annotations

import argparse
import html
import json
import re
from pathlib import Path

from nbconvert.filters.markdown_mistune import markdown2html_mistune

from ludotheque.classroom.exercises import EXERCISES, statement

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
EXERCISE = re.compile(r"^#{3,4} Exercice \d", re.MULTILINE)
ASKED = re.compile(r'(?:check|mark|check_puzzle)\(\s*"([\w.]+)"')
SOLUTION = re.compile(r"### BEGIN SOLUTION\n(.*?)### END SOLUTION", re.DOTALL)
HEADER = re.compile(r"\|\s*\*\*(Objectifs?|Durée)\*\*")
TRACE, TEACHER = "trace", "teacher"
ANCHOR = re.compile(r'<a class="anchor-link"[^>]*>.*?</a>')
"""The ¶ that nbconvert puts after each heading: a link, of no use on paper."""

STYLE = """
body { font: 12pt/1.45 system-ui, sans-serif; max-width: 46em; margin: 1.5em auto; color: #111; }
h1 { font-size: 1.6em; border-bottom: 2px solid #333; } h2 { font-size: 1.25em; }
table { border-collapse: collapse; margin: 0.6em 0; }
td, th { border: 1px solid #999; padding: 3px 6px; }
.answer { border: 1px solid #777; border-radius: 4px; height: 7em; margin: 0.4em 0 1.2em; }
.answer::before { content: "Ma réponse — my answer"; font-size: 0.8em; color: #666; }
.question { background: #f3f3f3; padding: 4px 8px; border-left: 4px solid #0072B2; }
.trace { border: 2px solid #009E73; border-radius: 6px; padding: 0 1em; margin-top: 1.5em; }
.key { border-left: 4px solid #D55E00; padding-left: 0.8em; }
pre { background: #f6f6f6; padding: 6px; white-space: pre-wrap; font-size: 0.85em; }
.grid td.tick { width: 5em; }
@media print { body { margin: 0; max-width: none; } section { break-inside: avoid; } }
"""


def cells(notebook: Path) -> list[dict]:
    return json.loads(notebook.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def tags(cell: dict) -> list[str]:
    return cell["metadata"].get("tags", [])


def markdown(text: str) -> str:
    return ANCHOR.sub("", markdown2html_mistune(text))


def sections(notebook: Path) -> list[dict]:
    """Each exercise of `notebook`: its heading cell's text, the ids it asks, the solution
    code of its answer cells, its folded solution text and its points."""
    found: list[dict] = []
    for cell in cells(notebook):
        text = source(cell)
        if cell["cell_type"] == "markdown" and EXERCISE.match(text) and TEACHER not in tags(cell):
            found.append({"text": text, "ids": [], "code": [], "key": [], "points": 0})
            continue
        if not found:
            continue
        current, grading = found[-1], cell["metadata"].get("nbgrader", {})
        if cell["cell_type"] == "code":
            current["ids"] += [i for i in ASKED.findall(text) if i not in current["ids"]]
            current["code"] += [code.strip() for code in SOLUTION.findall(text)]
            current["points"] += grading.get("points", 0) if grading.get("grade") else 0
        elif TEACHER in tags(cell):
            current["key"].append(text.replace("<details>", "<details open>", 1))
    for section in found:
        section["ids"] = [i for i in section["ids"] if i in EXERCISES]
    return found


def page(title: str, body: list[str]) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="fr"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>\n<body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def sheet(notebook: Path, answer_key: bool) -> str:
    """The pupil's sheet of `notebook`, or its answer key."""
    all_cells = cells(notebook)
    title = source(all_cells[0]).split("\n", 1)[0].lstrip("# ").strip()
    kind = "Corrigé — answer key" if answer_key else "Fiche élève — worksheet"
    body = [f"<h1>{html.escape(title)}</h1>", f"<p><em>{kind}</em> · Nom : ____________</p>"]
    header = next((source(c) for c in all_cells if HEADER.search(source(c))), None)
    if header:  # the lesson's card, under the sheet's own title
        body.append(markdown(re.sub(r"\A# .*\n", "", header)))
    for section in sections(notebook):
        parts = [markdown(section["text"])]
        for exercise_id in section["ids"]:
            question = f"{statement(exercise_id, 'fr')}\n\n*{statement(exercise_id, 'en')}*"
            parts.append(f'<div class="question">{markdown(question)}</div>')
        if answer_key:
            if section["points"]:
                parts.append(f"<p><strong>Points : {section['points']}</strong></p>")
            parts += [f"<pre>{html.escape(code)}</pre>" for code in section["code"]]
            parts += [f'<div class="key">{markdown(text)}</div>' for text in section["key"]]
        else:
            parts.append('<div class="answer"></div>')
        body.append("<section>" + "\n".join(parts) + "</section>")
    traces = [source(c) for c in all_cells if TRACE in tags(c)]
    if traces:
        body.append('<div class="trace">' + "\n".join(markdown(t) for t in traces) + "</div>")
    return page(f"{title} — {kind}", body)


def grid(notebooks: list[Path]) -> str:
    """Every marked exercise with its points and what is accepted, to tick per pupil."""
    body = ["<h1>Grille de notation — marking grid</h1>", "<p>Nom : ____________</p>"]
    for notebook in notebooks:
        rows = [
            "<tr>"
            f"<td><code>{html.escape(exercise_id)}</code></td>"
            f"<td>{html.escape(EXERCISES[exercise_id].criterion('fr'))}<br>"
            f"<em>{html.escape(EXERCISES[exercise_id].criterion('en'))}</em></td>"
            f"<td>{section['points']}</td>"
            '<td class="tick"></td><td class="tick"></td></tr>'
            for section in sections(notebook)
            if section["points"]
            for exercise_id in section["ids"][:1]
        ]
        if not rows:
            continue
        total = sum(s["points"] for s in sections(notebook))
        body.append(
            f"<section><h2>{html.escape(notebook.stem)} ({total} points)</h2>"
            '<table class="grid"><tr><th>exercice</th><th>accepté si — accepted when</th>'
            "<th>points</th><th>obtenu</th><th>remarque</th></tr>"
            + "".join(rows)
            + "</table></section>"
        )
    return page("Grille de notation — marking grid", body)


def course_notebooks(folder: Path = NOTEBOOKS) -> list[Path]:
    """The notebooks that ask exercises, in the course's order of file names."""
    return [p for p in sorted(folder.glob("*.ipynb")) if sections(p)]


def build(output: Path) -> list[Path]:
    output.mkdir(parents=True, exist_ok=True)
    written = []
    notebooks = course_notebooks()
    for notebook in notebooks:
        for answer_key, suffix in ((False, ""), (True, "-corrige")):
            path = output / f"{notebook.stem}{suffix}.html"
            path.write_text(sheet(notebook, answer_key), encoding="utf-8")
            written.append(path)
    path = output / "grille.html"
    path.write_text(grid(notebooks), encoding="utf-8")
    return [*written, path]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "dist" / "worksheets")
    written = build(parser.parse_args().output)
    print(f"{len(written)} sheets in {written[0].parent}: open one in a browser and print it")


if __name__ == "__main__":
    main()
