"""The kinds of exercise a notebook asks, each declared once and judged the same way.

* `NumberExercise`: a number (a prediction, a count, a probability): right inside the
  reference's own interval widened by `tolerance`, close inside `close`, else wrong; the
  reference is computed by the engines when checked (the costly computations keep their
  result for the process, `functools.cache`), so it stays true when an engine changes.
* `ChoiceExercise`: one option among a few (a prediction: "which is safest?"), the right
  option computed by the engines.
* `BotExercise`: a student's bot (a function of the observation) plays seeded games against
  bot levels; it passes when the lower end of the 95 % Wilson interval of its win rate beats
  the target against every level.
* `TurnExercise`: a Sortilèges turn that must win a position, judged by the exact solver
  (the puzzles' judge, `sortileges.puzzles`).

Messages never contain the expected answer: they say right / close / wrong, the direction of
a miss, and a hint written with the exercise (tests check both languages for it).
"""

from __future__ import annotations

import math
import numbers
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..stats import wilson_interval
from .result import LANGUAGES, Result, Text, say

# -- words shared by every exercise ---------------------------------------------------
RIGHT: Text = {"fr": "c'est la bonne réponse.", "en": "that is the answer."}
RIGHT_WITHIN: Text = {
    "fr": "c'est juste, à la tolérance près.",
    "en": "that is right, within the tolerance.",
}
RIGHT_PREDICTION: Text = {
    "fr": "bien prédit ! Lancez maintenant la cellule pour le voir.",
    "en": "well predicted! Now run the cell and see it.",
}
CLOSE: Text = {"fr": "{direction}, mais tout près.", "en": "{direction}, but nearly there."}
WRONG: Text = {"fr": "{direction}.", "en": "{direction}."}
DIRECTIONS: dict[tuple[str, str], Text] = {
    ("close", "high"): {"fr": "un peu trop haut", "en": "a little too high"},
    ("close", "low"): {"fr": "un peu trop bas", "en": "a little too low"},
    ("wrong", "high"): {"fr": "trop haut", "en": "too high"},
    ("wrong", "low"): {"fr": "trop bas", "en": "too low"},
}
INTERVAL_MISSES: Text = {
    "fr": "le nombre est bon, mais votre intervalle ne contient pas la valeur : est-il bien "
    "calculé, avec assez de parties ?",
    "en": "the number is right, but your interval misses the value: is it computed right, "
    "from enough games?",
}
NOT_A_NUMBER: Text = {
    "fr": "la réponse attendue est un nombre (ou une estimation avec son intervalle), pas {got}.",
    "en": "the answer should be a number (or an estimate with its interval), not {got}.",
}
NOT_A_PROBABILITY: Text = {
    "fr": "une probabilité est comprise entre 0 et 1 (25 % s'écrit 0.25).",
    "en": "a probability lies between 0 and 1 (25 % is written 0.25).",
}
NOT_A_WHOLE_NUMBER: Text = {
    "fr": "la réponse attendue est un nombre entier.",
    "en": "the answer should be a whole number.",
}
NOT_A_CHOICE: Text = {
    "fr": "répondez par l'un de : {choices}.",
    "en": "answer with one of: {choices}.",
}
WRONG_CHOICE: Text = {"fr": "ce n'est pas celui-là.", "en": "not that one."}


@dataclass(frozen=True)
class Reference:
    """A computed answer: exact (`low == high == value`) or an estimate with its interval."""

    value: float
    low: float
    high: float

    @classmethod
    def of(cls, computed: Any) -> Reference:
        if isinstance(computed, Reference):
            return computed
        value = float(computed)
        return cls(value, value, value)


@dataclass(frozen=True)
class Hints:
    """What to say beyond the verdict: `wrong` for a far miss, `close` for a near one (an
    exercise that cannot be near, such as a choice, has none)."""

    wrong: Text
    close: Text | None = None


@dataclass(frozen=True)
class Exercise:
    """One exercise: its id (`<notebook>.<name>`), the notebook it belongs to, its kind
    ("prediction", "computation" or "bot"), its statement and its hints, in fr and en."""

    id: str
    notebook: str
    kind: str
    statement: Text
    hints: Hints

    def judge(self, answer: Any, lang: str) -> Result:
        raise NotImplementedError

    def result(self, status: str, message: str, lang: str, **extra: Any) -> Result:
        return Result(self.id, status, message, lang, **extra)

    def hinted(self, status: str, message: str, lang: str, **extra: Any) -> Result:
        """A verdict with the exercise's hint for its status (right has none)."""
        hint = {"close": self.hints.close, "wrong": self.hints.wrong}.get(status)
        return self.result(status, message, lang, hint=hint and hint[lang], **extra)


