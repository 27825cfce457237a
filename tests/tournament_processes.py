"""The isolated bots of a tournament as the operating system sees them: every test that
stops a run checks, from outside, that no bot process outlives it."""

import time

import psutil


def bot_processes(tag: str) -> list[psutil.Process]:
    """Live bot processes of the tournament tagged `tag` (`runner.py <tag>`), wherever they
    are in the process tree."""
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        cmdline = process.info["cmdline"] or []
        if tag in cmdline and process.info["status"] != psutil.STATUS_ZOMBIE:
            found.append(process)
    return found


def a_bot_started(tag: str, wait: float) -> bool:
    """Whether a bot of the tournament is alive within `wait` seconds. Only a bot that lives
    (one that hangs until its time runs out) can be caught: a quick game may start and end
    between two looks."""
    end = time.monotonic() + wait
    while not bot_processes(tag):
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def no_bot_left(tag: str, wait: float = 10.0) -> bool:
    """Whether every bot of the tournament is gone within `wait` seconds: a SIGKILL takes
    effect within moments, but a bot whose worker died while its Python was still starting
    ends only once it sees its parent gone (`runner.die_with_parent`), which takes seconds
    on a loaded machine. A bot left running waits out its 30 s budget: still caught."""
    end = time.monotonic() + wait
    while bot_processes(tag):
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True
