"""Running a tournament: `Tournament` (schedule, live results, a generator of finished games,
`cancel`) and `tournament()`, the one call that runs it to the end with a progress bar.

Games run on any `concurrent.futures.Executor`: by default a local pool of
`DEFAULT_WORKERS` processes made for the run and stopped after it; a Dask cluster through
`distributed.Client(...).get_executor()`. Where no process can start (`sandbox.PROCESSES`:
the browser's Python of the JupyterLite site), the default is this process, one game after
another, students' bots included (`inkernel`: the same results for bots that answer in
time; a loop in a bot's own file is stopped at its deadline, one elsewhere holds the
kernel); a cancel is then seen between games.
A game depends only on its job (seed, seats, bots), so the results are the same whichever
executor, and however many workers, play it.

Stopping: `cancel()` (from any thread) or an interrupt (KeyboardInterrupt) ends the run
within `POLL_SECONDS`: games not started are cancelled; the local pool's workers are
terminated, and each kills its bots' process groups as it goes (`sandbox.prepare_worker`).
An executor given by the caller is left running: its games under way finish (each within
its time limits) and their bots end with them.

Nothing a bot does ends a run: when the process playing a game dies (a bot outside a jail
can kill it), its games are played again in a new pool, and a game under way at two such
deaths is played alone, where the bot asked when its process dies forfeits (`recovery`).

Resuming: finished games come back from a previous `Results` (`resume`) or a journal, a
JSON-lines file that `journal` names, appended as each game finishes and read first when
it exists. A game is reused when the same game, options, seconds and memory limit gave it,
in the same seats, with the same seed and the same bots (fingerprints).
"""

from __future__ import annotations

import contextlib
import json
import math
import multiprocessing
import os
import secrets
import signal
import threading
import warnings
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from pathlib import Path
from typing import IO, Any

from tqdm.auto import tqdm

from ludotheque.engines.core import SEED_BITS, Game, quote

from . import jail, recovery, sandbox
from .entrants import read_entrants
from .play import Job, play_game
from .results import FORMAT, VERSION, GameResult, Results
from .sandbox import prepare_worker
from .schedule import derived_seed, make_schedule

DEFAULT_WORKERS = 2
DEFAULT_MEMORY_MB = 1024
"""Address space allowed to each isolated bot (RLIMIT_AS), in MB."""
POLL_SECONDS = 0.1
"""How often a running tournament looks at its cancel flag."""
GUESSABLE = 2**64
"""An explicit seed below this is taken as one a student could guess (a date, 0, 42...)."""
SAME_TOURNAMENT = ("game", "options", "seconds", "memory_mb")
"""Settings that must match for finished games to be reused."""
JOURNAL = f"{FORMAT}-journal"


