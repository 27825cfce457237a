"""Background work of a table, bounded: one computation per kind, budgets enforced.

A table (`table.Table`) thinks in the background for three reasons (a bot's move, a
hint, a game's own analysis) and each request may arrive again before the last is done: a
click flood, a bot that never answers. Two rules keep that bounded:

- `TaskSlot`: at most one thread per kind. A new request cancels the running one and waits
  for it to unwind; only the latest waiting request is kept (a hundred hints cost one).
- `answer_within`: a bot's `choose` runs in a thread of its own that is abandoned when it
  overruns its budget (a student's function may ignore the `Deadline`). A bot that still
  has an abandoned call running is not called again, so each bot leaves at most one thread
  behind, however often it is asked.

Where threads cannot start (Pyodide, the browser's Python of the JupyterLite site:
`Thread.start` raises), the same work runs on the asyncio event loop instead (`THREADS`):
scheduled, so the message being handled is answered and the human's move shown first, then
run whole in a later turn of the loop. A bot then holds the kernel for its budget (it
honours its `Deadline`); one that ignores it cannot be abandoned there.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from ludotheque.engines.bots import Bot, Deadline
from ludotheque.engines.core import State

POLL = 0.02
"""Seconds between two looks at a cancel flag while waiting for a bot's thread."""
THREADS = sys.platform not in ("emscripten", "wasi")
"""Whether threads can start here; without them, background work runs on the event loop."""


class Soon:
    """Work scheduled on the event loop, in the place of a thread, `after` seconds from now
    (a timer: the kernel stays free meanwhile): `join` runs it at once (so Python that
    waits for a bot, `GameWidget.wait`, does not wait for the loop)."""

    def __init__(self, work: Callable[[], None], after: float = 0.0):
        self._work: Callable[[], None] | None = work
        _scheduled.append(self)
        loop = asyncio.get_event_loop()
        if after > 0:
            loop.call_later(after, self.run)
        else:
            loop.call_soon(self.run)

    def run(self) -> None:
        work, self._work = self._work, None
        if work is not None:
            _scheduled.remove(self)
            work()

    def join(self, timeout: float | None = None) -> None:
        self.run()

    def is_alive(self) -> bool:
        return self._work is not None


_scheduled: list[Soon] = []
"""What waits for the event loop, oldest first (empty where threads run the work)."""


def run_scheduled() -> None:
    """Run now whatever waits for the event loop: Python that waits in a cell for
    background work to finish (the loop turns only once the cell has run). Nothing to do
    where threads run the work."""
    while _scheduled:
        _scheduled[0].run()


def in_background(work: Callable[[], None], name: str) -> threading.Thread | Soon:
    """Start `work()` in a daemon thread, or where there are none, soon on the event loop."""
    if not THREADS:
        return Soon(work)
    thread = threading.Thread(target=work, daemon=True, name=name)
    thread.start()
    return thread


class TaskSlot:
    """One kind of background work: at most one thread runs it at a time."""

    def __init__(self, name: str):
        self.name = name
        self._lock = threading.Lock()
        self._thread: threading.Thread | Soon | None = None
        self._cancel = threading.Event()
        self._pending: tuple[Callable[[threading.Event], None], float] | None = None

    def submit(self, work: Callable[[threading.Event], None], after: float = 0.0) -> None:
        """Run `work(cancel)` in the background once the slot is free and `after` seconds
        have passed (unless cancelled meanwhile); a request still waiting is replaced, a
        running one is told to stop."""
        with self._lock:
            if self._thread is not None:
                self._cancel.set()
                self._pending = (work, after)
            else:
                self._start(work, after)

    def cancel(self) -> None:
        """Tell the running work to stop and forget the waiting one."""
        with self._lock:
            self._pending = None
            self._cancel.set()

    def busy(self) -> bool:
        with self._lock:
            return self._thread is not None

    def join(self, timeout: float) -> bool:
        """Wait until the slot is idle (the waiting request too); False on timeout."""
        deadline = Deadline(timeout)
        while not deadline.expired():
            with self._lock:
                thread = self._thread
            if thread is None:
                return True
            thread.join(min(max(deadline.remaining(), 0), POLL * 5))
        return not self.busy()

    def _start(self, work: Callable[[threading.Event], None], after: float) -> None:
        cancel = threading.Event()

        def run() -> None:
            try:
                # a thread waits here; the event loop's timer has already waited
                if not cancel.wait(after if THREADS else 0):
                    work(cancel)
            finally:
                with self._lock:
                    following, self._pending = self._pending, None
                    self._thread = None
                    if following is not None:
                        self._start(*following)

        self._cancel = cancel
        if THREADS:
            self._thread = in_background(run, f"ludotheque-{self.name}")
        else:
            self._thread = Soon(run, after)


