"""A real Jupyter server for the browser tests and the latency benchmark.

`JupyterServer` starts `jupyter lab` (JupyterLab at /lab, and Notebook 7 at /notebooks
since the `notebook` package is installed beside it) on a free loopback port with a random
token, in throwaway config/data/runtime/settings/workspaces folders, serving a folder of
our choosing (a temporary copy of the notebooks: nothing a test types ever lands in the repo).

(The module is not called `jupyter_server.py`: pytest puts this folder on sys.path, and
that name would hide the real `jupyter_server` package.)
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

REPO = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextlib.contextmanager
def chromium(playwright, **options):
    """Debian's Chromium, headless, off the network, in a throwaway profile: one browser
    context (Playwright's own browsers cannot be downloaded here). `options` go to
    `launch_persistent_context` (a viewport of 1200 x 900 unless given)."""
    with tempfile.TemporaryDirectory(prefix="ludo-chromium-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            **{"viewport": {"width": 1200, "height": 900}, **options},
        )
        try:
            yield context
        finally:
            context.close()


# User settings written into the throwaway settings folder: no news or update checks, no
# autosave (the copy is thrown away anyway), and every cell kept in the DOM so that a widget
# far down a long notebook is rendered and clickable like the others.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class JupyterServer:
    """`with JupyterServer(folder) as server:` ... `server.url("lab/tree/x.ipynb")`."""

    def __init__(self, root_dir: pathlib.Path | str, startup_timeout: float = 90.0):
        self.root_dir = pathlib.Path(root_dir)
        self.startup_timeout = startup_timeout
        self.token = secrets.token_hex(16)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self._tmp = tempfile.TemporaryDirectory(prefix="ludo-jupyter-")
        self.home = pathlib.Path(self._tmp.name)
        self.log_path = self.home / "server.log"

    def url(self, path: str = "lab") -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}{sep}token={self.token}"

    # -- lifecycle -------------------------------------------------------------------
    def start(self) -> JupyterServer:
        dirs = {
            name: self.home / name
            for name in ("config", "data", "runtime", "settings", "workspaces", "ipython")
        }
        for folder in dirs.values():
            folder.mkdir()
        for rel, values in LAB_SETTINGS.items():
            target = dirs["settings"] / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(values))
        env = dict(os.environ)
        env.pop("ANYWIDGET_HMR", None)
        env.update(
            JUPYTER_CONFIG_DIR=str(dirs["config"]),
            JUPYTER_DATA_DIR=str(dirs["data"]),
            JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
            JUPYTERLAB_SETTINGS_DIR=str(dirs["settings"]),
            JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]),
            IPYTHONDIR=str(dirs["ipython"]),
            JUPYTER_PLATFORM_DIRS="1",
            PYDEVD_DISABLE_FILE_VALIDATION="1",
        )
        cmd = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={self.port}",
            "--port-retries=0",
            f"--ServerApp.root_dir={self.root_dir}",
            f"--IdentityProvider.token={self.token}",
            "--LabApp.news_url=None",
            "--LabApp.expose_app_in_browser=True",
            "--JupyterNotebookApp.expose_app_in_browser=True",
            f"--LabApp.user_settings_dir={dirs['settings']}",
            f"--LabApp.workspaces_dir={dirs['workspaces']}",
        ]
        if os.geteuid() == 0:
            cmd.append("--allow-root")
        self._log = open(self.log_path, "wb")  # noqa: SIM115 - the server's log, closed in stop()
        self.proc = subprocess.Popen(
            cmd,
            cwd=self.root_dir,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"jupyter lab exited with {self.proc.returncode}:\n" + self.log_tail()
                )
            try:
                with urllib.request.urlopen(self.url("api/status"), timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(
            f"jupyter lab did not answer in {self.startup_timeout} s:\n" + self.log_tail()
        )

    def stop(self) -> None:
        """SIGTERM (the server shuts its kernels down), then make sure nothing is left."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        if self.proc is not None:
            # anything of ours still in the server's process group (a stray kernel)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc = None
        if not self._log.closed:
            self._log.close()

    def close(self) -> None:
        self.stop()
        self._tmp.cleanup()

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def __enter__(self) -> JupyterServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()


def copy_notebooks(target: pathlib.Path, source: pathlib.Path = NOTEBOOKS) -> pathlib.Path:
    """A scratch copy of the notebooks folder (without checkpoints)."""
    shutil.copytree(
        source, target, ignore=shutil.ignore_patterns(".ipynb_checkpoints"), dirs_exist_ok=True
    )
    return target


LONG_RUN = "long-run"
"""The tag of a teacher's cell that plays hundreds of games (minutes): nbval runs it and
checks the numbers it prints; a browser test checks the page, not them."""


def without_long_runs(root: pathlib.Path, name: str) -> str:
    """Write beside notebook `name` (in the served `root`) a copy without its long-run
    cells; returns the copy's name. Run All there takes seconds, not minutes."""
    notebook = json.loads((root / name).read_text(encoding="utf-8"))
    kept = [c for c in notebook["cells"] if LONG_RUN not in c["metadata"].get("tags", [])]
    assert len(kept) < len(notebook["cells"]), f"{name} has no cell tagged {LONG_RUN}"
    notebook["cells"] = kept
    short = f"{pathlib.Path(name).stem}_short.ipynb"
    (root / short).write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")
    return short


# -- driving a notebook in the browser ---------------------------------------------------
KERNEL_STATUS_JS = """() => {
    const app = window.jupyterapp;
    const widget = app && app.shell && app.shell.currentWidget;
    const ctx = widget && widget.sessionContext;
    const kernel = ctx && ctx.session && ctx.session.kernel;
    return kernel ? kernel.status : null;
}"""


class NotebookPage:
    """One notebook open in JupyterLab (`ui="lab"`) or Notebook 7 (`ui="notebook"`)."""

    def __init__(self, page, server: JupyterServer, path: str, ui: str = "lab"):
        self.page, self.server, self.path, self.ui = page, server, path, ui

    def open(self, timeout: float = 90.0) -> NotebookPage:
        route = f"lab/tree/{self.path}?reset" if self.ui == "lab" else f"notebooks/{self.path}"
        self.page.goto(
            self.server.url(route), wait_until="domcontentloaded", timeout=timeout * 1000
        )
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout * 1000)
        self.wait_kernel_idle(timeout)
        if self.ui == "lab":  # fold the file browser away: room for the notebook
            self.page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        return self

    def kernel_status(self) -> str | None:
        return self.page.evaluate(KERNEL_STATUS_JS)

    def wait_kernel_idle(self, timeout: float = 90.0) -> None:
        """The toolbar says idle before a kernel exists: ask the session itself."""
        self.page.wait_for_function(
            f"({KERNEL_STATUS_JS})() === 'idle'", timeout=timeout * 1000, polling=100
        )

    def run_all(self) -> None:
        """Run > Run All Cells, through the menu as a person would."""
        page = self.page
        if self.ui == "lab":
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        else:
            page.locator("#menu-panel .lm-MenuBar-itemLabel", has_text="Run").first.click()
        item = page.locator('.lm-Menu-item[data-command="runmenu:run-all"]')
        item.wait_for(state="visible", timeout=10_000)
        item.click()

    def cell_count(self) -> int:
        return self.page.locator(".jp-Notebook .jp-Cell").count()

    def run_code(self, code: str, timeout: float = 60.0) -> str:
        """Append a code cell after the last one, run it (Ctrl+Enter), return its output."""
        page = self.page
        cells = page.locator(".jp-Notebook .jp-Cell")
        before = cells.count()
        last = cells.nth(before - 1)
        last.scroll_into_view_if_needed()
        # Select the last cell, then the toolbar's "Insert a cell below" button.
        last.locator(".jp-InputPrompt").first.click()
        page.locator(
            '.jp-NotebookPanel-toolbar [data-command="notebook:insert-cell-below"]'
        ).first.click()
        page.wait_for_function(
            f"document.querySelectorAll('.jp-Notebook .jp-Cell').length > {before}", timeout=10_000
        )
        new = cells.nth(before)
        editor = new.locator(".cm-content")
        editor.click()
        page.keyboard.insert_text(code)
        page.keyboard.press("Control+Enter")
        output = new.locator(".jp-OutputArea-output")
        output.first.wait_for(state="visible", timeout=timeout * 1000)
        self.wait_kernel_idle(timeout)
        return "\n".join(output.all_inner_texts())

    def run_json(self, code: str, timeout: float = 60.0):
        """Run `code`, which prints one JSON value last, and return that value (failing with
        the whole output, a traceback from the kernel included, when there is none)."""
        output = self.run_code(code, timeout)
        try:
            return json.loads(output.strip().splitlines()[-1])
        except (ValueError, IndexError):
            raise AssertionError(f"the cell printed no JSON last:\n{output}") from None

    def wait_all_run(self, timeout: float = 180.0) -> None:
        """Wait until every code cell has run (after Run All) and the kernel is idle.

        Fails at once, with the traceback, if a cell raised."""
        deadline = time.monotonic() + timeout
        state = None
        while time.monotonic() < deadline:
            state = self.page.evaluate(RUN_STATE_JS)
            if state["error"]:
                raise AssertionError(f"a notebook cell raised:\n{state['error']}")
            if state["done"]:
                return
            time.sleep(0.25)
        raise TimeoutError(f"Run All not finished after {timeout} s: {state}")


