"""Students' bots where no process can start (`sandbox.PROCESSES` is false: the browser's
Python of the JupyterLite site). Each bot plays in the referee's own process, as the
tournament plays its games there, one after another; it gets what `runner.py` gives it in a
process of its own: its file run as a fresh module (its folder first on the import path),
its own `random` seeded as there, a copy of its observation (through JSON, as through the
pipe), its stdout watched; its failures are the same forfeits, worded the same. So a
tournament gives the same results here as with processes, for bots that answer in time,
do not depend on the hash seed (the order of a set of texts) and do not recurse to the
limit (the kernel's frames, and the deadline check's, leave a bot a little less depth).

What holds here:

- **Time.** The clock is the wall clock (a process's budget is its processor time, which
  the browser's Python cannot tell apart: its one thread is the bot's while the bot runs).
  A bot that overruns its time and then returns forfeits on time. One that never
  returns is stopped at its deadline while it runs Python code, wherever that code is (its
  file, a helper, code it compiles, a function given by value): the interpreter itself calls
  the check at every function start and every turn of a loop (`sys.monitoring`, a tool id
  claimed for the call, from Python 3.12; a trace function before), so there is no name for
  the bot to rebind. Past the deadline each later check stops it again: catching the stop
  does not keep it going (before 3.12 Python drops a trace function that raised, so there
  it does). A bot that turns the check off (`sys.settrace(None)` before 3.12, freeing or
  muting the tool from 3.12) forfeits when its call ends: "tampered with the referee's
  clock". The check costs a loop-heavy bot time: the heaviest example, territoire.py, takes
  about twice as long per move (four to five times before 3.12).
- **What a bot changes in the referee.** After each call into a bot (its load, each move)
  everything it rebound, added or removed is put back, before any other code of the
  referee's runs: builtins; ludotheque's modules, their classes and the dicts they hold
  (`Game.registry`); the modules they name (json, time, random, sys, contextlib...) with
  their classes; the code and defaults of ludotheque's functions; ludotheque's entries of
  sys.modules; trace and profile functions and `sys.monitoring` tools; the recursion limit
  and the working directory (these two are the bot's own from call to call, as in a
  process). A bot that replaced or removed a function, a class or a module there forfeits
  ("changed the referee's builtins.len"); changed data (a flag, a cache) is put back
  without a forfeit, since the referee's own code changes such names when a bot calls it.
  Modules a bot imports stay (its folder's until its game ends). This costs about half a
  millisecond per call.

What a process gives and the referee's process cannot:

- A loop inside compiled code (`sum(range(10**12))`, a regular expression that backtracks)
  holds the kernel until it is restarted; so does a bot that turns the check off and loops.
  A bot can also end or break the kernel outright (`os._exit()`, a `sys.monitoring`
  callback of its own that raises at every call), where a process would only lose its game.
- **Memory**: no limit (a MemoryError is a memory forfeit; the browser's own limit ends the
  kernel first).
- **Isolation**: a bot reads and writes the referee's objects through the interpreter
  (`gc.get_objects()`, frames, closures, this module's own names): the seed and the hidden
  cards of every game, the clock of its check. What is put back is what a bot reaches by
  name; what it changes inside objects is not (an object's attributes, the entries of a
  list or of a dict outside ludotheque, `os.environ`, warning filters, signal handlers).

Fine for practice in a student's own kernel; a class tournament belongs on the full install,
where each bot has a process. Chosen by `sandbox.PROCESSES` only (the platform): never by a
bot, an option or the widget.
"""

from __future__ import annotations

import base64
import builtins
import contextlib
import io
import itertools
import json
import math
import operator
import os
import random
import sys
import threading
import time
import types
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from . import runner
from .entrants import Entrant
from .sandbox import GRACE_SECONDS, LOAD_SECONDS, SHOWN, Forfeit, not_text, on_stdout, reported
from .sandbox import timeout as timed_out

REFEREE = (runner.__file__, __file__)
"""Files whose frames are left out of a bot's traceback."""
TOOL_NAME = "ludotheque deadline"
"""The `sys.monitoring` tool of the deadline check, claimed for each call into a bot."""
TOOLS = (4, 3, 5, 2, 1, 0)
"""Tool ids to claim, those no convention names first (0 is a debugger's, 1 coverage's...)."""
MONITORING: Any = getattr(sys, "monitoring", None)
"""`sys.monitoring` (Python 3.12+), bound here: a bot rebinding sys.monitoring's functions
does not change how the referee turns its check off."""
gettrace, settrace, getprofile, setprofile = (
    sys.gettrace, sys.settrace, sys.getprofile, sys.setprofile)  # fmt: skip
