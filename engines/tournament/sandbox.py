"""The parent side of an isolated bot: a student's bot in a process of its own that sees only
the observations sent to it, answers within a time limit, and is killed with everything it
started when its game ends (or its worker is stopped).

Each bot runs `runner.py` (`python -S`: no `site`, a faster start; the parent's import
path is handed over instead) in a new session (its own process group, so that a kill reaches
what it spawned), with a clean environment (no variable of the teacher's but PATH, HOME,
LANG and TMPDIR; a fixed hash seed so that sets iterate the same way in every run), its
memory capped by RLIMIT_AS and its stdout watched. What this does not stop is written in
docs/tournament.md ("What the isolation does not stop").
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .entrants import Entrant

GRACE_SECONDS = 0.1
"""Added to `seconds` for each move: the round trip through the pipes and the scheduling of
a loaded machine (measured: well under a millisecond quiet, tens of ms when both cores are
busy). A bot that answers within `seconds` never forfeits on time."""
LOAD_SECONDS = 10.0
"""Time for a bot's process to start and load its file (imports included)."""
MESSAGE_LIMIT = 1 << 20
"""Longest answer a bot may send (bytes): an action's text is a few characters."""
SHOWN = 2000
"""Characters kept of what a bot wrote on stdout or stderr, to show with its forfeit."""
RUNNER = Path(__file__).with_name("runner.py")
PROCESSES = sys.platform not in ("emscripten", "wasi")
"""Whether processes can start here. Where they cannot (the browser's Python of the
JupyterLite site), students' bots play in the referee's process instead (`inkernel`):
chosen by the platform only, never by a bot or an option, so that a desktop always
isolates them."""
KEPT_VARIABLES = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")
ONE_THREAD = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS")

LIVE: set[int] = set()
"""Process groups of this process's running bots, for `kill_live_bots` on SIGTERM."""


class Forfeit(Exception):
    """A bot lost its game: `kind` (timeout, crash, exception, illegal, malformed, stdout,
    memory, load), `reason` in words, `detail` (the bot's traceback or output) for the
    student."""

    def __init__(self, kind: str, reason: str, detail: str = ""):
        super().__init__(reason)
        self.kind, self.reason, self.detail = kind, reason, detail


