"""One game of a tournament, as a worker plays it: `play_game(job)` is what an executor runs.

The game's levels play in the worker's process (trusted code, called with the time budget);
each other entrant plays in a process of its own (`sandbox.IsolatedBot`), started for this
game and killed when it ends, so that nothing a bot remembers or breaks outlives the game
and every game is the same whichever worker plays it. Where no process can start
(`sandbox.PROCESSES`: the browser), they play in this process instead (`inkernel`), with
the same answers and forfeits for bots that answer in time.

Forfeits: a seat that fails (see `sandbox.Forfeit`) loses the game at once and is ranked
last. When one seat is left, the game stops there and that seat wins; with more left (3 or
4 players), the game goes on with a random stand-in (seeded) in the forfeited seat, whose
result counts for nobody. Seat 0 moves first in games with a `first` start choice.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import traceback
from collections.abc import Callable
from typing import Any

from ludotheque.engines.bots import Bot, Deadline, RandomBot, bots_of
from ludotheque.engines.core import Game, RulesError, State, quote

from . import jail, sandbox
from .entrants import Entrant
from .inkernel import KernelBot
from .sandbox import Forfeit, IsolatedBot
from .schedule import derived_seed

MAX_PLIES = 1_000
"""A game still going after this many plies is stopped as a draw between the seats left:
this project's games end within 400 plies even played at random (test_engine_conformance),
so a longer one is bots stalling it on purpose (in Tir de tuyau, two bots that only
discard), which must not hold a class's tournament."""


@dataclasses.dataclass(frozen=True)
class Job:
    """All a worker needs to play game `index`: plain data, picklable for any executor."""

    index: int
    game: str
    module: str
    """The module defining the game (imported first: it registers the game)."""
    options: dict[str, Any]
    seed: int
    seats: tuple[Entrant, ...]
    seconds: float
    memory_mb: int | None
    tag: str
    killer: tuple[int, int] | None = None
    """(seat, ply): that seat's bot killed the process playing this game when asked at that
    ply (`recovery.quarantined`); played again, the seat forfeits there instead of being asked."""


KILLED_WORKER = "its process killed the referee's process playing its game"
LOADING = -1
"""The ply `progress` and `Job.killer` give a bot that is loading."""


def play_game(job: Job, progress: Callable[[int, int], Any] | None = None) -> dict[str, Any]:
    """Play one game; returns its result as JSON (see `results.GameResult`). `progress(seat,
    ply)` is told before each isolated bot is asked (what `recovery.quarantined` watches)."""
    state = new_state(job)
    game = state.game
    seats = [seat_for(game, entrant, job, seat) for seat, entrant in enumerate(job.seats)]
    forfeits: list[dict[str, Any]] = []
    out: set[int] = set()

    def lose(number: int, forfeit: Forfeit) -> None:
        """Seat `number` forfeits: recorded, its bot ended, a stand-in in its place."""
        forfeits.append(forfeit_record(forfeit, number, job, state))
        out.add(number)
        seats[number].close()
        seats[number] = StandIn(derived_seed(job.seed, number, "stand-in"))

    try:
        start_seats(seats, job, progress, lose)
        while not state.is_terminal() and len(seats) - len(out) > 1 and state.ply < MAX_PLIES:
            number = state.current_player()
            try:
                if killed_here(job, number, state.ply):
                    raise Forfeit("crash", f"{KILLED_WORKER} while thinking")
                if progress is not None and isinstance(seats[number], IsolatedSeat):
                    progress(number, state.ply)
                action = seats[number].move(state)
            except Forfeit as forfeit:
                lose(number, forfeit)
                continue
            state.apply(action)
    finally:
        for seat in seats:
            seat.close()
    return game_result(job, state, out, forfeits)


def game_result(
    job: Job, state: State, out: set[int], forfeits: list[dict[str, Any]]
) -> dict[str, Any]:
    """A game as it ended (or stopped), as JSON (see `results.GameResult`): `out` are the
    seats that forfeited, `forfeits` their records."""
    return {
        "index": job.index,
        "seats": [entrant.name for entrant in job.seats],
        "fingerprints": [entrant.fingerprint for entrant in job.seats],
        "record": state.to_json(),
        "points": points(state, out),
        "forfeits": forfeits,
        "sandbox": protections(job),
    }


def new_state(job: Job) -> State:
    """The game's start: seat 0 moves first where the game lets the start be chosen."""
    importlib.import_module(job.module)
    game = Game.by_name(job.game, **job.options)
    start = {"first": 0} if "first" in inspect.signature(game.state_class.setup).parameters else {}
    return game.new_game(job.seed, **start)


def protections(job: Job) -> dict[str, bool] | None:
    """What held for the job's students' bots where it is played (None: levels only)."""
    if not any(entrant.isolated for entrant in job.seats):
        return None
    return jail.protections(sandbox.PROCESSES)