# -- numbers --------------------------------------------------------------------------
def _as_number(value: Any) -> float | None:
    """A real number from Python or numpy, never a bool (True is not an answer)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def read_number(answer: Any) -> tuple[float, tuple[float, float] | None] | None:
    """(value, interval or None) from a number, an estimate with `rate` (and `low`, `high`),
    or a tuple (value, low, high); None if the answer is none of these."""
    if hasattr(answer, "rate"):
        low, high = getattr(answer, "low", None), getattr(answer, "high", None)
        answer = (answer.rate, low, high) if low is not None and high is not None else answer.rate
    if isinstance(answer, (tuple, list)) and len(answer) == 3:
        parts = [_as_number(x) for x in answer]
        value, low, high = parts
        if value is None or low is None or high is None:
            return None
        return value, (min(low, high), max(low, high))
    number = _as_number(answer)
    return None if number is None else (number, None)


@dataclass(frozen=True)
class NumberExercise(Exercise):
    """A number computed by `compute` (a float, or a `Reference` with its interval).

    Right when the answer lies in the reference's interval widened by `tolerance`, close in
    it widened by `close`; with `relative`, both widths are fractions of the reference.
    `probability`: the answer must lie in [0, 1]; `whole`: it must be a whole number. An
    answer given with its own interval must also meet the reference's (widened) interval.
    """

    compute: Callable[[], Any] = field(repr=False)
    tolerance: float = 0.0
    close: float = 0.0
    relative: bool = False
    probability: bool = False
    whole: bool = False

    def reference(self) -> Reference:
        return Reference.of(self.compute())

    def band(self, reference: Reference, width: float) -> tuple[float, float]:
        if self.relative:
            width *= abs(reference.value)
        return reference.low - width, reference.high + width

    def judge(self, answer: Any, lang: str) -> Result:
        read = read_number(answer)
        if read is None:
            got = repr(answer) if isinstance(answer, float) else type(answer).__name__
            return self.result("invalid", say(NOT_A_NUMBER, lang, got=got), lang)
        value, interval = read
        if self.probability and not 0 <= value <= 1:
            return self.result("invalid", say(NOT_A_PROBABILITY, lang), lang)
        if self.whole and value != int(value):
            return self.result("invalid", say(NOT_A_WHOLE_NUMBER, lang), lang)
        reference = self.reference()
        low, high = self.band(reference, self.tolerance)
        if low <= value <= high:
            if interval is not None and (interval[1] < low or interval[0] > high):
                return self.hinted("close", say(INTERVAL_MISSES, lang), lang)
            exact = self.tolerance == 0 and reference.low == reference.high
            right = (
                RIGHT_PREDICTION if self.kind == "prediction" else RIGHT if exact else RIGHT_WITHIN
            )
            return self.result("right", say(right, lang), lang)
        near_low, near_high = self.band(reference, self.close)
        status = "close" if near_low <= value <= near_high else "wrong"
        direction = say(DIRECTIONS[status, "high" if value > high else "low"], lang)
        template = CLOSE if status == "close" else WRONG
        return self.hinted(status, say(template, lang, direction=direction), lang)


# -- choices --------------------------------------------------------------------------
def normalised(text: str) -> str:
    """Lower case, no accents, single spaces: 'Coin ' and 'coin' are one answer."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(plain.lower().split())


@dataclass(frozen=True)
class ChoiceExercise(Exercise):
    """One of `choices` (key -> its words in fr and en; the key or the words in either
    language are accepted); `compute` returns the right key."""

    choices: dict[str, Text]
    compute: Callable[[], str] = field(repr=False)

    def key_of(self, answer: Any) -> str | None:
        if not isinstance(answer, str):
            return None
        wanted = normalised(answer)
        for key, words in self.choices.items():
            if wanted in {normalised(key), *(normalised(words[lang]) for lang in LANGUAGES)}:
                return key
        return None

    def judge(self, answer: Any, lang: str) -> Result:
        key = self.key_of(answer)
        if key is None:
            listed = ", ".join(f"« {words[lang]} »" for words in self.choices.values())
            return self.result("invalid", say(NOT_A_CHOICE, lang, choices=listed), lang)
        if key == self.compute():
            right = RIGHT_PREDICTION if self.kind == "prediction" else RIGHT
            return self.result("right", say(right, lang), lang)
        return self.hinted("wrong", say(WRONG_CHOICE, lang), lang)


