"""The static JupyterLite site (`make lite`, docs/lite.md) in Debian's Chromium, offline.

dist/lite/ (built by lite/build.py if absent) is served from 127.0.0.1, as a school would
serve it; every request to any other host is aborted and recorded, and none may be made.
index.ipynb opens in the site's JupyterLab, its Pyodide kernel starts, Run All installs
ludotheque from the site and shows the games; a Sortilèges turn is played with the
mouse and the bot answers; A Petits Pas takes a step. Then the kernel times a bot move of
each Sortilèges level and 10,000 A Petits Pas deals (`estimate`, which must count as
CPython does for the same seed). Measurements: test-output/lite.txt.

A tutorial (TUTORIAL) then runs whole in the site, offline too. tests/browser/litesite.py
serves the site and makes the offline page.
"""

from __future__ import annotations

import json
import time

import pytest

from labserver import NotebookPage, SortilegesBoard
from litesite import SITE, offline_page, open_notebook, run_whole, served_site

pytestmark = pytest.mark.browser

DEALS = 10_000
SEED = 17
TUTORIAL = "sortileges.ipynb"
"""The tutorial run whole in the site here (the collège lesson, its exercises judged by the
solver); tests/benchmarks/bench_lite_notebooks.py runs every notebook that claims it."""


@pytest.fixture(scope="module")
def site_url():
    with served_site() as url:
        yield url


def test_the_site_plays_offline(site_url, playwright_instance, output_dir):
    outside: list[str] = []
    with offline_page(playwright_instance, site_url, outside) as page:
        errors: list[str] = []
        missing: list[str] = []
        page.on("pageerror", lambda error: errors.append(error.message))
        page.on("response", lambda r: r.status == 404 and missing.append(r.url))
        try:
            measured = play_index(page, site_url)
        except Exception:
            page.screenshot(path=str(output_dir / "lite_failure.png"))
            raise
        page.screenshot(path=str(output_dir / "lite_index.png"))
        favicon = page.request.get(f"{site_url}favicon.ico").status  # headless asks none
    assert outside == [], f"the site asked other hosts: {outside[:10]}"
    assert missing == [], f"the site lacks what its pages ask for: {missing[:10]}"
    assert favicon == 200, "a browser asks the site's root for /favicon.ico"
    assert not [e for e in errors if "blob:" in e], f"a widget threw: {errors}"
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file()) / 1e6
    report = {"site_mb": round(size, 1), **measured}
    (output_dir / "lite.txt").write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps(report, indent=1))


def play_index(page, base: str) -> dict:
    """Open index.ipynb, run it, play; returns the timings (seconds)."""
    start = time.monotonic()
    notebook, kernel_ready = open_notebook(page, base, "index.ipynb")
    notebook.run_all()
    board = SortilegesBoard(page, 0)
    board.wait_visible(timeout=120)  # after ludotheque is installed from the site
    board.wait_targets("step", timeout=60)
    first_board = time.monotonic() - start
    notebook.wait_all_run(timeout=180)

    assert board.ply() == 0
    step, spell, _ = board.play_turn()
    assert spell is not None, "the first turn of the game always has squares to spell"
    sent = time.monotonic()
    board.wait_ply(2, timeout=60)  # the bot (middle level) has answered on the board
    bot_answer = time.monotonic() - sent

    steps = page.locator("svg.pp-board").first
    widget = "xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' ludo ')][1]"
    steps.locator(widget).locator(".pp-step").click()
    page.wait_for_function(
        "svg => Number(svg.dataset.ply) >= 1", arg=steps.element_handle(), timeout=30_000
    )

    game = notebook.run_json(
        "import json\n"
        "partie = next(v for v in Out.values() if type(v).__name__ == 'Sortileges')\n"
        "print(json.dumps({'ply': partie.state.ply, 'notice': partie.notice,\n"
        "                  'first': str(partie.state.history[0])}))",
        timeout=60,
    )
    assert game["ply"] == 2 and game["first"] == f"c1-{step}/{spell}", (game, step, spell)
    assert game["notice"] == {}, game  # the bot's own move, not the random fallback
    return {
        "kernel_ready_s": round(kernel_ready, 1),
        "first_board_s": round(first_board, 1),
        "bot_answer_on_board_s": round(bot_answer, 2),
        "bot_move_s": timed_bot_moves(notebook),
        **timed_deals(notebook),
    }


def timed_bot_moves(notebook: NotebookPage) -> dict:
    """Seconds a bot of each Sortilèges level takes to choose the opening move (1 s budget)."""
    return notebook.run_json(
        "import json, time\n"
        "from ludotheque.engines.bots import Deadline\n"
        "times = {}\n"
        "for level in partie.bot_levels():\n"
        "    bot, t = partie.make_bot(level, seed=1), time.perf_counter()\n"
        "    bot.choose(partie.game.new_game(1, first=0), Deadline(1.0))\n"
        "    times[level] = round(time.perf_counter() - t, 2)\n"
        "print(json.dumps(times))",
        timeout=120,
    )


def timed_deals(notebook: NotebookPage) -> dict:
    """10,000 A Petits Pas deals in the browser: their time, and the same counts as here."""
    from ludotheque.engines.petits_pas.odds import estimate

    browser = notebook.run_json(
        "import json, time\n"
        "from ludotheque.engines.petits_pas.odds import estimate\n"
        "t = time.perf_counter()\n"
        f"e = estimate({DEALS}, seed={SEED}, progress=False)\n"
        "print(json.dumps({'seconds': time.perf_counter() - t,\n"
        "                  'cards_left': list(e.cards_left)}))",
        timeout=300,
    )
    here = estimate(DEALS, seed=SEED, progress=False, compiled=False)
    assert browser["cards_left"] == list(here.cards_left), (browser, here)
    return {
        "deals_10000_s": round(browser["seconds"], 1),
        "deals_per_s": round(DEALS / browser["seconds"]),
    }


def test_a_tutorial_runs_whole_in_the_site(site_url, playwright_instance, output_dir):
    outside: list[str] = []
    with offline_page(playwright_instance, site_url, outside) as page:
        try:
            measured = run_whole(page, site_url, TUTORIAL, timeout=300)
        except Exception:
            page.screenshot(path=str(output_dir / "lite_tutorial_failure.png"))
            raise
    assert outside == [], f"the site asked other hosts: {outside[:10]}"
    (output_dir / "lite_tutorial.txt").write_text(json.dumps({TUTORIAL: measured}) + "\n")
    print(TUTORIAL, measured)
