"""Exercise `strategie.negamax` (sortileges_strategie.ipynb): the pupil writes the recursion.

`mon_negamax(etat, profondeur)` gives the score of `etat` for the witch to move: -1 if the
game is over (she is blocked: she has lost), 0 at depth 0 (unknown), else the best of minus
the scores after each of her turns, one turn less deep. The lesson gives the pieces (the
legal turns, a turn played on a copy, the two base cases); the pupil writes the recursion.

The checker calls the pupil's function on small trees (endgames and small boards that a
plain negamax searches in a fraction of a second) and compares its scores with this
module's `negamax`: first on the positions the notebook shows (`shown_positions`: a miss
there is named), then on positions it keeps to itself (a function written for the shown
ones alone fails there; `check` and the hidden mark call the same judge). The shown positions
of the small boards come first, the 6 × 8 one only once they are right. A verdict names a
position and a mistake, never a score:

* the position given changed (the search played on it, not on a copy);
* an exception, with its type and text (a recursion that never stops raises RecursionError);
* something other than a score (a `return` forgotten);
* a finished game not scored as lost (the terminal case missing, or tested after the depth);
* the scores of a known mistake on every position: no change of sign (minimax's max for both
  witches), one turn short, one turn too deep;
* too slow: more than `SECONDS` on one position (a search that ignores the depth never ends
  on the 6 × 8 board). Each node a search expands asks its legal turns, and each copy of a
  position keeps its deadline (`WatchedState`), so the search is stopped there, at no cost
  to a search in time;
* otherwise, how many positions are missed.
"""

from __future__ import annotations

import functools
import math
import numbers
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ludotheque.engines.sortileges import Sortileges, SortilegesState
from ludotheque.engines.sortileges.rules import Turn

from .kinds import Exercise, Hints, shown_number
from .result import Result, Text, checked_language, say

SECONDS = 5.0
"""Per position: a right negamax takes well under a second on each, in the browser too."""

Program = Callable[[SortilegesState, int], Any]


class TooSlow(BaseException):
    """A search past its deadline (a BaseException: the pupil's `except Exception` does not
    keep it going)."""


class WatchedState(SortilegesState):
    """A position whose searches stop at `deadline` (`time.monotonic()`): a search asks each
    node it expands for its legal turns, and a node's copies keep the deadline."""

    deadline = math.inf

    def legal_actions(self) -> list[Turn]:
        if time.monotonic() > self.deadline:
            raise TooSlow
        return super().legal_actions()


class WatchedSortileges(Sortileges):
    """Sortilèges whose positions are `WatchedState`s (not a game of its own: no `name`)."""

    state_class = WatchedState


# -- the reference and the known mistakes ------------------------------------------------
def negamax(state: SortilegesState, depth: int, sign: int = -1) -> int:
    """The score of `state` for the witch to move, `depth` turns deep: -1 lost (blocked),
    0 unknown, +1 won. `sign=+1` is the no-negation mistake (a child's score kept as is)."""
    if state.is_terminal():
        return -1
    if depth == 0:
        return 0
    best = -2
    for turn in state.legal_actions():
        child = cast(SortilegesState, state.clone())
        child.apply(turn)
        best = max(best, sign * negamax(child, depth - 1, sign))
    return best


@dataclass(frozen=True)
class Mistake:
    """A known wrong negamax: `scores(state, depth)`, and what to tell a pupil whose
    scores are its scores on every position tried."""

    scores: Program
    message: Text