def write_notebook(server: JupyterServer, path: str, *sources: str) -> str:
    """A throwaway notebook of code cells in the server's scratch folder; returns `path`."""
    import nbformat

    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source) for source in sources],
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
    )
    target = server.root_dir / path
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, str(target))
    return path


@contextlib.contextmanager
def running_notebook(
    server: JupyterServer, context, output_dir: pathlib.Path, path: str, shot: str, ui: str = "lab"
):
    """Open notebook `path`, Run All through the menu, and yield its `NotebookPage`.

    On failure: `<shot>_failure.png` in `output_dir` and the server's log. At the end, the
    test fails if the widget's own code (loaded from a blob: URL) threw; JupyterLab's own
    page errors are only reported."""
    if not (server.root_dir / path).exists():
        raise AssertionError(f"notebook {path} is missing")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error.message}\n{error.stack}"))
    try:
        notebook = NotebookPage(page, server, path, ui=ui).open(timeout=120)
        notebook.run_all()
        yield notebook
        widget_errors = [error for error in errors if "blob:" in error]
        assert not widget_errors, f"the widget threw: {widget_errors}"
        if errors:
            print("page errors (not from the widget):", *errors, sep="\n")
    except Exception:
        page.screenshot(path=str(output_dir / f"{shot}_failure.png"))
        print(server.log_tail())
        raise
    finally:
        page.close()


