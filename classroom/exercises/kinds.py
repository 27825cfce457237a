"""The kinds of exercise a notebook asks, each declared once and judged the same way.

* `NumberExercise`: a number (a prediction, a count, a probability): right inside the
  reference's own interval widened by `tolerance`, close inside `close`, else wrong; the
  reference is computed by the engines when judged (the costly computations keep their
  result for the process, `functools.cache`), so it stays true when an engine changes.
* `IntervalExercise`: an estimate with its 95 % interval: judged on the interval's coverage
  of the reference and on its width (no wider than the margin the statement asks); a bare
  rate, or an interval from too few deals, is never right nor close.
* `ChoiceExercise`: one option among a few (a prediction: "which is safest?"), the right
  option computed by the engines.
* `BotExercise` (in `bot_verdict.py`): a student's bot (a function of the observation) plays
  fresh games against bot levels until a sequential test decided in advance says whether it
  reaches the target against each (`sequential.py`).
* `TurnExercise`: a Sortilèges turn that must win a position, judged by the exact solver
  (the puzzles' judge, `classroom.puzzles`).

`Exercise.judge` is a pure function of the answer: the hidden tests' `mark` calls it. The
practice check, `check`, adds the memory of tries (`practice`). The reference an exercise is
judged against is a private helper (`_reference`), in no public API: no function hands a
pupil the answer.

Messages never contain the expected answer: they say right / close / wrong, the direction of
a miss, and a hint written with the exercise (tests check both languages for it).
"""

from __future__ import annotations

import math
import numbers
import unicodedata
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import Any

from ludotheque.engines.stats import exact_interval

from .result import LANGUAGES, Result, Text, checked_language, say

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

# What a marker accepts, for the marking grid (`Exercise.criterion`): rules, no answer.
NUMBER_CRITERION: Text = {
    "fr": "la valeur que calcule le correcteur{width}{kind}",
    "en": "the value the checker computes{width}{kind}",
}
WITHIN: Text = {"fr": ", à {width} près", "en": ", to within {width}"}
WITHIN_SHARE: Text = {"fr": ", à {share} près", "en": ", to within {share}"}
WHOLE: Text = {"fr": " (un nombre entier)", "en": " (a whole number)"}
PROBABILITY: Text = {"fr": " (une probabilité, entre 0 et 1)", "en": " (a probability, 0 to 1)"}
INTERVAL_CRITERION: Text = {
    "fr": "une estimation avec son intervalle à 95 %, de ± {margin} point au plus, qui "
    "rencontre l'intervalle de la référence (calculée sur beaucoup de donnes)",
    "en": "an estimate with its 95 % interval, ± {margin} point at most, that meets the "
    "reference's interval (computed over many deals)",
}
CHOICE_CRITERION: Text = {"fr": "le bon choix parmi {choices}", "en": "the right one of {choices}"}
TURN_CRITERION: Text = {
    "fr": "un tour qui gagne le plus vite possible (le solveur exact le vérifie)",
    "en": "a turn that wins as fast as possible (the exact solver checks it)",
}
DECIMAL_COMMA: Text = {"fr": ",", "en": "."}
QUOTES = {"fr": ("« ", " »"), "en": ("“", "”")}


def shown_number(value: float, lang: str) -> str:
    """`value` as a reader of `lang` writes it (0,05 in French)."""
    return f"{value:g}".replace(".", DECIMAL_COMMA[lang])


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

    def criterion(self, lang: str) -> str:
        """What the marker accepts, in `lang`, for a marking grid (`make worksheets`): the
        rule, never the answer."""
        raise NotImplementedError

    def same_answer(self, answer: Any) -> Any:
        """What makes two answers one for the practice check's count of tries (`practice`)."""
        return answer_key(answer)

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


def sample_size(answer: Any) -> int | None:
    """The deals behind an estimate (`estimate`'s result has `deals`), None if unknown."""
    deals = getattr(answer, "deals", None)
    if isinstance(deals, bool) or not isinstance(deals, numbers.Integral) or deals < 1:
        return None
    return int(deals)


def answer_key(answer: Any) -> Hashable:
    """What makes two answers the same one: the number read (295 and 295.0 are one answer,
    an estimate and its (rate, low, high) too), the words without case or accents, else the
    object's type and text (its identity, if it cannot even be written)."""
    if isinstance(answer, str):
        return ("text", normalised(answer))
    read = read_number(answer)
    if read is not None:
        return ("number", read[0], read[1])
    try:  # a pupil's object may be anything, its repr too: never let it break the check
        return ("repr", type(answer).__qualname__, repr(answer)[:500])
    except Exception:
        return ("object", id(answer))


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

    def criterion(self, lang: str) -> str:
        if self.relative:
            width = say(WITHIN, lang, width=f"{shown_number(100 * self.tolerance, lang)} %")
        else:
            width = say(WITHIN, lang, width=shown_number(self.tolerance, lang))
        kind = WHOLE if self.whole else PROBABILITY if self.probability else None
        return say(
            NUMBER_CRITERION,
            lang,
            width=width if self.tolerance else "",
            kind=say(kind, lang) if kind else "",
        )

    def _reference(self) -> Reference:
        return Reference.of(self.compute())

    def band(self, reference: Reference, width: float) -> tuple[float, float]:
        if self.relative:
            width *= abs(reference.value)
        return reference.low - width, reference.high + width

    def judge(self, answer: Any, lang: str) -> Result:
        lang = checked_language(lang)
        read = read_number(answer)
        if read is None:
            got = repr(answer) if isinstance(answer, float) else type(answer).__name__
            return self.result("invalid", say(NOT_A_NUMBER, lang, got=got), lang)
        value, interval = read
        if self.probability and not 0 <= value <= 1:
            return self.result("invalid", say(NOT_A_PROBABILITY, lang), lang)
        if self.whole and value != int(value):
            return self.result("invalid", say(NOT_A_WHOLE_NUMBER, lang), lang)
        reference = self._reference()
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


