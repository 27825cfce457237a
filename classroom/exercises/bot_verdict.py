"""Bot exercises: a student's bot plays fresh games against levels of the game until a test
decided in advance says whether it reaches the target.

How a notebook asks for a verdict, and how it replays one::

    check("sorciere.bot", ma_sorciere, "fr")                 # new games: a secret 128-bit seed
    check("sorciere.bot", ma_sorciere, "fr", seed=0x5eed…)   # the very games a verdict showed
    exercise("sorciere.bot").judge(ma_sorciere, "fr", seed=0x5eed…)   # the same, without `check`

- **Fresh games.** Each call draws a seed (`secrets`, 128 bits) and shows it with the verdict;
  every game follows from it (game i against level L is dealt from (seed, L, i // 2), the
  student on seat i % 2: each deal is played from both seats), so the same seed replays the
  same games. A notebook whose output is stored (nbval compares it) passes a seed; `mark`
  passes none and nothing can fix its seed (a pupil's notebook runs before its hidden tests,
  in the same kernel): where pupils are marked, a bot meets games nobody has seen.
- **A test decided in advance** (`sequential.py`): against each level, games are played one
  by one until a truncated sequential test decides. A bot winning exactly the target's share
  against every level passes at least `POWER` (90 %) of the time; a bot `MARGIN` (10 points)
  below the target against one level passes at most `ALPHA` (5 %) of the time. Both rates are
  computed exactly for the exercise's plan and stated in the verdict. Levels are played in
  order; the first one not reached ends the verdict (the next ones are said not played).
  Games per level for a 50 % target (two levels, each at power 0.949): at most 408; about
  133 expected for a bot at the target or 10 points below it, about 50 for a bot 10 points
  above or 20 below (a fixed-size test with the same rates would always play 264).
- **Observation only.** The bot sees a copy of its observation and nothing else. Where
  processes can start (the tournament extra installed, not the browser), it plays in a
  process of its own through the tournament's `IsolatedBot`: in a bubblewrap jail where
  `jail.unavailable()` is None ("jail"), else a plain process ("process"); one process per
  level, its `random` seeded from the verdict's seed. Elsewhere ("kernel": JupyterLite, or
  no tournament extra) it is called in this Python with a JSON copy of its observation, from
  a frame that does not hold the state (`play.student_game` keeps it in a suspended
  generator), its `random` seeded the same way: a bot that digs through the interpreter
  (`gc`, a generator's frame) can still find the state there, which the result says
  (`BotResult.way`). Any failure (an exception, an illegal or late answer, a bot that cannot
  be loaded) is "invalid", naming the level and the game.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ludotheque.engines.bots import Bot
from ludotheque.engines.core import Reason, in_language, quote

from ..forfeits import FORFEITS, worded
from .kinds import Exercise, shown_number
from .play import Game, IllegalAnswer
from .result import Result, Text, checked_language, say
from .sequential import ALPHA, MARGIN, POWER, Plan, plan

if TYPE_CHECKING:  # the tournament extra may be missing: imported where a process plays
    from ..tournament.sandbox import Forfeit

SEED_BITS = 128
MOVE_SECONDS = 10.0
"""A bot's time per move in its own process (generous: the verdict is about choices)."""
MEMORY_MB = 2048
"""Address space of the bot's process (the project's searches import numpy)."""
WAYS = ("jail", "process", "kernel")
"""Where the bot played: a bubblewrap jail, a plain process of its own, this Python."""