"""Bound at import for the same reason."""
monotonic = time.monotonic
FOREVER = math.inf
IMMUTABLE = 1 << 8
"""`Py_TPFLAGS_IMMUTABLETYPE`: a class nobody can change (int, str...), left out."""
MISSING = object()
BUILTINS = vars(builtins)
CODE = ("__code__", "__defaults__", "__kwdefaults__")
"""What a bot could change in a function in place."""
is_, chain = operator.is_, itertools.chain.from_iterable
ANYTHING = BaseException
"""Bound at import: what finds and catches a bot's changes cannot be the bot's (builtins
are the bot's until the referee puts them back)."""


class Overrun(BaseException):
    """A bot's deadline passed while it ran Python code (a BaseException: `except Exception`
    in the bot does not keep it)."""


class Clock:
    """A bot's deadline, checked by the interpreter (`Monitoring`, `Tracing`), not through a
    name the bot could rebind."""

    def __init__(self) -> None:
        self.deadline = FOREVER
        self.thread = threading.get_ident()
        """The thread the bot runs in: `sys.monitoring` calls the check in every thread."""
        self.stopped = False
        """Whether the check raised `Overrun` in this call."""
        self.check, self.jump = deadline_checks(self)


def deadline_checks(clock: Clock) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """`clock`'s checks: `Overrun` past the deadline. `check` is a trace function and the
    `sys.monitoring` callback of function starts, `jump` that of jumps (a forward jump is
    no loop: it is not watched again). The time and the exception are bound here, so that
    a bot rebinding time.monotonic or this module's names does not change them."""
    now, thread, overrun = monotonic, threading.get_ident, Overrun
    disable = getattr(MONITORING, "DISABLE", None)

    def check(where: Any, event: Any = None, arg: Any = None) -> Any:
        if now() > clock.deadline and thread() == clock.thread:
            clock.stopped = True
            raise overrun
        return check  # as a trace function: go on tracing the frame

    def jump(code: Any, offset: int, destination: int) -> Any:
        if destination > offset:
            return disable
        if now() > clock.deadline and thread() == clock.thread:
            clock.stopped = True
            raise overrun
        return None

    return check, jump


class Monitoring:
    """Python 3.12+: the check at each start and resume of a function and each jump (each turn
    of a loop) of any Python code, through a `sys.monitoring` tool claimed for the call."""

    def __init__(self, clock: Clock):
        self.clock, self.tool = clock, -1
        events = MONITORING.events
        self.callbacks = {
            events.PY_START: clock.check,
            events.PY_RESUME: clock.check,
            events.JUMP: clock.jump,
        }
        self.mask = sum(self.callbacks)

    def arm(self) -> None:
        self.tool = next(tool for tool in TOOLS if tool not in monitoring_tools())
        MONITORING.use_tool_id(self.tool, TOOL_NAME)
        for event, callback in self.callbacks.items():
            MONITORING.register_callback(self.tool, event, callback)
        MONITORING.set_events(self.tool, self.mask)

    def disarm(self, tracer: Any) -> bool:
        """Frees the tool; whether the check stayed as armed (a bot may free the tool, or
        change its events or its callbacks; `tracer` plays no part from 3.12)."""
        tool = self.tool
        intact = MONITORING.get_tool(tool) == TOOL_NAME
        intact = MONITORING.get_events(tool) == self.mask and intact
        for event, callback in self.callbacks.items():
            intact = MONITORING.register_callback(tool, event, None) is callback and intact
        clear_tool(tool, ())
        MONITORING.restart_events()  # the jumps `jump` disabled would stay so for the id
        return intact


class Tracing:
    """Before Python 3.12: the check as the trace function of every frame (each call and
    line) while the bot runs."""

    def __init__(self, clock: Clock):
        self.clock = clock

    def arm(self) -> None:
        settrace(self.clock.check)

    def disarm(self, tracer: Any) -> bool:
        """Whether `tracer`, the trace function when the call ended, is still the check
        (Python removes it itself once it has raised)."""
        return tracer is self.clock.check or self.clock.stopped


Hook = Monitoring if MONITORING is not None else Tracing