class Tournament:
    """A tournament of `entrants` at `game`: see `tournament()` for the arguments.

    `schedule` lists every game's seating; `results` fills as games finish (a `Results`,
    complete or not); `run()` plays the games not yet finished and yields each as it
    finishes (a `GameResult`; reused ones first); `cancel()` stops a run from another
    thread. `tag` names this tournament's bot processes (`runner.py <tag>`) in a process
    listing."""

    def __init__(
        self,
        game: str,
        entrants: Any,
        *,
        games_per_pair: int = 2,
        seconds: float = 0.2,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        memory_mb: int | None = DEFAULT_MEMORY_MB,
    ):
        if not isinstance(game, str):
            raise TypeError(f"game is a game's name (e.g. 'sortileges'), not {quote(game)}")
        self.game = Game.by_name(game, **(options or {}))
        if not (type(seconds) in (int, float) and 0 < seconds < math.inf):
            raise ValueError(f"seconds is a positive number, not {quote(seconds)}")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**SEED_BITS):
            raise ValueError(
                f"seed is a whole number from 0 to 2**{SEED_BITS} - 1 (or None), not {quote(seed)}"
            )
        if seed is not None and seed < GUESSABLE and type(self.game).hidden_information:
            warnings.warn(
                f"seed={seed} can be guessed, and every game's seed derives from it: a student's "
                f"bot could compute the hidden cards of {self.game.name}. For a class, leave "
                "seed=None (a secret one is drawn and kept in results.config)",
                GuessableSeedWarning,
                stacklevel=2,
            )
        self._drawn = seed is None
        """Whether the seed was drawn here (a resumed run then takes the journal's)."""
        if memory_mb is not None and (type(memory_mb) is not int or memory_mb < 64):
            raise ValueError(
                f"memory_mb is a whole number of MB from 64 (or None), not {quote(memory_mb)}"
            )
        self.entrants = read_entrants(type(self.game), entrants)
        self.config: dict[str, Any] = {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seconds": seconds,
            "seed": secrets.randbits(SEED_BITS) if seed is None else seed,
            "games_per_pair": games_per_pair,
            "memory_mb": memory_mb,
            "sandbox": jail.protections(sandbox.PROCESSES),
            "jail": jail.unavailable()
            if sandbox.PROCESSES
            else "no process can start here (the browser's Python)",
        }
        self._plan(self.config["seed"])
        if self.results.sandbox_warning:
            warnings.warn(
                f"{self.results.sandbox_warning}: {self.config['jail']}",
                jail.SandboxWarning,
                stacklevel=2,
            )
        self.tag = secrets.token_hex(6)
        self._cancel = threading.Event()

    def _plan(self, seed: int) -> None:
        """The schedule and the (empty) results of this tournament played from `seed`."""
        self.config["seed"] = seed
        self.schedule = make_schedule(
            [entrant.name for entrant in self.entrants],
            self.game.players,
            self.config["games_per_pair"],
            seed,
        )
        self.results = Results(
            self.config, [entrant.describe() for entrant in self.entrants], self.schedule
        )

    def jobs(self) -> list[Job]:
        """Every game of the schedule as a worker's job."""
        by_name = {entrant.name: entrant for entrant in self.entrants}
        return [
            Job(
                index=index,
                game=self.game.name,
                module=type(self.game).__module__,
                options=dict(self.game.options),
                seed=game_seed(self.config["seed"], index, seating, by_name),
                seats=tuple(by_name[name] for name in seating),
                seconds=self.config["seconds"],
                memory_mb=self.config["memory_mb"],
                tag=self.tag,
            )
            for index, seating in enumerate(self.schedule)
        ]

    def reuse(self, previous: Results | str | os.PathLike[str]) -> int:
        """Take the finished games of `previous` (results, or the path of a results file
        or a journal) that this tournament would play the same; returns how many."""
        config, games = (
            (previous.config, previous.finished())
            if isinstance(previous, Results)
            else read_saved(Path(previous))
        )
        different = [key for key in SAME_TOURNAMENT if config.get(key) != self.config[key]]
        if different:
            raise ValueError(
                "those results are of another tournament: "
                + ", ".join(
                    f"{key} {config.get(key)!r}, not {self.config[key]!r}" for key in different
                )
            )
        if self._drawn and not self.results.games and type(config.get("seed")) is int:
            self._plan(config["seed"])  # resumed: the secret seed it was played from
            self._drawn = False
        jobs = self.jobs()
        reused = 0
        for game in games:
            job = jobs[game.index] if 0 <= game.index < len(jobs) else None
            if (
                job is not None
                and game.seats == self.schedule[job.index]
                and game.record.get("seed") == job.seed
                and game.fingerprints == tuple(entrant.fingerprint for entrant in job.seats)
            ):
                self.results.add(game)
                reused += 1
        return reused

    def run(
        self,
        executor: Executor | None = None,
        *,
        resume: Results | str | os.PathLike[str] | None = None,
        journal: str | os.PathLike[str] | None = None,
    ) -> Generator[GameResult, None, None]:
        """Play the games not finished yet and yield each `GameResult` as it finishes (the
        finished ones first). Stops early on `cancel()` (a call after this one counts, even
        before the first game is asked for); close the generator (or leave a `for` loop) to
        stop it from the consuming thread. One run at a time."""
        self._cancel.clear()
        if resume is not None:
            self.reuse(resume)
        if journal is not None and Path(journal).exists():
            self.reuse(journal)
        return self._play(executor, journal)

    def _play(
        self, executor: Executor | None, journal: str | os.PathLike[str] | None
    ) -> Generator[GameResult, None, None]:
        yield from self.results.finished()
        todo = [job for job in self.jobs() if job.index not in self.results.games]
        if not todo or self._cancel.is_set():
            return
        if executor is None and not sandbox.PROCESSES:
            with open_journal(journal, self.results) as log:
                for job in todo:  # in this process (`inkernel`), one game after another
                    if self._cancel.is_set():
                        return
                    yield self._record(play_game(job), log)
            return
        own = executor is None
        pool = local_pool() if executor is None else executor
        jobs = {job.index: job for job in todo}
        futures: dict[Future[dict[str, Any]], int] = {}
        deaths: Counter[int] = Counter()
        """Per game, how often the process playing it died while it was under way."""
        with open_journal(journal, self.results) as log:
            try:
                futures = {pool.submit(play_game, job): job.index for job in todo}
                from_pool: dict[Future[dict[str, Any]], Executor] = dict.fromkeys(futures, pool)
                while futures and not self._cancel.is_set():
                    under_way = {futures[future] for future in futures if future.running()}
                    done, _ = wait(futures, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                    finished, again, broken = [], [], False
                    for future in sorted(done, key=futures.__getitem__):
                        index = futures.pop(future)  # all of them, before the consumer may stop
                        played_by = from_pool.pop(future)
                        error = future.exception()
                        if error is None:
                            finished.append(self._record(future.result(), log))
                        elif not recovery.dead_worker(error):
                            raise error
                        else:
                            again.append(index)
                            broken |= isinstance(error, BrokenExecutor) and played_by is pool
                    if broken:  # its other games are failing too: a new pool of our own
                        if own:
                            stop_pool(pool, kill=True)
                        pool, own = local_pool(), True  # a caller's broken pool is left to it
                    elif own:
                        wake_stopped(pool)
                    for index in [i for i in again if i in under_way] or again:
                        deaths[index] += 1  # the games that were playing when it died
                    for index in again:
                        if deaths[index] < 2:
                            future = pool.submit(play_game, jobs[index])
                            futures[future], from_pool[future] = index, pool
                            continue
                        played = recovery.quarantined(jobs[index], self._cancel)
                        if played is not None:
                            finished.append(self._record(played, log))
                    yield from finished
            finally:
                for future in futures:
                    future.cancel()
                if own:
                    stop_pool(pool, kill=bool(futures))

    def _record(self, played: dict[str, Any], log: IO[str] | None) -> GameResult:
        """A game played (`play_game`'s JSON): into the results and the journal."""
        game = GameResult.from_json(played)
        self.results.add(game)
        if log is not None:
            log.write(json.dumps({"game": game.to_json()}) + "\n")
            log.flush()
        return game

    def cancel(self) -> None:
        """Stop the run under way (from any thread): it ends within `POLL_SECONDS`, its
        local pool and bots killed; `results` keeps the games finished so far."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def __repr__(self) -> str:
        return (
            f"<Tournament {self.game.name}: {len(self.entrants)} entrants, "
            f"{len(self.results.games)} of {len(self.schedule)} games>"
        )


def game_seed(seed: int, index: int, seating: tuple[str, ...], entrants: dict) -> int:
    """Game `index`'s seed: from the tournament's, its index and its seats' bots, so that a
    game played again for a bot that changed is dealt anew (its author has seen the old
    deal: replaying it would show the other seat's cards before they are played)."""
    return derived_seed(seed, index, *(entrants[name].fingerprint for name in seating))


class GuessableSeedWarning(UserWarning):
    """A tournament of a game with secrets was given a seed a student could guess."""


def tournament(
    game: str,
    entrants: Any,
    *,
    games_per_pair: int = 2,
    seconds: float = 0.2,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    on_game: Callable[[GameResult, Results], Any] | None = None,
    resume: Results | str | os.PathLike[str] | None = None,
    journal: str | os.PathLike[str] | None = None,
    memory_mb: int | None = DEFAULT_MEMORY_MB,
) -> Results:
    """Play a whole tournament and return its `Results`.

    `game`: a registered game's name ("sortileges", "nains", "sorciere"); `options` its
    options (Sorcière's `players`, 3 or 4, sets the size of the tables). `entrants`: name ->
    bot, where a bot is a level ("bot:3"), a function of the observation, the path of a
    student's .py file defining `choose(observation)`, or a folder of such files (one
    entrant each, named after the file); a folder's path alone stands for that mapping.
    Each pair plays `games_per_pair` games (two-player games: an even number, both seats
    equally); every move has `seconds` (plus `sandbox.GRACE_SECONDS` for isolated bots),
    and each isolated bot `memory_mb` MB. `seed` fixes every game: None (the default) draws
    a secret one, kept in `results.config` (and taken back from `resume` or the journal), so
    that no bot can compute another game's hidden cards; a number replays a tournament.
    `executor`: where games
    run (None: a local pool of `DEFAULT_WORKERS` processes; where no process can start, this
    process, one game after another: `inkernel`). `progress`: a tqdm bar.
    `on_game(game, results)` is called as each game finishes. `resume` (results, or the path
    of a results file or journal) and `journal` (a JSON-lines file appended as games finish,
    read first when it exists) reuse finished games."""
    run = Tournament(
        game,
        entrants,
        games_per_pair=games_per_pair,
        seconds=seconds,
        seed=seed,
        options=options,
        memory_mb=memory_mb,
    )
    if not sandbox.PROCESSES:  # the browser: no thread for tqdm's monitor either (it warns)
        tqdm.monitor_interval = 0
    bar = tqdm(total=len(run.schedule), unit="game", desc=run.game.name) if progress else None
    with (
        bar or contextlib.nullcontext(),
        contextlib.closing(run.run(executor, resume=resume, journal=journal)) as games,
    ):
        for finished in games:
            if bar is not None:
                bar.update()
                if finished.forfeits:
                    bar.set_postfix(forfeits=len(run.results.forfeits()))
            if on_game is not None:
                on_game(finished, run.results)
    return run.results


def local_pool(workers: int = DEFAULT_WORKERS) -> ProcessPoolExecutor:
    """A pool of fresh processes (spawned: no copy of the caller's threads or state) whose
    workers leave the teacher's interrupt to the caller and take their bots down when
    terminated."""
    return ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn"), initializer=prepare_worker
    )


def stop_pool(pool: Executor, kill: bool) -> None:
    """Shut the local pool down; with `kill`, terminate its workers first (SIGTERM: each
    kills its bots), then SIGKILL any that lingers, and wait for the pool's manager thread,
    which joins every worker (one it started after the list below was read too). Python
    before 3.14 has no public way to reach a pool's processes: `_processes` and
    `_executor_manager_thread` are read, and only for the pool made here."""
    processes = pool_processes(pool) if kill else []
    manager = getattr(pool, "_executor_manager_thread", None) if kill else None
    pool.shutdown(wait=not kill, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=2.0)
        if process.is_alive():
            process.kill()
            process.join()
    if manager is not None:  # shutdown(wait=False) forgot it: a second shutdown joins nothing
        manager.join(timeout=10.0)


def pool_processes(pool: Executor) -> list[Any]:
    """The worker processes of a local pool (Python before 3.14 has no public way to reach
    them: its private `_processes`, read only for a pool made here)."""
    return list((getattr(pool, "_processes", None) or {}).values())


def wake_stopped(pool: Executor) -> None:
    """Continue the local pool's workers that a signal stopped (SIGSTOP: outside a jail, a
    bot can stop the process that plays its game, and leave it stopped). Its clock ran on:
    the answer it waited for is late, a timeout. Linux (/proc)."""
    for process in pool_processes(pool):
        try:
            stopped = sandbox.stat_fields(process.pid)[sandbox.STAT_STATE] in (b"T", b"t")
        except (OSError, IndexError):
            continue
        if stopped:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGCONT)


