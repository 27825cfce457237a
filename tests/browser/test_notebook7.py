"""End to end in Notebook 7 (the `/notebooks/<path>` page of the same Jupyter server).

A tiny notebook, written into the server's scratch copy of notebooks/, shows a Sortilèges
widget; the board renders as SVG and a turn made with the mouse reaches Python.
"""

from __future__ import annotations

import json

import nbformat
import pytest

from labserver import NotebookPage, SortilegesBoard

pytestmark = pytest.mark.browser

SOURCE = """\
from ludotheque.widgets import Sortileges

partie = Sortileges(["human", "bot:1"], seed=7, first=0, bot_delay=0)
partie"""


def test_widget_renders_and_clicks_reach_python_in_notebook7(lab_server, browser_context,
                                                              output_dir):
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    notebook.cells = [nbformat.v4.new_code_cell(SOURCE)]
    folder = lab_server.root_dir / "_notebook7_test"
    folder.mkdir(exist_ok=True)
    nbformat.write(notebook, folder / "tiny.ipynb")

    page = browser_context.new_page()
    try:
        view = NotebookPage(page, lab_server, "_notebook7_test/tiny.ipynb", ui="notebook")
        view.open(timeout=120)
        view.run_all()
        board = SortilegesBoard(page, 0)
        board.wait_visible(timeout=90)
        view.wait_all_run(timeout=60)
        assert board.svg.locator("[data-square]").count() == 6 * 8

        step, spell, _ = board.play_turn()
        board.wait_ply(1, timeout=30)
        report = view.run_code("import json; print(json.dumps("
                               "[str(a) for a in partie.state.history]))")
        history = json.loads(report.strip().splitlines()[-1])
        expected = f"c1-{step}/{spell}" if spell else f"c1-{step}"
        assert history and history[0] == expected, (history, expected)
        page.screenshot(path=str(output_dir / "notebook7_sortileges.png"))
    except Exception:
        page.screenshot(path=str(output_dir / "notebook7_sortileges_failure.png"))
        print(lab_server.log_tail())
        raise
    finally:
        page.close()
