"""'Revoir la partie' in a real JupyterLab: a scratch notebook plays a Sortilèges game between
two bots to its end; Chromium clicks "Revoir la partie coup par coup" in the side panel, waits
for Python's review (engines/review.py, in the background), reads the sentence, the curve and
the moments in French, clicks a moment and sees the board look back at the position before it
(the kernel agrees), then switches the widget to English and sees the panel's words follow.
Leaves test-output/jupyterlab_game_review.png.
"""

from __future__ import annotations

import re

import pytest

from labserver import SortilegesBoard, running_notebook, write_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "game_review_browser.ipynb"
CELL = """from ludotheque.widgets import Sortileges
w = Sortileges(["bot:2", "bot:1"], seed=3, bot_delay=0, bot_seconds=0.05)
w"""


def test_a_finished_game_is_reviewed_move_by_move(lab_server, browser_context, output_dir):
    write_notebook(lab_server, NOTEBOOK, CELL)
    with running_notebook(
        lab_server, browser_context, output_dir, NOTEBOOK, shot="jupyterlab_game_review"
    ) as notebook:
        page = notebook.page
        board = SortilegesBoard(page)
        board.wait_visible(timeout=90)
        notebook.wait_all_run(timeout=60)
        panel = page.locator(".ludo-gr").first
        ask = panel.locator(".ludo-gr-ask")
        # the panel is offered once the game is over (bots only: it ends by itself)
        ask.wait_for(state="visible", timeout=30_000)
        assert notebook.run_json("import json; print(json.dumps(w.state.is_terminal()))")
        assert panel.locator(".ludo-heading").text_content() == "Revoir la partie"
        assert ask.inner_text() == "Revoir la partie coup par coup"

        ask.click()
        moments = panel.locator(".ludo-gr-moment")
        moments.first.wait_for(state="visible", timeout=60_000)
        assert ask.is_hidden()
        said = panel.locator(".ludo-gr-said").inner_text()
        assert said.startswith("La courbe : la partie vue par"), said
        assert "estimé" in said, said  # no position of this game is small enough for a proof
        assert panel.locator(".ludo-gr-curve").is_visible()
        assert panel.locator(".ludo-gr-dot").count() >= 1
        first = moments.first.inner_text()
        assert first.startswith("Coup ") and "Joué :" in first and "meilleur :" in first, first
        assert re.search(r": (erreur|gaffe)\.", first), first

        moment = moments.first
        ply = int(moment.get_attribute("data-ply"))
        assert ply > 0
        moment.click()
        banner = page.locator(".ludo-review").first
        banner.wait_for(state="visible", timeout=30_000)
        page.wait_for_function(
            "([svg, n]) => svg.dataset.ply === String(n)",
            arg=[board.svg.element_handle(), ply],
            timeout=30_000,
        )
        answer = notebook.run_json("import json; print(json.dumps(w.review))")
        assert answer["ply"] == ply, answer
        assert banner.is_visible()

        # the widget's own language control: the panel's words follow
        page.locator(".ludo-lang-button[data-lang='en']").first.click()
        page.wait_for_function(
            "(el) => el.textContent.startsWith('The curve')",
            arg=panel.locator(".ludo-gr-said").element_handle(),
            timeout=10_000,
        )
        assert panel.locator(".ludo-heading").text_content() == "Review the game"
        english = moments.first.inner_text()
        assert english.startswith("Move ") and "Played:" in english, english
        assert re.search(r": (mistake|blunder)\.", english), english
        label = panel.locator(".ludo-gr-curve").get_attribute("aria-label")
        assert label.startswith("The game's value for"), label
        assert moments.count() >= 1 and int(moments.first.get_attribute("data-ply")) == ply

        page.set_viewport_size({"width": 1200, "height": 1250})  # the whole panel in view
        page.locator(".ludo").first.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(output_dir / "jupyterlab_game_review.png"))
