"""« Où ai-je perdu ? » (where did I lose?): the review exercise of the strategy lab
(sortileges_strategie.ipynb, part 5).

A finished Sortilèges game is reviewed (`ludotheque.engines.review.review`); its turning point
(`turning_point`) is the first move of the reviewed witch after which she had lost with best
play, having been able to win before. The pupil finds a turn that would have kept the win
there, and `check_turning_point(record, ply, turn, lang)` judges it with the exact solver:

* right for **any** turn after which the witch to move at `ply` still wins with best play
  (not only the review's `best`), saying in how many plies;
* wrong for a turn after which the other witch wins, saying how fast ("after c3-d4/e5,
  Fasderat wins in 7 plies: try another square") and with a hint;
* invalid, saying why, for a malformed or illegal turn, a ply that is not one of the game's
  moves, a position where the witch to move had no win left to keep, or one too open for the
  solver to settle within `JUDGE_LIMITS` nodes (an opening: give the review's ply).

`judge_turning_point` is the pure judge; `check_turning_point` adds the puzzles' memory of
turns tried (`practice`): three plain verdicts, then the count of turns tried, and past six
distinct turns at one position no verdict on a new one (looping over the legal turns finds
nothing). The exercise is practice, not marked: each pupil's game is their own.

The pupil who has not played (and nbval, which plays nobody) reviews `sample_game()`: a 5 × 5
game between a seeded greedy witch (level 2, Têtdevache) and alpha-beta three turns deep
(level 3's search at a fixed depth, Fasderat), stored as its turns so that it does not move
when a bot changes (tests/engines/test_turning_point.py replays the bots and checks the
review's turning point). `proven_turning_point(record, entries, seat)` is the review's
turning point, or where the review could not prove one within its budget (without numba,
in the browser, a second of review buys the solver 50 times fewer nodes) the first of the seat's
blunders and mistakes that the solver proves threw a win away, within `NODE_LIMITS` nodes.
"""

from __future__ import annotations

import functools
from typing import Any, cast

from ludotheque.engines.core import RulesError, State, in_language
from ludotheque.engines.extras import have_numba
from ludotheque.engines.review import turning_point
from ludotheque.engines.sortileges.rules import Sortileges, SortilegesState, Turn

from .practice import MEMORY, PUZZLE_FULL_TRIES, PUZZLE_MAX_TRIES
from .result import Result, Text, checked_language, say

EXERCISE = "strategie.turning_point"
"""The name the verdicts carry (the exercise is practice: it is in no marking grid)."""

SAMPLE: dict[str, Any] = {
    "files": 5,
    "ranks": 5,
    "seed": 4,
    "first": 0,
    "turns": [
        "c1-b2/b5",
        "c5-c4/c2",
        "b2-b3/d5",
        "c4-c3/a3",
        "b3-b2/d3",
        "c3-c4/a2",
        "b2-b3/d4",
        "c4-c3/a4",
        "b3-b4/b2",
        "c3-c4/c3",
        "b4-c5/b3",
        "c4-b4/c4",
    ],
}
"""`play_match(Sortileges(files=5, ranks=5), [GreedyBot(4), AlphaBetaBot(None, max_depth=3)],
seed=4, first=0)`: the greedy witch, Têtdevache, loses in 12 plies."""
SAMPLE_SEAT = 0
"""The reviewed witch of the sample: Têtdevache, the greedy one."""
WITCHES = ("Têtdevache", "Fasderat")
NODE_LIMITS = {True: 2_000_000, False: 300_000}
"""Solver nodes `proven_turning_point` spends on one position the review only estimated,
compiled (numba) or not: a second or two either way; a position that needs more is
skipped, not waited for."""
JUDGE_LIMITS = {True: 5_000_000, False: 500_000}
"""Solver nodes the judge spends on one position, compiled or not (some seconds at most): a
turning point the review proved takes far fewer; an earlier position of a large board is
answered "too early", not waited for minutes."""


def sample_game() -> SortilegesState:
    """The sample's final position (its record: `.to_json()`)."""
    game = Sortileges(files=SAMPLE["files"], ranks=SAMPLE["ranks"])
    state = game.new_game(seed=SAMPLE["seed"], first=SAMPLE["first"])
    for turn in SAMPLE["turns"]:
        state.apply(turn)
    return state


def as_state(record: Any) -> SortilegesState:
    """A Sortilèges state from a `State.to_json()` record or a State (a copy)."""
    state = record.clone() if isinstance(record, State) else State.from_json(record)
    if not isinstance(state, SortilegesState):
        raise ValueError(f"a record of Sortilèges, not of {state.game.name}")
    return state


