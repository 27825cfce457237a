"""The parent side of an isolated bot: a student's bot in a process of its own that sees only
the observations sent to it, answers within a time limit, and is killed with everything it
started when its game ends (or its worker is stopped).

Each bot runs `runner.py` (`python -S`: no `site`, a faster start; the import path is
handed over instead) in a jail of its own where bubblewrap works (`jail`), else as a plain
process (`jail.protections()` says what that gives up); either way in a new session (its
own process group, so that a kill reaches what it spawned), with a clean environment (no
variable of the teacher's but LANG and LC_ALL; a fixed hash seed so that sets iterate the
same way in every run), its rlimits set (`limits`) and its stdout watched.

A move's budget is processor time (Linux): what the bot's process and everything it started
used since its previous answer, read from /proc by this process (in a jail the bot cannot
see or signal it), so that a loaded machine does not make a correct bot forfeit; a wall-clock
backstop (`wall_seconds`) ends a bot that waits without computing. Elsewhere the budget is
wall-clock time. Both clocks run from the moment the request is written. Whatever the bot
writes, reading it ends in an answer or a `Forfeit`: lines are capped before they are
parsed, and any failure to parse them is a malformed answer. docs/tournament.md has what
each level of isolation stops.
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
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from . import jail
from .entrants import Entrant

GRACE_SECONDS = 0.1
"""Added to `seconds` for each move: the runner's own work around the bot's (reading the
observation, writing the answer) and the clock's grain (the kernel counts processor time in
ticks of 10 ms). A bot that computes for at most `seconds` never forfeits on time."""
PROCESSOR_CLOCK = Path("/proc/self/task").is_dir()
"""Whether a bot's processor time can be read here (Linux /proc): its budget is then
processor time, else wall-clock time (`seconds + GRACE_SECONDS`)."""
WALL_FACTOR, WALL_MARGIN = 4.0, 1.0
"""The wall-clock backstop of a move measured in processor time: `WALL_FACTOR` times the
budget plus `WALL_MARGIN` seconds. A bot that sleeps or blocks uses no processor time and
meets it; a computing bot meets it only on a machine four times oversubscribed."""
POLL_SECONDS = 0.02
"""How often a thinking bot's processor time is read: how far past its budget a bot that
never answers runs before it forfeits."""
LOAD_SECONDS = 10.0
"""Time for a bot's process to start and load its file (imports included)."""
MESSAGE_LIMIT = 1 << 16
"""Longest line a bot may send (bytes), checked before it is parsed: an action's text is a
few characters, an error's traceback is cut to `runner.TRACEBACK_LIMIT`."""
SHOWN = 2000
"""Characters kept of what a bot wrote on stdout or stderr, to show with its forfeit."""
RUNNER = Path(__file__).with_name("runner.py")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
"""Clock ticks a second, the unit of /proc's processor times."""
PROCESSES = sys.platform not in ("emscripten", "wasi")
"""Whether processes can start here. Where they cannot (the browser's Python of the
JupyterLite site), students' bots play in the referee's process instead (`inkernel`):
chosen by the platform only, never by a bot or an option, so that a desktop always
isolates them."""
KEPT_VARIABLES = ("LANG", "LC_ALL")
HOME_VARIABLES = ("PATH", "HOME", "TMPDIR")
"""Kept too outside a jail (inside, /tmp is its home)."""
JAIL_PATH = "/usr/bin:/bin"
PROCESS_LIMIT = 16
"""Processes and threads a jailed bot may have at once (RLIMIT_NPROC): a fork bomb stops
there, and so does the memory a bot can hold (RLIMIT_AS is per process). Outside a jail it
is not set: it would count the teacher's own processes."""
FILE_LIMIT = 64
"""Open files (RLIMIT_NOFILE)."""
WRITE_LIMIT = 4 << 20
"""Largest file a bot may write (RLIMIT_FSIZE, bytes). With `FILE_LIMIT` it bounds the memory
a process can hold outside its address space (memfd files: 64 x 4 MB)."""
ONE_THREAD = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS")

LIVE: set[int] = set()
"""Process groups of this process's running bots, for `kill_live_bots` on SIGTERM."""
STARTING: dict[str, bool] = {"now": False, "terminated": False}
"""Whether a bot is being started (its pid not yet in `LIVE`), and whether a SIGTERM came
meanwhile: that SIGTERM waits for the pid (`starting_a_bot`)."""


