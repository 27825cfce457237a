"""What the attacks on a class tournament share (test_tournament_attacks.py: the jailed
attacks; test_tournament_attacks_review.py: what the red-team review found, and what must
hold without bubblewrap): the conditions they run in (the teacher's canary, the jail, the
pool, bubblewrap hidden), playing a tournament of attacking bots with the checks every
attack gets, the attacking bots both files play, and reading what a bot found.

An attacking bot that gathers information reports it by raising: its message comes back
in the forfeit's `detail`, so a test sees what it found (and that it ran).

Small and quick on purpose: duels on a 4×4 Sortilèges board (two games: each seat once),
a pool of two workers shared by the jailed tests of a module. A test module names the
fixtures it takes in its own namespace (`canary, jailed, pool = kit.canary, ...`): no
conftest.py holds them, as `pool` is the name of other fixtures under tests/engines and
`canary` is for the attack modules alone.
"""

import json
import os
import re
import secrets
import textwrap
import time
import warnings
from pathlib import Path

import psutil
import pytest

from ludotheque.classroom.tournament import Results, Tournament, jail
from ludotheque.classroom.tournament.run import local_pool
from tournament_processes import no_bot_left

ROOT = Path(__file__).resolve().parents[2]
SMALL = {"files": 4, "ranks": 4}
"""A 4×4 Sortilèges board: games of about nine plies."""
SECONDS = 0.5
"""Time per move: generous, so that an honest bot never times out on a busy machine (it
costs time only where an attack makes the referee wait it out)."""
CANARY = f"LUDO_CANARY_{secrets.token_hex(8)}"
"""In the environment of this process and of every pool worker while a module of attacks
runs: it must never reach a bot, so never come back in a result."""
HIDDEN = "/nonexistent/bwrap"
"""What LUDOTHEQUE_BWRAP names to hide bubblewrap."""
FIRST = "def choose(observation):\n    return observation['legal'][0]\n"
LAST = "def choose(observation):\n    return observation['legal'][-1]\n"


def bot(text: str, **constants: object) -> str:
    """A bot's source: `constants` (name = repr) first, then `text`."""
    head = "".join(f"{name} = {value!r}\n" for name, value in constants.items())
    return head + textwrap.dedent(text).lstrip()


# -- the conditions ------------------------------------------------------------------------
@pytest.fixture(scope="module", autouse=True)
def canary():
    """The teacher's secret, in os.environ before any pool worker starts (they inherit it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LUDO_CANARY", CANARY)
        yield CANARY


@pytest.fixture(scope="module")
def jailed():
    """The jail must work: on CI a failure, elsewhere a skip with the reason."""
    why = jail.unavailable()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"students' bots cannot be jailed on CI: {why}")
        pytest.skip(f"students' bots cannot be jailed here: {why}")
    assert all(jail.protections().values())


@pytest.fixture(scope="module")
def pool(jailed, canary):
    """The local pool of the jailed tests (its workers hold the canary)."""
    executor = local_pool()
    yield executor
    executor.shutdown()


@pytest.fixture
def unjailed():
    """bubblewrap hidden, here and in the pools' workers (they read LUDOTHEQUE_BWRAP), as on a
    machine without it; `jail.unavailable`'s cache cleared before and after."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LUDOTHEQUE_BWRAP", HIDDEN)
        patch.setattr(jail, "BWRAP", HIDDEN)
        jail.unavailable.cache_clear()
        try:
            yield
        finally:
            jail.unavailable.cache_clear()
    jail.unavailable.cache_clear()


