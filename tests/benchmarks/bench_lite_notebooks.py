"""Every notebook that claims to run in the JupyterLite site, run whole there, offline.

Serves dist/lite/ (built first if absent; rebuild with `make lite` after changing a notebook)
from 127.0.0.1, opens each notebook whose metadata claims `ludotheque.runs_in_the_browser` in
Debian's Chromium with every other host aborted, runs all its cells and prints the seconds to
a ready kernel and to the last cell (Pyodide's Python, on this machine). A cell that raises
stops the run with its traceback. Writes test-output/bench_lite_notebooks.json.

    .venv/bin/python tests/benchmarks/bench_lite_notebooks.py [--only petits_pas.ipynb]

A script run by `make bench`, not a test: tests/browser/test_lite.py runs one tutorial in CI,
tests/test_notebooks_in_the_site.py every claimed notebook in a kernel without the extras.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE.parent / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

from litesite import SITE, offline_page, run_whole, served_site  # noqa: E402


def claimed() -> list[str]:
    """The site's notebooks whose metadata says they run whole in the browser."""
    return sorted(
        path.name
        for path in (SITE / "files").glob("*.ipynb")
        if json.loads(path.read_text())["metadata"].get("ludotheque", {}).get("runs_in_the_browser")
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="a notebook's name (repeatable)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per notebook")
    args = parser.parse_args()
    results: dict[str, dict] = {}
    failed = False
    with served_site() as url, sync_playwright() as playwright:
        for name in args.only or claimed():
            outside: list[str] = []
            with offline_page(playwright, url, outside) as page:
                try:
                    results[name] = run_whole(page, url, name, timeout=args.timeout)
                except Exception as error:  # noqa: BLE001 - reported, then the next notebook
                    results[name] = {"error": str(error)[:2000]}
                    failed = True
            if outside:
                results[name]["other_hosts"] = outside[:10]
                failed = True
            print(f"{name:28} {json.dumps(results[name])}", flush=True)
    out = REPO / "test-output"
    out.mkdir(exist_ok=True)
    (out / "bench_lite_notebooks.json").write_text(json.dumps(results, indent=1) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
