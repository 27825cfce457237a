"""Hot seat in a real JupyterLab: two people share one screen, the curtain keeps hands apart.

`Nains(["human", "human"])` is opened in `jupyter lab`; at each change of player the curtain
comes down, and while it is down the page holds no card of any hand (only the public view
was synced). Each player lifts it with the button, sees their own hand (the one Python
dealt them) and chooses a first gnome; the page is searched for the other hand's cards at
each step. Leaves test-output/jupyterlab_nains_curtain.png.
"""

from __future__ import annotations

import pytest

from labserver import running_notebook, write_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "nains_hot_seat.ipynb"
CELL = """from ludotheque.widgets import Nains
partie = Nains(["human", "human"], seed=7, first=0)
partie"""


def cards_shown(page) -> list[str]:
    """Every card face in the widget's DOM (the hand, whatever its seat)."""
    return page.locator(".nn .nn-card").evaluate_all("els => els.map(e => e.dataset.card)")


def hands(notebook) -> list[list[str]]:
    return notebook.run_json(
        "import json\nfrom ludotheque.engines.core import OMNISCIENT\n"
        "print(json.dumps(partie.state.observation(OMNISCIENT)['hands']))"
    )


def test_the_curtain_hides_each_hand_from_the_other_player(lab_server, browser_context, output_dir):
    write_notebook(lab_server, NOTEBOOK, CELL)
    with running_notebook(
        lab_server, browser_context, output_dir, NOTEBOOK, shot="jupyterlab_nains_curtain"
    ) as notebook:
        page = notebook.page
        notebook.wait_all_run(timeout=120)
        page.locator(".ludo-curtain[data-seat='0']").wait_for(state="visible", timeout=60_000)
        page.locator(".ludo").first.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(output_dir / "jupyterlab_nains_curtain.png"))
        dealt = hands(notebook)  # asked of Python after the picture: its output shows them
        assert len(dealt[0]) == len(dealt[1]) == 5

        for seat, colour in ((0, "yellow"), (1, "blue")):
            curtain = page.locator(f".ludo-curtain[data-seat='{seat}']")
            curtain.wait_for(state="visible", timeout=60_000)
            assert cards_shown(page) == []  # nobody's cards while the curtain is down
            page.locator("[data-intent='ready']").first.click()
            curtain.wait_for(state="hidden", timeout=30_000)
            page.wait_for_function(
                "() => document.querySelectorAll('.nn .nn-card').length === 5", timeout=30_000
            )
            assert sorted(cards_shown(page)) == sorted(dealt[seat])
            page.locator(f'.nn-colour[data-action="gnome {colour}"]').click()

        # both chose: the curtain comes down for the first player's first card
        page.locator(".ludo-curtain[data-seat='0']").wait_for(state="visible", timeout=60_000)
        assert cards_shown(page) == []
        answer = notebook.run_json(
            "import json; print(json.dumps([str(a) for a in partie.state.history]))"
        )
        assert answer == ["gnome yellow", "gnome blue"], answer
