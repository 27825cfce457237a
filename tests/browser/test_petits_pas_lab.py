"""End to end in a real JupyterLab: notebooks/petits_pas.ipynb, a deal watched step by step.

Debian's Chromium (Playwright) opens the notebook in a real `jupyter lab` (a scratch copy of
notebooks/), runs it through the Run menu, then takes steps on the first widget (`donne`,
deal 21): a click on "step", then the space bar on the board; each time the row on the page
changes and Python agrees. Leaves test-output/jupyterlab_petits_pas.png.
"""

from __future__ import annotations

import pytest

from labserver import running_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "petits_pas.ipynb"
ROW_JS = """svg => [...svg.querySelectorAll('.pp-place')].map(
    place => [...place.querySelectorAll('.pp-card')].map(card => card.dataset.card))"""


def test_watch_a_deal_step_by_step_in_jupyterlab(lab_server, browser_context, output_dir):
    with running_notebook(
        lab_server, browser_context, output_dir, NOTEBOOK, shot="jupyterlab_petits_pas"
    ) as notebook:
        page = notebook.page
        board = page.locator("svg.pp-board").first
        board.wait_for(state="visible", timeout=90_000)
        notebook.wait_all_run(timeout=240)  # a click made while a cell runs waits for it

        def ply() -> int:
            return int(board.get_attribute("data-ply"))

        def wait_ply(n: int) -> None:
            page.wait_for_function(
                "([svg, n]) => Number(svg.dataset.ply) >= n",
                arg=[board.element_handle(), n],
                timeout=30_000,
            )

        assert ply() == 0
        start = board.evaluate(ROW_JS)
        assert [len(pile) for pile in start] == [1, 1, 1, 1]
        assert "secret" not in (board.get_attribute("data-result") or "")

        widget = board.locator(
            "xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' ludo ')][1]"
        )
        widget.locator(".pp-step").click()
        wait_ply(1)
        after_click = board.evaluate(ROW_JS)
        assert after_click != start
        explained = widget.locator(".pp-explain-main").inner_text()
        assert explained and "Quatre cartes" not in explained

        board.click()  # the board has the focus: space takes a step
        for n in (2, 3):
            page.keyboard.press("Space")
            wait_ply(n)
        assert board.evaluate(ROW_JS) != after_click
        assert widget.locator(".pp-deal").get_attribute("data-known") == "false"

        answer = notebook.run_json(
            "import json; print(json.dumps({'ply': donne.state.ply, "
            "'places': donne.observation['places'], 'number': donne.deal_number}))"
        )
        assert answer["ply"] == 3 and answer["number"] is None, answer
        assert answer["places"] == board.evaluate(ROW_JS)

        widget.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(output_dir / "jupyterlab_petits_pas.png"), animations="disabled")