MISTAKES = (
    Mistake(
        lambda state, depth: negamax(state, depth, sign=+1),
        {
            "fr": "vos scores sont ceux d'une recherche qui ne change pas de signe : le score "
            "d'un tour, pour la sorcière qui le joue, est l'opposé du score de la position "
            "qu'il laisse à l'autre.",
            "en": "your scores are those of a search that never changes sign: a turn's score, "
            "for the witch who plays it, is minus the score of the position it leaves to the "
            "other witch.",
        },
    ),
    Mistake(
        lambda state, depth: negamax(state, max(depth - 1, 0)),
        {
            "fr": "vos scores sont ceux d'une recherche d'un tour moins profonde : à profondeur "
            "1, chaque tour est regardé, et la recherche s'arrête à profondeur 0.",
            "en": "your scores are those of a search one turn shallower: at depth 1 every turn "
            "is looked at, and the search stops at depth 0.",
        },
    ),
    Mistake(
        lambda state, depth: negamax(state, depth + 1),
        {
            "fr": "vos scores sont ceux d'une recherche d'un tour plus profonde : chaque appel "
            "baisse la profondeur d'un tour, et la recherche s'arrête à profondeur 0.",
            "en": "your scores are those of a search one turn deeper: each call lowers the "
            "depth by one turn, and the search stops at depth 0.",
        },
    ),
)