# -- playing and checking -------------------------------------------------------------------
def listing(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def played(
    folder: Path, bots: dict[str, str], executor=None, **settings
) -> tuple[Tournament, Results]:
    """The tournament of `bots` (name -> source, written into `folder` as name.py), two
    games per pair, played to the end on `executor` (None: a pool of its own). Checked for
    every attack: each game of the schedule played, no bot process of the tournament left,
    nothing added to or taken from the bots' folder, the canary in no result, the
    protections reported those of the machine, and a warning exactly when they are not all
    there."""
    folder.mkdir(exist_ok=True)
    for name, source in bots.items():
        (folder / f"{name}.py").write_text(source)
    before = listing(folder)
    game = settings.pop("game", "sortileges")
    settings = {"options": SMALL if game == "sortileges" else None, "seconds": SECONDS, **settings}
    entrants = {name: folder / f"{name}.py" for name in bots}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run = Tournament(game, entrants, games_per_pair=2, **settings)
    told = [warning for warning in caught if issubclass(warning.category, jail.SandboxWarning)]
    assert bool(told) == (jail.unavailable() is not None), [str(w.message) for w in told]
    for game_result in run.run(executor):
        assert game_result.sandbox == jail.protections()
    results = run.results
    assert results.complete, f"{len(results.games)} of {len(results.schedule)} games played"
    assert no_bot_left(run.tag), "a bot process outlived the tournament"
    assert listing(folder) == before, "the bots' folder changed"
    assert CANARY not in json.dumps(results.to_json()), "the teacher's variable leaked"
    assert results.sandbox == jail.protections()
    return run, results


def forfeits_of(results: Results, name: str) -> list[dict]:
    return [forfeit for forfeit in results.forfeits() if forfeit["entrant"] == name]


def games_of(results: Results, name: str) -> list[int]:
    return [game.index for game in results.finished() if name in game.seats]


def report(forfeit: dict, word: str) -> str:
    """What an attacking bot found: the message it raised, starting with `word` (its last
    line of traceback, kept whole in `detail`)."""
    assert forfeit["kind"] == "exception", forfeit
    found = re.findall(rf"^RuntimeError: {word} (.*)$", forfeit["detail"], re.MULTILINE)
    assert found, f"the attack did not report: {forfeit}"
    return found[-1]


def reports(results: Results, name: str, word: str) -> list[str]:
    """The report of `name` in each of its games (it raises at its first move)."""
    found = forfeits_of(results, name)
    assert sorted(forfeit["game"] for forfeit in found) == games_of(results, name), found
    return [report(forfeit, word) for forfeit in found]


def marked(marker: str) -> list[psutil.Process]:
    """Live processes whose command line holds `marker`."""
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        cmdline = " ".join(process.info["cmdline"] or [])
        if marker in cmdline and process.info["status"] != psutil.STATUS_ZOMBIE:
            found.append(process)
    return found


def none_marked(marker: str, wait: float = 3.0) -> bool:
    end = time.monotonic() + wait
    while marked(marker):
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


# -- attacks played in the jail and without it ---------------------------------------------
HUGE_LINE = bot("""
    import os, sys
    def choose(observation):
        os.write(int(sys.argv[3]), b"[" * 200_000 + b"\\n")
        return observation["legal"][0]
    """)
# under the line limit, but json.loads raises RecursionError
DEEP_JSON = bot("""
    import os, sys
    def choose(observation):
        os.write(int(sys.argv[3]), b"[" * 30_000 + b"]" * 30_000 + b"\\n")
        return observation["legal"][0]
    """)
KILL_PARENT = bot("""
    import contextlib, os, signal
    def choose(observation):
        with contextlib.suppress(OSError):
            os.kill(os.getppid(), signal.SIGKILL)
        return observation["legal"][0]
    """)
STOP_PARENT = bot("""
    import contextlib, json, os, signal, sys, time
    def choose(observation):
        move = observation["legal"][0]
        with contextlib.suppress(OSError):
            os.kill(os.getppid(), signal.SIGSTOP)
        time.sleep(4)  # past the wall-clock backstop (3.4 s at 0.5 s a move)
        os.write(int(sys.argv[3]), json.dumps({"answer": move}).encode() + b"\\n")
        with contextlib.suppress(OSError):
            os.kill(os.getppid(), signal.SIGCONT)
        return move
    """)
