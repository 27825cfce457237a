"""Shared pytest settings: where test artefacts (screenshots, numbers) are written, the toy
games every generic suite runs on besides the real ones, and what a failed notebook cell wrote
on stderr."""

import importlib
import pathlib
import pkgutil
from typing import Any

import pytest

TESTS = pathlib.Path(__file__).resolve().parent
OUTPUT = TESTS.parent / "test-output"
TOY_GAMES = TESTS / "toy_games"
MAX_STDERR = 4000
"""Characters kept of a failed cell's stderr (its end: a traceback's last lines say most)."""


def pytest_configure(config: pytest.Config) -> None:
    """Import every module of tests/toy_games (this folder is on sys.path, as pytest puts
    it there for this file), so that each toy game registers itself before the tests are
    collected: adding one is adding a file. Then `CellStderr` joins the session's plugins
    (a hook in this file alone would see only the tests under tests/, not the notebooks)."""
    for found in pkgutil.iter_modules([str(TOY_GAMES)]):
        importlib.import_module(f"toy_games.{found.name}")
    config.pluginmanager.register(CellStderr(), "ludotheque-cell-stderr")


class CellStderr:
    """A failed nbval cell's report shows what the cell wrote on stderr: nbval names the
    unexpected stream but not its text, and a kernel's background thread (a warm-up, say)
    writes into whichever cell runs at the time."""

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo) -> Any:
        report = (yield).get_result()
        outputs = getattr(item, "test_outputs", None) or []  # nbval's cell items only
        if report.failed and call.when == "call":
            text = "".join(out.get("text", "") for out in outputs if out.get("name") == "stderr")
            if text:
                report.sections.append(("stderr of the cell", text[-MAX_STDERR:]))


@pytest.fixture(scope="session")
def output_dir() -> pathlib.Path:
    """A folder for screenshots and measurements that a person can look at after a run."""
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT


@pytest.fixture
def dask_executor():
    """An Executor on a two-worker Dask LocalCluster (one thread each, real processes), as
    a teacher's cluster would give: work spread on it must give one process's answers."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client.get_executor()


@pytest.fixture
def server(tmp_path):
    """A table server (ludotheque.tables) in a process of its own, on a free port, its
    journal in the test's folder; killed (SIGKILL) at the end if still alive."""
    from ludotheque.tables import start_server

    started = start_server(tmp_path / "tables.sqlite")
    yield started
    if started.process.poll() is None:
        started.kill()
