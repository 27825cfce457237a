"""When the process playing a game dies: nothing a bot does ends the tournament.

Outside a jail a bot can kill the pool worker that plays its game (it is its parent), and
any worker can die of the machine (the kernel's out-of-memory killer). The pool then fails
every game it held. `run.Tournament` plays them again in a new pool; a game whose worker
died twice while it was playing is played alone, in a process of its own that reports
which seat it is asking (`play_game`'s `progress`): if that process dies too, the bot that
was asked forfeits there ("crash", `play.KILLED_WORKER`), and the game is played once more
with that forfeit in place, so that the record holds the moves before it.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import threading
import traceback
from concurrent.futures import BrokenExecutor
from multiprocessing.connection import Connection
from typing import Any

from .play import (
    KILLED_WORKER,
    LOADING,
    Job,
    forfeit_record,
    game_result,
    new_state,
    play_game,
)
from .sandbox import Forfeit, prepare_worker

ATTEMPTS = 3
"""Solo plays of a game before its last asked bot is taken as the killer without a record
of its moves."""
POLL_SECONDS = 0.1


def dead_worker(error: BaseException) -> bool:
    """Whether a game failed because the process playing it died (a local pool's
    BrokenProcessPool, Dask's KilledWorker), not because of the game itself."""
    return isinstance(error, BrokenExecutor) or type(error).__name__ == "KilledWorker"


def solo_game(job: Job, report: Connection) -> None:
    """A quarantined game's process: `progress` and the result go up the pipe."""
    prepare_worker()
    try:
        result = play_game(job, progress=lambda seat, ply: report.send(("asking", seat, ply)))
    except Exception:  # the game's own fault, said as such (not a bot's)
        report.send(("error", traceback.format_exc()))
    else:
        report.send(("done", result))


def play_alone(job: Job, cancelled: threading.Event) -> tuple[dict[str, Any] | None, Any]:
    """Play `job` in a process of its own: (its result, None), or (None, the (seat, ply)
    last asked) when the process died, or (None, None) when cancelled or nothing was asked."""
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=solo_game, args=(job, send), daemon=True)
    process.start()
    send.close()
    asked = None
    try:
        while not cancelled.is_set():
            if not receive.poll(POLL_SECONDS):
                continue
            try:
                message = receive.recv()
            except (EOFError, OSError):  # it died
                return None, asked
            if message[0] == "done":
                return message[1], None
            if message[0] == "error":
                raise RuntimeError(f"game {job.index} failed:\n{message[1]}")
            asked = (message[1], message[2])
        return None, None
    finally:
        receive.close()
        if process.is_alive():
            process.terminate()  # its SIGTERM handler kills its bots
        process.join(timeout=2.0)
        if process.is_alive():
            process.kill()
            process.join()


def quarantined(job: Job, cancelled: threading.Event) -> dict[str, Any] | None:
    """`job`'s result, played alone until it ends (None if cancelled): the bot asked when
    the process died forfeits there."""
    for _ in range(ATTEMPTS):
        result, asked = play_alone(job, cancelled)
        if result is not None or cancelled.is_set():
            return result
        if asked is None:
            raise RuntimeError(
                f"game {job.index} kills the process playing it before any bot is asked: "
                "a fault of the machine or of the game, not of a bot"
            )
        job = dataclasses.replace(job, killer=asked)
    return without_moves(job)


def without_moves(job: Job) -> dict[str, Any]:
    """The game of a bot that kills its process even where it was to forfeit: its forfeit at
    the start, scored as any game stopped there (no record of moves can be had)."""
    assert job.killer is not None
    seat = job.killer[0]
    state = new_state(job)
    when = "while loading" if job.killer[1] == LOADING else "while thinking"
    forfeit = forfeit_record(Forfeit("crash", f"{KILLED_WORKER} {when}"), seat, job, state)
    return game_result(job, state, {seat}, [forfeit])