class Overrun(Exception):
    """A bot did not answer within its budget and its grace; its call was abandoned."""


class Stuck(Exception):
    """A bot is still busy with an earlier, abandoned call: it is not asked again."""


class Abandoned:
    """The calls that overran, one per bot key: the threads a table could not stop."""

    def __init__(self) -> None:
        self._threads: dict[str, threading.Thread] = {}
        self._lock = threading.Lock()

    def busy(self, key: str) -> bool:
        with self._lock:
            thread = self._threads.get(key)
            if thread is not None and not thread.is_alive():
                del self._threads[key]
                thread = None
            return thread is not None

    def add(self, key: str, thread: threading.Thread) -> None:
        with self._lock:
            self._threads[key] = thread


def answer_within(
    bot: Bot,
    position: State,
    seconds: float,
    limit: float,
    cancel: threading.Event,
    abandoned: Abandoned,
    key: str,
    check: Callable[[Any], Any],
    trusted: bool,
) -> Any:
    """`check(bot.choose(position))`, the bot given a `Deadline(seconds, cancel)`, waited for
    at most `limit` seconds: `check` (the answer read as a legal action, or an exception)
    runs in the bot's thread too, so a pathological answer costs the budget, not the game.

    Raises `Overrun` (the call is left behind, recorded under `key`), `Stuck` if the bot's
    previous call is still running, or whatever the bot or `check` raised. Returns None at
    once if `cancel` is set meanwhile; a call so cancelled is recorded too, unless the bot
    is `trusted` to honour the cancel flag (a built-in bot: it unwinds at once)."""
    if abandoned.busy(key):
        raise Stuck(f"{key} is still busy with an earlier move")
    if not THREADS:
        return answer_here(bot, position, seconds, limit, cancel, key, check)
    outcome: dict[str, Any] = {}

    def call() -> None:
        try:
            outcome["action"] = check(bot.choose(position, Deadline(seconds, cancel)))
        except BaseException as error:  # reported to the waiting thread, never lost
            outcome["error"] = error

    thread = threading.Thread(target=call, daemon=True, name=f"ludotheque-bot-{key}")
    start = time.monotonic()
    thread.start()
    while thread.is_alive():
        thread.join(POLL)
        if cancel.is_set():
            if thread.is_alive() and not trusted:
                abandoned.add(key, thread)
            return None
        if time.monotonic() - start > limit and thread.is_alive():
            abandoned.add(key, thread)
            raise Overrun(f"{key} did not answer within {limit:.1f} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("action")


def answer_here(
    bot: Bot,
    position: State,
    seconds: float,
    limit: float,
    cancel: threading.Event,
    key: str,
    check: Callable[[Any], Any],
) -> Any:
    """`answer_within` where no thread can start: the bot answers in the caller's turn of
    the event loop; an answer later than `limit` is refused all the same (`Overrun`)."""
    start = time.monotonic()
    action = check(bot.choose(position, Deadline(seconds, cancel)))
    if cancel.is_set():
        return None
    if time.monotonic() - start > limit:
        raise Overrun(f"{key} did not answer within {limit:.1f} s")
    return action
