"""The bundled A Petits Pas widget in a real browser, on a fake model (no Jupyter, a few s).

The page tests/browser/petits_pas_fake_model.html renders widgets/static/petits_pas.js with
the fake model of js/tests/fake_model.js and observations made by the engine
(js/tests/fixtures/petits_pas.json). We press step (button and space), read back the
intents, watch a step animate (the jumping card above the row, mid-flight), and take
screenshots in the light and dark themes for a person to look at (test-output/).
"""

import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = "petits_pas_fake_model.html"
BUNDLE = ROOT / "widgets" / "static" / "petits_pas.js"
FIXTURES = json.loads((ROOT / "js" / "tests" / "fixtures" / "petits_pas.json").read_text())


@pytest.fixture
def open_widget(fake_page):
    """Open the Petits Pas page: `fixture` picks the observation, `step` animates a step."""
    if not BUNDLE.exists():
        pytest.fail(f"{BUNDLE} is missing: run `cd js && npm ci && npm run build`")

    def open_(theme="light", fixture=None, step=None, reduced=False, **traits):
        query = {"traits": json.dumps(traits)}
        query.update({key: value for key, value in (("fixture", fixture), ("step", step)) if value})
        return fake_page(PAGE, theme, reduced, **query)

    return open_


def sent(page):
    return page.evaluate("window.fake.model.sent")


def shoot(page, output_dir, name):
    page.locator(".ludo").screenshot(
        path=str(output_dir / f"petits_pas-{name}.png"), animations="disabled"
    )


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_row_and_a_step(open_widget, output_dir, theme):
    page = open_widget(
        theme, fixture="wide" if theme == "dark" else None, lang="en" if theme == "dark" else "fr"
    )
    observation = FIXTURES["wide" if theme == "dark" else "start"]
    assert page.locator(".pp-place").count() == len(observation["places"])
    shoot(page, output_dir, f"{theme}-row")
    page.click(".pp-step")
    assert sent(page) == [{"type": "act", "action": "step", "ply": observation["ply"]}]


def test_space_takes_a_step(open_widget):
    page = open_widget()
    page.locator(".pp-board").focus()
    page.keyboard.press("Space")
    page.keyboard.press("Space")  # Python has not answered yet: one step only
    assert sent(page) == [{"type": "act", "action": "step", "ply": 0}]


@pytest.mark.parametrize("step", ["cover", "take-more"])
def test_a_step_animates_the_jumping_card(open_widget, output_dir, step):
    page = open_widget(step=step)
    mover = FIXTURES[step][1]["events"][0]["card"]
    page.evaluate("window.fake.next()")
    card = page.locator(f'.pp-flyer[data-flies="{mover}"]')
    assert page.evaluate("document.getAnimations().length") > 0
    # Freeze every animation at the top of the jump and look.
    page.evaluate("""() => {
        for (const a of document.getAnimations()) {
            a.pause();
            a.currentTime = a.effect.getTiming().duration * 0.2;
        }
    }""")
    top = page.locator(".pp-place").first.bounding_box()["y"]
    assert card.bounding_box()["y"] < top - 10, "the jumping card passes above the row"
    page.locator(".ludo").screenshot(path=str(output_dir / f"petits_pas-jump-{step}.png"))
    page.evaluate("() => { for (const a of document.getAnimations()) a.finish(); }")
    page.wait_for_function("document.querySelectorAll('.pp-flyer').length === 0")
    assert page.evaluate("document.getAnimations().length") == 0
    assert page.locator(f'.pp-card[data-card="{mover}"]').is_visible()


def test_reduced_motion_does_not_animate(open_widget):
    page = open_widget(step="cover", reduced=True)
    page.evaluate("window.fake.next()")
    assert (
        page.evaluate(
            "document.getAnimations().filter(a => a.effect?.target?.closest?.('.pp-board')).length"
        )
        == 0
    )


def test_the_end_shows_the_number_and_replays(open_widget, output_dir):
    page = open_widget("dark", fixture="lost", deal="1234567", seats=["human"])
    deal = page.locator(".pp-deal").inner_text()  # grouped to be read out, and how to replay
    assert "1 234 567" in deal and "PetitsPas(seed=1_234_567)" in deal, deal
    shoot(page, output_dir, "dark-lost")
    page.click(".pp-replay-this")
    page.fill(".pp-replay-input", "42")
    page.click(".pp-replay")
    reading = FIXTURES["start"]["reading"]
    assert sent(page) == [
        {"type": "replay", "seed": "1234567", "options": reading},
        {"type": "replay", "seed": "42", "options": reading},
    ]
    page = open_widget(fixture="won", deal="7", lang="en")
    assert "Won" in page.locator(".ludo-status").inner_text()
    shoot(page, output_dir, "light-won-en")


def test_reading_panel_and_autoplay(open_widget, output_dir):
    page = open_widget(step="cover", seats=["bot:auto"], thinking=True)
    page.select_option('.ludo-option-select[data-option="take"]', index=1)
    assert page.locator(".ludo-options").get_attribute("data-draft") == "true"
    assert page.locator(".pp-auto").inner_text() == "Pause"
    shoot(page, output_dir, "light-autoplay-options")
    page.click(".ludo-options-apply")
    page.click(".pp-auto")
    take = FIXTURES["game_info"]["options"]["take"]["choices"][1]["value"]
    options = {**FIXTURES["start"]["reading"], "take": take}
    assert sent(page) == [
        {"type": "new", "options": options},
        {"type": "seat", "seat": 0, "value": "human"},
    ]
