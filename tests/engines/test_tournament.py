"""Class tournaments, played: isolation and forfeits, no orphan process, the same results on
every executor, replayable records, resuming.

Small on purpose (a 4×4 Sortilèges board, tenths of a second per move, a few entrants): the
machine running them is shared. docs/tournament.md describes what is tested here.
"""

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import resource_tracker
from pathlib import Path

import psutil
import pytest

from ludotheque.classroom.tournament import (
    Results,
    Tournament,
    play,
    recovery,
    sandbox,
    tournament,
)
from ludotheque.classroom.tournament.entrants import read_entrants
from ludotheque.classroom.tournament.play import Job, play_game
from ludotheque.classroom.tournament.run import GUESSABLE, GuessableSeedWarning, local_pool
from ludotheque.classroom.tournament.schedule import derived_seed
from ludotheque.engines.core import Game, State
from tournament_attack_kit import unjailed  # noqa: F401 (a fixture)
from tournament_processes import a_bot_started, no_bot_left

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "notebooks" / "bots"
SMALL = {"files": 4, "ranks": 4}
"""A 4×4 Sortilèges board: games of about nine plies."""
SECONDS = 0.1
TEST_PID = os.getpid()
SINGLE = "test-single-game"
"""The tag of the games played one by one here."""

BAD_BOTS = {
    # kind: (source of choose's body, words the reason says)
    "timeout": ("while True:\n    pass", r"used more than 0\.20 s of processor time"),
    "crash": ("import os\nos._exit(3)", r"exit code 3"),
    "exception": ("return observation['witch']", r"raised KeyError: 'witch'"),
    "illegal": ("return 'a1-a2/a3'", r"'a1-a2/a3', which is not legal"),
    "malformed": ("return 42", r"answered 42, not an action text"),
    "stdout": ("print('je joue')\nreturn observation['legal'][0]", r"printed on stdout"),
    "memory": ("hog = bytearray(8 * 1024**3)\nreturn 'x'", r"more than 1024 MB"),
}


def bot_source(body: str) -> str:
    return "def choose(observation):\n" + textwrap.indent(body, "    ") + "\n"


@pytest.fixture(scope="module")
def bots(tmp_path_factory):
    """A bot file per failure kind, two that cannot load, and one that plays."""
    root = tmp_path_factory.mktemp("bots")
    for kind, (body, _) in BAD_BOTS.items():
        (root / f"{kind}.py").write_text(bot_source(body))
    (root / "load.py").write_text("def choose(observation)\n    return 1\n")
    (root / "nochoose.py").write_text("def play(observation):\n    return 1\n")
    (root / "first.py").write_text(bot_source("return observation['legal'][0]"))
    return root


@pytest.fixture(scope="module")
def pool():
    executor = local_pool()
    yield executor
    executor.shutdown()


def single_game(bots: dict, **changes) -> dict:
    """One game on the small board of the entrants `bots` (name -> bot, seat 0 first: it
    moves first), played in this process as a worker would; `changes` to its job."""
    return play_game(single_job(bots, **changes))


def single_job(bots: dict, **changes) -> Job:
    """The job of `single_game`."""
    game = Game.by_name("sortileges", **SMALL)
    job = Job(
        index=0,
        game="sortileges",
        module=type(game).__module__,
        options=game.options,
        seed=derived_seed(0, 0),
        seats=tuple(read_entrants(type(game), bots)),
        seconds=SECONDS,
        memory_mb=1024,
        tag=SINGLE,
    )
    return dataclasses.replace(job, **changes)


@pytest.mark.parametrize("kind", sorted(BAD_BOTS))
def test_each_failure_is_a_forfeit_with_its_reason(bots, kind):
    result = single_game({"student": bots / f"{kind}.py", "level": "bot:1"})
    (forfeit,) = result["forfeits"]
    assert (forfeit["seat"], forfeit["entrant"], forfeit["kind"], forfeit["ply"]) == (
        0,
        "student",
        kind,
        0,
    )
    assert re.search(BAD_BOTS[kind][1], forfeit["reason"]), forfeit["reason"]
    assert result["points"] == [0.0, 1.0]
    assert no_bot_left(SINGLE, wait=0)


