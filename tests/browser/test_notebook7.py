"""End to end in Notebook 7 (the `/notebooks/<path>` page of the same Jupyter server).

A tiny notebook, written into the server's scratch copy of notebooks/, shows a Sortilèges
widget; the board renders as SVG and a turn made with the mouse reaches Python.
"""

from __future__ import annotations

import pytest

from labserver import SortilegesBoard, running_notebook, write_notebook

pytestmark = pytest.mark.browser

SOURCE = """\
from ludotheque.widgets import Sortileges

partie = Sortileges(["human", "bot:1"], seed=7, first=0, bot_delay=0)
partie"""


def test_widget_renders_and_clicks_reach_python_in_notebook7(
    lab_server, browser_context, output_dir
):
    write_notebook(lab_server, "_notebook7_test/tiny.ipynb", SOURCE)
    with running_notebook(
        lab_server,
        browser_context,
        output_dir,
        "_notebook7_test/tiny.ipynb",
        shot="notebook7_sortileges",
        ui="notebook",
    ) as view:
        board = SortilegesBoard(view.page, 0)
        board.wait_visible(timeout=90)
        view.wait_all_run(timeout=60)
        assert board.svg.locator("[data-square]").count() == 6 * 8

        step, spell, _ = board.play_turn()
        board.wait_ply(1, timeout=30)
        history = view.run_json(
            "import json; print(json.dumps([str(a) for a in partie.state.history]))"
        )
        expected = f"c1-{step}/{spell}" if spell else f"c1-{step}"
        assert history and history[0] == expected, (history, expected)
        view.page.screenshot(path=str(output_dir / "notebook7_sortileges.png"))
