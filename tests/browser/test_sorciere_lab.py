"""End to end in a real JupyterLab: notebooks/sorciere.ipynb, one card pulled by dragging.

Playwright presses the mouse on a cookie of the first roof (`partie`: Hansel, human, moves
first, against two bots), drags it off the roof in small steps and releases it; the widget
measures the gesture and sends `pull <slot>@<dexterity>`. The card lands on Hansel's pile,
goes back to the roof (then we click where) or the roof collapses. Python is asked what it
played. The notebook is run whole but for the teacher's long runs (hundreds of games for
the lesson's numbers, which nbval checks): ten minutes here, for nothing the page shows.
Leaves test-output/jupyterlab_sorciere.png.
"""

from __future__ import annotations

import re

import pytest

from labserver import running_notebook, without_long_runs

pytestmark = pytest.mark.browser

NOTEBOOK = "sorciere.ipynb"
PLY = "(svg) => Number(svg.dataset.ply)"


def test_pull_a_card_by_dragging_in_jupyterlab(lab_server, browser_context, output_dir):
    short = without_long_runs(lab_server.root_dir, NOTEBOOK)
    with running_notebook(
        lab_server, browser_context, output_dir, short, shot="jupyterlab_sorciere"
    ) as notebook:
        page = notebook.page
        roof = page.locator("svg.sv-roof").first
        roof.wait_for(state="visible", timeout=90_000)
        notebook.wait_all_run(timeout=300)
        page.wait_for_function(
            "(svg) => svg.dataset.phase === 'pull'", arg=roof.element_handle(), timeout=30_000
        )
        roof.scroll_into_view_if_needed()
        card = roof.locator(".sv-card.sv-pullable[data-slot='14']")
        box = card.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        for step in range(1, 21):  # a steady pull towards the left wall and beyond
            page.mouse.move(x - step * 9, y + step * 1.5)
            page.wait_for_timeout(25)
        page.mouse.up()
        page.wait_for_function(
            f"(svg) => ({PLY})(svg) >= 1", arg=roof.element_handle(), timeout=30_000
        )
        if roof.get_attribute("data-phase") == "put":  # same treat: click where it goes back
            roof.locator(".sv-target-put").first.click()
            page.wait_for_function(
                f"(svg) => ({PLY})(svg) >= 2", arg=roof.element_handle(), timeout=30_000
            )
        answer = notebook.run_json(
            "import json; s = partie.state; print(json.dumps({'first': str(s.history[0]), "
            "'event': s.events[0][0], 'pile': len(s.piles[0])}))"
        )
        match = re.fullmatch(r"pull 14@([0-9.]+)", answer["first"])
        assert match, answer
        assert 0 <= float(match.group(1)) <= 1
        event = answer["event"]
        assert event["collapse"] or event["to"] in ("pile", "hand")
        if not event["collapse"] and event["to"] == "pile":
            assert answer["pile"] == 1
        roof.evaluate("el => el.closest('.ludo').scrollIntoView({block: 'start'})")
        page.wait_for_timeout(1200)  # let a collapse animation end
        page.screenshot(path=str(output_dir / "jupyterlab_sorciere.png"))
        print("pulled:", answer)
