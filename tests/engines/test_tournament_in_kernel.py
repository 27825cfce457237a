"""Class tournaments where no process can start (the browser's Python of the JupyterLite
site): students' bots play in the referee's process (`tournament.inkernel`), one game after
another, and give the results that processes give — forfeits included, for bots that
answer in time or loop in Python code; a bot that overruns and returns forfeits on time; a
loop anywhere in Python code is stopped at its deadline, by a check the bot cannot rebind
(turning it off is a forfeit); whatever a bot patches in the referee is put back after
each call, and the kernel is left as it was found.

`in_the_browser` makes this machine look like the browser to the tournament: the platform's
flag (`sandbox.PROCESSES`, the only thing that chooses this path) and every process start
refused. Bots that must be stopped loop a few seconds, not forever: without the check they
fail the test on time instead of hanging it.
"""

import builtins
import json
import multiprocessing.process
import os
import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from ludotheque.classroom.tournament import inkernel, sandbox, tournament
from ludotheque.classroom.tournament.run import local_pool
from ludotheque.engines.core import Game, State
from ludotheque.engines.sortileges import rules

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


def long_function(observation):
    """A function bot that loops 5 s (sent by value: a check added to files never saw it)."""
    stop = time.monotonic() + 5.0
    while time.monotonic() < stop:
        pass
    return observation["legal"][0]


def looping(folder: Path, name: str, first: str = "", then: str = "", seconds: float = 5.0) -> Path:
    """A bot that runs `first` when loaded and `then` at each move, then loops `seconds`."""
    path = folder / f"{name}.py"
    path.write_text(
        f"import sys, time\n{first}\n\ndef choose(observation):\n"
        + textwrap.indent(f"{then}\nstop = time.monotonic() + {seconds}\n", "    ")
        + "    while time.monotonic() < stop:\n        pass\n    return observation['legal'][0]\n"
    )
    return path


def duel(bot, seconds: float = SECONDS):
    """The bot's two games against level 1, and how long they took."""
    started = time.monotonic()
    results = tournament(
        "sortileges", {"bot": bot, "level": "bot:1"}, seconds=seconds, options=SMALL,
        progress=False,
    )  # fmt: skip
    return results, time.monotonic() - started


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
    """What the games were (not how the bots were kept: `sandbox` differs), a timeout's
    reason left out: a process's budget is processor time, the kernel's the wall clock."""
    return [
        (game.record, game.points, [timed(forfeit) for forfeit in game.forfeits])
        for game in results.finished()
    ]


def timed(forfeit):
    if forfeit["kind"] != "timeout":
        return forfeit
    return {key: value for key, value in forfeit.items() if key not in ("reason", "code")}


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
    # a French class reads it in French, numbers with a decimal comma
    assert results.forfeits("fr")[0]["reason"] == "pas de réponse en 0,20 s pendant sa réflexion"


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


TIMEOUT = "no answer within 0.20 s while thinking"
TAMPERED = "tampered with the referee's clock while thinking"
FREE_OUR_TOOL = """
monitoring = getattr(sys, "monitoring", None)
for tool in range(6) if monitoring else ():
    if monitoring.get_tool(tool) == "ludotheque deadline":
        monitoring.set_events(tool, 0)
        monitoring.free_tool_id(tool)
"""


@pytest.mark.usefixtures("in_the_browser")
@pytest.mark.parametrize(
    "first, then, seconds, reasons",
    [
        ("__ludotheque_deadline__ = lambda: None", "", 5.0, [TIMEOUT] * 2),
        ("", "sys.settrace(None)", 0.5, [TIMEOUT if inkernel.MONITORING else TAMPERED] * 2),
        ("", FREE_OUR_TOOL, 0.5, [TAMPERED if inkernel.MONITORING else TIMEOUT] * 2),
    ],
    ids=["rebinds the check's old name", "removes trace functions", "frees the monitoring tool"],
)
def test_a_bot_cannot_turn_its_deadline_check_off(tmp_path, first, then, seconds, reasons):
    """The audit's bot rebound the name its loops called and looped on. The check is no
    name now; a bot that removes it runs past its deadline (here 0.5 s: forever would hold
    the kernel) and forfeits for it when it returns."""
    results, took = duel(looping(tmp_path, "tamperer", first, then, seconds))
    assert results.complete
    assert [forfeit["reason"] for forfeit in results.forfeits()] == reasons
    assert took < 3.0  # two games, each forfeited after 0.2 s or 0.5 s


@pytest.mark.usefixtures("in_the_browser")
@pytest.mark.skipif(inkernel.MONITORING is None, reason="Python drops a raising trace function")
def test_a_bot_that_catches_its_stop_is_stopped_again(tmp_path):
    """Past the deadline every check stops the bot again: its handler gets it no further."""
    catcher = bot_file(
        tmp_path,
        "catcher",
        "import time\nstop = time.monotonic() + 5.0\nwhile time.monotonic() < stop:\n"
        "    try:\n        while True:\n            pass\n    except BaseException:\n"
        "        pass\nreturn observation['legal'][0]",
    )
    results, took = duel(catcher)
    assert [forfeit["reason"] for forfeit in results.forfeits()] == [TIMEOUT] * 2
    assert took < 2.0


