"""End to end in a real JupyterLab: notebooks/sortileges.ipynb played with the mouse.

Debian's Chromium (Playwright) opens the notebook in a real `jupyter lab` (a scratch copy of
notebooks/), runs it through the Run menu, plays one turn on the first board (the widget
`partie`: Têtdevache, human, moves first, against a level-1 bot), sees the bot answer, then
asks Python what happened. Leaves test-output/jupyterlab_sortileges.png and the
click-to-render latency in test-output/latency.txt.
"""

from __future__ import annotations

import json

import pytest

from labserver import NotebookPage, SortilegesBoard

pytestmark = pytest.mark.browser

NOTEBOOK = "sortileges.ipynb"


def test_play_one_turn_in_jupyterlab(lab_server, browser_context, output_dir):
    if not (lab_server.root_dir / NOTEBOOK).exists():
        pytest.fail(f"notebooks/{NOTEBOOK} is missing")
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error.message}\n{error.stack}"))
    try:
        notebook = NotebookPage(page, lab_server, NOTEBOOK, ui="lab").open(timeout=120)
        notebook.run_all()
        board = SortilegesBoard(page, 0)
        board.wait_visible(timeout=90)
        notebook.wait_all_run(timeout=180)  # a click made while a cell runs waits for it

        assert board.ply() == 0
        step, spell, latency_ms = board.play_turn()
        assert spell is not None, "the first turn of the game always has squares to spell"
        board.wait_ply(2, timeout=30)  # the level-1 bot has answered on the board

        report = notebook.run_code(
            "import json; print(json.dumps({'ply': partie.state.ply, "
            "'history': [str(a) for a in partie.state.history]}))")
        answer = json.loads(report.strip().splitlines()[-1])
        assert answer["ply"] == 2, answer
        assert answer["history"][0] == f"c1-{step}/{spell}", (answer, step, spell)

        page.locator(".ludo").first.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(output_dir / "jupyterlab_sortileges.png"))
        (output_dir / "latency.txt").write_text(
            f"click-to-render latency, JupyterLab, first turn ({step}/{spell}): "
            f"{latency_ms:.1f} ms\n")
        print(f"click-to-render latency: {latency_ms:.1f} ms")
        # Uncaught errors thrown by the widget's code (loaded from a blob: URL) fail the
        # test; JupyterLab's own are only reported.
        widget_errors = [e for e in errors if "blob:" in e]
        assert not widget_errors, f"the widget threw: {widget_errors}"
        if errors:
            print("page errors (not from the widget):", *errors, sep="\n")
    except Exception:
        page.screenshot(path=str(output_dir / "jupyterlab_sortileges_failure.png"))
        print(lab_server.log_tail())
        raise
    finally:
        page.close()