RUN_STATE_JS = """() => {
    const widget = window.jupyterapp.shell.currentWidget;
    const notebook = widget && widget.content;
    const kernel = widget && widget.sessionContext && widget.sessionContext.session
        && widget.sessionContext.session.kernel;
    if (!notebook || !notebook.widgets) return {done: false, error: null, why: 'no notebook'};
    let error = null, pending = 0;
    for (const cell of notebook.widgets) {
        if (cell.model.type !== 'code') continue;
        for (const output of cell.model.outputs.toJSON()) {
            if (output.output_type === 'error' && error === null)
                error = `${output.ename}: ${output.evalue}\\n`
                    + (output.traceback || []).join('\\n').replace(/\\u001b\\[[0-9;]*m/g, '');
        }
        const prompt = cell.node.querySelector('.jp-InputPrompt');
        if (cell.model.executionCount === null || (prompt && prompt.textContent.includes('*')))
            pending += 1;
    }
    const idle = Boolean(kernel) && kernel.status === 'idle';
    return {done: idle && pending === 0, error, why: {idle, pending}};
}"""


# -- the Sortilèges board ----------------------------------------------------------------
# The observation's ply as the page shows it: the board's `data-ply` (a test hook of
# js/src/sortileges/board.js, like `data-phase` and the squares' `data-square`).
PLY_FN = """(svg) => svg.dataset.ply === undefined ? NaN : Number(svg.dataset.ply)"""

# Arm a probe: the time of the next click in the widget, and of the first frame after the
# board shows a ply beyond the current one (both from the page's own clock).
PROBE_JS = f"""(svg) => {{
    const ply = {PLY_FN};
    const root = svg.closest('.ludo') || svg.parentElement;
    const start = ply(svg);
    const probe = window.__ludoProbe = {{start, click: null, dom: null, render: null}};
    root.addEventListener('click', () => {{
        if (probe.click === null) probe.click = performance.now();
    }}, {{capture: true, once: true}});
    const observer = new MutationObserver(() => {{
        if (probe.click === null || probe.dom !== null || ply(svg) <= start) return;
        probe.dom = performance.now();
        observer.disconnect();
        requestAnimationFrame(() => {{ probe.render = performance.now(); }});
    }});
    observer.observe(root, {{subtree: true, childList: true, attributes: true,
                             characterData: true}});
}}"""


NAINS_BOARD = "{ply: Number(el.dataset.ply), state: el.dataset.state, phase: el.dataset.phase}"
"""What the Tir de tuyau board (`.nn`, element `el`) says of the game: ply, state, phase."""


def nains_board(page) -> dict | None:
    return page.evaluate(f"""() => {{
        const el = document.querySelector('.nn');
        return el ? {NAINS_BOARD} : null;
    }}""")


def wait_nains_board(page, predicate_js: str, timeout: float = 60.0) -> dict:
    """Wait until `predicate_js` holds of the board `b` (see NAINS_BOARD); returns the board."""
    page.wait_for_function(
        f"""() => {{
        const el = document.querySelector('.nn');
        if (!el) return false;
        const b = {NAINS_BOARD};
        return {predicate_js};
    }}""",
        timeout=timeout * 1000,
        polling=100,
    )
    return nains_board(page)


