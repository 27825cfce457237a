"""The bundled Sortilèges widget in a real browser, on a fake model (no Jupyter, ~2 s).

The page tests/browser/fake_model.html renders widgets/static/sortileges.js with the fake
model of js/tests/fake_model.js and a real Sortilèges observation (js/tests/fixtures). We
click a turn, read back the intent the widget sent, and take screenshots in the light and
dark themes for a person to look at (test-output/).
"""

import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = "fake_model.html"
BUNDLE = ROOT / "widgets" / "static" / "sortileges.js"
FIXTURES = json.loads((ROOT / "js" / "tests" / "fixtures" / "sortileges.json").read_text())
LIVE = FIXTURES["live"]  # ply 14, Têtdevache (seat 0, the viewer) to move from e3


@pytest.fixture
def open_widget(fake_page):
    """Open the Sortilèges page with trait overrides."""
    if not BUNDLE.exists():
        pytest.fail(f"{BUNDLE} is missing: run `cd js && npm ci && npm run build`")
    return lambda theme="light", **traits: fake_page(PAGE, theme, traits=json.dumps(traits))


def sent(page):
    return page.evaluate("window.fake.model.sent")


def targets(page, kind):
    return sorted(
        page.eval_on_selector_all(f".sp-target-{kind}", "nodes => nodes.map(n => n.dataset.square)")
    )


def shoot(page, output_dir, name):
    page.locator(".ludo").screenshot(
        path=str(output_dir / f"sortileges-{name}.png"), animations="disabled"
    )


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_click_a_step_then_a_spell_sends_the_turn(open_widget, output_dir, theme):
    page = open_widget(theme)
    assert page.locator(".sp-square").count() == 48
    assert targets(page, "step") == sorted(LIVE["turns"])
    shoot(page, output_dir, f"{theme}-step")

    step, spell = "d4", LIVE["turns"]["d4"][-1]
    page.click(f'.sp-square[data-square="{step}"]')
    assert targets(page, "spell") == sorted(LIVE["turns"][step])
    shoot(page, output_dir, f"{theme}-spell")

    page.click(f'.sp-square[data-square="{spell}"]')
    assert sent(page) == [{"type": "act", "action": f"e3-{step}/{spell}", "ply": LIVE["ply"]}]


def test_keyboard_plays_the_same_turn(open_widget, output_dir):
    page = open_widget()
    page.keyboard.press("Tab")  # the board is the first stop: its cursor starts on the witch
    assert page.evaluate("document.activeElement.classList.contains('sp-board')")
    assert page.locator(".sp-cursor").is_visible()
    for key in ["ArrowLeft", "ArrowUp", "Enter", "ArrowRight", "ArrowUp"]:
        page.keyboard.press(key)
    shoot(page, output_dir, "light-keyboard")
    for key in ["ArrowUp", "ArrowUp", "ArrowUp", "Space"]:
        page.keyboard.press(key)
    assert sent(page) == [{"type": "act", "action": "e3-d4/e8", "ply": LIVE["ply"]}]


def test_a_bot_thinking_blocks_the_board(open_widget, output_dir):
    page = open_widget("dark", seats=["bot:1", "bot:3"], thinking=True, lang="en")
    assert page.locator(".ludo-thinking").is_visible()
    page.click('.sp-square[data-square="d4"]', force=True)
    assert sent(page) == []
    shoot(page, output_dir, "dark-thinking-en")


def test_hint_review_notice_and_game_over_render(open_widget, output_dir):
    hint = {"action": f"e3-d4/{LIVE['turns']['d4'][0]}", "ply": LIVE["ply"]}
    page = open_widget(hint=hint)
    assert page.locator(".sp-hint").count() == 2
    page.evaluate("""() => window.fake.model.set("notice",
        {id: 1, level: "error", code: "illegal", params: {action: "e3-e5/a2"}})""")
    assert page.locator(".ludo-toast").is_visible()
    shoot(page, output_dir, "light-hint-notice")

    page = open_widget("dark", review={"ply": 5, "observation": FIXTURES["review"]})
    assert page.locator(".ludo-review").is_visible()
    assert page.locator(".ludo-move[aria-current]").get_attribute("data-ply") == "5"
    shoot(page, output_dir, "dark-review")

    page = open_widget(observation=FIXTURES["over"], lang="en")
    assert "Têtdevache wins" in page.locator(".ludo-status").inner_text()
    shoot(page, output_dir, "light-over-en")


@pytest.mark.parametrize("width", [1100, 420])
def test_nothing_that_appears_above_the_board_moves_it(open_widget, width):
    """A hint line, the review banner, a win message: the board stays where it is, so a
    click aimed at a square lands on it (a board that jumps makes the player miss)."""
    page = open_widget()
    page.set_viewport_size({"width": width, "height": 900})
    top = lambda: page.eval_on_selector("svg.sp-board", "el => el.getBoundingClientRect().top")  # noqa: E731
    where = top()
    page.evaluate(f"window.fake.model.set('hint', {{action: 'e3-d4/c5', ply: {LIVE['ply']}}})")
    assert page.locator(".ludo-hint").is_visible() and top() == where
    page.evaluate("window.fake.model.set('hint', {})")
    page.evaluate(
        "window.fake.model.set('review', {ply: 5, observation: window.fake.fixtures.review})"
    )
    assert page.locator(".ludo-review").is_visible() and top() == where
    page.evaluate("window.fake.model.set('review', {})")
    page.evaluate("window.fake.model.set('observation', window.fake.fixtures.over)")
    assert (
        page.locator('.ludo-status[data-state="win"], .ludo-status[data-state="lost"]').count() == 1
    )
    assert top() == where
