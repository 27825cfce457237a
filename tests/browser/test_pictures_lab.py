"""A notebook opened fresh in JupyterLab, before anything runs, shows each game's position.

A fresh clone's notebook is not trusted: JupyterLab then renders only "safe" outputs
(sanitized HTML, text), never a widget or an SVG. The widget's HTML picture (an image of
the SVG) is what it shows; this test opens a tutorial as a newcomer would and looks."""

import pytest

from labserver import NotebookPage

pytestmark = pytest.mark.browser

PICTURE = ".jp-OutputArea-output img[src^='data:image/svg+xml;base64,']"


@pytest.mark.parametrize("ui", ["lab", "notebook"])
def test_a_fresh_notebook_shows_the_positions_before_it_runs(
    lab_server, browser_context, output_dir, ui
):
    page = browser_context.new_page()
    try:
        NotebookPage(page, lab_server, "sortileges.ipynb", ui=ui).open(timeout=120)
        pictures = page.locator(PICTURE)
        pictures.first.wait_for(state="visible", timeout=30_000)
        box = pictures.first.bounding_box()
        assert box and box["width"] > 200 and box["height"] > 150, box
        assert "Sortileges(" in (pictures.first.get_attribute("alt") or "")
        assert page.locator(".jp-OutputArea-output:has-text('model not found')").count() == 0
        pictures.first.scroll_into_view_if_needed()
        page.screenshot(path=str(output_dir / f"{ui}_fresh_notebook_pictures.png"))
    finally:
        page.close()
