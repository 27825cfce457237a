"""A jail for each student bot: bubblewrap (`bwrap`), where it works here.

A class's bots are adversaries: each one runs in namespaces of its own (PID, network, IPC,
UTS, mount, and user when the teacher is not root), so it sees only its own processes
(`/proc` is fresh), has no network but its own loopback, reads only what Python needs
(read-only) and its own helper modules, writes only a small private `/tmp`, and has no
home, no other bot, no teacher's folder and none of the teacher's variables. It runs under
an unprivileged uid: 65534 inside a user namespace for a teacher's account; as root, a
fresh uid for each bot (`setpriv`), so that its process count limit is its own and it owns
nothing on the machine. When its game ends, the namespace ends with every process in it
(`--die-with-parent`; the PID namespace's first process takes the rest along).

Where bubblewrap cannot run (no `bwrap`, no user namespaces, macOS, Windows) bots run as
plain processes (`sandbox.IsolatedBot` alone), and `protections()` says what no longer
holds: never a silent downgrade. docs/tournament.md has the table of what each level stops.
"""

from __future__ import annotations

import functools
import importlib.machinery
import os
import secrets
import shutil
import site
import subprocess
import sys
from pathlib import Path

import ludotheque.engines

BWRAP = os.environ.get("LUDOTHEQUE_BWRAP", "bwrap")
"""The bubblewrap program: its path where it is not on PATH (a name that is nowhere hides
it, as the tests do to check what a machine without it says)."""
SETPRIV = "setpriv"
NOBODY = 65534
ROOT_UIDS = (1_000_000, 2_000_000_000)
"""As root, each bot gets a uid drawn from this range: one no account on the machine uses,
so that the bot owns no file and shares its process count with nobody."""
TMP_BYTES = 64 << 20
"""Size of the bot's private /tmp (a tmpfs: memory that RLIMIT_AS does not count)."""
BOT_FOLDER = "/bot"
"""Where the bot's helper modules appear inside, first on its import path."""
RUNNER_INSIDE = "/ludotheque/runner.py"
PACKAGES_INSIDE = "/ludotheque/packages"
"""Where ludotheque's own package appears inside when it lives outside Python's folders (an
editable install, `make setup`: its import hook is out of reach of `python -S`)."""
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc/ld.so.cache")
PROTECTIONS = ("namespaces", "network", "files", "processes", "memory")
"""What `protections()` reports: namespaces (a PID, mount and IPC world of its own),
network (none), files (only Python and its own helpers, read-only), processes (it can see,
signal or read no other process: not the referee, not the other seat), memory (RLIMIT_AS)."""
PROBE_SECONDS = 20.0


class SandboxWarning(UserWarning):
    """Students' bots will play without a jail here (what is missing, and why)."""


def system_binds() -> list[str]:
    """Read-only binds of the system's programs and libraries (symlinks kept as symlinks:
    merged /usr systems link /bin and /lib into it)."""
    args: list[str] = []
    for path in SYSTEM:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.exists(path):
            args += ["--ro-bind", path, path]
    return args


def python_roots() -> list[str]:
    """The folders Python and its packages live in: prefixes and site folders (never the
    current folder, PYTHONPATH's entries or a notebook's folder: they may hold anything)."""
    roots = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        str(Path(sys.executable).resolve().parent.parent),
        *site.getsitepackages(),
    }
    if site.ENABLE_USER_SITE and os.path.isdir(site.getusersitepackages()):
        roots.add(site.getusersitepackages())
    found = sorted({os.path.realpath(root) for root in roots if os.path.isdir(root)})
    return [root for root in found if not any(inside(root, other) for other in found)]


def inside(path: str, folder: str) -> bool:
    """Whether `path` is strictly inside `folder`."""
    return path != folder and path.startswith(folder.rstrip("/") + "/")


def system(path: str) -> bool:
    """Whether `system_binds` shows `path` already (a Python installed under /usr)."""
    return any(path == folder or inside(path, folder) for folder in SYSTEM)


def import_path(roots: list[str]) -> list[str]:
    """The parent's import path as the bot may have it: entries inside a bound root."""
    kept = []
    for entry in sys.path:
        real = os.path.realpath(entry) if entry else ""
        if real and any(real == root or inside(real, root) for root in roots):
            kept.append(real)
    return kept


def helpers(folder: str | None) -> list[tuple[str, str]]:
    """The bot's helpers and where they appear (under `BOT_FOLDER`): its folder's plain
    files whose name starts with one `_` (never an entrant, see `entrants.read_path`), and
    of the files Python would import, only `.py` sources. Not the other bots of the folder,
    not the teacher's files beside them, not a link out of the folder; no folder (a package,
    `__pycache__`), compiled module or bytecode, which Python would import in place of a
    helper's source (a classmate's `__pycache__/_plateau.cpython-311.pyc` would run in every
    bot that imports `_plateau`); no module named like one of the standard library's
    (`_gdbm.py`, `__future__.py`), even one not built here."""
    if folder is None or not os.path.isdir(folder):
        return []
    real = os.path.realpath(folder)
    shown = []
    for entry in sorted(os.listdir(folder)):
        path = os.path.join(folder, entry)
        module, dot, suffix = entry.partition(".")
        if (
            entry.startswith("_")
            and not entry.startswith("__")
            and os.path.isfile(path)
            and inside(os.path.realpath(path), real)
            and (f"{dot}{suffix}" == ".py" or not importable(entry))
            and module not in sys.stdlib_module_names
        ):
            shown.append((path, f"{BOT_FOLDER}/{entry}"))
    return shown


