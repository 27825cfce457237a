"""The bundled Sortilèges widget in a real browser, on a fake model (no Jupyter, ~2 s).

The page tests/browser/fake_model.html renders widgets/static/sortileges.js with the fake
model of js/tests/fake_model.js and a real Sortilèges observation (js/tests/fixtures). We
click a turn, read back the intent the widget sent, and take screenshots in the light and
dark themes for a person to look at (test-output/).
"""

import functools
import http.server
import json
import pathlib
import threading
import urllib.parse

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "widgets" / "static" / "sortileges.js"
FIXTURES = json.loads((ROOT / "js" / "tests" / "fixtures" / "sortileges.json").read_text())
LIVE = FIXTURES["live"]  # ply 14, Têtdevache (seat 0, the viewer) to move from e3


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def server():
    if not BUNDLE.exists():
        pytest.fail(f"{BUNDLE} is missing: run `cd js && npm ci && npm run build`")
    handler = functools.partial(QuietHandler, directory=str(ROOT))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@pytest.fixture
def open_widget(browser_context, server):
    """Open the page with trait overrides; fail the test on any page error."""
    errors = []

    def open_(theme="light", **traits):
        page = browser_context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        query = urllib.parse.urlencode({"traits": json.dumps(traits)})
        page.goto(f"{server}/tests/browser/fake_model.html?{query}")
        page.wait_for_function("window.ready === true", timeout=10_000)
        if theme == "dark":
            page.evaluate("document.body.classList.add('dark')")
        return page

    yield open_
    assert errors == []


def sent(page):
    return page.evaluate("window.fake.model.sent")


def targets(page, kind):
    return sorted(page.eval_on_selector_all(f".sp-target-{kind}", "nodes => nodes.map(n => n.dataset.square)"))


def shoot(page, output_dir, name):
    page.locator(".ludo").screenshot(path=str(output_dir / f"sortileges-{name}.png"), animations="disabled")


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
    assert page.locator('.ludo-move[aria-current]').get_attribute("data-ply") == "5"
    shoot(page, output_dir, "dark-review")

    page = open_widget(observation=FIXTURES["over"], lang="en")
    assert "Têtdevache wins" in page.locator(".ludo-status").inner_text()
    shoot(page, output_dir, "light-over-en")
