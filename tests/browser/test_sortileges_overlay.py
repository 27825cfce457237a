"""The analysis overlay in a real JupyterLab: a scratch notebook with one Sortilèges game a few
turns in; the "Analyse" button is clicked, level 5 searches in Python, and the overlay (step
values, territory, expected line) appears on the board. Leaves
test-output/sortileges_overlay.png.
"""

from __future__ import annotations

import json

import pytest

from labserver import NotebookPage, SortilegesBoard

pytestmark = pytest.mark.browser

NOTEBOOK = "overlay_check.ipynb"
CODE = """\
from ludotheque.widgets import Sortileges
partie = Sortileges(["human", "human"], seed=3, first=0, bot_seconds=1.0)
for turn in ["c1-c2/d6", "d8-d7/c3", "c2-d3/e6", "d7-c6/b2"]:
    partie.play(turn)
partie
"""


def write_notebook(root):
    cell = {"cell_type": "code", "execution_count": None, "id": "overlay", "metadata": {},
            "outputs": [], "source": CODE}
    notebook = {"cells": [cell], "metadata": {"kernelspec": {"display_name": "Python 3",
                                                              "language": "python",
                                                              "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (root / NOTEBOOK).write_text(json.dumps(notebook), encoding="utf-8")


def test_the_analysis_overlay_shows_in_jupyterlab(lab_server, browser_context, output_dir):
    write_notebook(lab_server.root_dir)
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error.message}\n{error.stack}"))
    try:
        notebook = NotebookPage(page, lab_server, NOTEBOOK, ui="lab").open(timeout=120)
        notebook.run_all()
        board = SortilegesBoard(page, 0)
        board.wait_visible(timeout=90)
        notebook.wait_all_run(timeout=180)
        assert board.ply() == 4

        toggle = page.locator(".sp-analysis-toggle").first
        assert toggle.get_attribute("aria-pressed") == "false"
        toggle.click()
        page.wait_for_selector('svg.sp-board[data-analysis="shown"]', timeout=60_000)
        assert toggle.get_attribute("aria-pressed") == "true"
        values = page.locator(".sp-step-value")
        assert values.count() >= 1
        assert page.locator(".sp-territory").count() > 10
        assert page.locator(".sp-pv").count() >= 2  # the expected line, a few turns long
        summary = page.locator(".sp-analysis-summary").first.inner_text()
        assert "c2" in summary or "d3" in summary  # names the best turn from Têtdevache's square

        page.set_viewport_size({"width": 1200, "height": 1150})
        page.locator(".ludo").first.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(output_dir / "sortileges_overlay.png"))

        toggle.click()  # and off again
        page.wait_for_selector('svg.sp-board[data-analysis="hidden"]', timeout=30_000)
        assert page.locator(".sp-step-value").count() == 0
        widget_errors = [e for e in errors if "blob:" in e]
        assert not widget_errors, f"the widget threw: {widget_errors}"
    except Exception:
        page.screenshot(path=str(output_dir / "sortileges_overlay_failure.png"))
        print(lab_server.log_tail())
        raise
    finally:
        page.close()