def monitoring_tools() -> set[int]:
    """The `sys.monitoring` tools in use, or with events set (3.12 and 3.13 keep a freed
    tool's events)."""
    if MONITORING is None:
        return set()
    return {
        tool
        for tool in range(6)
        if MONITORING.get_tool(tool) is not None or MONITORING.get_events(tool)
    }


def clear_tool(tool: int, events: Iterable[int]) -> None:
    """Frees a tool with its global events and the callbacks of `events`."""
    if MONITORING.get_tool(tool) is None:  # freed, its events kept: claimed to clear them
        MONITORING.use_tool_id(tool, TOOL_NAME)
    MONITORING.set_events(tool, 0)
    for event in events:
        MONITORING.register_callback(tool, event, None)
    MONITORING.free_tool_id(tool)


def every_event() -> list[int]:
    """Each single `sys.monitoring` event."""
    values = (getattr(MONITORING.events, name) for name in dir(MONITORING.events))
    return [v for v in values if isinstance(v, int) and v > 0 and not v & (v - 1)]


class Space:
    """One namespace of the referee's: a module's dict, a class's, or a dict one of them
    holds (a `table`, such as `Game.registry`, whose new entries stay: imports add to it)."""

    def __init__(self, label: str, owner: Any, mapping: Any, table: bool = False):
        self.label, self.owner, self.mapping, self.table = label, owner, mapping, table

    def restore(self, saved: dict[str, Any]) -> list[str]:
        """Puts back what changed since `saved`; the labels of the code replaced or removed."""
        live = self.mapping
        changed = [key for key, value in saved.items() if live.get(key, MISSING) is not value]
        added = [] if self.table else [key for key in live if key not in saved]
        for key in changed:
            self.put(key, saved[key])
        for key in added:
            if not isinstance(live[key], types.ModuleType):  # an import's submodule stays
                self.put(key, MISSING)
        return [f"{self.label}.{key}" for key in changed if is_code(saved[key])]

    def put(self, key: str, value: Any) -> None:
        """Sets `key` (deletes it for MISSING); a class's through `type` itself, its dict
        being read-only and its metaclass possibly changed too."""
        if isinstance(self.owner, type):
            if value is MISSING:
                type.__delattr__(self.owner, key)
            else:
                type.__setattr__(self.owner, key, value)
        elif value is MISSING:
            del self.mapping[key]
        else:
            self.mapping[key] = value


class Referee:
    """What a bot must leave as it found it: builtins, ludotheque's modules (`own`) and the
    dicts they hold, the modules they name (json, time, random, contextlib...), the classes
    of all these (and the classes those derive from), the code of ludotheque's functions,
    and ludotheque's entries of sys.modules. `save` before each call into a bot, `restore`
    after (not once per game: the referee's own code changes its data between two calls)."""

    def __init__(self, own: dict[str, types.ModuleType]) -> None:
        named = [value for module in own.values() for value in vars(module).values()]
        modules = unique([*own.values(), *filter(is_module, named)])
        classes = unique(
            base
            for module in modules
            for value in vars(module).values()
            if isinstance(value, type)
            for base in value.__mro__
            if not base.__flags__ & IMMUTABLE
        )
        spaces = [Space(m.__name__, m, vars(m)) for m in modules]
        spaces += [Space(f"{c.__module__}.{c.__qualname__}", c, vars(c)) for c in classes]
        self.spaces = spaces + tables(spaces)
        self.mappings = [space.mapping for space in self.spaces]
        self.functions = [f for f in unique(functions(self.spaces)) if f.__module__ in own]
        self.code = [list(map(operator.attrgetter(name), self.functions)) for name in CODE]
        self.modules = own

    def save(self) -> list[dict[str, Any]]:
        return [BUILTINS.copy()] + [mapping.copy() for mapping in self.mappings]

    def restore(self, saved: list[dict[str, Any]]) -> list[str]:
        """Puts back all a call changed (builtins first: the rest uses them); the labels of
        the code it replaced or removed, for its forfeit."""
        changed = restore_builtins(saved[0])
        if not same(self.mappings, saved[1:]):
            for space, names in zip(self.spaces, saved[1:], strict=True):
                changed += space.restore(names)
        return changed + self.restore_code() + self.restore_modules()

    def restore_code(self) -> list[str]:
        """Functions' code and defaults put back (a bot can change them in place)."""
        now = [map(operator.attrgetter(name), self.functions) for name in CODE]
        if all(map(same_items, now, self.code)):
            return []
        changed = []
        for index, function in enumerate(self.functions):
            saved = [code[index] for code in self.code]
            if not same_items([getattr(function, name) for name in CODE], saved):
                for name, value in zip(CODE, saved, strict=True):
                    setattr(function, name, value)
                changed.append(f"{function.__module__}.{function.__qualname__}")
        return changed

    def restore_modules(self) -> list[str]:
        modules = sys.modules
        changed = [name for name, module in self.modules.items() if modules.get(name) is not module]
        modules.update((name, self.modules[name]) for name in changed)
        return [f"sys.modules[{name!r}]" for name in changed]