def importable(name: str) -> bool:
    """Whether Python could import a file so named (source, bytecode, compiled module)."""
    return name.endswith(tuple(importlib.machinery.all_suffixes()))


def read_only(binds: list[tuple[str, str]]) -> list[str]:
    """bwrap's arguments for read-only binds (source, destination), each destination's
    missing folders made first, readable by all (bwrap would make them private to root,
    which the bot's uid is not)."""
    args: list[str] = []
    made = {"/", "/tmp"}
    for source, destination in binds:
        for folder in reversed(Path(destination).parents):
            if str(folder) not in made:
                made.add(str(folder))
                args += ["--perms", "0755", "--dir", str(folder)]
        args += ["--ro-bind", source, destination]
    return args


def command(
    runner: str, arguments: list[str], folder: str | None, info: int | None = None
) -> list[str]:
    """The command line that runs `runner` (a file, with `arguments`) jailed, the bot's
    helpers from `folder`; bwrap writes its namespace's pids on the file descriptor `info`.
    Its environment is the caller's to give (`--clearenv` is not enough: bwrap's own first
    process keeps what it was started with)."""
    roots = python_roots()
    args = [
        BWRAP,
        *([] if info is None else ["--info-fd", str(info)]),
        "--unshare-ipc",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--die-with-parent",
        "--new-session",
        "--hostname",
        "ludotheque",
        # the fresh file systems first: a bind below /tmp (a project cloned there) must show
        # on top of the private /tmp, not be hidden by it
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--perms",
        "1777",
        "--size",
        str(TMP_BYTES),
        "--tmpfs",
        "/tmp",
        *system_binds(),
        *read_only(
            [(root, root) for root in roots if not system(root)]
            + [(runner, RUNNER_INSIDE), *package_binds(roots)]
        ),
        "--perms",
        "0755",
        "--dir",
        BOT_FOLDER,
        *read_only(helpers(folder)),
        "--chdir",
        "/tmp",
    ]
    python = [sys.executable, "-S", "-u", RUNNER_INSIDE, *arguments]
    user = ["--unshare-user", "--uid", str(NOBODY), "--gid", str(NOBODY), "--disable-userns"]
    if os.geteuid() != 0:
        return args + user + ["--cap-drop", "ALL", "--"] + python
    # As root: a uid of its own (setpriv), then a user namespace of that uid that can make no
    # other (a second bwrap): a bot that could make one would be root in it, free to mount
    # a tmpfs of any size; and its process count is its own, not root's (which has none).
    uid = ROOT_UIDS[0] + secrets.randbelow(ROOT_UIDS[1] - ROOT_UIDS[0])
    drop = [SETPRIV, f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
    drop += ["--inh-caps=-all", "--bounding-set=-all", "--no-new-privs"]
    inner = [BWRAP, *user, "--bind", "/", "/", "--cap-drop", "ALL", "--"]
    return args + ["--"] + drop + inner + python


def inside_path(roots: list[str] | None = None) -> list[str]:
    """The import path a jailed bot gets: Python's own, then its helpers (last: a helper
    named like a module of the standard library or a package must not replace it in every
    bot of the folder)."""
    roots = python_roots() if roots is None else roots
    packages = [PACKAGES_INSIDE] if package_binds(roots) else []
    return [*import_path(roots), *packages, BOT_FOLDER]


def package_binds(roots: list[str]) -> list[tuple[str, str]]:
    """ludotheque's engines, read-only under `PACKAGES_INSIDE`, when no root shows them (an
    editable install): a bot may import the project's helpers (`roof_of`, the cards) as it
    does in a notebook. Only the package's folder: not the project's other files."""
    engines = os.path.realpath(os.path.dirname(os.path.abspath(ludotheque.engines.__file__)))
    if any(engines == root or inside(engines, root) for root in roots):
        return []
    return [(engines, f"{PACKAGES_INSIDE}/ludotheque/engines")]


@functools.cache
def unavailable() -> str | None:
    """Why bots cannot be jailed here (None: they are). Probed once per process by running
    Python in a jail exactly as a bot runs, so that a kernel without user namespaces, a
    missing `setpriv` or a read-only prefix shows here and not as a forfeit."""
    if sys.platform != "linux":
        return f"bubblewrap needs Linux (this is {sys.platform})"
    if shutil.which(BWRAP) is None:
        return f"bubblewrap ({BWRAP}) is not installed: apt-get install bubblewrap"
    if os.geteuid() == 0 and shutil.which(SETPRIV) is None:
        return "setpriv (util-linux) is missing: a jail run as root needs it"
    probe = command(str(Path(__file__).with_name("runner.py")), ["--probe"], None)
    try:
        done = subprocess.run(
            probe,
            env={"PATH": "/usr/bin:/bin"},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=PROBE_SECONDS,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bubblewrap could not start Python: {error}"
    if done.returncode != 0 or done.stdout.strip() != b"jailed":
        said = (done.stderr or done.stdout).decode(errors="replace").strip()[-300:]
        return f"bubblewrap could not start Python here (exit code {done.returncode}): {said}"
    return None


def protections(processes: bool = True) -> dict[str, bool]:
    """Which protections hold for a student bot on this machine (`PROTECTIONS`): all of
    them in a jail; only the memory limit (Linux) for a plain process; none in the referee's
    own process (`processes` false: the browser)."""
    jailed = processes and unavailable() is None
    limits = processes and sys.platform == "linux"
    return {name: (limits if name == "memory" else jailed) for name in PROTECTIONS}
