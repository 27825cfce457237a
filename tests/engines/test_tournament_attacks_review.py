"""Attacks on a class tournament that the red-team review found (a user namespace, a
helper that shadows the standard library or a classmate's, a move no player is offered,
words UTF-8 cannot carry, Python under /tmp), and what must hold without bubblewrap: the
teacher is warned and told what is missing, and the referee still survives what is
written on its pipe, a killed or stopped parent. The same questions as for the attacks of
test_tournament_attacks.py, with the same conditions and checks
(tournament_attack_kit.py); the jailed tests here are skipped where the jail cannot run,
and fail on CI.
"""

import json
import sys
from concurrent.futures.process import BrokenProcessPool

import pytest

import tournament_attack_kit as kit
from ludotheque.classroom.tournament import Tournament, jail
from ludotheque.classroom.tournament.play import KILLED_WORKER
from ludotheque.classroom.tournament.run import local_pool
from tournament_attack_kit import (
    CANARY,
    DEEP_JSON,
    FIRST,
    HUGE_LINE,
    KILL_PARENT,
    LAST,
    ROOT,
    SECONDS,
    SMALL,
    STOP_PARENT,
    bot,
    forfeits_of,
    games_of,
    played,
    reports,
)
from tournament_processes import no_bot_left

canary, jailed, pool, unjailed = kit.canary, kit.jailed, kit.pool, kit.unjailed
"""The fixtures of the kit: pytest takes those of a test module by their names."""


# -- what the red-team review found: user namespaces, helpers, words ----------------------
USERNS = bot("""
    import ctypes, os
    CLONE_NEWUSER = 0x10000000
    def choose(observation):
        libc = ctypes.CDLL(None, use_errno=True)
        made = libc.unshare(CLONE_NEWUSER) == 0
        raise RuntimeError(f"USERNS {made} {os.strerror(ctypes.get_errno())}")
    """)


def test_a_bot_cannot_make_a_user_namespace(jailed, pool, tmp_path):
    """In a user namespace of its own a bot is root: it could mount a tmpfs of any size
    (memory no limit counts). The jail lets it make none (as root too)."""
    for found in reports(
        played(tmp_path / "bots", {"userns": USERNS, "first": FIRST}, pool)[1], "userns", "USERNS"
    ):
        assert found.startswith("False"), found


SHADOW = "import sys\nraise SystemExit('SHADOWED: a helper replaced the standard library')\n"


def test_a_helper_named_like_a_standard_module_replaces_nothing(jailed, pool, tmp_path):
    """A helper (`_*` next to the bots, seen by every bot of the folder) named like a module
    of the standard library must not replace it in the other bots."""
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "__future__.py").write_text(SHADOW)
    victim = "from __future__ import annotations\n" + FIRST
    _, results = played(folder, {"victim": victim, "first": FIRST}, pool)
    assert not results.forfeits(), results.forfeits()


HONEST_HELPER = "def first(observation):\n    return observation['legal'][0]\n"
EVIL_HELPER = "def first(observation):\n    raise RuntimeError('HIJACKED by a classmate')\n"


