"""A real headless browser for the UI tests: Debian's Chromium driven by Playwright.

Playwright's own browser downloads are impossible here, so we launch /usr/bin/chromium
with flags that keep it off the network, in a throwaway profile.
"""

import functools
import http.server
import pathlib
import threading
import urllib.parse

import pytest

from labserver import CHROMIUM, chromium


@pytest.fixture(scope="session")
def playwright_instance():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not pathlib.Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: run `make setup` (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture
def browser_context(playwright_instance):
    """A fresh Chromium profile for one test."""
    with chromium(playwright_instance) as context:
        yield context


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """One `jupyter lab` for the session (JupyterLab at /lab, Notebook 7 at /notebooks),
    serving a scratch copy of notebooks/; see labserver.py. Stopped with SIGTERM at the end."""
    from labserver import JupyterServer, copy_notebooks

    root = copy_notebooks(tmp_path_factory.mktemp("notebooks"))
    with JupyterServer(root) as server:
        yield server


@pytest.fixture(scope="session")
def static_server():
    """The repository served read-only from 127.0.0.1, for the fake-model pages."""
    root = pathlib.Path(__file__).resolve().parents[2]

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(root))
    )
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@pytest.fixture
def fake_page(browser_context, static_server):
    """Open a fake-model page of tests/browser/ (a bundle rendered on a fake anywidget model)
    with query parameters; the test fails on any page error or console error."""
    errors = []

    def open_(page_name, theme="light", reduced=False, **query):
        page = browser_context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        if reduced:
            page.emulate_media(reduced_motion="reduce")
        page.goto(f"{static_server}/tests/browser/{page_name}?{urllib.parse.urlencode(query)}")
        page.wait_for_function("window.ready === true", timeout=10_000)
        if theme == "dark":
            page.evaluate("document.body.classList.add('dark')")
        return page

    yield open_
    assert errors == []
