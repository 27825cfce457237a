"""The child side of an isolated bot: one process per bot and per game, started by
`sandbox.IsolatedBot` as `python -u runner.py <tag> <requests fd> <answers fd>` (run by
path, importing only the standard library, so that it starts in a few tens of
milliseconds; the tag only names the tournament in process listings).

Two private pipes carry newline-separated JSON, requests in and answers out. The bot's own
stdin is empty and its stdout is watched by the parent: any output there is a forfeit.

First request: the bot (`source` of a file, or a `pickle` of a function, base64), its
`filename`, the `path` to import from (the parent's, or in a jail what the jail shows),
`folder` (put first on the path, as for a script), `limits` (rlimit name -> value: address
space, processes, open files, file size), `seed` and `parent` (the pid that must stay
alive; None in a jail, where the parent is outside the bot's PID namespace). The runner
sets its limits, seeds `random`, loads the bot and answers
{"ready": true} or an error. Then each request {"observation": {...}} is answered
{"answer": "<text>"}, {"not_text": "<repr>"} or an error
{"error": kind, "message": ..., "traceback": ...} where kind is "load", "memory" or
"exception". Requests end with end of file. `runner.py --probe` only says "jailed": the
jail's check that Python starts inside (`jail.unavailable`).
"""

import base64
import contextlib
import json
import linecache
import os
import pickle
import random
import signal
import sys
import traceback
import types

PR_SET_PDEATHSIG = 1
REPR_LIMIT = 200
TRACEBACK_LIMIT = 8000
"""Characters of a traceback sent (its end: a deep recursion's is megabytes long)."""


def die_with_parent(parent: int | None) -> None:
    """Linux: be killed when the parent's thread that started us ends (a worker killed
    mid-game takes its bots along), then check the parent is still the one we were given.
    In a jail (`parent` None) bubblewrap does it, for the whole namespace."""
    if parent is None:
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: end of file on the pipe still ends us
        pass
    if os.getppid() != parent:
        os._exit(1)


def set_limits(limits: dict) -> None:
    """Each rlimit named in `limits` (RLIMIT_AS, RLIMIT_NPROC...), soft and hard: the bot
    cannot raise them again."""
    try:
        import resource
    except ImportError:  # no such limits here: documented
        return
    for name, value in limits.items():
        with contextlib.suppress(AttributeError, ValueError, OSError):  # not here: documented
            resource.setrlimit(getattr(resource, name), (value, value))


def first_to_go() -> None:
    """Linux: if the machine runs out of memory, the kernel kills the bot (and what it
    starts) before anything else, not the teacher's kernel or the referee."""
    with contextlib.suppress(OSError), open("/proc/self/oom_score_adj", "w") as score:
        score.write("1000")


def load(request: dict) -> types.FunctionType:
    """The bot's `choose`: the file's source run as a fresh module, or the function (the
    same in a process of its own and in the referee's, `inkernel`)."""
    if request.get("pickle") is not None:
        return pickle.loads(base64.b64decode(request["pickle"]))
    filename, source = request["filename"], request["source"]
    lines = source.splitlines(keepends=True)
    linecache.cache[filename] = (len(source), None, lines, filename)  # tracebacks show lines
    module = types.ModuleType(os.path.splitext(os.path.basename(filename))[0])
    module.__file__ = filename
    sys.modules[module.__name__] = module
    exec(compile(source, filename, "exec"), module.__dict__)
    choose = getattr(module, "choose", None)
    if not callable(choose):
        raise LookupError(f"{os.path.basename(filename)} defines no function choose(observation)")
    return choose


def failure(kind: str, error: BaseException, referee: tuple = (__file__,)) -> dict:
    """The error message of what the bot raised: its traceback without the `referee`'s
    frames (files)."""
    if isinstance(error, MemoryError):
        kind = "memory"
    student = [f for f in traceback.extract_tb(error.__traceback__) if f.filename not in referee]
    lines = traceback.format_list(student) + traceback.format_exception_only(type(error), error)
    return {
        "error": kind,
        "message": "".join(traceback.format_exception_only(type(error), error)).strip()[
            :REPR_LIMIT
        ],
        "traceback": "Traceback (most recent call last):\n" + "".join(lines)[-TRACEBACK_LIMIT:],
    }


def shown(value: object) -> str:
    """A short repr of what a bot returned instead of a text (its own __repr__ may fail)."""
    try:
        return repr(value)[:REPR_LIMIT]
    except Exception:
        return f"a {type(value).__name__}"


def main() -> None:
    if sys.argv[1:] == ["--probe"]:
        print("jailed")
        return
    requests = os.fdopen(int(sys.argv[2]), "rb")
    answers = int(sys.argv[3])

    def send(message: dict) -> None:
        # what the bot printed reaches the parent before its answer (-u: already); a bot
        # may have broken its own sys.stdout
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        data = json.dumps(message).encode() + b"\n"
        while data:
            data = data[os.write(answers, data) :]

    first = json.loads(requests.readline())
    die_with_parent(first["parent"])
    # the parent's path, not this file's folder: nothing here shadows what a bot imports
    sys.path[:] = ([first["folder"]] if first.get("folder") else []) + first["path"]
    sys.dont_write_bytecode = True
    set_limits(first["limits"])
    first_to_go()
    random.seed(first["seed"])
    try:
        choose = load(first)
        if "numpy" in sys.modules:  # seeded too, so a game replays whatever it uses
            sys.modules["numpy"].random.seed(first["seed"] % 2**32)
    except BaseException as error:  # anything the bot does is reported
        send(failure("load", error))
        return
    send({"ready": True})
    for line in requests:
        observation = json.loads(line)["observation"]
        try:
            answer = choose(observation)
        except BaseException as error:  # SystemExit too: a forfeit
            send(failure("exception", error))
            return
        if isinstance(answer, str):
            send({"answer": answer})
        else:
            send({"not_text": shown(answer)})


if __name__ == "__main__":
    main()