class Forfeit(Exception):
    """A bot lost its game: `kind` (timeout, crash, exception, illegal, malformed, stdout,
    memory, load), `reason` in English words, `detail` (the bot's traceback or output) for
    the student. `code` and `params` let another language word the reason (the exercises'
    verdicts do): `code` is the kind, or a finer case of it (too-long, unreadable, not-text;
    killed, ended), `params` the numbers and texts the reason quotes."""

    def __init__(
        self,
        kind: str,
        reason: str,
        detail: str = "",
        *,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ):
        reason, detail = printable(reason), printable(detail)
        super().__init__(reason)
        self.kind, self.reason, self.detail = kind, reason, detail
        self.code = code or kind
        self.params = {  # they go to the results' files and the browser, as the reason does
            name: printable(value) if isinstance(value, str) else value
            for name, value in (params or {}).items()
        }


def printable(text: str) -> str:
    """`text` with what UTF-8 cannot carry (a bot's lone surrogates) replaced: a forfeit's
    words go to JSON files and to the browser, whose encoders refuse them."""
    return text.encode("utf-8", "replace").decode("utf-8")


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
        self.jailed = PROCESSES and jail.unavailable() is None
        self.info: int | None = None
        """The read end of bwrap's --info-fd (in a jail, until read)."""
        self.namespace: int | None = None
        """A pidfd of the jail's first process: killing it ends every process in the jail."""
        self.spent = 0.0
        """The processor time the bot had used when it last answered (or became ready)."""

    def start(self, tag: str) -> None:
        """Start the process and send it the bot (it loads while the other seats start)."""
        requests_read, self.requests = os.pipe()
        self.answers, answers_write = os.pipe()
        self.pipes = [self.requests, self.answers]
        pipe_ends = [requests_read, answers_write]  # the child's: read requests, write answers
        arguments = [tag, *map(str, pipe_ends)]
        if self.jailed:  # bwrap says on `info` which pid its namespace's first process has
            self.info, info_write = os.pipe()
            pipe_ends.append(info_write)
            command = jail.command(str(RUNNER), arguments, self.entrant.folder, info_write)
            home = {"PATH": JAIL_PATH, "HOME": "/tmp", "TMPDIR": "/tmp"}
        else:
            command = [sys.executable, "-S", "-u", str(RUNNER), *arguments]
            home = {name: os.environ[name] for name in HOME_VARIABLES if name in os.environ}
        env = {name: os.environ[name] for name in KEPT_VARIABLES if name in os.environ}
        env.update(home, PYTHONHASHSEED="0", **{name: "1" for name in ONE_THREAD})
        with starting_a_bot():
            try:
                self.process = subprocess.Popen(
                    command,
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
            "parent": None if self.jailed else os.getpid(),
            "path": jail.inside_path() if self.jailed else sys.path,
            "folder": None if self.jailed else entrant.folder,
            "filename": entrant.origin,
            "source": entrant.source,
            "pickle": None
            if entrant.function is None
            else base64.b64encode(entrant.function).decode(),
            "limits": self.limits(),
            "seed": self.seed,
        }

    def limits(self) -> dict[str, int]:
        """The bot's rlimits, by `resource` name (`runner.set_limits`)."""
        limits = {"RLIMIT_NOFILE": FILE_LIMIT, "RLIMIT_FSIZE": WRITE_LIMIT, "RLIMIT_CORE": 0}
        if self.memory_mb is not None:
            limits["RLIMIT_AS"] = self.memory_mb << 20
        if self.jailed:
            limits["RLIMIT_NPROC"] = PROCESS_LIMIT
        return limits

    def wait_ready(self) -> None:
        """Wait until the bot is loaded; Forfeit if it fails, prints or takes too long."""
        self.find_namespace()  # here, not in `start`: the seats' jails are made side by side
        if self.start_failure is not None:
            raise self.start_failure
        message = self.receive(self.load_deadline, "loading")
        if not message.get("ready"):
            raise self.failure(message, "loading")
        self.spent = self.processor_seconds()

    def find_namespace(self) -> None:
        """Hold the jail's first process by a pidfd, from bwrap's info (written as the jail
        is made, before the bot starts), so that `close` can end the whole jail; checked to
        be bwrap's child once held (a pidfd cannot change process): had the jail ended
        already, its pid could be another process's by now."""
        if self.info is None:
            return
        try:
            pid = int(bwrap_info(self.info)["child-pid"])
            self.namespace = os.pidfd_open(pid)
            if parent_of(pid) != self.process_id():  # gone, and its pid taken since
                os.close(self.namespace)
                self.namespace = None
        except (OSError, ValueError, KeyError, TypeError):  # the jail is gone already
            pass
        os.close(self.info)
        self.info = None

    def process_id(self) -> int | None:
        return None if self.process is None else self.process.pid

    def ask(self, observation: dict[str, Any]) -> str:
        """The bot's answer to `observation` (a text); Forfeit for anything else."""
        deadline = time.monotonic() + self.wall_seconds("thinking")
        self.send({"observation": observation}, deadline, "thinking")
        message = self.receive(deadline, "thinking")
        self.check_processor()  # what it used up to its answer, the last ticks included
        self.spent = self.processor_seconds()
        if type(message.get("answer")) is str:
            return message["answer"]
        if type(message.get("not_text")) is str:
            raise not_text(message["not_text"])
        raise self.failure(message, "thinking")

    def failure(self, message: dict[str, Any], when: str) -> Forfeit:
        return reported(message, when, self.memory_mb)

    # -- the clocks ------------------------------------------------------------------
    def wall_seconds(self, when: str) -> float:
        """How long a request may wait by the wall clock."""
        if when == "loading":
            return LOAD_SECONDS
        if PROCESSOR_CLOCK:
            return WALL_FACTOR * (self.seconds + GRACE_SECONDS) + WALL_MARGIN
        return self.seconds + GRACE_SECONDS

    def processor_seconds(self) -> float:
        """The processor time the bot's processes have used (0 where it cannot be read)."""
        pid = self.process_id()
        return 0.0 if pid is None or not PROCESSOR_CLOCK else processor_seconds(pid)

    def check_processor(self) -> None:
        """Forfeit if the bot used more than its move's processor time since it last
        answered (thinking between moves counts towards the next one)."""
        budget = self.seconds + GRACE_SECONDS
        if PROCESSOR_CLOCK and self.processor_seconds() - self.spent > budget:
            raise over_budget(budget)

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
            if b"\n" not in self.buffer and len(self.buffer) > MESSAGE_LIMIT:
                raise too_long(when)
        line, _, self.buffer = self.buffer.partition(b"\n")
        self.check_stdout(when)
        if time.monotonic() > deadline:  # read late: however it was written, too late
            raise timeout(self.wall_seconds(when), when)
        if len(line) > MESSAGE_LIMIT:
            raise too_long(when)
        try:
            message = json.loads(line)
        except Exception:  # bad UTF-8, bad JSON, nested too deep (RecursionError)...
            message = None
        if type(message) is not dict:
            raise unreadable(when)
        return message

    def wait_for(self, fd: int, deadline: float, when: str, writing: bool = False) -> None:
        """Until `fd` is ready, watching stdout (a forfeit), keeping stderr's tail and, while
        the bot thinks, its processor time."""
        timed = when == "thinking" and PROCESSOR_CLOCK
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise timeout(self.wall_seconds(when), when)
            if timed:
                self.check_processor()
                left = min(left, POLL_SECONDS)
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
        if code is not None and self.jailed and code > 128:  # bwrap's way to say a signal
            code = 128 - code
        stderr = self.stderr.decode(errors="replace")
        if code is not None and code < 0:
            name = signal_name(-code)
            reason = f"its process was killed by {name} while {when}"
            return Forfeit(
                "crash", reason, stderr, code="killed", params={"signal": name, "when": when}
            )
        reason = f"its process ended (exit code {code}) while {when}"
        return Forfeit("crash", reason, stderr, code="ended", params={"exit": code, "when": when})

    def close(self) -> None:
        """Kill the bot's jail (or process group), reap it and close the pipes; safe to call
        twice. A jail is gone, with every process in it, when this returns: bwrap exits
        only after its namespace's first process, which outlives all the others."""
        self.find_namespace()
        if self.namespace is not None:
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self.namespace, signal.SIGKILL)
            select.select([self.namespace], [], [], LOAD_SECONDS)  # readable: it has ended
            os.close(self.namespace)
            self.namespace = None
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
    text = message.get("message")
    text = text[:SHOWN] if type(text) is str else ""
    trace = message.get("traceback")
    trace = trace[-SHOWN * 4 :] if type(trace) is str else ""
    if kind == "memory":
        params = {"megabytes": memory_mb, "text": text}
        return Forfeit("memory", f"used more than {memory_mb} MB ({text})", trace, params=params)
    if kind == "load":
        return Forfeit("load", f"could not be loaded: {text}", trace, params={"text": text})
    if kind == "exception":
        return Forfeit("exception", f"raised {text}", trace, params={"text": text})
    return unreadable(when)


