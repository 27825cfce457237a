"""End to end in a real JupyterLab: a WHOLE best-of-three of Tir de tuyau against the
level-3 (ISMCTS) bot, all three counters on, played with the mouse like a person.

A scratch notebook (one cell: `partie = Nains(["human", "bot:3"], ..., bot_seconds=0.2,
bot_delay=0)`) is opened in `jupyter lab`; Chromium chooses the first gnome of every round in
secret, then on each turn clicks the first playable card of the hand (and the first offered
use when the card asks for a colour or a counter), or discards its first card when nothing
may be played, until the match ends. Then the widget must announce the winner, and Python
must agree that the game is over. Leaves test-output/jupyterlab_nains_match.png.
"""

from __future__ import annotations

import re
import time

import pytest

from labserver import play_one_turn, running_notebook, wait_turn_or_end, write_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "nains_match_browser.ipynb"
CELL = """from ludotheque.widgets import Nains
partie = Nains(["human", "bot:3"], seed=2027, first=0, bot_seconds=0.2, bot_delay=0,
               options={"contre": True, "surcontre": True, "sursurcontre": True})
partie"""
MATCH_SECONDS = 170


def test_a_whole_match_against_ismcts_in_jupyterlab(lab_server, browser_context, output_dir):
    write_notebook(lab_server, NOTEBOOK, CELL)
    with running_notebook(
        lab_server, browser_context, output_dir, NOTEBOOK, shot="jupyterlab_nains_match"
    ) as notebook:
        page = notebook.page
        page.locator(".nn").first.wait_for(state="visible", timeout=90_000)
        notebook.wait_all_run(timeout=120)
        board = wait_turn_or_end(page, -1)
        clicks: dict[str, int] = {"gnome": 0, "card": 0, "discard": 0}
        started = time.monotonic()
        while board["phase"] != "over":
            assert time.monotonic() - started < MATCH_SECONDS, (board, clicks)
            clicks[play_one_turn(page, board)] += 1
            board = wait_turn_or_end(page, board["ply"])

        status = page.locator(".ludo-status").first
        assert status.get_attribute("data-state") == "win", status.inner_text()
        announced = status.inner_text()
        assert re.search(r"(Nabot|Gnomette) (gagne la partie|wins the match)", announced), announced
        assert clicks["gnome"] >= 2 and clicks["card"] + clicks["discard"] >= 5, clicks

        answer = notebook.run_json(
            "import json; print(json.dumps({'over': partie.state.is_terminal(), "
            "'winner': partie.state.table.winner, 'wins': partie.state.table.wins, "
            "'rounds': partie.state.table.round_winners, 'ply': partie.state.ply}))"
        )
        assert answer["over"] is True, answer
        assert max(answer["wins"]) == 2 and answer["wins"][answer["winner"]] == 2, answer
        assert answer["ply"] == board["ply"], (answer, board)
        print(
            f"match over after {answer['ply']} plies, rounds {answer['rounds']}, "
            f"winner seat {answer['winner']}, clicks {clicks}, {time.monotonic() - started:.0f} s"
        )

        page.locator(".ludo").first.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(output_dir / "jupyterlab_nains_match.png"))