def referee() -> Referee:
    """This kernel's `Referee`, found again only when ludotheque's modules change: finding
    it takes milliseconds, more than a quick bot's game."""
    own = {
        name: module
        for name, module in list(sys.modules.items())
        if name.partition(".")[0] == "ludotheque" and isinstance(module, types.ModuleType)
    }
    key = tuple(own)
    if key not in REFEREES:
        REFEREES.clear()
        REFEREES[key] = Referee(own)
    return REFEREES[key]


REFEREES: dict[tuple[str, ...], Referee] = {}
"""The last `referee()`, by the names of ludotheque's modules it watches."""


def restore_builtins(saved: dict[str, Any]) -> list[str]:
    """Builtins put back with dict operations only: until they are, any builtin may be the
    bot's."""
    changed = [key for key, value in saved.items() if BUILTINS.get(key, MISSING) is not value]
    for key in changed:
        BUILTINS[key] = saved[key]
    for key in BUILTINS.keys() - saved.keys():
        del BUILTINS[key]
    return [f"builtins.{key}" for key in changed if is_code(saved[key])]


def same(mappings: list[Any], saved: list[dict[str, Any]]) -> bool:
    """Whether each mapping holds as many names and the same objects, in order, as its saved
    copy: one pass of C (a loop over the spaces would cost more than a quick bot's move).
    Names are not compared: a bot renaming the last name of a space to another, its object
    kept, only breaks the referee, as a bot in this process can anyway."""
    values = operator.methodcaller("values")
    return list(map(len, mappings)) == list(map(len, saved)) and same_items(
        chain(map(values, mappings)), chain(map(values, saved))
    )


def same_items(these: Iterable[Any], those: Iterable[Any]) -> bool:
    """By identity, never `==`: a bot's object could say it equals what it replaced."""
    return all(map(is_, these, those))


def is_code(value: Any) -> bool:
    """A function, a class, a method, a property or a module: what only a bot tampering
    with the referee replaces (the referee's own code rebinds data: flags, caches)."""
    return callable(value) or hasattr(type(value), "__get__") or isinstance(value, types.ModuleType)


def is_module(value: Any) -> bool:
    return isinstance(value, types.ModuleType) and value is not builtins


def unique(values: Iterable[Any]) -> list[Any]:
    return list({id(value): value for value in values}.values())


def tables(spaces: list[Space]) -> list[Space]:
    """The dicts held by ludotheque's modules and classes (registries, tables)."""
    return [
        Space(f"{space.label}.{key}", None, value, table=True)
        for space in spaces
        if space.label.partition(".")[0] == "ludotheque"
        for key, value in space.mapping.items()
        if type(value) is dict and value is not BUILTINS
    ]


def functions(spaces: list[Space]) -> Iterator[types.FunctionType]:
    """The plain functions of `spaces`, those of static and class methods included."""
    for space in spaces:
        for value in space.mapping.values():
            if isinstance(value, (staticmethod, classmethod, types.MethodType)):
                value = value.__func__
            if isinstance(value, types.FunctionType):
                yield value


