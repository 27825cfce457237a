"""The static JupyterLite site (dist/lite/, `make lite`) as the browser tests and the
in-browser benchmark see it: served from 127.0.0.1 as a school would serve it, in a page
where every request to another host is aborted and recorded (none may be made).

The site's jupyter-lite.json is served to this browser with `exposeAppInBrowser` (the
kernel's status is read from `window.jupyterapp`); the files on disk stay as built.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import subprocess
import threading
import time
from collections.abc import Iterator

from labserver import REPO, NotebookPage, chromium

SITE = REPO / "dist" / "lite"


@contextlib.contextmanager
def served_site() -> Iterator[str]:
    """dist/lite/ served from 127.0.0.1 (built first by `make lite`, in its own environment,
    from the pupils' edition, if it is not there); yields its URL."""
    if not (SITE / "jupyter-lite.json").exists():
        subprocess.run(["make", "lite"], cwd=REPO, check=True)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(SITE))
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextlib.contextmanager
def offline_page(playwright, base: str, outside: list[str]):
    """A page that reaches `base` only: any other request is aborted and listed in
    `outside`. Playwright serves routed requests only while the test calls it: wait with
    Playwright's own waits, never `time.sleep`."""
    with chromium(playwright) as context:

        def guard(route):
            if route.request.url.startswith(base):
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        def expose_app(route):
            response = route.fetch()
            config = response.json()
            config.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = True
            route.fulfill(response=response, body=json.dumps(config))

        context.route("**/*", guard)
        context.route(f"{base}**/jupyter-lite.json*", expose_app)  # the latest route wins
        yield context.new_page()


def open_notebook(page, base: str, path: str) -> tuple[NotebookPage, float]:
    """Open `path` in the site's JupyterLab and wait for its kernel: the notebook and the
    seconds from the page's request to a kernel ready to run (Pyodide and IPython loaded)."""
    start = time.monotonic()
    page.goto(f"{base}lab/index.html?path={path}", wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    notebook = NotebookPage(page, server=None, path=path)
    notebook.wait_kernel_idle(timeout=120)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    return notebook, time.monotonic() - start


def run_whole(page, base: str, path: str, timeout: float = 600) -> dict:
    """Open `path`, Run All, and wait until every cell has run (a cell that raises fails at
    once, with its traceback); returns the seconds to a ready kernel and to the last cell."""
    notebook, kernel_ready = open_notebook(page, base, path)
    started = time.monotonic()
    notebook.run_all()
    notebook.wait_all_run(timeout=timeout)
    return {"kernel_ready_s": round(kernel_ready, 1),
            "run_all_s": round(time.monotonic() - started, 1)}  # fmt: skip
