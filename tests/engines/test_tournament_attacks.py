"""Attacks on a class tournament: each one a student's bot of a few lines, played
for real, and for each the same questions: does the tournament finish (every game of the
schedule played), does the attacker forfeit with a fitting kind (docs/tournament.md,
"Forfeits") or do no harm, did nothing leak (the teacher's variables, files, the other
seat's cards, the game's seed), was nothing written outside the bot's own scratch space,
and is no process left (the tournament's bot processes, and whatever the attack started)?

Most attacks need the jail (bubblewrap, `jail.py`): where it cannot run they are skipped
with the reason, except on CI (`CI` set), where the jail must work and they fail. The last
tests hide bubblewrap and check what must hold without it: the teacher is warned and told
what is missing, and the referee still survives what is written on its pipe, a killed or
stopped parent. An attacking bot that gathers information reports it by raising: its
message comes back in the forfeit's `detail`, so a test sees what it found (and that it ran).

Small and quick on purpose: duels on a 4×4 Sortilèges board (two games: each seat once),
a pool of two workers shared by the jailed tests.
"""

import json
import os
import re
import secrets
import select
import socket
import sys
import tempfile
import textwrap
import time
import warnings
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import psutil
import pytest

from ludotheque.classroom.tournament import Results, Tournament, jail, sandbox
from ludotheque.classroom.tournament.play import KILLED_WORKER, play_game
from ludotheque.classroom.tournament.run import local_pool
from tournament_processes import no_bot_left

ROOT = Path(__file__).resolve().parents[2]
SMALL = {"files": 4, "ranks": 4}
"""A 4×4 Sortilèges board: games of about nine plies."""
SECONDS = 0.5
"""Time per move: generous, so that an honest bot never times out on a busy machine (it
costs time only where an attack makes the referee wait it out)."""
CANARY = f"LUDO_CANARY_{secrets.token_hex(8)}"
"""In the environment of this process and of every pool worker while this module runs: it
must never reach a bot, so never come back in a result."""
HIDDEN = "/nonexistent/bwrap"
"""What LUDOTHEQUE_BWRAP names to hide bubblewrap."""
FIRST = "def choose(observation):\n    return observation['legal'][0]\n"
LAST = "def choose(observation):\n    return observation['legal'][-1]\n"


def bot(text: str, **constants: object) -> str:
    """A bot's source: `constants` (name = repr) first, then `text`."""
    head = "".join(f"{name} = {value!r}\n" for name, value in constants.items())
    return head + textwrap.dedent(text).lstrip()


# -- the conditions ------------------------------------------------------------------------
@pytest.fixture(scope="module", autouse=True)
def canary():
    """The teacher's secret, in os.environ before any pool worker starts (they inherit it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LUDO_CANARY", CANARY)
        yield CANARY


@pytest.fixture(scope="module")
def jailed():
    """The jail must work: on CI a failure, elsewhere a skip with the reason."""
    why = jail.unavailable()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"students' bots cannot be jailed on CI: {why}")
        pytest.skip(f"students' bots cannot be jailed here: {why}")
    assert all(jail.protections().values())


@pytest.fixture(scope="module")
def pool(jailed, canary):
    """The local pool of the jailed tests (its workers hold the canary)."""
    executor = local_pool()
    yield executor
    executor.shutdown()


@pytest.fixture
def unjailed():
    """bubblewrap hidden, here and in the pools' workers (they read LUDOTHEQUE_BWRAP), as on a
    machine without it; `jail.unavailable`'s cache cleared before and after."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LUDOTHEQUE_BWRAP", HIDDEN)
        patch.setattr(jail, "BWRAP", HIDDEN)
        jail.unavailable.cache_clear()
        try:
            yield
        finally:
            jail.unavailable.cache_clear()
    jail.unavailable.cache_clear()


