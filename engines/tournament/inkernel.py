"""Students' bots where no process can start (`sandbox.PROCESSES` is false: the browser's
Python of the JupyterLite site). Each bot plays in the referee's own process, as the
tournament plays its games there, one after another; it gets what `runner.py` gives it in a
process of its own: its file run as a fresh module (its folder first on the import path),
its own `random` seeded as there, a copy of its observation (through JSON, as through the
pipe), its stdout watched; its failures are the same forfeits, worded the same. So a
tournament gives the same results here as with processes, for bots that answer in time,
do not depend on the hash seed (the order of a set of texts) and do not recurse to the
limit (the kernel's own frames leave a bot a little less depth than a fresh process).

What a process gives and the referee's process cannot:

- **Time.** A bot that overruns its time and then returns forfeits on time, as on a desktop.
  One that never returns cannot be abandoned: a check at each turn of the loops of its own
  file and at each call of its functions stops it at its deadline, but a loop anywhere else
  (a helper module it imports, compiled code such as `sum(range(10**12))`, a function
  given by value rather than a file) holds the kernel until the kernel is restarted.
- **Memory**: no limit (a MemoryError is a memory forfeit; the browser's own limit ends the
  kernel first). **Isolation**: a bot could read the referee's state (the seed, hidden
  cards) through the interpreter, and what it imports stays loaded (except its folder's
  modules). Fine for a class; a contest with stakes needs a desktop.

Chosen by `sandbox.PROCESSES` only (the platform): never by a bot, an option or the widget.
"""

from __future__ import annotations

import ast
import base64
import contextlib
import io
import json
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from . import runner
from .entrants import Entrant
from .sandbox import GRACE_SECONDS, LOAD_SECONDS, SHOWN, not_text, on_stdout, reported
from .sandbox import timeout as timed_out

CHECK = "__ludotheque_deadline__"
"""The name under which a bot's module finds its deadline check."""
REFEREE = (runner.__file__, __file__)
"""Files whose frames are left out of a bot's traceback."""


class Overrun(BaseException):
    """A bot's deadline passed inside one of its loops (a BaseException: `except Exception`
    in the bot does not keep it)."""


class Clock:
    """The deadline a bot's watched code checks (`check` is its module's `CHECK`)."""

    def __init__(self) -> None:
        self.deadline = math.inf

    def check(self) -> None:
        if time.monotonic() > self.deadline:
            raise Overrun


class WatchLoops(ast.NodeTransformer):
    """Adds a deadline check first in the body of each loop and function of a bot's file,
    so that a loop that never ends there is stopped (the line numbers stay the student's)."""

    def checked(self, node: Any) -> Any:
        self.generic_visit(node)
        first = node.body[0]
        docstring = (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        )
        check = ast.Expr(ast.Call(ast.Name(CHECK, ast.Load()), [], []))
        node.body.insert(1 if docstring else 0, ast.copy_location(check, first))
        return node

    visit_For = visit_AsyncFor = visit_While = checked
    visit_FunctionDef = visit_AsyncFunctionDef = checked


def watched_compile(source: str, filename: str, mode: str) -> Any:
    """`compile`, with the deadline checks of `WatchLoops`."""
    tree = WatchLoops().visit(compile(source, filename, mode, ast.PyCF_ONLY_AST))
    return compile(ast.fix_missing_locations(tree), filename, mode)


class KernelBot:
    """One student bot for one game, in this process: `sandbox.IsolatedBot`'s methods
    (`start`, `wait_ready`, `ask`, `close`) and forfeits."""

    def __init__(self, entrant: Entrant, *, seconds: float, memory_mb: int | None, seed: int):
        self.entrant = entrant
        self.seconds = seconds
        self.memory_mb = memory_mb
        self.clock = Clock()
        self.choose: Any = None
        self.random = random.Random(seed).getstate()
        """The bot's `random`, swapped in while it runs (in a process, its own module's)."""
        self.name = None if entrant.kind != "file" else Path(entrant.origin).stem
        self.module: Any = None
        """The bot's module, under its `name` in sys.modules while it runs only: a bot
        named json.py does not replace the kernel's json."""

    def start(self, tag: str) -> None:
        """Nothing to start: the bot loads in `wait_ready`, seat after seat."""

    def wait_ready(self) -> None:
        """Load the bot (its file's module code watched); Forfeit as `IsolatedBot`'s."""
        function = self.entrant.function
        request = {  # as `IsolatedBot.first_message` sends it
            "filename": self.entrant.origin,
            "source": self.entrant.source,
            "pickle": None if function is None else base64.b64encode(function).decode(),
        }
        self.choose = self.run(
            LOAD_SECONDS,
            "loading",
            "load",
            lambda: runner.load(request, watched_compile, {CHECK: self.clock.check}),
        )

    def ask(self, observation: dict[str, Any]) -> str:
        """The bot's answer to a copy of `observation` (a text); Forfeit for anything else."""
        copy = json.loads(json.dumps(observation))
        answer = self.run(self.seconds, "thinking", "exception", lambda: self.choose(copy))
        if not isinstance(answer, str):
            raise not_text(runner.shown(answer))
        return answer

    def run(self, seconds: float, when: str, kind: str, call: Any) -> Any:
        """`call()` as the bot's turn, its output and time checked: a printed word first,
        then the time (with `GRACE_SECONDS`, as for a process), then what it raised."""
        limit = seconds if when == "loading" else seconds + GRACE_SECONDS
        printed, failure = io.StringIO(), None
        start = time.monotonic()
        self.clock.deadline = start + limit
        with self.turn(printed):
            try:
                result = call()
            except KeyboardInterrupt:  # the teacher's: the tournament stops
                raise
            except BaseException as error:  # anything the bot does is reported
                failure = error
        if printed.getvalue():
            raise on_stdout(printed.getvalue()[:SHOWN], when)
        if isinstance(failure, Overrun) or time.monotonic() - start > limit:
            raise timed_out(seconds, when)
        if failure is not None:
            message = runner.failure(kind, failure, REFEREE)
            raise reported(message, when, self.memory_mb) from None
        return result

    @contextlib.contextmanager
    def turn(self, printed: io.StringIO) -> Any:
        """While the bot runs: its `random`, its folder first on the path, its module,
        stdout into `printed` and stderr nowhere (a process's stderr is shown only with a
        crash, which cannot happen here); the kernel's back after."""
        kernel_random, path = random.getstate(), list(sys.path)
        bytecode = sys.dont_write_bytecode
        kernel_module = sys.modules.get(self.name) if self.name else None
        if self.name and self.module is not None:
            sys.modules[self.name] = self.module
        random.setstate(self.random)
        if self.entrant.folder:
            sys.path.insert(0, self.entrant.folder)
        sys.dont_write_bytecode = True
        try:
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
                yield
        finally:
            self.random = random.getstate()
            random.setstate(kernel_random)
            sys.path[:] = path
            sys.dont_write_bytecode = bytecode
            if self.name:
                mine = sys.modules.pop(self.name, None)
                if getattr(mine, "__file__", None) == self.entrant.origin:
                    self.module = mine
                if kernel_module is not None:
                    sys.modules[self.name] = kernel_module

    def close(self) -> None:
        """Forget the bot's folder's modules (a helper's state does not outlive the game,
        as with a process per game); safe to call twice."""
        folder = self.entrant.folder
        if folder is None:
            return
        for name, module in list(sys.modules.items()):
            where = getattr(module, "__file__", None) or ""
            if os.path.dirname(os.path.abspath(where)) == folder:
                del sys.modules[name]
        self.choose = self.module = None