def test_a_bot_that_grows_until_the_limit_forfeits_on_memory(tmp_path):
    """An unbounded table, the usual way: the limit stops it, not the machine."""
    hog = tmp_path / "hog.py"
    hog.write_text(bot_source("table = []\nwhile True:\n    table.append(bytearray(10**6))"))
    result = single_game({"student": hog, "level": "bot:1"}, memory_mb=128, seconds=2.0)
    (forfeit,) = result["forfeits"]
    assert forfeit["kind"] == "memory" and "more than 128 MB" in forfeit["reason"]
    assert "table.append" in forfeit["detail"]


def test_what_a_bot_started_dies_with_it(tmp_path):
    """A bot's children share its process group, which is killed when its game ends."""
    spawner = tmp_path / "spawner.py"
    spawner.write_text(
        bot_source("import subprocess\nsubprocess.Popen(['sleep', '97531'])\nwhile True:\n    pass")
    )
    (forfeit,) = single_game({"student": spawner, "level": "bot:1"})["forfeits"]
    assert forfeit["kind"] == "timeout"
    assert not [
        process
        for process in psutil.process_iter(["cmdline", "status"])
        if process.info["cmdline"] == ["sleep", "97531"]
        and process.info["status"] != psutil.STATUS_ZOMBIE
    ]


@pytest.mark.skipif(not sandbox.PROCESSOR_CLOCK, reason="processor time is read from /proc")
def test_the_budget_is_processor_time_so_waiting_is_not_thinking(tmp_path):
    """A bot slower than its budget by the wall clock but not in processor time plays on
    (what a loaded machine does to a correct bot); one that only waits meets the backstop."""
    patient, sleeper = tmp_path / "patient.py", tmp_path / "sleeper.py"
    patient.write_text(bot_source("import time\ntime.sleep(0.3)\nreturn observation['legal'][0]"))
    sleeper.write_text(bot_source("import time\ntime.sleep(60)"))
    result = single_game({"student": patient, "level": "bot:1"})
    assert result["forfeits"] == [] and len(result["record"]["actions"]) >= 4
    (forfeit,) = single_game({"student": sleeper, "level": "bot:1"})["forfeits"]
    wall = sandbox.WALL_FACTOR * (SECONDS + sandbox.GRACE_SECONDS) + sandbox.WALL_MARGIN
    assert forfeit["reason"] == f"no answer within {wall:.2f} s while thinking"


@pytest.mark.skipif(not sandbox.PROCESSOR_CLOCK, reason="processor time is read from /proc")
@pytest.mark.parametrize(
    "body",
    [
        # thinking in a thread it leaves running while the other seat (1 s a move) thinks
        "import threading\n"
        "def spin():\n    while True:\n        pass\n"
        "if threading.active_count() == 1:\n"
        "    threading.Thread(target=spin, daemon=True).start()\n"
        "return observation['legal'][0]",
        # the work handed to a process of its own while it waits for it
        "import subprocess, sys\nsubprocess.run([sys.executable, '-S', '-c', 'while True: pass'])",
    ],
    ids=["between-its-moves", "in-a-child"],
)
@pytest.mark.parametrize("way", ["jailed", "plain process"])
def test_processor_time_spent_elsewhere_counts(request, tmp_path, body, way):
    if way == "plain process":
        request.getfixturevalue("unjailed")
    cheat, slow = tmp_path / "cheat.py", tmp_path / "slow.py"
    cheat.write_text(bot_source(body))
    slow.write_text(bot_source("import time\ntime.sleep(1.0)\nreturn observation['legal'][0]"))
    (forfeit,) = single_game({"student": cheat, "other": slow})["forfeits"]
    assert forfeit["entrant"] == "student"
    assert forfeit["reason"] == "used more than 0.20 s of processor time while thinking"
    assert forfeit["ply"] == (2 if "threading" in body else 0)


