"""Class tournaments where no process can start (the browser's Python of the JupyterLite
site): students' bots play in the referee's process (`tournament.inkernel`), one game after
another, and give the results that processes give — forfeits included, for bots that
answer in time or loop in their own file; a bot that overruns and returns forfeits on time;
a loop in a bot's file is stopped at its deadline; the kernel is left as it was found.

`in_the_browser` makes this machine look like the browser to the tournament: the platform's
flag (`sandbox.PROCESSES`, the only thing that chooses this path) and every process start
refused.
"""

import json
import multiprocessing.process
import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from ludotheque.engines.tournament import sandbox, tournament
from ludotheque.engines.tournament.run import local_pool

EXAMPLES = Path(__file__).resolve().parents[2] / "notebooks" / "bots"
SMALL = {"files": 4, "ranks": 4}
"""A 4×4 Sortilèges board: games of about nine plies."""
SECONDS = 0.1
SEED = 11
"""Both runs of a comparison play the same games (a tournament's seed is secret otherwise)."""


def bot_file(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{name}.py"
    path.write_text("def choose(observation):\n" + textwrap.indent(body, "    ") + "\n")
    return path


def first_legal(observation):
    """A function bot (sent by value, as a notebook's would be)."""
    return observation["legal"][0]


def as_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args, **kwargs):
        raise OSError("no process can start in the browser")

    monkeypatch.setattr(sandbox, "PROCESSES", False)
    monkeypatch.setattr(subprocess, "Popen", refused)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refused)


@pytest.fixture
def in_the_browser(monkeypatch):
    as_in_the_browser(monkeypatch)


@pytest.fixture(scope="module")
def entrants(tmp_path_factory):
    """Examples that play, a level, a function, and a bot for each forfeit the kernel can
    give as a process does (not a crash or the memory limit: those need a process)."""
    folder = tmp_path_factory.mktemp("bots")
    return {
        "hasard": EXAMPLES / "hasard.py",
        "bloqueur": EXAMPLES / "bloqueur.py",
        "level 2": "bot:2",
        "function": first_legal,
        "loops": bot_file(folder, "loops", "while True:\n    pass"),
        "raises": bot_file(folder, "raises", "return observation['witch']"),
        "prints": bot_file(
            folder, "prints", "print('je joue', end='')\nreturn observation['legal'][0]"
        ),
        "malformed": bot_file(folder, "malformed", "return 42"),
        "broken": bot_file(folder, "broken", "return (\n"),
    }


def test_the_same_tournament_gives_the_same_results_in_the_kernel(entrants, monkeypatch):
    with local_pool() as pool:
        with_processes = tournament(
            "sortileges",
            entrants,
            seconds=SECONDS,
            options=SMALL,
            seed=SEED,
            executor=pool,
            progress=False,
        )
    with monkeypatch.context() as browser:
        as_in_the_browser(browser)
        in_kernel = tournament(
            "sortileges", entrants, seconds=SECONDS, options=SMALL, seed=SEED, progress=False
        )
    assert in_kernel.complete
    kinds = {forfeit["entrant"]: forfeit["kind"] for forfeit in in_kernel.forfeits()}
    assert kinds == {
        "loops": "timeout",
        "raises": "exception",
        "prints": "stdout",
        "malformed": "malformed",
        "broken": "load",
    }
    assert played(in_kernel) == played(with_processes)  # reasons and tracebacks too


def played(results):
    """What the games were (not how the bots were kept: `sandbox` differs)."""
    return [(game.record, game.points, game.forfeits) for game in results.finished()]


@pytest.mark.usefixtures("in_the_browser")
def test_a_bot_that_overruns_and_then_returns_forfeits_on_time(tmp_path):
    slow = bot_file(
        tmp_path, "slow", "import time\ntime.sleep(0.3)\nreturn observation['legal'][0]"
    )
    results = tournament(
        "sortileges", {"slow": slow, "level": "bot:1"}, seconds=SECONDS, options=SMALL,
        progress=False,
    )  # fmt: skip
    forfeits = results.forfeits()
    assert [forfeit["kind"] for forfeit in forfeits] == ["timeout", "timeout"]
    assert forfeits[0]["reason"] == "no answer within 0.20 s while thinking"


@pytest.mark.usefixtures("in_the_browser")
@pytest.mark.parametrize(
    "body",
    [
        "while True:\n    pass",
        "for _ in iter(int, 1):\n    pass",
        "def deeper(n):\n    return deeper(n - 1) + deeper(n - 1) if n else 0\nreturn deeper(99)",
    ],
    ids=["while", "for", "recursion"],
)
def test_a_bot_that_never_ends_in_its_own_file_is_stopped_at_its_deadline(tmp_path, body):
    endless = bot_file(tmp_path, "endless", body)
    started = time.monotonic()
    results = tournament(
        "sortileges", {"endless": endless, "level": "bot:1"}, seconds=SECONDS, options=SMALL,
        progress=False,
    )  # fmt: skip
    assert time.monotonic() - started < 2.0  # two games, each forfeited after 0.2 s
    assert [forfeit["kind"] for forfeit in results.forfeits()] == ["timeout", "timeout"]


@pytest.mark.usefixtures("in_the_browser")
def test_a_bot_leaves_the_kernel_as_it_found_it(tmp_path):
    """Its `random` is its own, its folder leaves the path and its helpers the modules
    (each game loads them afresh, as a process would), and a bot named after a module
    (json.py) replaces it for itself only."""
    (tmp_path / "_helper.py").write_text("calls = []\n")
    greedy = bot_file(
        tmp_path,
        "greedy",
        "import random, _helper\n_helper.calls.append(1)\nassert len(_helper.calls) == 1\n"
        "return random.choice(['x', str(random.random())])",
    )
    named_json = bot_file(tmp_path, "json", "return observation['legal'][0]")
    random.seed(5)
    kernel_random, path, modules = random.getstate(), list(sys.path), set(sys.modules)
    entrants = {"greedy": greedy, "json": named_json, "other": EXAMPLES / "bloqueur.py"}
    results = tournament("sortileges", entrants, seconds=SECONDS, options=SMALL, progress=False)
    forfeits = [(f["entrant"], f["kind"]) for f in results.forfeits()]
    assert forfeits == [("greedy", "malformed")] * 4  # never 'exception': a fresh _helper
    assert random.getstate() == kernel_random and sys.path == path
    assert not {"_helper", "_plateau", "greedy", "bloqueur"} & (set(sys.modules) - modules)
    assert sys.modules["json"] is json