class KernelBot:
    """One student bot for one game, in this process: `sandbox.IsolatedBot`'s methods
    (`start`, `wait_ready`, `ask`, `close`) and forfeits."""

    def __init__(self, entrant: Entrant, *, seconds: float, memory_mb: int | None, seed: int):
        self.entrant = entrant
        self.seconds = seconds
        self.memory_mb = memory_mb
        self.clock = Clock()
        self.hook = Hook(self.clock)
        self.intact, self.elapsed = True, 0.0
        """Whether the deadline check stayed on during the last call, and its seconds."""
        self.referee = referee()
        self.choose: Any = None
        self.random = random.Random(seed).getstate()
        """The bot's `random`, swapped in while it runs (in a process, its own module's)."""
        self.settings = (sys.getrecursionlimit(), os.getcwd())
        """The bot's recursion limit and working directory, swapped in the same way."""
        self.name = None if entrant.kind != "file" else Path(entrant.origin).stem
        self.module: Any = None
        """The bot's module, under its `name` in sys.modules while it runs only: a bot
        named json.py does not replace the kernel's json."""

    def start(self, tag: str) -> None:
        """Nothing to start: the bot loads in `wait_ready`, seat after seat."""

    def wait_ready(self) -> None:
        """Load the bot; Forfeit as `IsolatedBot`'s."""
        function = self.entrant.function
        request = {  # as `IsolatedBot.first_message` sends it
            "filename": self.entrant.origin,
            "source": self.entrant.source,
            "pickle": None if function is None else base64.b64encode(function).decode(),
        }
        self.choose = self.run(LOAD_SECONDS, "loading", "load", lambda: runner.load(request))

    def ask(self, observation: dict[str, Any]) -> str:
        """The bot's answer to a copy of `observation` (a text); Forfeit for anything else."""
        copy = json.loads(json.dumps(observation))
        answer = self.run(self.seconds, "thinking", "exception", lambda: self.choose(copy))
        if not isinstance(answer, str):
            raise not_text(runner.shown(answer))
        return answer

    def run(self, seconds: float, when: str, kind: str, call: Any) -> Any:
        """`call()` as the bot's turn, the referee put back after it; then its forfeit, if
        any: tampering first (whatever the time), a printed word, the time (with
        `GRACE_SECONDS`, as for a process), what it raised."""
        limit = seconds if when == "loading" else seconds + GRACE_SECONDS
        printed, failure, result = io.StringIO(), None, None
        with self.turn(printed):
            saved = self.referee.save()
            try:
                result = self.watched(limit, call)
            except ANYTHING as error:  # anything the bot does is reported
                failure = error
            changed = self.referee.restore(saved)
        if isinstance(failure, KeyboardInterrupt):  # the teacher's: the tournament stops
            raise failure
        if not self.intact:
            raise Forfeit("exception", f"tampered with the referee's clock while {when}")
        if changed:
            raise Forfeit("exception", f"changed the referee's {listed(changed)} while {when}")
        if printed.getvalue():
            raise on_stdout(printed.getvalue()[:SHOWN], when)
        if self.clock.stopped or self.elapsed > limit:
            raise timed_out(limit, when)
        if failure is not None:
            message = runner.failure(kind, failure, REFEREE)
            raise reported(message, when, self.memory_mb) from None
        return result

    def watched(self, limit: float, call: Any) -> Any:
        """`call()` under the deadline check, `limit` seconds from now; `elapsed` is its
        time, `intact` whether the check stayed on. Trace and profile functions and
        monitoring tools are the kernel's again after it, before any other code of the
        referee's runs."""
        trace, profile, tools = gettrace(), getprofile(), monitoring_tools()
        self.clock.stopped, self.clock.thread = False, threading.get_ident()
        self.hook.arm()
        start = monotonic()
        self.clock.deadline = start + limit
        try:
            return call()
        finally:
            self.clock.deadline = FOREVER  # first: the check never stops the referee's code
            self.elapsed = monotonic() - start
            tracer = gettrace()
            if tracer is not trace:  # then no trace function of the bot's runs on the referee
                settrace(trace)
            if getprofile() is not profile:
                setprofile(profile)
            self.intact = self.hook.disarm(tracer)
            for tool in monitoring_tools() - tools:
                clear_tool(tool, every_event())

    @contextlib.contextmanager
    def turn(self, printed: io.StringIO) -> Iterator[None]:
        """While the bot runs: its `random`, recursion limit and working directory, its
        folder first on the path, its module, stdout into `printed` and stderr nowhere (a
        process's stderr is shown only with a crash, which cannot happen here); the
        kernel's back after."""
        kernel_random, kernel_settings = random.getstate(), swap_settings(self.settings)
        path, bytecode = list(sys.path), sys.dont_write_bytecode
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
            self.settings = swap_settings(kernel_settings)
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


def listed(names: list[str], shown: int = 3) -> str:
    """The first `shown` of `names` in order, and how many more."""
    names = sorted(names)
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


def swap_settings(settings: tuple[int, str]) -> tuple[int, str]:
    """Sets the recursion limit and working directory `settings`; returns those replaced."""
    replaced = sys.getrecursionlimit(), os.getcwd()
    sys.setrecursionlimit(settings[0])
    if settings[1] != replaced[1]:
        os.chdir(settings[1])
    return replaced