def test_the_students_traceback_is_kept(bots):
    (forfeit,) = single_game({"student": bots / "exception.py", "level": "bot:1"})["forfeits"]
    assert "Traceback" in forfeit["detail"] and "exception.py" in forfeit["detail"]
    assert "observation['witch']" in forfeit["detail"]  # the bot's own line, shown
    assert "runner.py" not in forfeit["detail"]  # nothing of the referee's


def test_what_a_bot_printed_is_kept(bots):
    (forfeit,) = single_game({"student": bots / "stdout.py", "level": "bot:1"})["forfeits"]
    assert "je joue" in forfeit["detail"]


@pytest.mark.parametrize(
    ("name", "words"), [("load", "SyntaxError"), ("nochoose", "no function choose")]
)
def test_a_bot_that_cannot_load_forfeits_before_the_first_move(bots, name, words):
    result = single_game({"level": "bot:1", "student": bots / f"{name}.py"})
    (forfeit,) = result["forfeits"]
    assert forfeit["kind"] == "load" and words in forfeit["reason"]
    assert result["record"]["actions"] == [] and result["points"] == [1.0, 0.0]


def test_a_bot_process_that_dies_at_once_is_a_crash(tmp_path, monkeypatch):
    """Even before it has read its bot (here too long for the pipe to hold at once)."""
    dying = tmp_path / "dying_runner.py"
    dying.write_text("import os\nos._exit(5)\n")
    monkeypatch.setattr(sandbox, "RUNNER", dying)
    big = tmp_path / "big.py"
    big.write_text(bot_source("return observation['legal'][0]") + "#" * 200_000 + "\n")
    result = single_game({"level": "bot:1", "big": big})
    (forfeit,) = result["forfeits"]
    assert (forfeit["entrant"], forfeit["kind"]) == ("big", "crash")
    assert "exit code 5" in forfeit["reason"]


def isolated(observation):
    """A function bot that checks where it runs: not in the test's process, with none of
    the referee's modules, and with an observation that holds no seed."""
    alone = os.getpid() != TEST_PID and "ludotheque.engines.core" not in sys.modules
    return observation["legal"][0] if alone and "seed" not in observation else "refuse"


def test_a_function_runs_in_a_process_of_its_own_and_sees_only_its_observation():
    result = single_game({"isolated": isolated, "raises": lambda observation: 1 / 0})
    (forfeit,) = result["forfeits"]
    assert forfeit["entrant"] == "raises" and "ZeroDivisionError" in forfeit["reason"]
    assert result["points"] == [1.0, 0.0]


def test_a_tournament_records_each_forfeit_and_leaves_no_process(bots, pool):
    run = Tournament(
        "sortileges",
        {"hang": bots / "timeout.py", "crash": bots / "crash.py", "first": bots / "first.py"},
        seconds=SECONDS,
        options=SMALL,
    )
    games = list(run.run(pool))
    results = run.results
    assert results.complete and len(games) == 6
    kinds = {(forfeit["entrant"], forfeit["kind"]) for forfeit in results.forfeits()}
    assert kinds == {("hang", "timeout"), ("crash", "crash")}
    standings = {row["entrant"]: row for row in results.standings()}
    assert standings["first"]["forfeits"] == 0 and standings["first"]["points"] == 4
    assert {forfeit["game"] for forfeit in results.forfeits()} <= set(range(6))
    assert no_bot_left(run.tag, wait=0)


ENTRANTS = {
    "hasard": EXAMPLES / "hasard.py",
    "bloqueur": EXAMPLES / "bloqueur.py",
    "level 2": "bot:2",
    "function": isolated,
}
"""Bots whose moves do not depend on the clock: their games are the same on any machine."""


