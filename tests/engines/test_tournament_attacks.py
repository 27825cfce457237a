"""Attacks on a class tournament: each one a student's bot of a few lines, played
for real, and for each the same questions: does the tournament finish (every game of the
schedule played), does the attacker forfeit with a fitting kind (docs/tournament.md,
"Forfeits") or do no harm, did nothing leak (the teacher's variables, files, the other
seat's cards, the game's seed), was nothing written outside the bot's own scratch space,
and is no process left (the tournament's bot processes, and whatever the attack started)?

These attacks need the jail (bubblewrap, `jail.py`): where it cannot run they are skipped
with the reason, except on CI (`CI` set), where the jail must work and they fail. What the
red-team review found, and what must hold without bubblewrap:
test_tournament_attacks_review.py; the conditions and checks both share:
tournament_attack_kit.py.
"""

import json
import os
import re
import secrets
import select
import socket
import sys
import tempfile
import time
from pathlib import Path

import pytest

import tournament_attack_kit as kit
from ludotheque.classroom.tournament import Results, Tournament, jail, sandbox
from ludotheque.classroom.tournament.play import play_game
from tournament_attack_kit import (
    CANARY,
    DEEP_JSON,
    FIRST,
    HUGE_LINE,
    KILL_PARENT,
    LAST,
    ROOT,
    SECONDS,
    STOP_PARENT,
    bot,
    forfeits_of,
    games_of,
    listing,
    marked,
    none_marked,
    played,
    reports,
)

canary, jailed, pool = kit.canary, kit.jailed, kit.pool
"""The fixtures of the kit: pytest takes those of a test module by their names."""


# -- 1, 9: what a bot sends or does instead of a move -----------------------------------------
BACKSTOP = sandbox.WALL_FACTOR * (SECONDS + sandbox.GRACE_SECONDS) + sandbox.WALL_MARGIN
"""How long a bot that waits without computing is waited for."""
MISBEHAVIOURS = {
    # name: (source, kinds its forfeits may have, whether it must forfeit, reason's words)
    "huge_line": (HUGE_LINE, {"malformed"}, True, r"sent more than 65536 bytes while thinking"),
    "deep_json": (DEEP_JSON, {"malformed"}, True, r"sent something unreadable while thinking"),
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
        rf"no answer within {BACKSTOP:.2f} s while thinking",
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
