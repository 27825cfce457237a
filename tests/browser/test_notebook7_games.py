"""The three other games in Notebook 7: each widget renders and one move made in the page
reaches Python (Sortilèges has its own test in test_notebook7.py).

Each case writes a one-cell notebook into the server's scratch folder, opens it in the
Notebook 7 UI (`/notebooks/...`), acts like a player (a click on "step", a gnome chosen, a
cookie card dragged off the roof) and reads the move back from Python.
Leaves test-output/notebook7_<game>.png.
"""

from __future__ import annotations

import pytest

from labserver import running_notebook, write_notebook

pytestmark = pytest.mark.browser


def step_a_card(page) -> None:
    page.locator(".pp-step").first.click()


def choose_a_gnome(page) -> None:
    page.locator('.nn-colour[data-action="gnome yellow"]').click()


def drag_a_cookie(page) -> None:
    roof = page.locator("svg.sv-roof").first
    page.wait_for_function(
        "(svg) => svg.dataset.phase === 'pull'", arg=roof.element_handle(), timeout=30_000
    )
    roof.scroll_into_view_if_needed()
    box = roof.locator(".sv-card.sv-pullable[data-slot='14']").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 21):
        page.mouse.move(x - step * 9, y + step * 1.5)
        page.wait_for_timeout(25)
    page.mouse.up()


GAMES = {
    "petits_pas": ("PetitsPas(seed=21)", "svg.pp-board", step_a_card, "step"),
    "nains": (
        'Nains(["human", "bot:1"], seed=2026, first=0, bot_delay=0)',
        ".nn",
        choose_a_gnome,
        "gnome yellow",
    ),
    "sorciere": (
        'Sorciere(["human", "bot:1", "bot:1"], seed=5, first=0, bot_delay=0)',
        "svg.sv-roof",
        drag_a_cookie,
        "pull 14@",
    ),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_move_made_in_notebook7_reaches_python(game, lab_server, browser_context, output_dir):
    create, root, act, first_move = GAMES[game]
    widget = create.split("(")[0]
    path = f"_notebook7_test/{game}.ipynb"
    write_notebook(
        lab_server, path, f"from ludotheque.widgets import {widget}\npartie = {create}\npartie"
    )
    with running_notebook(
        lab_server, browser_context, output_dir, path, shot=f"notebook7_{game}", ui="notebook"
    ) as view:
        view.page.locator(root).first.wait_for(state="visible", timeout=90_000)
        view.wait_all_run(timeout=60)
        act(view.page)
        view.page.wait_for_function(
            f"() => Number(document.querySelector('{root}').dataset.ply) >= 1", timeout=30_000
        )
        history = view.run_json(
            "import json; print(json.dumps([str(a) for a in partie.state.history]))"
        )
        assert history and history[0].startswith(first_move), history
        view.page.screenshot(path=str(output_dir / f"notebook7_{game}.png"))