# -- playing and checking -------------------------------------------------------------------
def listing(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def played(
    folder: Path, bots: dict[str, str], executor=None, **settings
) -> tuple[Tournament, Results]:
    """The tournament of `bots` (name -> source, written into `folder` as name.py), two
    games per pair, played to the end on `executor` (None: a pool of its own). Checked for
    every attack: each game of the schedule played, no bot process of the tournament left,
    nothing added to or taken from the bots' folder, the canary in no result, the
    protections reported those of the machine, and a warning exactly when they are not all
    there."""
    folder.mkdir(exist_ok=True)
    for name, source in bots.items():
        (folder / f"{name}.py").write_text(source)
    before = listing(folder)
    game = settings.pop("game", "sortileges")
    settings = {"options": SMALL if game == "sortileges" else None, "seconds": SECONDS, **settings}
    entrants = {name: folder / f"{name}.py" for name in bots}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run = Tournament(game, entrants, games_per_pair=2, **settings)
    told = [warning for warning in caught if issubclass(warning.category, jail.SandboxWarning)]
    assert bool(told) == (jail.unavailable() is not None), [str(w.message) for w in told]
    for game_result in run.run(executor):
        assert game_result.sandbox == jail.protections()
    results = run.results
    assert results.complete, f"{len(results.games)} of {len(results.schedule)} games played"
    assert no_bot_left(run.tag), "a bot process outlived the tournament"
    assert listing(folder) == before, "the bots' folder changed"
    assert CANARY not in json.dumps(results.to_json()), "the teacher's variable leaked"
    assert results.sandbox == jail.protections()
    return run, results


def forfeits_of(results: Results, name: str) -> list[dict]:
    return [forfeit for forfeit in results.forfeits() if forfeit["entrant"] == name]


def games_of(results: Results, name: str) -> list[int]:
    return [game.index for game in results.finished() if name in game.seats]


def report(forfeit: dict, word: str) -> str:
    """What an attacking bot found: the message it raised, starting with `word` (its last
    line of traceback, kept whole in `detail`)."""
    assert forfeit["kind"] == "exception", forfeit
    found = re.findall(rf"^RuntimeError: {word} (.*)$", forfeit["detail"], re.MULTILINE)
    assert found, f"the attack did not report: {forfeit}"
    return found[-1]


def reports(results: Results, name: str, word: str) -> list[str]:
    """The report of `name` in each of its games (it raises at its first move)."""
    found = forfeits_of(results, name)
    assert sorted(forfeit["game"] for forfeit in found) == games_of(results, name), found
    return [report(forfeit, word) for forfeit in found]


def marked(marker: str) -> list[psutil.Process]:
    """Live processes whose command line holds `marker`."""
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        cmdline = " ".join(process.info["cmdline"] or [])
        if marker in cmdline and process.info["status"] != psutil.STATUS_ZOMBIE:
            found.append(process)
    return found


def none_marked(marker: str, wait: float = 3.0) -> bool:
    end = time.monotonic() + wait
    while marked(marker):
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


# -- 1, 9: what a bot sends or does instead of a move -----------------------------------------
MISBEHAVIOURS = {
    # name: (source, kinds its forfeits may have, whether it must forfeit, reason's words)
    "huge_line": (
        bot("""
            import os, sys
            def choose(observation):
                os.write(int(sys.argv[3]), b"[" * 200_000 + b"\\n")
                return observation["legal"][0]
            """),
        {"malformed"},
        True,
        r"sent more than 65536 bytes while thinking",
    ),
    "deep_json": (  # under the line limit, but json.loads raises RecursionError
        bot("""
            import os, sys
            def choose(observation):
                os.write(int(sys.argv[3]), b"[" * 30_000 + b"]" * 30_000 + b"\\n")
                return observation["legal"][0]
            """),
        {"malformed"},
        True,
        r"sent something unreadable while thinking",
    ),
    "bad_utf8": (
        bot("""
            import os, sys
            def choose(observation):
                os.write(int(sys.argv[3]), b'{"answer": "\\xff\\xfe\\xfd"}\\n')
                return observation["legal"][0]
            """),
        {"malformed"},
        True,
        r"sent something unreadable while thinking",
    ),
    "closed_pipe": (
        bot("""
            import os, sys
            def choose(observation):
                os.close(int(sys.argv[3]))
                return observation["legal"][0]
            """),
        {"crash"},
        True,
        r"its process ended \(exit code 1\) while thinking",
    ),
    "answers_42": (bot("def choose(observation):\n    return 42"), {"malformed"}, True, "42"),
    "answers_none": (bot("def choose(observation):\n    return None"), {"malformed"}, True, "None"),
    "answers_list": (
        bot("def choose(observation):\n    return observation['legal'][:2]"),
        {"malformed"},
        True,
        r"answered \[",
    ),
    "answers_huge_text": (
        bot("def choose(observation):\n    return 'a1-a2/' * 100_000"),
        {"malformed"},
        True,
        r"sent more than 65536 bytes",
    ),
    "memory_hog": (
        bot("def choose(observation):\n    hog = bytearray(4 << 30)\n    return str(hog)"),
        {"memory"},
        True,
        r"used more than 1024 MB",
    ),
    "stdout_flood": (
        bot("""
            import sys
            def choose(observation):
                sys.stdout.write("x" * (4 << 20))
                return observation["legal"][0]
            """),
        {"stdout"},
        True,
        r"printed on stdout while thinking",
    ),
    "stderr_flood": (  # not judged: harmless, or too slow to answer
        bot("""
            import sys
            def choose(observation):
                sys.stderr.write("e" * (4 << 20))
                return observation["legal"][0]
            """),
        {"timeout"},
        False,
        r"no answer within",
    ),
    "sleeper": (
        bot("import time\ndef choose(observation):\n    time.sleep(10**6)"),
        {"timeout"},
        True,
        rf"no answer within {SECONDS + sandbox.GRACE_SECONDS:.2f} s while thinking",
    ),
}


@pytest.mark.parametrize("name", sorted(MISBEHAVIOURS))
def test_a_misbehaving_bot_forfeits_and_the_tournament_finishes(jailed, pool, tmp_path, name):
    source, kinds, must, words = MISBEHAVIOURS[name]
    start = time.monotonic()
    _, results = played(tmp_path / "bots", {name: source, "first": FIRST}, pool)
    assert time.monotonic() - start < 30.0
    found = forfeits_of(results, name)
    assert {forfeit["kind"] for forfeit in found} <= kinds, found
    assert all(re.search(words, forfeit["reason"]) for forfeit in found), found
    if must:
        assert sorted(forfeit["game"] for forfeit in found) == games_of(results, name)
    assert not forfeits_of(results, "first")


# -- 2, 3: the referee's process --------------------------------------------------------------
KILL_PARENT = bot("""
    import contextlib, os, signal
    def choose(observation):
        with contextlib.suppress(OSError):
            os.kill(os.getppid(), signal.SIGKILL)
        return observation["legal"][0]
    """)
KILL_ALL = bot("""
    import contextlib, os, signal
    def choose(observation):
        others = [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) != os.getpid()]
        if len(others) > 3:  # not jailed: report it, never kill the machine's processes
            raise RuntimeError(f"SEES {len(others)} processes besides itself")
        for pid in others:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        return observation["legal"][0]
    """)
STOP_PARENT = bot("""
    import contextlib, json, os, signal, sys, time
    def choose(observation):
        move = observation["legal"][0]
        with contextlib.suppress(OSError):
            os.kill(os.getppid(), signal.SIGSTOP)
        time.sleep(2)
        os.write(int(sys.argv[3]), json.dumps({"answer": move}).encode() + b"\\n")
        with contextlib.suppress(OSError):
            os.kill(os.getppid(), signal.SIGCONT)
        return move
    """)


def check_honest_games(run: Tournament, results: Results) -> None:
    """The games of `first` against `last` are those the same jobs give with no attacker
    anywhere in the tournament (played again here, one by one)."""
    honest = [game for game in results.finished() if set(game.seats) == {"first", "last"}]
    assert len(honest) == 2
    jobs = run.jobs()
    for game in honest:
        alone = play_game(jobs[game.index])
        assert not game.forfeits and not alone["forfeits"]
        assert game.record == alone["record"] and list(game.points) == alone["points"]


@pytest.mark.parametrize("name", ["kill_parent", "kill_all"])
def test_a_jailed_bot_cannot_kill_the_referee(jailed, pool, tmp_path, name):
    """In its jail the bot sees only the jail's own processes (as root, the second bwrap that
    holds its user namespace is its parent): its kills reach nothing else, so it plays on or
    forfeits its own games (`crash`), and the other games are as without it."""
    source = {"kill_parent": KILL_PARENT, "kill_all": KILL_ALL}[name]
    bots = {name: source, "first": FIRST, "last": LAST}
    run, results = played(tmp_path / "bots", bots, pool)
    assert {forfeit["kind"] for forfeit in forfeits_of(results, name)} <= {"crash"}
    check_honest_games(run, results)


def test_a_jailed_bot_that_stops_the_referee_and_answers_late_times_out(jailed, pool, tmp_path):
    bots = {"stop_parent": STOP_PARENT, "first": FIRST, "last": LAST}
    run, results = played(tmp_path / "bots", bots, pool)
    found = forfeits_of(results, "stop_parent")
    assert sorted(forfeit["game"] for forfeit in found) == games_of(results, "stop_parent")
    assert {forfeit["kind"] for forfeit in found} == {"timeout"}, found
    check_honest_games(run, results)


# -- 4: the teacher's environment -------------------------------------------------------------
ENVIRON = bot("""
    import os
    def choose(observation):
        found, read = [], 0
        for pid in [entry for entry in os.listdir("/proc") if entry.isdigit()]:
            for name in ("environ", "cmdline"):
                try:
                    with open(f"/proc/{pid}/{name}", "rb") as file:
                        text = file.read().decode(errors="replace")
                except OSError:
                    continue
                read += 1
                found += [part for part in text.split("\\0") if "LUDO_CANARY" in part]
        found += [f"{key}={value}" for key, value in os.environ.items() if "CANARY" in key]
        raise RuntimeError(f"ENVIRON read {read} files, found {found}")
    """)


def test_the_teachers_environment_never_reaches_a_bot(jailed, pool, tmp_path):
    """The canary is in this process's environment and its workers': the bot reads every
    /proc/*/environ and cmdline it can and its own variables, and reports what it found."""
    assert os.environ["LUDO_CANARY"] == CANARY
    _, results = played(tmp_path / "bots", {"environ": ENVIRON, "first": FIRST}, pool)
    for found in reports(results, "environ", "ENVIRON"):
        assert re.fullmatch(r"read [1-9]\d* files, found \[\]", found), found
    assert CANARY not in json.dumps(results.to_json())


# -- 5: the other seat's cards -------------------------------------------------------------------
SCAN = bot("""
    import json, os, re
    ME = os.getpid()
    FOUND = {"me": ME, "pids": [], "readable": {}, "numbers": [], "cmdlines": {}}

    LEFT = [1 << 26]  # bytes of memory it reads in all, the parent's first

    def read(pid, name):
        if name != "mem":
            with open(f"/proc/{pid}/{name}", "rb") as file:
                return file.read()
        data = []
        with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", 0) as mem:
            for line in maps:
                span, perms = line.split()[:2]
                start, end = (int(x, 16) for x in span.split("-"))
                if perms.startswith("rw") and end - start < 1 << 26 and LEFT[0] > 0:
                    LEFT[0] -= end - start
                    try:
                        mem.seek(start)
                        data.append(mem.read(end - start))
                    except OSError:
                        pass
        return b"".join(data)

    PIDS = sorted(int(entry) for entry in os.listdir("/proc") if entry.isdigit())
    for pid in sorted(PIDS, key=lambda pid: pid != os.getppid()):
        FOUND["pids"].append(pid)
        if pid == ME:
            continue
        for name in ("cmdline", "environ", "maps", "mem"):
            try:
                data = read(pid, name)
            except OSError:
                continue
            FOUND["readable"].setdefault(str(pid), []).append(name)
            if name == "cmdline" and len(FOUND["cmdlines"]) < 3:
                FOUND["cmdlines"][str(pid)] = data.decode(errors="replace")[:1000]
            for number in re.findall(rb"\\d{30,40}", data):  # seeds have 38 or so digits
                if len(FOUND["numbers"]) < 50 and number.decode() not in FOUND["numbers"]:
                    FOUND["numbers"].append(number.decode())

    def choose(observation):
        raise RuntimeError("SCAN " + json.dumps(FOUND))
    """)


def test_a_bot_sees_no_other_process_and_none_of_the_other_seats_cards(jailed, pool, tmp_path):
    """Tir de tuyau (hidden hands): from the moment the bot loads, the referee's state holds
    the seed and both hands. The bot scans every process it can see (cmdline, environ,
    maps, the writable memory) and reports; it sees only its jail (pid 1 and itself), reads
    nothing of pid 1 but its command line, and the seed and the other hand are not in what
    it found."""
    _, results = played(tmp_path / "bots", {"scan": SCAN, "first": FIRST}, pool, game="nains")
    for forfeit, found in zip(
        forfeits_of(results, "scan"), reports(results, "scan", "SCAN"), strict=True
    ):
        scan = json.loads(found)
        jail = {1, scan["me"]} | ({2} if os.geteuid() == 0 else set())  # as root: a 2nd bwrap
        assert set(scan["pids"]) <= jail, f"it sees other processes: {scan['pids']}"
        readable = {name for names in scan["readable"].values() for name in names}
        assert readable <= {"cmdline"}, f"it reads another process's {readable}"
        game = results.games[forfeit["game"]]
        state = game.state()  # where the bot forfeited
        other = 1 - game.seats.index("scan")
        hand = json.dumps(state.observation(other)["hand"])
        assert str(game.record["seed"]) not in found
        assert hand not in found or hand == json.dumps(state.observation(1 - other)["hand"])


SEED = bot("""
    import hashlib, random

    def derived(*parts):  # schedule.derived_seed, public
        text = ":".join(str(part) for part in ("ludotheque-tournament", *parts))
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:16], "big")

    SEEDED = random.getstate()  # runner.py seeded random with derived(game seed, seat)
    FOUND = []
    for tournament_seed in range(20):
        for index in range(100):
            game = derived(tournament_seed, index)
            for seat in (0, 1):
                random.seed(derived(game, seat))
                if random.getstate() == SEEDED:
                    FOUND.append(game)
    random.setstate(SEEDED)

    def choose(observation):
        raise RuntimeError(f"SEED {FOUND}")
    """)


def test_a_bot_cannot_work_out_the_games_seed_from_its_own(jailed, pool, tmp_path):
    """The game's seed fixes every hidden card (docs/tournament.md: never for a player). A
    bot's `random` is seeded with `derived_seed(game seed, seat)` and the game's seed is
    `derived_seed(tournament seed, index)`: public functions of small numbers (the
    tournament's seed is 0 by default). The bot tries them all at load time, comparing
    `random`'s state, and reports the game seeds that match."""
    _, results = played(tmp_path / "bots", {"seed": SEED, "first": FIRST}, pool, game="nains")
    for forfeit, found in zip(
        forfeits_of(results, "seed"), reports(results, "seed", "SEED"), strict=True
    ):
        seed = results.games[forfeit["game"]].record["seed"]
        assert str(seed) not in found, (
            f"game {forfeit['game']}: the bot worked out the game's seed {seed} (so the "
            "other seat's hand and the whole deck) from the seed of its own random"
        )


# -- 6: files ----------------------------------------------------------------------------------
FILES = bot("""
    import json, os, sys
    HERE = os.path.dirname(__file__)  # the bots' folder on the teacher's machine

    def attempt(action):
        try:
            return "ok " + str(action())[:500]
        except Exception as error:
            return type(error).__name__

    def read(path):
        with open(path) as file:
            return file.read()

    def write(folder):
        path = os.path.join(folder, MARK)
        with open(path, "w") as file:
            file.write(MARK)
        return path

    def choose(observation):
        found = {}
        for path in (
            os.path.join(HERE, "victim.py"), "/bot/victim.py",
            os.path.join(HERE, "notes_prof.txt"), "/bot/notes_prof.txt",
            os.path.join(TEACHER, "grades.txt"), os.path.join(PROJECT, "pyproject.toml"),
            "/etc/passwd", "/etc/shadow", "/bot/_helper.py",
        ):
            found["read " + path] = attempt(lambda: read(path))
        for folder in ("/", "/root", "/work", HERE, TEACHER, "/bot"):
            found["list " + folder] = attempt(lambda: json.dumps(sorted(os.listdir(folder))))
        for folder in (HERE, TEACHER, PROJECT, "/bot", "/tmp", ".", *sys.path):
            found["write " + folder] = attempt(lambda: write(folder))
        found["makedirs"] = attempt(lambda: os.makedirs(HERE, exist_ok=True) or write(HERE))
        found["remove"] = attempt(lambda: os.remove(os.path.join(HERE, "victim.py")))
        raise RuntimeError("FILES " + json.dumps(found))
    """)


def test_a_bot_reads_and_writes_nothing_outside_its_jail(jailed, pool, tmp_path):
    """The bot tries to read another bot (by its path on the machine and under /bot), the
    teacher's notes beside the bots and in another folder, the project, /etc/passwd; to
    list /root and /work; to write into the bots' folder, the teacher's, the project, the
    import path, /tmp and its working folder; to delete the other bot. It may read its
    helper (/bot/_helper.py), write in its private /tmp: nothing else, and the machine
    shows none of it."""
    folder, teacher = tmp_path / "bots", tmp_path / "prof"
    folder.mkdir()
    teacher.mkdir()
    tokens = {name: secrets.token_hex(8) for name in ("victim", "notes", "grades", "helper")}
    (folder / "notes_prof.txt").write_text(f"notes {tokens['notes']}\n")
    (folder / "_helper.py").write_text(f"HELPER = {tokens['helper']!r}\n")
    (teacher / "grades.txt").write_text(f"grades {tokens['grades']}\n")
    victim = f"# {tokens['victim']}\n" + FIRST
    mark = f"ludo-attack-{secrets.token_hex(6)}"
    thief = bot(FILES, MARK=mark, TEACHER=str(teacher), PROJECT=str(ROOT))
    hosts = [Path(tempfile.gettempdir()), Path("/tmp"), ROOT, Path.cwd(), teacher, folder]
    hosts += [Path(entry) for entry in sys.path if entry and Path(entry).is_dir()]
    teacher_before = listing(teacher)
    try:
        _, results = played(folder, {"thief": thief, "victim": victim}, pool)
        text = json.dumps(results.to_json())
        for found in reports(results, "thief", "FILES"):
            files = json.loads(found)
            assert files["read /bot/_helper.py"].startswith("ok HELPER")  # it did look
            for key in ("list /root", "list /work"):  # only folders leading to Python
                listed = json.loads(files[key][3:]) if files[key].startswith("ok ") else []
                parts = {part for root in jail.python_roots() for part in Path(root).parts}
                assert set(listed) <= parts, f"{key}: {listed}"
        assert tokens["helper"] in text  # the helper is its to read, and it did
        for name in ("victim", "notes", "grades"):
            assert tokens[name] not in text, f"the bot read the {name} file"
        passwd = Path("/etc/passwd").read_text().splitlines()[0]
        assert passwd not in text and 'name = "ludotheque"' not in text
        assert (folder / "victim.py").read_text() == victim
        assert listing(teacher) == teacher_before
        left = [str(path) for host in hosts for path in host.glob(f"*{mark}*")]
        assert not left, f"written on the machine: {left}"
    finally:
        for host in hosts:
            for path in host.glob(f"*{mark}*"):
                path.unlink()


# -- 7: network --------------------------------------------------------------------------------
NETWORK = bot("""
    import json, socket

    def attempt(action):
        try:
            action()
            return "ok"
        except Exception as error:
            return type(error).__name__

    def choose(observation):
        data = json.dumps(observation).encode()

        def tcp():
            with socket.create_connection(("127.0.0.1", TCP), timeout=0.2) as connection:
                connection.sendall(data)

        def udp():
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
                sender.sendto(data[:512], ("127.0.0.1", UDP))

        def unix(address):
            with socket.socket(socket.AF_UNIX) as connection:
                connection.settimeout(0.2)
                connection.connect(address)
                connection.sendall(data)

        found = {"tcp": attempt(tcp), "udp": attempt(udp), "unix": attempt(lambda: unix(UNIX)),
                 "abstract": attempt(lambda: unix(ABSTRACT))}
        raise RuntimeError("NETWORK " + json.dumps(found))
    """)


def test_a_bot_reaches_nothing_on_the_network(jailed, pool, tmp_path):
    """This process listens on 127.0.0.1 (TCP and UDP), on a Unix socket in its folder and
    on an abstract one; the bot tries each with its observation: nothing arrives."""
    tcp = socket.create_server(("127.0.0.1", 0))
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    path = tmp_path / "s.sock"
    unix = socket.socket(socket.AF_UNIX)
    unix.bind(str(path))
    unix.listen()
    abstract = socket.socket(socket.AF_UNIX)
    name = f"\0ludo-{secrets.token_hex(6)}"
    abstract.bind(name)
    abstract.listen()
    listeners = [tcp, udp, unix, abstract]
    try:
        source = bot(
            NETWORK,
            TCP=tcp.getsockname()[1],
            UDP=udp.getsockname()[1],
            UNIX=str(path),
            ABSTRACT=name,
        )
        _, results = played(tmp_path / "bots", {"network": source, "first": FIRST}, pool)
        for found in reports(results, "network", "NETWORK"):
            assert json.loads(found)["tcp"] == "ConnectionRefusedError", found  # it did try
        arrived, _, _ = select.select(listeners, [], [], 0.3)
        assert not arrived, f"something reached this process: {arrived}"
    finally:
        for listener in listeners:
            listener.close()


# -- 8: a daemon -------------------------------------------------------------------------------
DAEMON = bot("""
    import os, subprocess, sys, time
    CODE = f"import time; time.sleep(60)  # {MARK}"
    if os.fork() == 0:  # leaves the session, starts the daemons and exits
        os.setsid()
        if os.fork() == 0:
            subprocess.Popen([sys.executable, "-c", CODE + " (popen)"], start_new_session=True)
            os.execv(sys.executable, [sys.executable, "-c", CODE])
        os._exit(0)
    os.wait()

    def alive():
        count = 0
        for pid in [entry for entry in os.listdir("/proc") if entry.isdigit()]:
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as file:
                    count += MARK.encode() in file.read()
            except OSError:
                pass
        return count

    end = time.monotonic() + 5
    while alive() < 2 and time.monotonic() < end:
        time.sleep(0.02)

    def choose(observation):
        raise RuntimeError(f"DAEMON {alive()} alive")
    """)


def test_a_daemon_dies_with_its_game(jailed, pool, tmp_path):
    """A double fork out of the session, one daemon exec'd and one started by subprocess,
    both marked in their command line: both ran inside, none is left after."""
    mark = f"ludo-daemon-{secrets.token_hex(6)}"
    try:
        bots = {"daemon": bot(DAEMON, MARK=mark), "first": FIRST}
        _, results = played(tmp_path / "bots", bots, pool)
        assert none_marked(mark), [process.info["cmdline"] for process in marked(mark)]
        assert reports(results, "daemon", "DAEMON") == ["2 alive"] * 2  # they did start
    finally:
        for process in marked(mark):
            process.kill()


# -- 9: a fork bomb ----------------------------------------------------------------------------
FORK_BOMB = bot("""
    import os, time
    ME = os.getpid()
    for _ in range(7):  # up to 128 processes, each forking in turn
        try:
            os.fork()
        except OSError:
            break
    if os.getpid() != ME:
        time.sleep(60)
        os._exit(0)

    def choose(observation):
        raise RuntimeError(f"FORKS {len([p for p in os.listdir('/proc') if p.isdigit()])}")
    """)


def test_a_fork_bomb_stops_at_the_process_limit(jailed, pool, tmp_path):
    _, results = played(tmp_path / "bots", {"bomb": FORK_BOMB, "first": FIRST}, pool)
    for found in reports(results, "bomb", "FORKS"):
        assert 8 < int(found) <= sandbox.PROCESS_LIMIT + 2, found  # its own, and bwrap's


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


# -- without bubblewrap ------------------------------------------------------------------------
def test_without_bubblewrap_the_teacher_is_warned_and_the_pipe_still_holds(unjailed, tmp_path):
    """The warning when the tournament is made, what the results say was missing, and the
    forfeits of what is written on the answer pipe (the referee's own defence)."""
    assert jail.unavailable() is not None
    bots = {
        "huge_line": MISBEHAVIOURS["huge_line"][0],
        "deep_json": MISBEHAVIOURS["deep_json"][0],
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


def test_what_lies_below_tmp_is_shown_above_the_private_tmp():
    """A project cloned under /tmp (as CI may) has Python there: the jail's private /tmp is
    mounted before the binds, which would otherwise vanish under it."""
    command = jail.command(str(ROOT / "classroom" / "tournament" / "runner.py"), [], None)
    binds = [index for index, argument in enumerate(command) if argument == "--ro-bind"]
    assert command.index("--tmpfs") < min(binds)


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