NAINS_RESTING = "document.querySelector('.ludo-next:not([hidden])') !== null"
"""A round's end waits for the player's "Next", whoever starts the next round."""


def wait_turn_or_end(page, after_ply: int, timeout: float = 60.0) -> dict:
    """Wait until the board has moved past `after_ply` and it is our turn, or the match is
    over; at a round's end that waits for us, say "Next" and wait on."""
    while True:
        board = wait_nains_board(
            page,
            f"b.phase === 'over' || {NAINS_RESTING} || (b.ply > {after_ply} && "
            "(b.state === 'choose' || b.state === 'play'))",
            timeout,
        )
        if board["phase"] == "over" or not page.locator(".ludo-next:not([hidden])").count():
            return board
        page.locator(".ludo-continue").click()
        page.wait_for_function(f"() => !({NAINS_RESTING})", timeout=timeout * 1000)


def play_one_turn(page, board: dict) -> str:
    """Click like a person: a colour, a card (and its first use), or a discard."""
    if board["state"] == "choose":
        page.locator(".nn-colour").first.click()
        return "gnome"
    cards = page.locator(".nn-hand button.nn-card:not(.nn-dim)")
    if cards.count():
        cards.first.click()
        options = page.locator(".nn-option")
        if options.count():
            options.first.click()
        return "card"
    page.locator(".nn-discard-start").click()
    page.locator(".nn-hand button.nn-card").first.click()
    page.locator(".nn-discard-send").click()
    return "discard"


def step_nains(pages) -> bool:
    """One look at each page's Tir de tuyau board: go on at a round's end, play where it is
    that page's turn, with the mouse. False once the match is over on every page."""
    boards = [nains_board(page) for page in pages]
    if all(board and board["phase"] == "over" for board in boards):
        return False
    for page, board in zip(pages, boards, strict=True):
        if board is None:
            continue
        if page.evaluate(f"() => {NAINS_RESTING}"):
            page.locator(".ludo-continue").click()
        elif board["state"] in ("choose", "play"):
            ply = board["ply"]
            play_one_turn(page, board)
            page.wait_for_function(
                f"() => Number(document.querySelector('.nn').dataset.ply) > {ply}",
                timeout=30_000,
            )
    return True


class SortilegesBoard:
    """The n-th Sortilèges widget on the page (0: the first)."""

    STEP = ".sp-target-step[data-square]"
    SPELL = ".sp-target-spell[data-square]"

    def __init__(self, page, index: int = 0):
        self.page = page
        self.svg = page.locator("svg.sp-board").nth(index)

    def wait_visible(self, timeout: float = 90.0) -> None:
        self.svg.wait_for(state="visible", timeout=timeout * 1000)

    def ply(self) -> int:
        return self.svg.evaluate(PLY_FN)

    def wait_ply(self, ply: int, timeout: float = 30.0) -> None:
        handle = self.svg.element_handle()
        self.page.wait_for_function(
            f"([svg, n]) => ({PLY_FN})(svg) >= n",
            arg=[handle, ply],
            timeout=timeout * 1000,
            polling="raf",
        )

    def targets(self, kind: str) -> list[str]:
        selector = self.STEP if kind == "step" else self.SPELL
        return self.svg.locator(selector).evaluate_all("els => els.map(e => e.dataset.square)")

    def wait_targets(self, kind: str, timeout: float = 30.0) -> list[str]:
        selector = self.STEP if kind == "step" else self.SPELL
        self.svg.locator(selector).first.wait_for(state="attached", timeout=timeout * 1000)
        return self.targets(kind)

    def click(self, square: str) -> None:
        self.svg.locator(f'[data-square="{square}"]').click()

    def arm_probe(self) -> None:
        self.svg.evaluate(PROBE_JS)

    def probe_latency_ms(self, timeout: float = 30.0) -> float:
        """Click-to-render time (ms) measured by the probe armed before the click."""
        self.page.wait_for_function(
            "() => window.__ludoProbe && window.__ludoProbe.render", timeout=timeout * 1000
        )
        probe = self.page.evaluate("() => window.__ludoProbe")
        return probe["render"] - probe["click"]

    def phase(self) -> str | None:
        return self.svg.get_attribute("data-phase")

    def play_turn(self, choose=lambda options: options[0]) -> tuple[str, str | None, float]:
        """Click a highlighted step square, then (unless that step ends the turn) a
        highlighted spell square; return both and the click-to-render latency (ms) of the
        click that sent the turn, up to the frame where the board shows the next ply."""
        step = choose(self.wait_targets("step"))
        self.arm_probe()
        self.click(step)
        spell = None
        if self.phase() == "spell":
            spell = choose(self.wait_targets("spell"))
            self.arm_probe()
            self.click(spell)
        return step, spell, self.probe_latency_ms()
