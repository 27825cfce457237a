"""End to end in a real JupyterLab: notebooks/sortileges.ipynb played with the mouse.

Debian's Chromium (Playwright) opens the notebook in a real `jupyter lab` (a scratch copy of
notebooks/), runs it through the Run menu, plays one turn on the first board (the widget
`partie`: Têtdevache, human, moves first, against a level-1 bot), sees the bot answer, then
asks Python what happened. Leaves test-output/jupyterlab_sortileges.png and the
click-to-render latency in test-output/latency.txt.
"""

from __future__ import annotations

import pytest

from labserver import SortilegesBoard, running_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "sortileges.ipynb"


def test_play_one_turn_in_jupyterlab(lab_server, browser_context, output_dir):
    with running_notebook(
        lab_server, browser_context, output_dir, NOTEBOOK, shot="jupyterlab_sortileges"
    ) as notebook:
        board = SortilegesBoard(notebook.page, 0)
        board.wait_visible(timeout=90)
        notebook.wait_all_run(timeout=180)  # a click made while a cell runs waits for it

        assert board.ply() == 0
        step, spell, latency_ms = board.play_turn()
        assert spell is not None, "the first turn of the game always has squares to spell"
        board.wait_ply(2, timeout=30)  # the level-1 bot has answered on the board

        answer = notebook.run_json(
            "import json; print(json.dumps({'ply': partie.state.ply, "
            "'history': [str(a) for a in partie.state.history]}))"
        )
        assert answer["ply"] == 2, answer
        assert answer["history"][0] == f"c1-{step}/{spell}", (answer, step, spell)

        notebook.page.locator(".ludo").first.evaluate("el => el.scrollIntoView({block: 'start'})")
        notebook.page.screenshot(path=str(output_dir / "jupyterlab_sortileges.png"))
        (output_dir / "latency.txt").write_text(
            f"click-to-render latency, JupyterLab, first turn ({step}/{spell}): "
            f"{latency_ms:.1f} ms\n"
        )
        print(f"click-to-render latency: {latency_ms:.1f} ms")