@pytest.fixture(scope="module")
def reference(pool):
    """The example tournament, played on the shared local pool (2 workers)."""
    return tournament("sortileges", ENTRANTS, seconds=0.5, seed=4, executor=pool, progress=False)


def test_the_same_results_on_one_worker_and_on_the_default_pool(reference):
    resource_tracker.ensure_running()  # multiprocessing's own helper: started once, kept
    before = {child.pid for child in psutil.Process().children(recursive=True)}
    default = tournament("sortileges", ENTRANTS, seconds=0.5, seed=4, progress=False)
    with ProcessPoolExecutor(1) as one:
        single = tournament(
            "sortileges", ENTRANTS, seconds=0.5, seed=4, executor=one, progress=False
        )
    assert default.to_json() == reference.to_json() == single.to_json()
    assert reference.complete and not reference.forfeits()
    after = {child.pid for child in psutil.Process().children(recursive=True)}
    assert after <= before  # the default pool's workers are gone


def test_the_same_results_on_a_dask_cluster(reference, dask_executor):
    results = tournament(
        "sortileges", ENTRANTS, seconds=0.5, seed=4, executor=dask_executor, progress=False
    )
    assert results.to_json() == reference.to_json()


def test_another_seed_plays_other_games(reference, pool):
    other = tournament("sortileges", ENTRANTS, seconds=0.5, seed=5, executor=pool, progress=False)
    assert other.to_json()["games"] != reference.to_json()["games"]


def test_every_record_replays_with_the_engine(reference):
    for game in reference.finished():
        state = State.from_json(json.loads(json.dumps(game.record)))
        assert state.is_terminal() and state.ply == game.plies
        assert [(r + 1) / 2 for r in state.returns()] == list(game.points)
        assert game.state().history == state.history
        assert state.seed == derived_seed(4, game.index, *game.fingerprints)
        if "first" in game.record["start"]:
            assert game.record["start"]["first"] == 0  # seat 0 moves first


def test_sorciere_tables_of_three_and_four(pool):
    entrants = {"careful": "bot:2", "greedy": "bot:3", "expected": "bot:4", "random": "bot:1"}
    entrants["first pull"] = lambda observation: observation["legal"][0]
    for players in (3, 4):
        results = tournament(
            "sorciere",
            entrants,
            options={"players": players},
            seconds=0.5,
            executor=pool,
            progress=False,
        )
        assert results.complete and not results.forfeits()
        assert all(len(seating) == players for seating in results.schedule)
        for game in results.finished():
            assert sorted(game.points) == [0.0] * (players - 1) + [1.0]
            assert game.state().is_terminal()
        assert sum(row["points"] for row in results.standings()) == len(results.schedule)
    with ProcessPoolExecutor(1) as one:  # hidden cards and chance: the same on one worker
        again = tournament(
            "sorciere",
            entrants,
            options={"players": 4},
            seconds=0.5,
            seed=results.config["seed"],  # the secret one the first run drew
            executor=one,
            progress=False,
        )
    assert again.to_json() == results.to_json()


def test_a_forfeit_at_a_table_of_three_lets_the_others_play_on(bots, pool):
    entrants = {
        "crash": bots / "crash.py",
        "broken": bots / "load.py",
        "n2": "bot:2",
        "n3": "bot:3",
    }
    results = tournament("sorciere", entrants, seconds=SECONDS, executor=pool, progress=False)
    for game in results.finished():
        failing = [seat for seat, name in enumerate(game.seats) if name in ("crash", "broken")]
        assert sorted(forfeit["seat"] for forfeit in game.forfeits) == failing  # once each
        assert all(game.points[seat] == 0 for seat in failing)
        assert max(game.ranks) == game.ranks[failing[0]]
        if len(failing) == 1:  # played to the end, the forfeited seat at random
            assert game.state().is_terminal()
        else:  # one seat left: the game stops, and it wins
            assert not game.state().is_terminal() and max(game.points) == 1