@functools.cache
def solver_for(files: int, ranks: int, node_limit: int = 0) -> Any:
    """One solver per board (the puzzles' size of table), kept for the process when it has
    no node limit; compiled with numba when it is installed."""
    from ludotheque.engines.sortileges.solver import Solver

    return Solver(Sortileges(files=files, ranks=ranks), table_bits=20, node_limit=node_limit)


def bounded_value(state: SortilegesState, node_limit: int = 0) -> int | None:
    """The solver's exact score for the witch to move (`BIG - n`: she wins in n plies), or
    None when `node_limit` nodes (0: no limit) did not settle it."""
    from ludotheque.engines.sortileges.solver import Solver

    board = state.game.board
    if not node_limit:
        return int(solver_for(board.files, board.ranks).value(*state.position()))
    solver = Solver(state.game, table_bits=20, node_limit=node_limit)
    score = solver.value(*state.position())
    return None if solver.aborted else int(score)


def outcome(state: SortilegesState, turn: Turn, node_limit: int = 0) -> tuple[bool, int] | None:
    """(does the witch to move still win after the legal `turn`, plies to the end with best
    play after it); None if the solver ran out of nodes."""
    from ludotheque.engines.sortileges.solver import plies

    after = cast(SortilegesState, state.clone())
    after.apply(turn)
    if after.is_terminal():
        return True, 0
    score = bounded_value(after, node_limit)
    return None if score is None else (score < 0, plies(score))


def proven_turning_point(
    record: Any, entries: list[dict[str, Any]], seat: int
) -> dict[str, Any] | None:
    """The review's turning point for `seat` (`turning_point`), or else the first of the
    seat's moves labelled blunder or mistake that the solver proves turned a win into a loss
    (each within NODE_LIMITS nodes); None if there is none. The entry found is returned with
    `exact` True and the solver's values (the search's points: a win in n plies, 10000 - n)."""
    found = turning_point(entries, seat)
    if found is not None:
        return found
    from ludotheque.engines.sortileges.review import points
    from ludotheque.engines.sortileges.solver import BIG

    final = as_state(record)
    limit = NODE_LIMITS[have_numba()]
    for entry in entries:
        if entry["seat"] != seat or entry["label"] not in ("blunder", "mistake"):
            continue
        position = cast(SortilegesState, final.replayed(entry["ply"]))
        after = outcome(position, final.history[entry["ply"]], limit)
        if after is None or after[0]:
            continue
        before = bounded_value(position, limit)
        if before is not None and before > 0:
            value_after = points(after[1] + 1 - BIG)  # her turn, then the other's win
            return {
                **entry,
                "exact": True,
                "value_before": points(before),
                "value_after": value_after,
                "loss": points(before) - value_after,
                "label": "blunder",
            }
    return None


# -- what the checker says --------------------------------------------------------------
UNITS: dict[str, tuple[str, str]] = {"fr": ("tour de jeu", "tours de jeu"), "en": ("ply", "plies")}
KEEPS: Text = {
    "fr": "ce tour garde la victoire : avec le meilleur jeu des deux, {witch} gagne encore, "
    "en {plies} {unit} après lui.",
    "en": "this turn keeps the win: with best play on both sides, {witch} still wins, in "
    "{plies} {unit} after it.",
}
KEEPS_AT_ONCE: Text = {
    "fr": "ce tour garde la victoire : il enferme {other} tout de suite.",
    "en": "this turn keeps the win: it shuts {other} in at once.",
}
LOSES: Text = {
    "fr": "après {turn}, {other} gagne en {plies} {unit} (les siens et ceux de {witch}) : "
    "essayez une autre case.",
    "en": "after {turn}, {other} wins in {plies} {unit} (hers and {witch}'s): try another square.",
}
LOSES_HINT: Text = {
    "fr": "Après votre pas, comptez les cases où chaque sorcière peut encore aller : le sort "
    "doit fermer une porte à l'autre, pas à vous. Le tour joué dans la partie vous montre ce "
    "qu'il ne fallait pas faire.",
    "en": "After your step, count the squares each witch can still reach: the spell must shut "
    "a door on the other, not on you. The turn played in the game shows what not to do.",
}
NOT_A_TURN: Text = {
    "fr": "ce n'est pas un tour permis ici ({reason}).",
    "en": "that is not a legal turn here ({reason}).",
}
NOT_A_PLY: Text = {
    "fr": "le coup du tournant est un nombre entier de 0 à {last}, celui de la revue "
    '(`tournant["ply"]`), pas {got}.',
    "en": "the turning point's ply is a whole number from 0 to {last}, the review's "
    '(`tournant["ply"]`), not {got}.',
}
NO_WIN: Text = {
    "fr": "au coup {ply}, {witch} n'avait plus de victoire à garder : {other} gagnait avec le "
    'meilleur jeu. Donnez le coup du tournant, `tournant["ply"]`.',
    "en": "at ply {ply}, {witch} had no win left to keep: {other} won with best play. Give "
    'the turning point\'s ply, `tournant["ply"]`.',
}
TOO_EARLY: Text = {
    "fr": "au coup {ply}, il reste trop de cases libres pour que le solveur tranche vite : "
    'donnez le coup du tournant que la revue a prouvé, `tournant["ply"]`.',
    "en": "at ply {ply}, too many squares are free for the solver to settle it quickly: give "
    'the ply of the turning point the review proved, `tournant["ply"]`.',
}
TRIED: Text = {
    "fr": "{count} tours différents essayés à ce tournant : au-delà de {most}, je ne les juge "
    "plus un par un.",
    "en": "{count} different turns tried at this turning point: past {most}, I no longer "
    "judge them one by one.",
}
WITHHELD: Text = {
    "fr": "vous avez essayé {count} tours différents : je ne juge plus ce tournant tour par "
    'tour. Regardez plutôt le meilleur tour de la revue (`tournant["best"]`) sur le '
    "plateau, et expliquez pourquoi il garde la victoire.",
    "en": "you have tried {count} different turns: I no longer judge this turning point turn "
    'by turn. Look at the review\'s best turn (`tournant["best"]`) on the board instead, and '
    "explain why it keeps the win.",
}


