"""End to end in a real JupyterLab: Tir de tuyau against the ISMCTS bot, with the mouse.

A scratch notebook (one cell: `partie = Nains(["human", "bot:3"], ...)` with the counters on)
is opened in a real `jupyter lab`; Chromium chooses the first gnome, waits for the bot's
secret choice, plays a card from the hand, sees the bot answer, then asks Python what
happened. Leaves test-output/jupyterlab_nains.png.
"""

from __future__ import annotations

import pytest

from labserver import nains_board, running_notebook, wait_nains_board, write_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "nains_browser.ipynb"
CELL = """from ludotheque.widgets import Nains
partie = Nains(["human", "bot:3"], seed=2026, first=0, bot_seconds=0.3, bot_delay=0.2,
               options={"contre": True, "surcontre": True, "sursurcontre": True})
partie"""


def test_play_a_card_against_the_bot_in_jupyterlab(lab_server, browser_context, output_dir):
    write_notebook(lab_server, NOTEBOOK, CELL)
    with running_notebook(
        lab_server, browser_context, output_dir, NOTEBOOK, shot="jupyterlab_nains"
    ) as notebook:
        page = notebook.page
        page.locator(".nn").first.wait_for(state="visible", timeout=90_000)
        notebook.wait_all_run(timeout=120)
        wait_nains_board(page, "b.state === 'choose' && b.ply === 0")

        # the secret first gnome, then the bot's (hidden until both are chosen)
        page.locator('.nn-colour[data-action="gnome yellow"]').click()
        wait_nains_board(page, "b.phase === 'play' && b.state === 'play'", timeout=60)
        gnomes = page.locator(".nn-gnome").evaluate_all(
            "els => els.map(g => [g.dataset.seat, g.dataset.colour])"
        )
        assert ["0", "yellow"] in gnomes and len(gnomes) == 2, gnomes
        assert page.locator(".nn-backs[data-seat='1'] .nn-back").count() == 5  # hidden hand
        ply = nains_board(page)["ply"]

        # play a card: the first one that may be played; pick its first use if asked
        cards = page.locator(".nn-hand button.nn-card:not(.nn-dim)")
        code = cards.first.get_attribute("data-card")
        cards.first.click()
        if page.locator(".nn-option").count():
            page.locator(".nn-option").first.click()
        wait_nains_board(
            page, f"b.ply >= {ply + 2} && (b.state === 'play' || b.phase !== 'play')", timeout=60
        )

        answer = notebook.run_json(
            "import json; print(json.dumps({'ply': partie.state.ply, "
            "'history': [str(a) for a in partie.state.history]}))"
        )
        assert answer["history"][0] == "gnome yellow", answer
        assert answer["history"][2].split()[1] == code, (answer, code)
        assert answer["ply"] >= 4, answer

        page.locator(".ludo").first.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(output_dir / "jupyterlab_nains.png"))