# -- words ------------------------------------------------------------------------------
NOT_A_BOT: Text = {
    "fr": "la réponse attendue est un robot : une fonction de l'observation, pas {got}.",
    "en": "the answer should be a bot: a function of the observation, not {got}.",
}
BOT_LINE: Text = {
    "fr": "contre le niveau {level} : {wins} victoires sur {games} parties ({rate} %) ; "
    "objectif : {target} % — {verdict}",
    "en": "against level {level}: {wins} wins out of {games} games ({rate} %); "
    "target: {target} % — {verdict}",
}
NOT_PLAYED: Text = {
    "fr": "contre le niveau {level} : pas joué (le niveau {before} n'est pas encore atteint)",
    "en": "against level {level}: not played (level {before} is not reached yet)",
}
REACHED: Text = {"fr": "atteint", "en": "reached"}
NOT_REACHED: Text = {"fr": "pas encore", "en": "not yet"}
RATES: Text = {
    "fr": "Le test joue jusqu'à pouvoir trancher, au plus {most} parties par niveau : un robot "
    "au niveau de l'objectif (contre chaque niveau) réussit au moins {power} % du temps ; un "
    "robot {margin} points en dessous (contre un niveau), au plus {alpha} %.",
    "en": "The test plays until it can decide, at most {most} games per level: a bot at the "
    "target (against every level) passes at least {power} % of the time; a bot {margin} "
    "points below it (against one level), at most {alpha} %.",
}
SEED_LINE: Text = {
    "fr": 'Graine de ces parties : {seed} ; check("{exercise}", votre_robot, seed={seed}) '
    "les rejoue.",
    "en": 'Seed of these games: {seed}; check("{exercise}", your_bot, seed={seed}) plays '
    "them again.",
}
BOT_RIGHT: Text = {
    "fr": "votre robot atteint l'objectif contre chaque niveau.",
    "en": "your bot reaches the target against every level.",
}
BOT_CLOSE: Text = {
    "fr": "votre robot n'est plus loin de l'objectif, mais pas encore au-dessus.",
    "en": "your bot is close to the target, but not above it yet.",
}
BOT_WRONG: Text = {
    "fr": "votre robot n'atteint pas encore l'objectif.",
    "en": "your bot does not reach the target yet.",
}
BOT_FAILED: Text = {
    "fr": "votre robot a échoué pendant la partie {game} contre le niveau {level} : {error}",
    "en": "your bot failed during game {game} against level {level}: {error}",
}
TEST_RULE: Text = {
    "fr": "Le verdict est un test : un robot au niveau de l'objectif réussit au moins 9 fois "
    "sur 10, un robot 10 points en dessous au plus 1 fois sur 20 ; chaque appel joue de "
    "nouvelles parties.",
    "en": "The verdict is a test: a bot at the target passes at least 9 times in 10, a bot "
    "10 points below it at most once in 20; each call plays new games.",
}
"""For the statements (the exact rates of each exercise are in its verdicts)."""


def percent(share: float) -> int:
    """A share in whole percent (written "68 %" in both languages, as the project does)."""
    return round(100 * share)