def read_saved(path: Path) -> tuple[dict[str, Any], list[GameResult]]:
    """The settings and finished games of a results file (`Results.to_json`) or journal."""
    text = path.read_text(encoding="utf-8")
    first = text.partition("\n")[0]
    try:
        header = json.loads(first)
    except ValueError:
        header = None
    if isinstance(header, dict) and header.get("format") == JOURNAL:
        games = []
        for line in text.splitlines()[1:]:
            with contextlib.suppress(ValueError, KeyError, TypeError):  # a line cut by a kill:
                games.append(GameResult.from_json(json.loads(line)["game"]))  # played again
        return header["config"], games
    results = Results.from_json(json.loads(text))
    return results.config, results.finished()


@contextlib.contextmanager
def open_journal(
    journal: str | os.PathLike[str] | None, results: Results
) -> Iterator[IO[str] | None]:
    """The journal open for appending, its header written if it is new."""
    if journal is None:
        yield None
        return
    path = Path(journal)
    size = path.stat().st_size if path.exists() else 0
    with path.open("a", encoding="utf-8") as log:
        if size and not path.read_bytes().endswith(b"\n"):  # a line cut by a kill ends here
            log.write("\n")
        if not size:
            header = {
                "format": JOURNAL,
                "version": VERSION,
                "config": results.config,
                "entrants": results.entrants,
            }
            log.write(json.dumps(header) + "\n")
            log.flush()
        yield log