def test_an_interrupted_tournament_resumes_with_its_finished_games(reference, pool, tmp_path):
    journal = tmp_path / "journal.jsonl"
    first = Tournament("sortileges", ENTRANTS, seconds=0.5, seed=4)
    games = first.run(pool, journal=journal)
    for _ in range(3):
        next(games)
    games.close()  # the teacher stopped it
    assert not first.results.complete
    finished = set(first.results.games)
    assert len(journal.read_text().splitlines()) == 1 + len(finished)
    with journal.open("a") as log:
        log.write('{"game": {"index": 7, "se')  # a line cut by a kill: that game plays again

    again = Tournament("sortileges", ENTRANTS, seconds=0.5, seed=4)
    played = []
    for game in again.run(pool, journal=journal):
        played.append(game.index)
    assert played[: len(finished)] == sorted(finished)  # reused first, then the others
    assert again.results.to_json() == reference.to_json()
    every_game = Tournament("sortileges", ENTRANTS, seconds=0.5, seed=4)
    assert every_game.reuse(journal) == len(reference.schedule)  # the journal reads whole

    from_results = Tournament("sortileges", ENTRANTS, seconds=0.5, seed=4)
    from_results.reuse(Results.from_json(reference.to_json()))
    assert from_results.results.complete and list(from_results.run(pool)) == reference.finished()


def test_a_class_tournament_draws_a_secret_seed_and_resumes_from_it(bots, pool, tmp_path):
    """Every hidden card of a game follows from its seed, which follows from the
    tournament's: by default that seed is secret (drawn, kept for the teacher), a resumed run
    takes it back from the journal, and a guessable one given for a game with secrets is
    warned about."""
    entrants = {"n1": "bot:1", "n2": "bot:2", "first": bots / "first.py"}
    first, other = (Tournament("nains", entrants, seconds=SECONDS) for _ in range(2))
    assert first.config["seed"] != other.config["seed"]
    assert min(first.config["seed"], other.config["seed"]) >= GUESSABLE  # 1 in 2**64 to fail
    journal = tmp_path / "journal.jsonl"
    games = first.run(pool, journal=journal)
    next(games)
    games.close()
    again = Tournament("nains", entrants, seconds=SECONDS)
    replayed = list(again.run(pool, journal=journal))
    assert again.config["seed"] == first.config["seed"]
    assert replayed[0] == first.results.finished()[0] and again.results.complete
    with pytest.warns(GuessableSeedWarning, match="could compute the hidden cards of nains"):
        Tournament("nains", entrants, seed=2026)


def test_a_changed_bot_plays_its_games_again(bots, pool, tmp_path):
    student = tmp_path / "student.py"
    student.write_text(bot_source("return observation['legal'][0]"))
    entrants = {"student": student, "level": "bot:1", "other": bots / "first.py"}
    before = tournament(
        "sortileges", entrants, seconds=SECONDS, options=SMALL, executor=pool, progress=False
    )
    student.write_text(bot_source("return observation['legal'][-1]"))
    changed = Tournament("sortileges", entrants, seconds=SECONDS, options=SMALL)
    assert changed.reuse(before) == 2  # only level 1 against other
    dealt = {game.index: game.record["seed"] for game in before.finished()}
    for job in changed.jobs():  # its author saw the old deals: the student's games anew
        fresh = "student" in (entrant.name for entrant in job.seats)
        assert (job.seed != dealt[job.index]) == fresh
    with pytest.raises(ValueError, match="seconds 0.1, not 0.2"):
        Tournament("sortileges", entrants, seconds=0.2, options=SMALL).reuse(before)