def timeout(limit: float, when: str) -> Forfeit:
    """No answer within `limit` seconds of the wall clock."""
    reason = f"no answer within {limit:.2f} s while {when}"
    return Forfeit("timeout", reason, params={"seconds": limit, "when": when})


def over_budget(limit: float) -> Forfeit:
    """More than `limit` seconds of processor time for one move."""
    reason = f"used more than {limit:.2f} s of processor time while thinking"
    params = {"seconds": limit, "when": "thinking"}
    return Forfeit("timeout", reason, code="processor", params=params)


STAT_STATE, STAT_TIMES = 0, slice(11, 15)
"""Where `stat_fields` has the process's state, and its utime, stime, cutime and cstime."""


def stat_fields(pid: int) -> list[bytes]:
    """The fields of /proc/`pid`/stat after the command's name (which may hold spaces and
    parentheses): the state first. OSError if the process is gone."""
    with open(f"/proc/{pid}/stat", "rb") as stat:
        return stat.read().rpartition(b")")[2].split()


def processor_seconds(root: int) -> float:
    """Processor time used by the process `root` and every process under it, threads
    included and children that ended once reaped (they count in their parent's), from
    /proc. A bot's processes cannot leave the tree: in a jail an orphan's new parent is the
    jail's first process, which is in it."""
    ticks, pending, seen = 0, [root], set()
    while pending:
        pid = pending.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            ticks += sum(map(int, stat_fields(pid)[STAT_TIMES]))
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children", "rb") as children:
                    pending.extend(map(int, children.read().split()))
        except (OSError, ValueError):  # ended meanwhile
            continue
    return ticks / TICKS


