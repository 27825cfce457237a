"""The keyboard's focus ring, seen in a real browser in JupyterLab's light and dark themes (the
fake-model page of test_ui_fake_model.py, no Jupyter): reached with Tab, the board and the kit's
controls show a ring in the theme's accent that stands out from the widget's background (at
least 3:1, WCAG's contrast for what is not text); a click shows none.
"""

import re

import pytest

PAGE = "fake_model.html"


def rgb(css: str) -> tuple[float, float, float]:
    return tuple(float(v) for v in re.findall(r"[\d.]+", css)[:3])


def luminance(colour: tuple[float, float, float]) -> float:
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(rgb(a)), luminance(rgb(b))), reverse=True)
    return (high + 0.05) / (low + 0.05)


RING = """el => { const s = getComputedStyle(el);
    return {visible: el.matches(':focus-visible'), style: s.outlineStyle,
            width: parseFloat(s.outlineWidth), colour: s.outlineColor,
            background: getComputedStyle(el.closest('.ludo')).backgroundColor}; }"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_tab_shows_a_ring_that_stands_out_in_both_themes(fake_page, theme):
    page = fake_page(PAGE, theme)
    page.keyboard.press("Tab")  # the board first
    board = page.locator(".sp-board")
    ring = board.evaluate(RING)
    assert ring["visible"] and ring["style"] == "solid" and ring["width"] >= 3, ring
    assert contrast(ring["colour"], ring["background"]) >= 3, ring
    help_summary = page.locator(".ludo-keys-summary")
    for _ in range(10):  # on to the keyboard help under the board, from the keys alone
        page.keyboard.press("Tab")
        if help_summary.evaluate("el => el === document.activeElement"):
            break
    ring = help_summary.evaluate(RING)
    assert ring["visible"] and ring["style"] == "solid", ring
    assert contrast(ring["colour"], ring["background"]) >= 3, ring
    page.keyboard.press("Enter")  # opens the help
    assert page.locator(".ludo-keys").evaluate("el => el.open")
    keys = page.locator(".ludo-keys-list dd").all_inner_texts()
    # the game's four, the move list's (one Tab stop, arrows), the review's moments
    assert len(keys) == 6, keys


def test_a_click_shows_no_ring(fake_page):
    page = fake_page(PAGE)
    page.locator('.sp-square[data-square="a1"]').click()
    ring = page.locator(".sp-board").evaluate(RING)
    assert not ring["visible"] and ring["style"] == "none", ring
