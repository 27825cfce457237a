"""The rules and the teacher's guide are one click away from the course's index: in
JupyterLab as `make lab` starts it (the repository's root served, the index opened), and in
the offline site (the edition's own docs/, lite/build.py). A click opens the document
rendered (lite/overrides.json makes the Markdown Preview a .md file's viewer)."""

from __future__ import annotations

import shutil

import pytest

from labserver import REPO, JupyterServer, chromium
from litesite import offline_page, served_site

pytestmark = pytest.mark.browser

RULES_HEADING = "2 minutes pour jouer"


def open_by_link(page, text: str, heading: str) -> None:
    """Click the index's first link named `text`: a rendered page with `heading` opens."""
    page.locator(".jp-MarkdownCell a", has_text=text).first.click()
    page.locator(".jp-MarkdownViewer h1, .jp-MarkdownViewer h2", has_text=heading).first.wait_for(
        timeout=30_000
    )


def test_make_labs_index_opens_the_rules_and_the_guide(tmp_path, playwright_instance):
    for folder in ("notebooks", "docs"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    with JupyterServer(tmp_path) as server, chromium(playwright_instance) as context:
        for text, heading in (("Sortilèges", RULES_HEADING), ("guide de l'enseignant", "Guide")):
            page = context.new_page()  # a fresh workspace: only the index open
            page.goto(server.url("lab/tree/notebooks/index.ipynb?reset"), wait_until="load")
            page.wait_for_selector(".jp-Notebook .jp-MarkdownCell", timeout=90_000)
            open_by_link(page, text, heading)
            page.close()


def test_the_sites_index_opens_the_rules_offline(playwright_instance):
    outside: list[str] = []
    with served_site() as base, offline_page(playwright_instance, base, outside) as page:
        page.goto(f"{base}lab/index.html?path=index.ipynb", wait_until="domcontentloaded")
        page.wait_for_selector(".jp-Notebook .jp-MarkdownCell", timeout=90_000)
        open_by_link(page, "Tir de tuyau", RULES_HEADING)
    assert outside == []