def test_a_classmate_cannot_replace_the_shared_helper(jailed, pool, tmp_path):
    """The folder's helper `_plateau.py` is every bot's: bytecode in `__pycache__` (never
    checked against the source) or a package of the same name would be imported instead.
    The jail shows the bots the source only."""
    import py_compile

    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "_plateau.py").write_text(HONEST_HELPER)
    evil = tmp_path / "evil.py"
    evil.write_text(EVIL_HELPER)
    cache = folder / "__pycache__" / f"_plateau.{sys.implementation.cache_tag}.pyc"
    py_compile.compile(
        str(evil),
        cfile=str(cache),
        dfile="/bot/_plateau.py",
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    (folder / "_outils").mkdir()
    (folder / "_outils" / "__init__.py").write_text(EVIL_HELPER)
    victim = "import _plateau\ndef choose(observation):\n    return _plateau.first(observation)\n"
    _, results = played(folder, {"victim": victim, "first": FIRST}, pool)
    assert not results.forfeits(), results.forfeits()


STEADY_HAND = bot("""
    def choose(observation):
        move = observation["legal"][0]
        return move + "@1" if move.startswith("pull ") else move
    """)


def test_a_bot_plays_only_what_it_is_offered(jailed, pool, tmp_path):
    """The rules let a Sorcière pull be steadier than every player is offered (`pull 3@1`):
    a bot that asks for it forfeits, it does not play with a steadier hand than the others."""
    bots = {"steady": STEADY_HAND, "first": FIRST, "last": LAST}
    _, results = played(tmp_path / "bots", bots, pool, game="sorciere")
    found = forfeits_of(results, "steady")
    assert sorted(forfeit["game"] for forfeit in found) == games_of(results, "steady")
    assert all("not one of observation['legal']" in forfeit["reason"] for forfeit in found)


SURROGATE = bot("""
    def choose(observation):
        raise ValueError("\\ud800 lone surrogate")
    """)


def test_a_bots_words_cannot_break_the_results(jailed, pool, tmp_path):
    """A lone surrogate in what a bot raises: its forfeit is kept in words UTF-8 can carry
    (the results' files and the widget's messages refuse such text)."""
    _, results = played(tmp_path / "bots", {"surrogate": SURROGATE, "first": FIRST}, pool)
    assert forfeits_of(results, "surrogate")
    json.dumps(results.to_json(), ensure_ascii=False).encode("utf-8")  # raises if not


def test_what_lies_below_tmp_is_shown_above_the_private_tmp():
    """A project cloned under /tmp (as CI may) has Python there: the jail's private /tmp is
    mounted before the binds, which would otherwise vanish under it."""
    command = jail.command(str(ROOT / "classroom" / "tournament" / "runner.py"), [], None)
    binds = [index for index, argument in enumerate(command) if argument == "--ro-bind"]
    assert command.index("--tmpfs") < min(binds)


# -- without bubblewrap ------------------------------------------------------------------------
def test_without_bubblewrap_the_teacher_is_warned_and_the_pipe_still_holds(unjailed, tmp_path):
    """The warning when the tournament is made, what the results say was missing, and the
    forfeits of what is written on the answer pipe (the referee's own defence)."""
    assert jail.unavailable() is not None
    bots = {
        "huge_line": HUGE_LINE,
        "deep_json": DEEP_JSON,
        "first": FIRST,
    }
    folder = tmp_path / "bots"
    folder.mkdir()
    for name, source in bots.items():
        (folder / f"{name}.py").write_text(source)
    with pytest.warns(jail.SandboxWarning, match="not installed"):
        run = Tournament("sortileges", folder, options=SMALL, seconds=SECONDS)
    list(run.run())
    results = run.results
    assert results.complete and no_bot_left(run.tag)
    missing = {"namespaces": False, "network": False, "files": False, "processes": False}
    assert results.sandbox == {**missing, "memory": True}
    warning = results.sandbox_warning
    assert warning and all(name in warning for name in missing) and "memory" not in warning
    for game in results.finished():  # the first attacker asked forfeits, and the game ends
        assert len(game.forfeits) == 1, game.forfeits
        assert all(forfeit["kind"] == "malformed" for forfeit in game.forfeits), game.forfeits
    assert not forfeits_of(results, "first")
    assert {forfeit["entrant"] for forfeit in results.forfeits()} == {"huge_line", "deep_json"}
    assert CANARY not in json.dumps(results.to_json())


def test_without_bubblewrap_a_bot_that_kills_the_referee_forfeits(unjailed, tmp_path):
    """The bot kills its parent, the pool's worker: the tournament plays its games again,
    then alone, and records the bot's crash forfeit saying so."""
    bots = {"kill_parent": KILL_PARENT, "first": FIRST}
    _, results = played(tmp_path / "bots", bots)
    found = forfeits_of(results, "kill_parent")
    assert sorted(forfeit["game"] for forfeit in found) == games_of(results, "kill_parent")
    assert {forfeit["kind"] for forfeit in found} == {"crash"}, found
    assert all(KILLED_WORKER in forfeit["reason"] for forfeit in found), found


def test_without_bubblewrap_a_bot_that_kills_a_worker_of_the_callers_pool_forfeits(
    unjailed, tmp_path
):
    """The same on a process pool the teacher passed in (`executor=`, "any Executor"): the
    run must not end because a bot killed one of its workers."""
    with local_pool() as pool:
        try:
            _, results = played(
                tmp_path / "bots", {"kill_parent": KILL_PARENT, "first": FIRST}, pool
            )
        except BrokenProcessPool as error:
            pytest.fail(f"a bot that killed its worker ended the tournament: {error!r}")
    found = forfeits_of(results, "kill_parent")
    assert {forfeit["kind"] for forfeit in found} == {"crash"}, found


def test_without_bubblewrap_a_late_answer_is_a_timeout(unjailed, tmp_path):
    """The bot stops its parent, answers on the pipe after 2 s and wakes it: the referee's
    clock still says it was late."""
    _, results = played(tmp_path / "bots", {"stop_parent": STOP_PARENT, "first": FIRST})
    found = forfeits_of(results, "stop_parent")
    assert sorted(forfeit["game"] for forfeit in found) == games_of(results, "stop_parent")
    assert {forfeit["kind"] for forfeit in found} == {"timeout"}, found


STOP_AND_LEAVE = bot("""
    import os, signal
    def choose(observation):
        os.kill(os.getppid(), signal.SIGSTOP)
        os._exit(0)
    """)


def test_without_bubblewrap_a_bot_that_leaves_the_referee_stopped_forfeits(unjailed, tmp_path):
    """The bot stops its parent, the pool's worker, and ends: the tournament continues the
    worker and finishes, the bot's games lost (its process ended while thinking)."""
    _, results = played(tmp_path / "bots", {"stop_leave": STOP_AND_LEAVE, "first": FIRST})
    found = forfeits_of(results, "stop_leave")
    assert sorted(forfeit["game"] for forfeit in found) == games_of(results, "stop_leave")
    assert {forfeit["kind"] for forfeit in found} == {"crash"}, found
