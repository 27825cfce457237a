"""Click-to-render latency of the Sortilèges widget in a real JupyterLab.

Starts `jupyter lab` on a scratch notebook (Têtdevache, human, against a level-1 bot with no
bot delay), opens it in Debian's Chromium, and plays N turns with the mouse. For each turn it
times, on the page's own clock, the click that sends the turn up to the first frame where the
board shows the next ply (browser -> kernel -> engine -> trait sync -> redraw). Prints the
median and 95th percentile in ms, and writes them to test-output/bench_latency.txt.

    .venv/bin/python tests/benchmarks/bench_latency.py [--turns 30] [--seed 1]

A script run by `make bench`, not a test: pytest does not collect tests/benchmarks.
"""

from __future__ import annotations

import argparse
import math
import pathlib
import random
import statistics
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE.parent / "browser"))

import nbformat  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from labserver import CHROMIUM, CHROMIUM_ARGS, JupyterServer, NotebookPage, SortilegesBoard  # noqa: E402

SOURCE = """\
from ludotheque.widgets import Sortileges

partie = Sortileges(["human", "bot:1"], seed={seed}, first=0, bot_delay=0)
partie"""


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=30, help="turns to play (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    with tempfile.TemporaryDirectory(prefix="ludo-bench-") as tmp:
        root = pathlib.Path(tmp) / "notebooks"
        root.mkdir()
        notebook = nbformat.v4.new_notebook()
        notebook.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        notebook.cells = [nbformat.v4.new_code_cell(SOURCE.format(seed=args.seed))]
        nbformat.write(notebook, root / "bench.ipynb")

        started = time.monotonic()
        with (
            JupyterServer(root) as server,
            sync_playwright() as playwright,
            tempfile.TemporaryDirectory(prefix="ludo-chromium-") as profile,
        ):
            print(f"jupyter lab ready in {time.monotonic() - started:.1f} s")
            context = playwright.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                headless=True,
                args=CHROMIUM_ARGS,
                viewport={"width": 1200, "height": 900},
            )
            page = context.new_page()
            view = NotebookPage(page, server, "bench.ipynb", ui="lab").open(timeout=120)
            view.run_all()
            board = SortilegesBoard(page, 0)
            board.wait_visible(timeout=90)
            view.wait_all_run(timeout=60)
            print(f"widget shown {time.monotonic() - started:.1f} s after start")

            latencies: list[float] = []
            games = 1
            status = page.locator(".ludo-status").first  # the only widget on the page
            new_game = page.locator('.ludo-button[data-intent="new"]').first
            while len(latencies) < args.turns:
                if status.get_attribute("data-state") in ("win", "draw"):
                    new_game.click()
                    board.wait_targets("step")
                    games += 1
                _step, _spell, ms = board.play_turn(choose=rng.choice)
                latencies.append(ms)
                # the bot answers at once (bot_delay=0), unless the game just ended
                page.wait_for_function(
                    "([svg, status]) => svg.dataset.phase === 'step' && "
                    "(svg.querySelectorAll('.sp-target-step').length > 0) || "
                    "['win', 'draw'].includes(status.dataset.state)",
                    arg=[board.svg.element_handle(), status.element_handle()],
                    timeout=30_000,
                )
            context.close()

    lines = [
        f"click-to-render latency over {len(latencies)} turns ({games} games), JupyterLab + "
        f"Chromium headless, {sys.platform}",
        f"median {statistics.median(latencies):.1f} ms, 95th percentile "
        f"{percentile(latencies, 95):.1f} ms, min {min(latencies):.1f} ms, "
        f"max {max(latencies):.1f} ms",
    ]
    print("\n".join(lines))
    output = REPO / "test-output"
    output.mkdir(exist_ok=True)
    (output / "bench_latency.txt").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
