"""The notebooks that the JupyterLite site says run in the browser do, from the first cell to
the last, in a Python that has what the site has: here, a kernel where an import
hook refuses every package the site cannot ship (numpy, scipy, matplotlib, numba, …: none has
a browser build on PyPI), no thread and no process can start, as in Pyodide. Each notebook's
cell time is written to test-output/ so that heavy cells stay sized for the browser (Pyodide
runs Python about 1.5 to 3 times slower than this). tests/browser/test_lite.py runs one of them
in the real site."""

from __future__ import annotations

import importlib.util
import json
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from ludotheque.engines.extras import EXTRAS

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
EDITIONS_BUILD = NOTEBOOKS.parent / "editions" / "build.py"
ABSENT_FROM_THE_SITE = (
    "numpy", "numba", "scipy", "matplotlib", "dask", "distributed", "pandas", "PIL",
    "pyspiel", "open_spiel", "pettingzoo", "gymnasium",
)  # fmt: skip
"""Every package a notebook may want that the site has not; lite/build.py ships the rest,
and the pure-Python extras (`SITE_EXTRAS`) only to the notebooks that ask for them."""

AS_IN_THE_SITE = """
import sys

class _RefusedInTheSite:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {refused!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (not in the site)", name=name)
        return None

sys.meta_path.insert(0, _RefusedInTheSite())

import multiprocessing.process

def _no_process(*args, **kwargs):
    raise OSError("no process can start in the browser")

multiprocessing.process.BaseProcess.start = _no_process

import subprocess

subprocess.Popen = _no_process
{tournament}
import threading

_KERNEL = ("zmq", "ipykernel", "IPython", "jupyter_client", "tornado", "comm", "debugpy")
_start = threading.Thread.start

def _start_only_the_kernels(self):
    target = getattr(self, "_target", None)
    owners = (type(self).__module__, getattr(target, "__module__", None) or "")
    if not any(owner.startswith(_KERNEL) for owner in owners):
        raise RuntimeError("can't start new thread (as in the browser)")
    _start(self)

threading.Thread.start = _start_only_the_kernels

import ludotheque.engines.tasks

ludotheque.engines.tasks.THREADS = False  # as Pyodide sets it: bots answer on the event loop
"""
"""The first cell. The kernel here talks through threads of its own (ZeroMQ's, IOPub's),
which the browser's kernel does without: those still start; any other thread (a notebook's
ThreadPoolExecutor, ludotheque's own) is refused as Pyodide refuses it."""

TOURNAMENT_AS_IN_THE_SITE = """
import ludotheque.classroom.tournament.sandbox

ludotheque.classroom.tournament.sandbox.PROCESSES = False  # as Pyodide sets it
"""
"""Where the notebook asks for the tournament extra: its bots play in the kernel."""


def claims(path: Path) -> dict:
    """The notebook's own claims (metadata `ludotheque`), which lite/build.py reads too:
    `runs_in_the_browser`, and the `extras` its install cell asks the site for."""
    return json.loads(path.read_text(encoding="utf-8"))["metadata"].get("ludotheque", {})


def refused(path: Path) -> set[str]:
    """What the notebook's kernel cannot import in the site."""
    asked = set(claims(path).get("extras", []))
    shipped = {module for extra in asked for module in EXTRAS[extra]}
    unasked = {module for modules in EXTRAS.values() for module in modules}
    return set(ABSENT_FROM_THE_SITE) | unasked - shipped


CLAIMED = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if claims(p).get("runs_in_the_browser"))


NOT_IN_THE_BROWSER = {"ecosysteme.ipynb"}
"""OpenSpiel and PettingZoo, what that notebook is about, have no browser build."""


def test_every_notebook_but_the_ecosystem_one_claims_to_run_in_the_site():
    """The site's note on the others says every other notebook works there; this test's
    parameters are the claims."""
    every = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    assert every - set(CLAIMED) == NOT_IN_THE_BROWSER


def run_as_in_the_site(path: Path) -> list[float]:
    """Run the notebook at `path` from its folder, as the site would (the prelude first);
    each cell's seconds. A failed cell raises CellExecutionError, naming the cell."""
    notebook = nbformat.read(path, as_version=4)
    asked = claims(path).get("extras", [])
    prelude = AS_IN_THE_SITE.format(
        refused=sorted(refused(path)),
        tournament=TOURNAMENT_AS_IN_THE_SITE if "tournament" in asked else "",
    )
    notebook.cells.insert(0, nbformat.v4.new_code_cell(prelude))
    client = NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    timings: list[float] = []
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            started = time.perf_counter()
            client.execute_cell(cell, index)
            if index:
                timings.append(round(time.perf_counter() - started, 2))
    return timings


@pytest.fixture(scope="module")
def pupils_edition(tmp_path_factory) -> Path:
    """The pupils' edition (editions/build.py), which the site serves: built afresh."""
    spec = importlib.util.spec_from_file_location("editions_build", EDITIONS_BUILD)
    assert spec and spec.loader
    editions = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(editions)
    root = tmp_path_factory.mktemp("site_edition")
    (root / "course").mkdir()
    editions.build(root / "course", root / "student")
    return root / "student"


@pytest.mark.parametrize("name", CLAIMED)
def test_a_notebook_claimed_to_run_in_the_site_runs_there(name, output_dir, pupils_edition):
    """The pupils' edition, what the site serves: every exercise unanswered says "à vous"
    and fails nothing (the teacher's solutions are run by nbval, in a full kernel)."""
    timings = run_as_in_the_site(pupils_edition / name)
    report = output_dir / f"in_the_site_{Path(name).stem}.json"
    report.write_text(json.dumps({"seconds": round(sum(timings), 1), "cells": timings}))