# -- the positions tried -----------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    """A position and the depth to search it: a board, the witches (Têtdevache's square
    first), the spelled squares, who moves (0: Têtdevache). `name`: how the notebook shows
    it (None: the checker keeps it to itself)."""

    name: str | None
    files: int
    ranks: int
    witches: tuple[str, str]
    spells: tuple[str, ...]
    depth: int
    first: int = 0

    def position(self) -> WatchedState:
        game = WatchedSortileges(files=self.files, ranks=self.ranks)
        state = game.new_game(
            seed=0, first=self.first, witches=list(self.witches), spells=list(self.spells)
        )
        return cast(WatchedState, state)

    @property
    def small(self) -> bool:
        """On a board of 20 squares or fewer: the known mistakes are recognised there (on
        the 6 × 8 board, one turn deeper is already some 50,000 positions)."""
        return self.files * self.ranks <= 20

    def described(self, lang: str) -> str:
        board = f"{self.files} × {self.ranks}"
        if self.name is None:
            return say(HIDDEN_CASE, lang, board=board, depth=self.depth)
        finished = say(FINISHED, lang) if self.position().is_terminal() else ""
        return say(
            SHOWN_CASE, lang, name=self.name, board=board, finished=finished, depth=self.depth
        )


LAB = ("d3", "b4", "d4", "a2", "d2")
"""The spells of the lab's 4 × 4 endgame (`sortileges.LAB_POSITION`), Têtdevache on b3,
Fasderat on a3."""

SHOWN = (
    Case("A", 4, 4, ("b3", "a3"), LAB, depth=1),
    Case("B", 4, 4, ("b3", "a3"), (*LAB, "a4", "b2"), depth=0, first=1),
    Case("B", 4, 4, ("b3", "a3"), (*LAB, "a4", "b2"), depth=2, first=1),
    Case("C", 4, 4, ("b3", "a3"), (*LAB, "b2"), depth=0),
    Case("C", 4, 4, ("b3", "a3"), (*LAB, "b2"), depth=1),
    Case("C", 4, 4, ("b3", "a3"), (*LAB, "b2"), depth=2),
    Case("D", 6, 8, ("c1", "d8"), (), depth=1),
)
"""The positions the notebook shows: A the lab's endgame; B a finished game (Fasderat to
move is shut in); C Têtdevache can shut her in at once; D the start of the real board,
where a search that ignores the depth never ends."""

HIDDEN = (
    Case(None, 4, 4, ("c1", "d4"), ("b3", "d2", "d1", "b2", "c2", "b4"), depth=2),
    Case(
        None,
        4,
        5,
        ("b3", "c5"),
        ("d2", "b2", "a5", "b4", "c1", "c2", "b5", "a4", "d4", "c4"),
        depth=1,
    ),
    Case(
        None,
        4,
        5,
        ("c2", "c4"),
        ("d4", "d3", "d1", "a4", "b5", "b4", "d5", "c3", "c1", "b3"),
        depth=2,
        first=1,
    ),
    Case(
        None,
        4,
        5,
        ("b1", "a4"),
        ("d4", "c2", "a3", "c3", "c1", "b3", "b5", "b2", "a2", "d1"),
        depth=2,
    ),
    Case(
        None,
        5,
        4,
        ("b2", "e1"),
        ("a4", "a3", "d4", "d2", "b1", "c2", "e4", "a2", "d1", "a1"),
        depth=2,
    ),
    Case(
        None,
        5,
        4,
        ("c4", "d2"),
        ("a1", "b4", "c3", "e2", "b2", "a2", "b3", "b1", "d4", "a3", "d3"),
        depth=3,
    ),
)
"""Positions of seeded random games on small boards (`random.Random(seed)` turns from the
start until 6 free squares are left, or to the end), which the notebook never shows: a
draw at depth 2, a win in 1, a loss in 2, a win found only one turn deeper, a win in 1 seen
at depth 2, a finished game."""


def shown_positions() -> list[tuple[str, SortilegesState, int]]:
    """(name, position, depth) of each position the notebook shows, for the pupil to try."""
    return [(str(case.name), case.position(), case.depth) for case in SHOWN]


@functools.cache
def reference_score(case: Case) -> int:
    return negamax(case.position(), case.depth)


@functools.cache
def mistaken_score(mistake: int, case: Case) -> int:
    return int(MISTAKES[mistake].scores(case.position(), case.depth))


# -- running the pupil's function ------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    """What the pupil's function did on one position: its score, or what went wrong
    (`failure`: "changed", "raised", "not-a-score" or "slow"; `error`: what it raised)."""

    score: float | None = None
    failure: str | None = None
    error: str = ""


def fingerprint(state: SortilegesState) -> Hashable:
    return state.position(), state.won_by, state.ply


def outcome(program: Program, case: Case, seconds: float) -> Outcome:
    state = case.position()
    before = fingerprint(state)
    state.deadline = time.monotonic() + seconds
    failure, error, score = None, "", None
    try:
        score = program(state, case.depth)
    except TooSlow:
        failure = "slow"
    except Exception as raised:  # the pupil's code may raise anything: it is the verdict
        failure, error = "raised", f"{type(raised).__name__}: {raised}"[:200]
    if fingerprint(state) != before:
        return Outcome(failure="changed")
    if failure is not None:
        return Outcome(failure=failure, error=error)
    if isinstance(score, bool) or not isinstance(score, numbers.Real):
        return Outcome(failure="not-a-score", error=type(score).__name__)
    return Outcome(score=float(score))


# -- what the checker says ---------------------------------------------------------------
NOT_A_FUNCTION: Text = {
    "fr": "la réponse attendue est une fonction `mon_negamax(etat, profondeur)`, pas {got}.",
    "en": "the answer should be a function `mon_negamax(etat, profondeur)`, not {got}.",
}
SHOWN_CASE: Text = {
    "fr": "la position {name} ({board}{finished}) à profondeur {depth}",
    "en": "position {name} ({board}{finished}) at depth {depth}",
}
FINISHED: Text = {"fr": ", partie finie", "en": ", a finished game"}
HIDDEN_CASE: Text = {
    "fr": "une position que le carnet ne montre pas ({board}, profondeur {depth})",
    "en": "a position the notebook does not show ({board}, depth {depth})",
}
RIGHT: Text = {
    "fr": "votre negamax donne le bon score sur chacune des {total} positions essayées, dont "
    "{hidden} que le carnet ne montre pas.",
    "en": "your negamax gives the right score on each of the {total} positions tried, {hidden} "
    "of them not shown in the notebook.",
}
CHANGED: Text = {
    "fr": "votre fonction modifie la position qu'elle reçoit ({case}) : jouez chaque tour sur "
    "une copie (`jouer` en rend une), jamais sur la position elle-même.",
    "en": "your function changes the position it is given ({case}): play each turn on a copy "
    "(`jouer` returns one), never on the position itself.",
}
RAISED: Text = {
    "fr": "sur {case}, votre fonction lève {error}.",
    "en": "on {case}, your function raises {error}.",
}
ENDLESS: Text = {
    "fr": "La récursion ne s'arrête pas : chaque appel doit baisser la profondeur d'un tour.",
    "en": "The recursion never stops: each call must lower the depth by one turn.",
}
NO_TURN: Text = {
    "fr": "Une partie finie n'a aucun tour à chercher : testez la fin de partie en premier.",
    "en": "A finished game has no turn to search: test for the end of the game first.",
}
NOT_A_SCORE: Text = {
    "fr": "sur {case}, votre fonction rend {got}, pas un score : un `return` oublié ?",
    "en": "on {case}, your function returns {got}, not a score: a `return` forgotten?",
}
TERMINAL: Text = {
    "fr": "le score d'une partie finie est faux ({case}) : la sorcière qui doit jouer est "
    "enfermée, elle a perdu, quelle que soit la profondeur. Testez la fin de partie en premier.",
    "en": "the score of a finished game is wrong ({case}): the witch to move is shut in, she "
    "has lost, whatever the depth. Test for the end of the game first.",
}
SLOW: Text = {
    "fr": "trop lente : plus de {seconds} s sur {case}. La recherche s'arrête-t-elle à "
    "profondeur 0, la profondeur baissant d'un tour à chaque appel ?",
    "en": "too slow: more than {seconds} s on {case}. Does the search stop at depth 0, the "
    "depth going down by one turn at each call?",
}
MISSED_SHOWN: Text = {
    "fr": "votre score est faux sur {count} des {total} positions essayées, dont {case}.",
    "en": "your score is wrong on {count} of the {total} positions tried, {case} among them.",
}
CRITERION: Text = {
    "fr": "une fonction qui donne le score de negamax sur chacune des {total} positions "
    "essayées ({hidden} que le carnet ne montre pas), sans modifier la position, en moins de "
    "{seconds} s par position",
    "en": "a function that gives negamax's score on each of the {total} positions tried "
    "({hidden} not shown in the notebook), leaving the position unchanged, in under {seconds} s "
    "a position",
}
MISSED_HIDDEN: Text = {
    "fr": "juste sur les positions montrées, mais faux sur {count} des {total} positions que "
    "le carnet ne montre pas, dont {case}.",
    "en": "right on the positions shown, but wrong on {count} of the {total} positions the "
    "notebook does not show, {case} among them.",
}


@dataclass(frozen=True)
class NegamaxExercise(Exercise):
    """A pupil's negamax, judged on what it returns (see the module text). A program has no
    answer to search by trial (a verdict names a position and a mistake, never a score), so
    every version of the function is one answer to the practice check's count of tries:
    it keeps the full verdict, as for a bot."""

    seconds: float = SECONDS

    def same_answer(self, answer: Any) -> Any:
        return ("program", self.id)

    def criterion(self, lang: str) -> str:
        total, hidden = len(SHOWN) + len(HIDDEN), len(HIDDEN)
        return say(
            CRITERION, lang, total=total, hidden=hidden, seconds=shown_number(self.seconds, lang)
        )

    def judge(self, answer: Any, lang: str) -> Result:
        lang = checked_language(lang)
        if not callable(answer):
            got = type(answer).__name__
            return self.result("invalid", say(NOT_A_FUNCTION, lang, got=got), lang)
        for cases, missed in self.stages():
            outcomes = [outcome(answer, case, self.seconds) for case in cases]
            verdict = self.verdict(cases, outcomes, missed, lang)
            if verdict is not None:
                return verdict
        total, hidden = len(SHOWN) + len(HIDDEN), len(HIDDEN)
        return self.result("right", say(RIGHT, lang, total=total, hidden=hidden), lang)

    @staticmethod
    def stages() -> list[tuple[Sequence[Case], Text]]:
        """The shown positions of the small boards, then the others shown (only once those
        are right: a search one turn too deep takes long on the 6 × 8 board), then the
        hidden ones; each with what a miss there says."""
        small = tuple(case for case in SHOWN if case.small)
        large = tuple(case for case in SHOWN if not case.small)
        return [(small, MISSED_SHOWN), (large, MISSED_SHOWN), (HIDDEN, MISSED_HIDDEN)]

    def verdict(
        self, cases: Sequence[Case], outcomes: Sequence[Outcome], missed: Text, lang: str
    ) -> Result | None:
        """What is wrong on `cases`, the worst first; None if nothing is."""
        tried = list(zip(cases, outcomes, strict=True))
        for failure in ("changed", "not-a-score", "raised"):  # no score: -None raises above
            for case, done in tried:
                if done.failure == failure:
                    return self.failed(case, done, lang)
        wrong = [
            case
            for case, done in tried
            if done.failure is None and done.score != reference_score(case)
        ]
        finished = [case for case in wrong if case.position().is_terminal()]
        if finished:
            return self.wrong(say(TERMINAL, lang, case=finished[0].described(lang)), lang)
        if wrong and cases is not HIDDEN:  # each known mistake shows on the shown positions
            scored = [
                (case, done.score) for case, done in tried if done.failure is None and case.small
            ]
            for number, mistake in enumerate(MISTAKES):
                if all(mistaken_score(number, case) == score for case, score in scored):
                    return self.wrong(say(mistake.message, lang), lang)
        slow = [case for case, done in tried if done.failure == "slow"]
        if slow:
            seconds = shown_number(self.seconds, lang)
            return self.wrong(say(SLOW, lang, seconds=seconds, case=slow[0].described(lang)), lang)
        if wrong:
            message = say(
                missed, lang, count=len(wrong), total=len(cases), case=wrong[0].described(lang)
            )
            return self.wrong(message, lang)
        return None

    def failed(self, case: Case, done: Outcome, lang: str) -> Result:
        where = case.described(lang)
        if done.failure == "changed":
            return self.wrong(say(CHANGED, lang, case=where), lang)
        if done.failure == "not-a-score":
            return self.wrong(say(NOT_A_SCORE, lang, case=where, got=done.error), lang)
        message = say(RAISED, lang, case=where, error=done.error)
        if done.error.startswith("RecursionError"):
            message += " " + say(ENDLESS, lang)
        elif case.position().is_terminal():
            message += " " + say(NO_TURN, lang)
        return self.wrong(message, lang)

    def wrong(self, message: str, lang: str) -> Result:
        return self.hinted("wrong", message, lang)


EXERCISES = (
    NegamaxExercise(
        id="strategie.negamax",
        notebook="sortileges_strategie",
        kind="computation",
        statement={
            "fr": "Écrivez `mon_negamax(etat, profondeur)` : le score de `etat` pour la sorcière "
            "qui doit jouer, en cherchant `profondeur` tours : −1 si la partie est finie (elle "
            "est enfermée), 0 à profondeur 0, sinon le meilleur, parmi ses tours, de l'opposé "
            "du score de la position qu'il laisse, un tour moins profond. La fonction ne doit "
            "pas modifier `etat`.",
            "en": "Write `mon_negamax(etat, profondeur)`: the score of `etat` for the witch to "
            "move, searching `profondeur` turns deep: −1 if the game is over (she is shut in), "
            "0 at depth 0, else the best, among her turns, of minus the score of the position "
            "it leaves, one turn less deep. The function must not change `etat`.",
        },
        hints=Hints(
            wrong={
                "fr": "Essayez votre fonction sur chaque position montrée et comparez avec ce "
                "que vous trouvez à la main : un score par position, +1, 0 ou −1.",
                "en": "Try your function on each position shown and compare with what you "
                "find by hand: one score per position, +1, 0 or −1.",
            },
        ),
    ),
)
