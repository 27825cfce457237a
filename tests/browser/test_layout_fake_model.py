"""The widget's frame in a real browser, on a fake model.

The page tests/browser/nains_fake_model.html renders widgets/static/nains.js with the fake
model of js/tests/fake_model.js, the level labels widgets/nains.py offers (the longest,
"déduction (recherche compilée)", made the "Joueurs" box wider than its column) and
observations made by the engine (js/tests/fixtures/nains.json). We measure bounding boxes:
nothing sticks out of the widget's border, and the New game/Undo/Hint buttons stay where
they are while the rows of the board come and go.
"""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = "nains_fake_model.html"
BUNDLE = ROOT / "widgets" / "static" / "nains.js"

# Every observation of the fixtures a player meets: choosing a gnome, playing, after a pull
# (its explanation above the hand), a window open to a contre.
STATES = ["choose", "play", "after_pull", "window"]


@pytest.fixture
def open_widget(fake_page):
    if not BUNDLE.exists():
        pytest.fail(f"{BUNDLE} is missing: run `cd js && npm ci && npm run build`")
    return lambda fixture="play": fake_page(PAGE, fixture=fixture)


def box(page, selector):
    return page.eval_on_selector(
        selector,
        "el => { const b = el.getBoundingClientRect();"
        " return {left: b.left, top: b.top, right: b.right, bottom: b.bottom}; }",
    )


def sticking_out(page):
    """The elements of the widget whose right edge is past the widget's own."""
    return page.evaluate("""() => {
        const ludo = document.querySelector('.ludo').getBoundingClientRect();
        return [...document.querySelectorAll('.ludo *')]
            .filter((el) => el.getBoundingClientRect().right > ludo.right + 0.5)
            .map((el) => el.className.baseVal ?? el.className);
    }""")


def show(page, fixture):
    shown = f"structuredClone(window.fake.fixtures.{fixture})"
    page.evaluate(f"window.fake.model.set('observation', {shown})")


@pytest.mark.parametrize("width", [1400, 1100, 700, 420])
def test_the_players_box_stays_inside_the_widget(open_widget, width):
    page = open_widget()
    page.set_viewport_size({"width": width, "height": 900})
    widget = box(page, ".ludo")
    for selector in [".ludo-seats", ".ludo-options", ".ludo-side", ".ludo-stage"]:
        assert box(page, selector)["right"] <= widget["right"], selector
    seats = box(page, ".ludo-seats")
    for select in page.query_selector_all(".ludo-seat-select"):
        edge = select.bounding_box()
        assert edge["x"] + edge["width"] <= seats["right"]
    assert sticking_out(page) == []


@pytest.mark.parametrize("width", [1400, 1100])
def test_the_buttons_keep_their_place_as_rows_come_and_go(open_widget, width):
    """In a notebook as wide as JupyterLab's at 1,400 px, the side panel sits beside the board
    (the "Joueurs" box no longer pushes it below), so rows appearing on the board do not
    move New game/Undo/Hint."""
    page = open_widget("choose")
    page.set_viewport_size({"width": width, "height": 900})
    where = box(page, ".ludo-buttons")
    heights = set()
    for fixture in STATES:
        show(page, fixture)
        heights.add(round(box(page, ".ludo-stage")["bottom"]))
        assert box(page, ".ludo-buttons") == where, fixture
    assert len(heights) > 1  # the rows above did change
    assert box(page, ".ludo-side")["left"] > box(page, ".ludo-stage")["right"]
