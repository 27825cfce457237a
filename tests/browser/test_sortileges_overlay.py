"""The analysis overlay in a real JupyterLab: a scratch notebook with one Sortilèges game a few
turns in; the "Analyse" button is clicked, level 5 searches in Python, and the overlay (step
values, territory, expected line) appears on the board. Leaves
test-output/sortileges_overlay.png.
"""

from __future__ import annotations

import pytest

from labserver import SortilegesBoard, running_notebook, write_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "overlay_check.ipynb"
CODE = """\
from ludotheque.widgets import Sortileges
partie = Sortileges(["human", "human"], seed=3, first=0, bot_seconds=1.0)
for turn in ["c1-c2/d6", "d8-d7/c3", "c2-d3/e6", "d7-c6/b2"]:
    partie.play(turn)
partie
"""


def test_the_analysis_overlay_shows_in_jupyterlab(lab_server, browser_context, output_dir):
    write_notebook(lab_server, NOTEBOOK, CODE)
    with running_notebook(
        lab_server, browser_context, output_dir, NOTEBOOK, shot="sortileges_overlay"
    ) as notebook:
        page = notebook.page
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
