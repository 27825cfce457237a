"""A real headless browser for the UI tests: Debian's Chromium driven by Playwright.

Playwright's own browser downloads are impossible here, so we launch /usr/bin/chromium
with flags that keep it off the network, in a throwaway profile.
"""

import pathlib
import shutil
import tempfile

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


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
    with tempfile.TemporaryDirectory(prefix="ludo-chromium-") as profile:
        context = playwright_instance.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1200, "height": 900},
        )
        yield context
        context.close()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """One `jupyter lab` for the session (JupyterLab at /lab, Notebook 7 at /notebooks),
    serving a scratch copy of notebooks/; see labserver.py. Stopped with SIGTERM at the end."""
    from labserver import JupyterServer, copy_notebooks

    root = copy_notebooks(tmp_path_factory.mktemp("notebooks"))
    with JupyterServer(root) as server:
        yield server