def test_cancel_stops_the_run_and_kills_the_bots(bots):
    resource_tracker.ensure_running()  # multiprocessing's own helper: started once, kept
    run = Tournament(
        "sortileges",
        {"hang": bots / "timeout.py", "also": bots / "timeout.py", "x": "bot:1"},
        seconds=30,
    )
    before = {child.pid for child in psutil.Process().children(recursive=True)}
    thread = threading.Thread(target=lambda: list(run.run()))
    thread.start()
    assert a_bot_started(run.tag, wait=30), "no bot started"
    started = time.monotonic()
    run.cancel()
    thread.join(timeout=10)
    assert not thread.is_alive() and time.monotonic() - started < 5
    assert no_bot_left(run.tag)
    assert not run.results.complete
    after = {child.pid for child in psutil.Process().children(recursive=True)}
    assert after <= before


def test_a_cancel_before_the_first_game_plays_nothing(bots):
    run = Tournament("sortileges", {"a": "bot:1", "b": bots / "first.py"}, options=SMALL)
    games = run.run()
    run.cancel()  # a Stop button pressed at once
    assert list(games) == [] and run.cancelled and not run.results.games


INTERRUPTED = """
import sys
from ludotheque.classroom.tournament import Tournament
run = Tournament("sortileges", {"hang": sys.argv[1], "x": "bot:1", "y": "bot:2"}, seconds=30)
print(run.tag, flush=True)
for game in run.run():
    pass
"""


def test_an_interrupt_leaves_no_process_behind(bots):
    """Jupyter's interrupt: SIGINT to the kernel's process only (not its group)."""
    with subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED, str(bots / "timeout.py")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as script:  # closes its pipes too
        try:
            tag = script.stdout.readline().strip()
            assert a_bot_started(tag, wait=60), "no bot started"
            workers = [child.pid for child in psutil.Process(script.pid).children()]
            script.send_signal(signal.SIGINT)
            assert script.wait(timeout=20) != 0
            assert "KeyboardInterrupt" in script.stderr.read()
            assert no_bot_left(tag)
            assert not [
                pid
                for pid in workers
                if psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
            ]
        finally:
            script.kill()
            script.wait()


STALLER = """
def choose(observation):
    legal = observation["legal"]
    discards = [move for move in legal if move.startswith("discard ") and "," not in move]
    return discards[0] if discards else legal[0]
"""


def test_two_bots_that_stall_a_game_get_a_draw_not_a_stopped_tournament(tmp_path, monkeypatch):
    """Two bots that only discard would play Tir de tuyau for ever: the game stops at
    MAX_PLIES as a draw, and the tournament goes on."""
    monkeypatch.setattr(play, "MAX_PLIES", 40)  # play_game runs here: the limit applies
    for name in ("a", "b"):
        (tmp_path / f"{name}.py").write_text(STALLER)
    game = Game.by_name("nains")
    job = Job(
        index=0,
        game="nains",
        module=type(game).__module__,
        options=game.options,
        seed=derived_seed(GUESSABLE, 0),
        seats=tuple(read_entrants(type(game), {n: tmp_path / f"{n}.py" for n in "ab"})),
        seconds=1.0,
        memory_mb=1024,
        tag=SINGLE,
    )
    result = play_game(job)
    assert len(result["record"]["actions"]) == 40 and not result["forfeits"]
    assert result["points"] == [0.5, 0.5]


def test_a_bot_that_kills_its_process_every_time_loses_at_the_start(bots):
    """The quarantine's last resort, with no record of moves: the same result as the game
    played with the killer's forfeit at its load."""
    job = single_job({"student": bots / "first.py", "level": "bot:1"}, killer=(0, play.LOADING))
    stopped = recovery.without_moves(job)
    assert stopped == play_game(job)
    assert stopped["points"] == [0.0, 1.0] and stopped["record"]["actions"] == []
    assert [forfeit["kind"] for forfeit in stopped["forfeits"]] == ["crash"]