def killed_here(job: Job, seat: int, ply: int) -> bool:
    """Whether `seat` is the known killer of this game's process, asked at or after its ply."""
    return job.killer is not None and job.killer[0] == seat and ply >= job.killer[1]


def start_seats(
    seats: list[Seat],
    job: Job,
    progress: Callable[[int, int], Any] | None,
    lose: Callable[[int, Forfeit], None],
) -> None:
    """Start every seat and wait until each is loaded (a failure: `lose`). They load side
    by side, unless `progress` watches: then one after another, each told first, so that a
    bot that kills the process while loading is known."""

    def ready(number: int) -> None:
        try:
            seats[number].ready()
        except Forfeit as forfeit:
            lose(number, forfeit)

    for number in range(len(seats)):
        if job.killer == (number, LOADING):
            lose(number, Forfeit("crash", f"{KILLED_WORKER} while loading"))
            continue
        if progress is not None and isinstance(seats[number], IsolatedSeat):
            progress(number, LOADING)
        seats[number].start(job.tag)
        if progress is not None:
            ready(number)
    if progress is None:
        for number in range(len(seats)):
            ready(number)


def points(state: State, out: set[int]) -> list[float]:
    """Each seat's points: 1 for a win, 0 for a loss, ½ for a draw (from `returns`, which
    run from -1 to +1); 0 for a forfeit; a game stopped with one seat left is its win, one
    stopped at `MAX_PLIES` a draw between the seats left."""
    seats = range(state.game.players)
    if not state.is_terminal():
        left = 1.0 if state.game.players - len(out) == 1 else 0.5
        return [0.0 if seat in out else left for seat in seats]
    earned = [min(1.0, max(0.0, (result + 1) / 2)) for result in state.returns()]
    return [0.0 if seat in out else earned[seat] for seat in seats]


def forfeit_record(forfeit: Forfeit, seat: int, job: Job, state: State) -> dict[str, Any]:
    return {
        "seat": seat,
        "entrant": job.seats[seat].name,
        "kind": forfeit.kind,
        "reason": forfeit.reason,
        "code": forfeit.code,  # with `params`, what words the reason in any language
        "params": forfeit.params,
        "detail": forfeit.detail,
        "ply": state.ply,
    }


class Seat:
    """A player in one game; `move` answers the state or raises Forfeit."""

    def start(self, tag: str) -> None:
        """Begin loading (isolated bots start their process here)."""

    def ready(self) -> None:
        """Wait until loaded."""

    def move(self, state: State) -> Any:
        raise NotImplementedError

    def close(self) -> None:
        """End whatever the seat runs."""


class LevelSeat(Seat):
    """One of the game's own levels, in this process, with the time budget."""

    def __init__(self, bot: Bot[Any], seconds: float):
        self.bot, self.seconds = bot, seconds

    def move(self, state: State) -> Any:
        try:
            return self.bot(state, Deadline(self.seconds))
        except Exception as error:
            raise Forfeit(
                "exception",
                f"raised {error!r}",
                traceback.format_exc(),
                params={"text": repr(error)},
            ) from None


class StandIn(LevelSeat):
    """Plays a forfeited seat at random so that the other players' game goes on."""

    def __init__(self, seed: int):
        super().__init__(RandomBot(seed), 0.0)


class IsolatedSeat(Seat):
    """A student's bot in its own process (or, where there are none, the referee's); its
    answer is checked against the rules, then against the moves it was offered: a bot plays
    one of `observation["legal"]` (the rules may allow more, such as a steadier hand in
    Sorcière than the one every player is offered)."""

    def __init__(self, bot: IsolatedBot | KernelBot, seat: int):
        self.bot, self.seat = bot, seat

    def start(self, tag: str) -> None:
        self.bot.start(tag)

    def ready(self) -> None:
        self.bot.wait_ready()

    def move(self, state: State) -> Any:
        observation = state.observation(self.seat)
        answer = self.bot.ask(observation)
        try:
            action = state.game.canonical(answer)
        except RulesError as error:
            raise Forfeit("malformed", f"answered {quote(answer)}: {error}") from None
        refusal = state.refusal(action)
        if refusal is not None:
            raise Forfeit("illegal", f"answered {quote(answer)}, which is not legal: {refusal}")
        if str(action) not in observation.get("legal", (str(action),)):  # texts are canonical
            raise Forfeit(
                "illegal", f"answered {quote(answer)}, which is not one of observation['legal']"
            )
        return action

    def close(self) -> None:
        self.bot.close()


def seat_for(game: Game, entrant: Entrant, job: Job, seat: int) -> Seat:
    seed = derived_seed(job.seed, seat)
    if entrant.level is not None:
        bot = bots_of(type(game)).bot_for_level(entrant.level, seed=seed, seconds=job.seconds)
        return LevelSeat(bot, job.seconds)
    kind = IsolatedBot if sandbox.PROCESSES else KernelBot
    return IsolatedSeat(
        kind(entrant, seconds=job.seconds, memory_mb=job.memory_mb, seed=seed), seat
    )