def tenths(share: float, lang: str, up: bool) -> str:
    """A share in percent to one decimal, rounded toward the safe side (`up`: a rate
    stated "at most"; else "at least"), with the language's decimal mark."""
    scaled = 1000 * share
    whole = int(-(-scaled // 1)) if up else int(scaled // 1)
    text = f"{whole // 10}.{whole % 10}"
    return text.replace(".", ",") if lang == "fr" else text


# -- seeds --------------------------------------------------------------------------------
def fresh_seed() -> int:
    """A secret seed, drawn anew for every verdict that is given none."""
    return secrets.randbits(SEED_BITS)


def derived(seed: int, *parts: object) -> int:
    """A 63-bit seed from the verdict's seed and `parts` (a level, a deal's number)."""
    text = ":".join(str(part) for part in ("ludotheque-exercise", seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def shown_seed(seed: int) -> str:
    return hex(seed)


# -- the result ---------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class BotResult(Result):
    """A bot's verdict: `seed` (replays it), `way` (one of WAYS: where the bot played),
    `levels` ((level, wins, games, reached) of each level played)."""

    seed: int | None = None
    way: str | None = None
    levels: tuple[tuple[str, int, int, bool], ...] = ()


class BotFailure(Exception):
    """The bot's process failed (the tournament's forfeit, its reason worded: `forfeit_reason`)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class StudentBotFailed(Exception):
    """The student's bot failed in game `game` (from 0): it raised, answered something
    illegal or late, or could not be loaded; `reason` says how (a `Reason`, worded in the
    verdict's language)."""

    def __init__(self, game: int, reason: str):
        super().__init__(reason)
        self.game = game
        self.reason = reason


def forfeit_reason(forfeit: Forfeit) -> str:
    """A tournament `Forfeit`'s reason in every language (`forfeits.worded`)."""
    return worded(forfeit.code, forfeit.params, forfeit.reason)


def raised(error: BaseException) -> Reason:
    """A student's exception as its forfeit says it: its type and Python's own text."""
    return Reason(FORFEITS, "exception", text=f"{type(error).__name__}: {error}")


# -- where the bot plays -------------------------------------------------------------------
def default_way() -> str:
    """ "jail" or "process" where a process can start and the tournament extra is installed;
    "kernel" elsewhere (the browser, or no tournament extra)."""
    try:
        from ..tournament import jail, sandbox
        from ..tournament.entrants import read_function  # noqa: F401  (needs cloudpickle)
    except ImportError:
        return "kernel"
    if not sandbox.PROCESSES or os.name != "posix":
        return "kernel"
    return "jail" if jail.unavailable() is None else "process"


def where(way: str) -> str:
    """Where a bot asked to play `way` plays: "kernel", or its own process, jailed or not as
    this machine allows (`IsolatedBot` decides)."""
    return way if way == "kernel" else default_way()


Ask = Callable[[dict[str, Any]], Any]
"""The student's bot as the referee calls it: an observation (a copy) in, an answer out."""


@contextlib.contextmanager
def in_process(choose: Callable[[dict[str, Any]], Any], seed: int) -> Iterator[Ask]:
    """The bot in this Python, its `random` seeded with `seed` while it runs (the kernel's
    own put back after each move), called with the observation `play.student_game` yields
    (a JSON copy, which shares nothing with the state)."""
    own = random.Random(seed).getstate()

    def ask(observation: dict[str, Any]) -> Any:
        nonlocal own
        kernel = random.getstate()
        random.setstate(own)
        try:
            return choose(observation)
        finally:
            own = random.getstate()
            random.setstate(kernel)

    yield ask


@contextlib.contextmanager
def isolated(choose: Callable[[dict[str, Any]], Any], seed: int) -> Iterator[Ask]:
    """The bot in a process of its own (the tournament's `IsolatedBot`: jailed where the
    jail works), for every game of one level; `StudentBotFailed` at game 0 if it cannot be
    sent or loaded."""
    from ..tournament.entrants import read_function
    from ..tournament.sandbox import Forfeit, IsolatedBot

    try:
        entrant = read_function("exercise", choose)
    except ValueError as error:  # the pickling error it was raised from, as Python said it
        cause = error.__context__ or error
        unsendable = Reason(FORFEITS, "unsendable", error=f"{type(cause).__name__}: {cause}")
        raise StudentBotFailed(0, unsendable) from None
    bot = IsolatedBot(entrant, seconds=MOVE_SECONDS, memory_mb=MEMORY_MB, seed=seed)
    try:
        bot.start("exercise")
        try:
            bot.wait_ready()
        except Forfeit as forfeit:
            raise StudentBotFailed(0, forfeit_reason(forfeit)) from None

        def ask(observation: dict[str, Any]) -> Any:
            try:
                return bot.ask(observation)
            except Forfeit as forfeit:
                raise BotFailure(forfeit_reason(forfeit)) from None

        yield ask
    finally:
        bot.close()


def asked(ask: Ask, observation: dict[str, Any], game: int) -> Any:
    """The bot's answer, its failure as StudentBotFailed (game `game`)."""
    try:
        return ask(observation)
    except BotFailure as failure:
        raise StudentBotFailed(game, failure.reason) from None
    except Exception as error:  # a student's code may raise anything: report it, never hide it
        raise StudentBotFailed(game, raised(error)) from error


def played(game: Game, ask: Ask, number: int) -> bool:
    """Play `game` to its end with the student's bot; did it win?"""
    try:
        observation = next(game)
        while True:
            answer = asked(ask, observation, number)
            try:
                observation = game.send(answer)
            except IllegalAnswer as illegal:
                raise StudentBotFailed(number, illegal.reason) from None
    except StopIteration as end:
        return bool(end.value)
    finally:
        game.close()


# -- the exercise -------------------------------------------------------------------------
def as_is(answer: Any) -> Any:
    return answer


BOT_CRITERION: Text = {
    "fr": "un robot qui gagne {levels}, jugé par un test séquentiel sur des parties "
    "nouvelles : un robot à l'objectif passe au moins {power} fois sur 100, un robot à "
    "{margin} points sous l'objectif au plus {below} fois sur 100",
    "en": "a bot that wins {levels}, judged by a sequential test on fresh games: a bot at "
    "the target passes at least {power} times in 100, one {margin} points below it at most "
    "{below} times in 100",
}
CRITERION_LEVEL: Text = {
    "fr": "au moins {rate} % contre le niveau {level}",
    "en": "at least {rate} % against level {level}",
}
CRITERION_JOIN: Text = {"fr": " et ", "en": " and "}


@dataclass(frozen=True)
class BotExercise(Exercise):
    """A student's bot against each level of `targets`, in order: `play(level, seed, seat)`
    sets up one game (`play.student_game`), the student on `seat`. `player` turns the answer
    into a function of the observation (default: the answer itself; `strategie.evaluation`:
    a search with the student's evaluation). Each level has its `sequential.plan` for its
    target, the power shared among the levels (each level's is POWER ** (1 / levels), so
    that a bot at every target passes at least POWER of the time)."""

    targets: dict[str, float]
    """level -> the win rate to reach against it"""
    play: Callable[[str, int, int], Game] = field(repr=False)
    player: Callable[[Any], Callable[[dict[str, Any]], Any]] = field(default=as_is, repr=False)
    power: float = POWER
    alpha: float = ALPHA
    margin: float = MARGIN

    def plans(self) -> dict[str, Plan]:
        share = self.power ** (1 / len(self.targets))
        return {
            level: plan(target, share, self.alpha, self.margin)
            for level, target in self.targets.items()
        }

    def criterion(self, lang: str) -> str:
        at_target, below = self.rates()
        levels = say(CRITERION_JOIN, lang).join(
            say(CRITERION_LEVEL, lang, rate=shown_number(round(100 * target), lang), level=level)
            for level, target in self.targets.items()
        )
        return say(
            BOT_CRITERION,
            lang,
            levels=levels,
            power=shown_number(round(100 * at_target), lang),
            below=shown_number(round(100 * below), lang),
            margin=shown_number(round(100 * self.margin), lang),
        )

    def rates(self) -> tuple[float, float]:
        """Exactly: (the chance that a bot at every target passes, the largest chance that a
        bot `margin` below the target against one level passes)."""
        at_target, below = 1.0, 0.0
        for level_plan in self.plans().values():
            at_target *= level_plan.pass_at_target
            below = max(below, level_plan.pass_below)
        return at_target, below

    def judge(
        self, answer: Any, lang: str, *, seed: int | None = None, way: str | None = None
    ) -> BotResult:
        """Play fresh games (or those of `seed`, the number a verdict shows) until each
        level's test decides. `way` forces where the bot plays ("kernel"; "jail" and
        "process" both mean a process of its own, jailed where the jail works): for tests
        and benchmarks; by default, its own process wherever one can start."""
        lang = checked_language(lang)
        if not callable(answer) or isinstance(answer, (Bot, type)):
            got = type(answer).__name__
            return self.bot_result("invalid", say(NOT_A_BOT, lang, got=got), lang)
        if seed is None:
            seed = fresh_seed()
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**SEED_BITS:
            raise ValueError(f"seed: a whole number from 0 to 2**{SEED_BITS}, not {quote(seed)}")
        if way is not None and way not in WAYS:
            raise ValueError(f"way: one of {', '.join(WAYS)}, not {way!r}")
        way = where(way or "jail")
        choose = self.player(answer)
        plans, measured = self.plans(), []
        for level, level_plan in plans.items():
            try:
                wins, games = self.measure(level, level_plan, choose, seed, way)
            except StudentBotFailed as failure:
                error = in_language(failure.reason, lang)
                message = say(BOT_FAILED, lang, game=failure.game + 1, level=level, error=error)
                return self.bot_result("invalid", message, lang, seed=seed, way=way)
            reached = bool(level_plan.decide(wins, games))
            measured.append((level, wins, games, reached))
            if not reached:
                break
        return self.verdict(tuple(measured), plans, lang, seed, way)

    def measure(
        self, level: str, level_plan: Plan, choose: Any, seed: int, way: str
    ) -> tuple[int, int]:
        """(wins, games) when the level's test decides."""
        opened = in_process if way == "kernel" else isolated
        wins = games = 0
        with opened(choose, derived(seed, level, "bot")) as ask:
            while level_plan.decide(wins, games) is None:
                game = self.play(level, derived(seed, level, games // 2), games % 2)
                wins += played(game, ask, games)
                games += 1
        return wins, games

    def verdict(
        self,
        measured: tuple[tuple[str, int, int, bool], ...],
        plans: dict[str, Plan],
        lang: str,
        seed: int,
        way: str,
    ) -> BotResult:
        lines = []
        for level, wins, games, reached in measured:
            lines.append(
                say(
                    BOT_LINE,
                    lang,
                    level=level,
                    wins=wins,
                    games=games,
                    rate=percent(wins / games),
                    target=percent(self.targets[level]),
                    verdict=say(REACHED if reached else NOT_REACHED, lang),
                )
            )
        for level in list(plans)[len(measured) :]:
            lines.append(say(NOT_PLAYED, lang, level=level, before=measured[-1][0]))
        at_target, below = self.rates()
        lines.append(
            say(
                RATES,
                lang,
                most=max(p.max_games for p in plans.values()),
                power=tenths(at_target, lang, up=False),
                alpha=tenths(below, lang, up=True),
                margin=percent(self.margin),
            )
        )
        lines.append(say(SEED_LINE, lang, seed=shown_seed(seed), exercise=self.id))
        last_level, wins, games, reached = measured[-1]
        if reached:
            status = "right"
        elif wins / games >= self.targets[last_level] - self.margin:
            status = "close"
        else:
            status = "wrong"
        message = say({"right": BOT_RIGHT, "close": BOT_CLOSE, "wrong": BOT_WRONG}[status], lang)
        hints = {"close": self.hints.close, "wrong": self.hints.wrong}.get(status)
        hint = None if hints is None else hints[lang]
        return BotResult(
            self.id,
            status,
            message,
            lang,
            hint=hint,
            details=tuple(lines),
            seed=seed,
            way=way,
            levels=measured,
        )

    def bot_result(self, status: str, message: str, lang: str, **extra: Any) -> BotResult:
        return BotResult(self.id, status, message, lang, **extra)
