"""End to end in a real JupyterLab: a small class tournament.

A scratch notebook runs three of notebooks/bots/ (one crashes) in the Tournament widget;
Chromium watches the progress bar and the leaderboard fill, reads a forfeit's reason,
clicks Replay on a game, sees it open at its start on the Sortilèges board below the
leaderboard and steps one move forward. Python is asked what it shows. Leaves
test-output/jupyterlab_tournament.png.
"""

from __future__ import annotations

import pytest

from labserver import SortilegesBoard, running_notebook, write_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "tournament_browser.ipynb"
CELL = """from ludotheque.widgets import Tournament
bots = {name: f"bots/{name}.py" for name in ("hasard", "mobilite", "plante")}
tournoi = Tournament("sortileges", bots, seconds=0.3, seed=7, lang="en")
tournoi.start()
tournoi"""
GAMES = 6


def test_a_tournament_fills_its_leaderboard_and_replays_a_game(
    lab_server, browser_context, output_dir
):
    write_notebook(lab_server, NOTEBOOK, CELL)
    with running_notebook(
        lab_server, browser_context, output_dir, NOTEBOOK, shot="jupyterlab_tournament"
    ) as notebook:
        page = notebook.page
        root = page.locator(".lt").first
        root.wait_for(state="visible", timeout=90_000)
        notebook.wait_all_run(timeout=60)
        page.wait_for_function(
            "(el) => el.dataset.status === 'done'", arg=root.element_handle(), timeout=60_000
        )
        assert root.locator(".lt-progress").get_attribute("aria-valuenow") == str(GAMES)
        rows = root.locator(".lt-row")
        assert rows.count() == 3
        assert rows.last.get_attribute("data-entrant") == "plante"  # it forfeits every game
        assert root.locator(".lt-row[data-entrant='plante'] .lt-forfeits").inner_text() == "4"
        forfeit = root.locator(".lt-forfeit[data-entrant='plante']").first
        assert "KeyError" in forfeit.inner_text()

        # a game between the two bots that play: replay it on the board
        game = root.locator(".lt-game:not(:has(.lt-forfeit))").first
        index = int(game.get_attribute("data-game"))
        game.locator(".lt-open").click()
        board = SortilegesBoard(page)
        board.wait_visible(timeout=30)
        page.wait_for_function(
            "(svg) => svg.dataset.ply === '0'", arg=board.svg.element_handle(), timeout=30_000
        )
        page.locator(".ludo-step[data-step='1']").first.click()
        board.wait_ply(1)
        answer = notebook.run_json(
            "import json; b = tournoi.board; g = tournoi.results.games[tournoi.selected]; "
            "print(json.dumps({'selected': tournoi.selected, 'review': b.review['ply'], "
            "'names': b.names, 'seats': list(g.seats), 'replaying': b.replaying, "
            "'leaders': [r['entrant'] for r in tournoi.results.standings()]}))"
        )
        assert answer["selected"] == index and answer["review"] == 1, answer
        assert answer["names"] == answer["seats"] and answer["replaying"], answer
        shown = rows.evaluate_all("els => els.map(el => el.dataset.entrant)")
        assert shown == answer["leaders"], (shown, answer)

        root.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(output_dir / "jupyterlab_tournament.png"), full_page=True)