def too_long(when: str) -> Forfeit:
    reason = f"sent more than {MESSAGE_LIMIT} bytes while {when}"
    params = {"limit": MESSAGE_LIMIT, "when": when}
    return Forfeit("malformed", reason, code="too-long", params=params)


def unreadable(when: str) -> Forfeit:
    reason = f"sent something unreadable while {when}"
    return Forfeit("malformed", reason, code="unreadable", params={"when": when})


def not_text(shown: str) -> Forfeit:
    reason = f"answered {shown[:80]}, not an action text"
    return Forfeit("malformed", reason, code="not-text", params={"answer": shown[:80]})


def on_stdout(shown: str, when: str) -> Forfeit:
    return Forfeit(
        "stdout",
        f"printed on stdout while {when} ({shown[:60]!r}); a bot answers by "
        "returning its move (print to sys.stderr to debug)",
        shown,
        params={"shown": repr(shown[:60]), "when": when},
    )


def bwrap_info(fd: int) -> Any:
    """The JSON bwrap writes on its --info-fd, read whole (it comes in pieces), within
    `LOAD_SECONDS`."""
    data, deadline = b"", time.monotonic() + LOAD_SECONDS
    while time.monotonic() < deadline:
        select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(fd, 1 << 12)
        data += chunk
        try:
            return json.loads(data)
        except ValueError:
            if not chunk:  # bwrap is gone
                raise
    raise ValueError("no word from bwrap")


def parent_of(pid: int) -> int | None:
    """The parent pid of process `pid` (Linux /proc), None if it is gone."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("PPid:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # already gone
        os.killpg(pid, signal.SIGKILL)


@contextlib.contextmanager
def starting_a_bot() -> Iterator[None]:
    """Hold a SIGTERM back while a bot starts: one handled between the fork and `LIVE.add`
    would end this worker and leave that bot running (a cancelled tournament's bot caught
    alive by the tests under load). The handler runs in the main thread, as this does."""
    STARTING["now"] = True
    try:
        yield
    finally:
        STARTING["now"] = False
        if STARTING["terminated"]:
            kill_live_bots()


def kill_live_bots(signum: int = signal.SIGTERM, frame: Any = None) -> None:
    """SIGTERM handler of a pool worker: kill this worker's bots, then end at once (once
    the bot being started, if any, is in `LIVE`)."""
    if STARTING["now"]:
        STARTING["terminated"] = True
        return
    for pid in list(LIVE):
        kill_group(pid)
    os._exit(128 + signum)


def prepare_worker() -> None:
    """Initializer of the local pool's workers: the teacher's interrupt (SIGINT) is the
    parent's to handle; SIGTERM, sent by the parent when it stops the pool, takes the
    worker's bots down with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, kill_live_bots)