# -- estimates with their interval ----------------------------------------------------
NOT_AN_ESTIMATE: Text = {
    "fr": "la réponse attendue est une estimation avec son intervalle à 95 % : le résultat de "
    "`estimate` ou un triplet (taux, bas, haut), pas {got}.",
    "en": "the answer should be an estimate with its 95 % interval: `estimate`'s result or a "
    "triple (rate, low, high), not {got}.",
}
BARE_RATE: Text = {
    "fr": "un taux seul ne suffit pas : donnez aussi son intervalle à 95 % (le résultat de "
    "`estimate`, ou un triplet (taux, bas, haut)).",
    "en": "a rate alone is not enough: give its 95 % interval too (`estimate`'s result, or a "
    "triple (rate, low, high)).",
}
RATE_OUTSIDE: Text = {
    "fr": "votre taux n'est pas dans votre intervalle : (taux, bas, haut), dans cet ordre ?",
    "en": "your rate lies outside your interval: (rate, low, high), in that order?",
}
INTERVAL_NOT_A_PROBABILITY: Text = {
    "fr": "un intervalle de probabilité reste entre 0 et 1 (25 % s'écrit 0.25).",
    "en": "an interval of a probability lies between 0 and 1 (25 % is written 0.25).",
}
TOO_IMPRECISE: Text = {
    "fr": "trop imprécis : combien de parties faudrait-il ? Votre intervalle est plus large "
    "que ± {margin} {unit}, la précision demandée.",
    "en": "too imprecise: how many games would you need? Your interval is wider than "
    "± {margin} {unit}, the precision asked.",
}
TOO_IMPRECISE_DEALS: Text = {
    "fr": "trop imprécis : combien de parties faudrait-il ? {deals} donnes donnent un "
    "intervalle plus large que ± {margin} {unit}, la précision demandée.",
    "en": "too imprecise: how many games would you need? {deals} deals give an interval wider "
    "than ± {margin} {unit}, the precision asked.",
}
POINTS: dict[str, tuple[str, str]] = {"fr": ("point", "points"), "en": ("point", "points")}
INTERVAL_RIGHT: Text = {
    "fr": "votre intervalle contient la valeur, avec la précision demandée.",
    "en": "your interval holds the value, as precisely as asked.",
}
INTERVAL_CLOSE: Text = {
    "fr": "votre intervalle passe juste à côté de la valeur, {direction}.",
    "en": "your interval just misses the value, {direction}.",
}
INTERVAL_WRONG: Text = {
    "fr": "votre intervalle ne contient pas la valeur : {direction}.",
    "en": "your interval does not hold the value: {direction}.",
}
SIDES: dict[str, Text] = {
    "high": {"fr": "trop haut", "en": "too high"},
    "low": {"fr": "trop bas", "en": "too low"},
}


def written_points(share: float, lang: str) -> tuple[str, str]:
    """A margin in points as the lesson writes it ('1,5 point' / '1.5 points')."""
    points = round(100 * share, 1)
    text = f"{points:g}"
    if lang == "fr":  # French: singular below 2
        return text.replace(".", ","), POINTS[lang][points >= 2]
    return text, POINTS[lang][points != 1]