@pytest.mark.usefixtures("in_the_browser")
@pytest.mark.parametrize("where", ["helper module", "compiled code", "function"])
def test_a_loop_outside_the_bots_file_is_stopped_too(tmp_path, where):
    """The interpreter checks all Python code the bot runs, not only its file's."""
    (tmp_path / "_helper.py").write_text(
        "import time\n\ndef think():\n    stop = time.monotonic() + 5.0\n"
        "    while time.monotonic() < stop:\n        pass\n"
    )
    bots = {
        "helper module": bot_file(
            tmp_path, "helped", "import _helper\n_helper.think()\nreturn observation['legal'][0]"
        ),
        "compiled code": bot_file(
            tmp_path,
            "compiles",
            "exec('import time\\nstop = time.monotonic() + 5.0\\n"
            "while time.monotonic() < stop:\\n    pass')\nreturn observation['legal'][0]",
        ),
        "function": long_function,
    }
    results, took = duel(bots[where])
    assert [forfeit["reason"] for forfeit in results.forfeits()] == [TIMEOUT] * 2
    assert took < 2.0


PATCHER = """
import builtins, sys, types
from ludotheque.engines.core import State
from ludotheque.engines.sortileges import rules


def choose(observation):
    if PATCH:
        builtins.len = lambda value, len=len: len(value)
        State.is_legal = lambda self, action: True
        State.why_illegal.__code__ = (lambda self, action: "").__code__
        rules.SortilegesState.winner = lambda self: 0
        rules.isola_houses = lambda board: (0, board.size - 1)
        sys.modules["ludotheque.engines.core"] = types.ModuleType("core")
    return observation["legal"][0]
"""


@pytest.mark.usefixtures("in_the_browser")
def test_a_bot_that_patches_the_referee_forfeits_and_leaves_it_as_it_was(tmp_path, monkeypatch):
    """Its patches would change every later game (the winner, the houses); after its move
    all is put back and it forfeits, so that the other games are those of a tournament
    where the same bot patched nothing."""
    patched = [
        (builtins, "len"),
        (State, "is_legal"),
        (State.why_illegal, "__code__"),
        (rules.SortilegesState, "winner"),
        (rules, "isola_houses"),
    ]
    originals = [getattr(owner, name) for owner, name in patched]
    for owner, name in patched:  # put back at the end whatever happens
        monkeypatch.setattr(owner, name, getattr(owner, name))
    core = sys.modules["ludotheque.engines.core"]
    monkeypatch.setitem(sys.modules, "ludotheque.engines.core", core)
    (tmp_path / "patching").mkdir()
    (tmp_path / "patching" / "patcher.py").write_text("PATCH = True\n" + PATCHER)
    (tmp_path / "honest").mkdir()
    (tmp_path / "honest" / "patcher.py").write_text("PATCH = False\n" + PATCHER)
    others = {"hasard": EXAMPLES / "hasard.py", "bloqueur": EXAMPLES / "bloqueur.py"}

    def games(folder):
        entrants = {"patcher": tmp_path / folder / "patcher.py", **others}
        results = tournament(
            "sortileges", entrants, seconds=SECONDS, options=SMALL, seed=SEED, progress=False
        )
        return results, [g.to_json() for g in results.finished() if "patcher" not in g.seats]

    results, with_patcher = games("patching")
    assert [getattr(owner, name) for owner, name in patched] == originals
    assert sys.modules["ludotheque.engines.core"] is core
    reasons = {forfeit["reason"] for forfeit in results.forfeits()}
    assert reasons == {
        "changed the referee's builtins.len, ludotheque.engines.core.State.is_legal, "
        "ludotheque.engines.core.State.why_illegal and 3 more while thinking"
    }
    assert with_patcher == games("honest")[1]


@pytest.mark.usefixtures("in_the_browser")
def test_an_ordinary_bot_is_not_taken_for_a_patcher(tmp_path):
    """Importing (modules, a game that registers itself), globals of its own, a recursion
    limit and a working directory of its own, a profiler of its own left on: no forfeit.
    The kernel keeps its limit, directory and hooks, while the bot keeps its limit and
    directory from move to move, as in a process."""
    (tmp_path / "elsewhere").mkdir()
    ordinary = tmp_path / "ordinary.py"
    ordinary.write_text(ORDINARY)
    limit, cwd, profile = sys.getrecursionlimit(), os.getcwd(), sys.getprofile()
    tools = inkernel.monitoring_tools()
    os.chdir(tmp_path)
    try:  # a generous budget: this test is about patching, not time (a loaded CI timed out)
        results, _ = duel(ordinary, seconds=5.0)
        assert sys.getrecursionlimit() == limit and os.getcwd() == str(tmp_path)
    finally:
        os.chdir(cwd)
    assert results.forfeits() == []
    assert sys.getprofile() is profile and inkernel.monitoring_tools() == tools
    assert Game.by_name("sorciere").name == "sorciere"


ORDINARY = """
import fractions, os, sys
import ludotheque.engines.sorciere

sys.setrecursionlimit(5000)
os.chdir("elsewhere")
MOVES = 0


def deep(n):
    return n and 1 + deep(n - 1)


def profile(*args):
    return None


def choose(observation):
    global MOVES
    MOVES += 1
    assert deep(3000) == 3000 and os.path.basename(os.getcwd()) == "elsewhere"
    sys.setprofile(profile)
    monitoring = getattr(sys, "monitoring", None)
    if monitoring and monitoring.get_tool(2) is None:
        monitoring.use_tool_id(2, "a student's profiler")
        monitoring.register_callback(2, monitoring.events.PY_START, profile)
        monitoring.set_events(2, monitoring.events.PY_START)
    return observation["legal"][fractions.Fraction(0).numerator]
"""