class IsolatedBot:
    """One student bot for one game: `start`, `wait_ready`, then `ask` per move; `close`
    always (it kills the process group and reaps the process)."""

    def __init__(self, entrant: Entrant, *, seconds: float, memory_mb: int | None, seed: int):
        self.entrant = entrant
        self.seconds = seconds
        self.memory_mb = memory_mb
        self.seed = seed
        self.process: subprocess.Popen[bytes] | None = None
        self.pipes: list[int] = []
        """The parent's ends of the two pipes, while open."""
        self.buffer = b""
        self.stderr = b""
        self.watched: list[int] = []
        """The bot's stdout and stderr while they are open."""
        self.start_failure: Forfeit | None = None

    def start(self, tag: str) -> None:
        """Start the process and send it the bot (it loads while the other seats start)."""
        requests_read, self.requests = os.pipe()
        self.answers, answers_write = os.pipe()
        self.pipes = [self.requests, self.answers]
        pipe_ends = (requests_read, answers_write)  # the child's: read requests, write answers
        env = {name: os.environ[name] for name in KEPT_VARIABLES if name in os.environ}
        env.update({name: "1" for name in ONE_THREAD}, PYTHONHASHSEED="0")
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-S", "-u", str(RUNNER), tag, *map(str, pipe_ends)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=pipe_ends,
                env=env,
                start_new_session=True,
            )
        finally:
            for fd in pipe_ends:
                os.close(fd)
        LIVE.add(self.process.pid)
        assert self.process.stdout and self.process.stderr
        self.out, self.err = self.process.stdout.fileno(), self.process.stderr.fileno()
        self.watched = [self.out, self.err]
        for fd in (self.requests, self.answers, self.out, self.err):
            os.set_blocking(fd, False)
        self.load_deadline = time.monotonic() + LOAD_SECONDS
        try:
            self.send(self.first_message(), self.load_deadline, "loading")
        except Forfeit as forfeit:  # it died at once: told by `wait_ready`, in seat order
            self.start_failure = forfeit

    def first_message(self) -> dict[str, Any]:
        """The bot and how to run it: the runner's first request."""
        entrant = self.entrant
        return {
            "parent": os.getpid(),
            "path": sys.path,
            "folder": entrant.folder,
            "filename": entrant.origin,
            "source": entrant.source,
            "pickle": None
            if entrant.function is None
            else base64.b64encode(entrant.function).decode(),
            "memory": None if self.memory_mb is None else self.memory_mb << 20,
            "seed": self.seed,
        }

    def wait_ready(self) -> None:
        """Wait until the bot is loaded; Forfeit if it fails, prints or takes too long."""
        if self.start_failure is not None:
            raise self.start_failure
        message = self.receive(self.load_deadline, "loading")
        if not message.get("ready"):
            raise self.failure(message, "loading")

    def ask(self, observation: dict[str, Any]) -> str:
        """The bot's answer to `observation` (a text); Forfeit for anything else."""
        deadline = time.monotonic() + self.seconds + GRACE_SECONDS
        self.send({"observation": observation}, deadline, "thinking")
        message = self.receive(deadline, "thinking")
        if "answer" in message and type(message["answer"]) is str:
            return message["answer"]
        if "not_text" in message:
            raise not_text(str(message["not_text"]))
        raise self.failure(message, "thinking")

    def failure(self, message: dict[str, Any], when: str) -> Forfeit:
        return reported(message, when, self.memory_mb)

    # -- the pipes -------------------------------------------------------------------
    def send(self, message: dict[str, Any], deadline: float, when: str) -> None:
        data = json.dumps(message).encode() + b"\n"
        while data:
            self.wait_for(self.requests, deadline, when, writing=True)
            try:
                data = data[os.write(self.requests, data) :]
            except BrokenPipeError:
                raise self.crashed(when) from None

    def receive(self, deadline: float, when: str) -> dict[str, Any]:
        """The next message on the answer pipe."""
        while b"\n" not in self.buffer:
            self.wait_for(self.answers, deadline, when)
            chunk = os.read(self.answers, 1 << 16)
            if not chunk:
                raise self.crashed(when)
            self.buffer += chunk
            if len(self.buffer) > MESSAGE_LIMIT:
                raise Forfeit("malformed", f"sent more than {MESSAGE_LIMIT} bytes while {when}")
        line, _, self.buffer = self.buffer.partition(b"\n")
        self.check_stdout(when)
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if type(message) is not dict:
            raise Forfeit("malformed", f"sent something unreadable while {when}")
        return message

    def wait_for(self, fd: int, deadline: float, when: str, writing: bool = False) -> None:
        """Until `fd` is ready, watching stdout (a forfeit) and keeping stderr's tail."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise timeout(LOAD_SECONDS if when == "loading" else self.seconds, when)
            readable, writable, _ = select.select(
                self.watched + ([] if writing else [fd]), [fd] if writing else [], [], left
            )
            if self.out in readable:
                self.check_stdout(when)
            if self.err in readable:
                chunk = os.read(self.err, 1 << 16)
                self.stderr = (self.stderr + chunk)[-SHOWN:]
                if not chunk:
                    self.watched.remove(self.err)
            if fd in readable or fd in writable:
                return

    def check_stdout(self, when: str) -> None:
        if self.out not in self.watched:
            return
        try:
            printed = os.read(self.out, SHOWN)
        except BlockingIOError:
            return
        if not printed:
            self.watched.remove(self.out)
        else:
            raise on_stdout(printed.decode(errors="replace"), when)

    def crashed(self, when: str) -> Forfeit:
        """The process ended without a word: its exit status and last words on stderr."""
        assert self.process is not None
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        if code is not None and code < 0:
            how = f"was killed by {signal.Signals(-code).name}"
        else:
            how = f"ended (exit code {code})"
        return Forfeit(
            "crash", f"its process {how} while {when}", self.stderr.decode(errors="replace")
        )

    def close(self) -> None:
        """Kill the bot's process group, reap it and close the pipes; safe to call twice."""
        if self.process is not None:
            kill_group(self.process.pid)
            self.process.wait()
            LIVE.discard(self.process.pid)
            for stream in (self.process.stdout, self.process.stderr):
                if stream:
                    stream.close()
            self.process = None
        for fd in self.pipes:
            os.close(fd)
        self.pipes = []


# -- the forfeits, worded once for both sides (`inkernel` words them the same) ---------------
def reported(message: dict[str, Any], when: str, memory_mb: int | None) -> Forfeit:
    """The forfeit of a runner's error message (`runner.failure`)."""
    kind = message.get("error")
    text = str(message.get("message", ""))[:SHOWN]
    trace = str(message.get("traceback", ""))[-SHOWN * 4 :]
    if kind == "memory":
        return Forfeit("memory", f"used more than {memory_mb} MB ({text})", trace)
    if kind == "load":
        return Forfeit("load", f"could not be loaded: {text}", trace)
    if kind == "exception":
        return Forfeit("exception", f"raised {text}", trace)
    return Forfeit("malformed", f"sent something unreadable while {when}")


def timeout(seconds: float, when: str) -> Forfeit:
    """No answer in time: `seconds` is the load limit, or the move's (the grace added)."""
    limit = seconds if when == "loading" else seconds + GRACE_SECONDS
    return Forfeit("timeout", f"no answer within {limit:.2f} s while {when}")


def not_text(shown: str) -> Forfeit:
    return Forfeit("malformed", f"answered {shown[:80]}, not an action text")


def on_stdout(shown: str, when: str) -> Forfeit:
    return Forfeit(
        "stdout",
        f"printed on stdout while {when} ({shown[:60]!r}); a bot answers by "
        "returning its move (print to sys.stderr to debug)",
        shown,
    )


def kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # already gone
        os.killpg(pid, signal.SIGKILL)


def kill_live_bots(signum: int = signal.SIGTERM, frame: Any = None) -> None:
    """SIGTERM handler of a pool worker: kill this worker's bots, then end at once."""
    for pid in list(LIVE):
        kill_group(pid)
    os._exit(128 + signum)


def prepare_worker() -> None:
    """Initializer of the local pool's workers: the teacher's interrupt (SIGINT) is the
    parent's to handle; SIGTERM, sent by the parent when it stops the pool, takes the
    worker's bots down with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, kill_live_bots)