@dataclass(frozen=True)
class IntervalExercise(Exercise):
    """An estimate with its 95 % interval, `compute` giving the reference (a `Reference`:
    the rate of many seeded deals with its own exact interval).

    The answer is `estimate`'s result (rate, low, high and `deals`) or a triple (rate, low,
    high); a bare rate is invalid (the interval is the question), and so is a rate outside
    its own interval. Judged, in this order:

    * width: the interval must be no wider than ± `margin` (the precision the statement
      asks), to a twentieth of a point (the notebook prints margins to a tenth: "± 1,0
      point" passes for ± 1). Where the answer carries its sample size, the interval judged
      is at least the exact interval of its wins out of its deals (an interval narrowed by
      hand does not pass). Too wide is wrong, "too imprecise: how many games would you
      need?", never close: a 20-deal sample (± 20 points) is never right.
    * coverage: the interval must meet the reference's (both are estimates: an honest 95 %
      interval may miss the reference's own value by a hair); missing it by at most `close`
      is close (an unlucky sample, or a slip), further is wrong, with the side of the miss.
    """

    compute: Callable[[], Any] = field(repr=False)
    margin: float = 0.01
    close: float = 0.015
    probability: bool = True
    imprecise: Text | None = None
    """the hint of an interval too wide (how to get the sample size right)"""

    ROUNDING = 0.0005
    """Half a tenth of a point: a margin printed "± 1,0 point" is within ± 1 point."""

    def criterion(self, lang: str) -> str:
        return say(INTERVAL_CRITERION, lang, margin=shown_number(100 * self.margin, lang))

    def _reference(self) -> Reference:
        return Reference.of(self.compute())

    def judge(self, answer: Any, lang: str) -> Result:
        lang = checked_language(lang)
        read = read_number(answer)
        if read is None:
            got = type(answer).__name__
            return self.result("invalid", say(NOT_AN_ESTIMATE, lang, got=got), lang)
        value, interval = read
        if interval is None:
            return self.result("invalid", say(BARE_RATE, lang), lang)
        low, high = interval
        if self.probability and not 0 <= low <= high <= 1:
            return self.result("invalid", say(INTERVAL_NOT_A_PROBABILITY, lang), lang)
        if not low <= value <= high:
            return self.result("invalid", say(RATE_OUTSIDE, lang), lang)
        deals = sample_size(answer)
        if deals is not None and self.probability:
            wins = min(deals, max(0, round(value * deals)))
            least_low, least_high = exact_interval(wins, deals)
            low, high = min(low, least_low), max(high, least_high)
        if (high - low) / 2 > self.margin + self.ROUNDING:
            margin, unit = written_points(self.margin, lang)
            if deals is None:
                message = say(TOO_IMPRECISE, lang, margin=margin, unit=unit)
            else:
                shown = f"{deals:,}".replace(",", " " if lang == "fr" else ",")
                message = say(TOO_IMPRECISE_DEALS, lang, deals=shown, margin=margin, unit=unit)
            hint = (self.imprecise or self.hints.wrong)[lang]
            return self.result("wrong", message, lang, hint=hint, method=True)
        reference = self._reference()
        if high >= reference.low and low <= reference.high:
            return self.result("right", say(INTERVAL_RIGHT, lang), lang)
        side = "high" if low > reference.high else "low"
        gap = low - reference.high if side == "high" else reference.low - high
        status = "close" if gap <= self.close else "wrong"
        template = INTERVAL_CLOSE if status == "close" else INTERVAL_WRONG
        message = say(template, lang, direction=say(SIDES[side], lang))
        return self.hinted(status, message, lang)


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

    def criterion(self, lang: str) -> str:
        opening, closing = QUOTES[lang]
        listed = ", ".join(f"{opening}{words[lang]}{closing}" for words in self.choices.values())
        return say(CHOICE_CRITERION, lang, choices=listed)

    def key_of(self, answer: Any) -> str | None:
        if not isinstance(answer, str):
            return None
        wanted = normalised(answer)
        for key, words in self.choices.items():
            if wanted in {normalised(key), *(normalised(words[lang]) for lang in LANGUAGES)}:
                return key
        return None

    def same_answer(self, answer: Any) -> Any:
        """'coin', ' Coin ' and 'corner' are one answer."""
        return ("choice", self.key_of(answer))

    def judge(self, answer: Any, lang: str) -> Result:
        lang = checked_language(lang)
        key = self.key_of(answer)
        if key is None:
            listed = ", ".join(f"« {words[lang]} »" for words in self.choices.values())
            return self.result("invalid", say(NOT_A_CHOICE, lang, choices=listed), lang)
        if key == self.compute():
            right = RIGHT_PREDICTION if self.kind == "prediction" else RIGHT
            return self.result("right", say(right, lang), lang)
        return self.hinted("wrong", say(WRONG_CHOICE, lang), lang)


# -- Sortilèges turns -----------------------------------------------------------------
@dataclass(frozen=True)
class TurnExercise(Exercise):
    """A turn that must win the Sortilèges puzzle `puzzle` (`classroom.puzzles`): right if
    it wins as fast as possible, close if it wins more slowly, wrong if it loses. `judge` is
    the puzzle's pure judge (`judge_puzzle`); `check` counts the turns tried with the
    puzzle's own practice check (`check_puzzle`: the tries of both add up)."""

    puzzle: str

    def criterion(self, lang: str) -> str:
        return say(TURN_CRITERION, lang)

    def judge(self, answer: Any, lang: str) -> Result:
        from ..puzzles import judge_puzzle

        return self.adopted(judge_puzzle(self.puzzle, answer, lang), lang)

    def practise(self, answer: Any, lang: str) -> Result:
        """The practice check's verdict: the puzzle's, with its memory of turns tried."""
        from ..puzzles import check_puzzle

        return self.adopted(check_puzzle(self.puzzle, answer, lang), lang)

    def adopted(self, result: Result, lang: str) -> Result:
        """A puzzle's verdict as this exercise's, with the exercise's hints."""
        hint = {"close": self.hints.close, "wrong": self.hints.wrong}.get(result.status)
        return replace(result, exercise=self.id, hint=hint[lang] if hint else result.hint)