def counted(text: Text, lang: str, plies: int, **values: Any) -> str:
    return say(text, lang, plies=plies, unit=UNITS[lang][plies != 1], **values)


def judge_turning_point(record: Any, ply: Any, turn: Any, lang: str = "fr") -> Result:
    """Does `turn` (`"c1-c2/d5"`, or a Turn) keep the win for the witch to move after the
    first `ply` moves of the game `record`? The pure judge (see the module)."""
    return _judged(record, ply, turn, checked_language(lang))[0]


def check_turning_point(record: Any, ply: Any, turn: Any, lang: str = "fr") -> Result:
    """The practice check: `judge_turning_point`'s verdict, with the memory of the distinct
    legal turns tried at this position (see the module)."""
    lang = checked_language(lang)
    result, key, tried = _judged(record, ply, turn, lang)
    if key is None or tried is None:
        return result
    number, count = MEMORY.record(f"turning:{key}", tried)
    if number > PUZZLE_MAX_TRIES:
        return Result(EXERCISE, "withheld", say(WITHHELD, lang, count=count), lang)
    if count > PUZZLE_FULL_TRIES:
        line = say(TRIED, lang, count=count, most=PUZZLE_MAX_TRIES)
        return Result(result.exercise, result.status, result.message, lang, result.hint, (line,))
    return result


def _judged(record: Any, ply: Any, turn: Any, lang: str) -> tuple[Result, str | None, str | None]:
    """The verdict, the position's key and the turn in notation (None, None for an answer
    that is no legal turn at a position with a win to keep)."""
    final = as_state(record)
    last = final.ply - 1
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= last:
        return _invalid(say(NOT_A_PLY, lang, last=last, got=repr(ply)), lang)
    position = cast(SortilegesState, final.replayed(ply))
    mover = position.current_player()
    names = {"witch": WITCHES[mover], "other": WITCHES[1 - mover]}
    try:  # a Turn from `legal_actions()` reads as its notation
        parsed = position.game.parse_action(str(turn) if isinstance(turn, Turn) else turn)
    except RulesError as error:
        reason = in_language(error.reason, lang)
        return _invalid(say(NOT_A_TURN, lang, reason=reason), lang)
    refusal = position.refusal(parsed)
    if refusal is not None:
        reason = in_language(refusal, lang)
        return _invalid(say(NOT_A_TURN, lang, reason=reason), lang)
    board = position.game.board
    limit = JUDGE_LIMITS[have_numba()]
    value = bounded_value(position, limit)
    if value is None:
        return _invalid(say(TOO_EARLY, lang, ply=ply), lang)
    if value <= 0:
        return _invalid(say(NO_WIN, lang, ply=ply, **names), lang)
    key = " ".join(str(played) for played in final.history[:ply]) + f" @{board}"
    judged = outcome(position, parsed, limit)
    if judged is None:
        return _invalid(say(TOO_EARLY, lang, ply=ply), lang)
    keeps, length = judged
    if keeps and length == 0:
        return Result(EXERCISE, "right", say(KEEPS_AT_ONCE, lang, **names), lang), key, str(parsed)
    if keeps:
        message = counted(KEEPS, lang, length, **names)
        return Result(EXERCISE, "right", message, lang), key, str(parsed)
    message = counted(LOSES, lang, length, turn=str(parsed), **names)
    return Result(EXERCISE, "wrong", message, lang, hint=LOSES_HINT[lang]), key, str(parsed)


def _invalid(message: str, lang: str) -> tuple[Result, None, None]:
    return Result(EXERCISE, "invalid", message, lang), None, None