# -- bots -----------------------------------------------------------------------------
NOT_A_BOT: Text = {
    "fr": "la réponse attendue est un robot : une fonction de l'observation, pas {got}.",
    "en": "the answer should be a bot: a function of the observation, not {got}.",
}
BOT_LINE: Text = {
    "fr": "contre le niveau {level} : {wins} victoires sur {games} ({rate} %, intervalle à "
    "95 % : {low} % à {high} %) ; objectif : le bas de l'intervalle au-dessus de {target} % "
    "— {verdict}",
    "en": "against level {level}: {wins} wins out of {games} ({rate} %, 95 % interval "
    "{low} % to {high} %); target: the interval's lower end above {target} % — {verdict}",
}
REACHED: Text = {"fr": "atteint", "en": "reached"}
NOT_REACHED: Text = {"fr": "pas encore", "en": "not yet"}
BOT_RIGHT: Text = {
    "fr": "votre robot bat l'objectif contre chaque niveau, même au bas de l'intervalle.",
    "en": "your bot beats the target against every level, even at the interval's lower end.",
}
BOT_CLOSE: Text = {
    "fr": "votre robot fait mieux que l'objectif en moyenne, mais pas encore de façon sûre.",
    "en": "your bot does better than the target on average, but not surely yet.",
}
BOT_WRONG: Text = {
    "fr": "votre robot n'atteint pas encore l'objectif.",
    "en": "your bot does not reach the target yet.",
}
BOT_FAILED: Text = {
    "fr": "votre robot a échoué pendant la partie {game} : {error}",
    "en": "your bot failed during game {game}: {error}",
}


def percent(share: float) -> int:
    """A share in whole percent (written "68 %" in both languages, as the project does)."""
    return round(100 * share)


class StudentBotFailed(Exception):
    """The student's bot raised or answered something illegal (the game it happened in)."""

    def __init__(self, game: int, error: BaseException):
        super().__init__(f"{type(error).__name__}: {error}")
        self.game = game


@dataclass(frozen=True)
class BotExercise(Exercise):
    """A student's bot against each level of `targets` over `games` seeded games (half in
    each seat): `play(level, game_number, bot) -> won` plays one game. It passes when the
    lower end of the 95 % Wilson interval of its win rate is above the level's target.
    `player` turns the answer into a bot (default: the answer itself, a function of the
    observation or a Bot)."""

    targets: dict[str, float]
    """level -> the win rate the interval's lower end must beat against it"""
    play: Callable[[str, int, Any], bool] = field(repr=False)
    games: int = 40
    player: Callable[[Any], Any] = field(default=lambda answer: answer, repr=False)

    def with_games(self, games: int) -> BotExercise:
        """The same exercise over fewer or more games (tests, a quick try in class)."""
        return replace(self, games=games)

    def judge(self, answer: Any, lang: str) -> Result:
        if not callable(answer):
            got = type(answer).__name__
            return self.result("invalid", say(NOT_A_BOT, lang, got=got), lang)
        lines, passed, above = [], True, True
        for level, target in self.targets.items():
            try:
                wins = sum(self.play(level, n, self.player(answer)) for n in range(self.games))
            except StudentBotFailed as failure:
                message = say(BOT_FAILED, lang, game=failure.game + 1, error=str(failure))
                return self.result("invalid", message, lang)
            low, high = wilson_interval(wins, self.games, 0.95)
            reached = low > target
            passed &= reached
            above &= wins / self.games > target
            lines.append(
                say(
                    BOT_LINE,
                    lang,
                    level=level,
                    wins=wins,
                    games=self.games,
                    rate=percent(wins / self.games),
                    low=percent(low),
                    high=percent(high),
                    target=percent(target),
                    verdict=say(REACHED if reached else NOT_REACHED, lang),
                )
            )
        status = "right" if passed else "close" if above else "wrong"
        message = say({"right": BOT_RIGHT, "close": BOT_CLOSE, "wrong": BOT_WRONG}[status], lang)
        return self.hinted(status, message, lang, details=tuple(lines))


def student_move(bot: Any, state: Any, game: int) -> Any:
    """The student's bot's move in `state`, its failure wrapped in StudentBotFailed."""
    try:
        return bot(state)
    except Exception as error:  # a student's code may raise anything: report it, never hide it
        raise StudentBotFailed(game, error) from error


# -- Sortilèges turns -----------------------------------------------------------------
@dataclass(frozen=True)
class TurnExercise(Exercise):
    """A turn that must win the Sortilèges puzzle `puzzle` (`sortileges.puzzles`): right if
    it wins as fast as possible, close if it wins more slowly, wrong if it loses."""

    puzzle: str

    def judge(self, answer: Any, lang: str) -> Result:
        from ..sortileges.puzzles import check_puzzle

        result = check_puzzle(self.puzzle, answer, lang)
        hint = {"close": self.hints.close, "wrong": self.hints.wrong}.get(result.status)
        return replace(result, exercise=self.id, hint=hint[lang] if hint else result.hint)
