"""Sortilèges puzzles: "find the winning turn", settled by the exact solver.

Each puzzle is a position (board size, the witches' squares — Têtdevache's first — the
spelled squares, whose turn) where the witch to move wins with perfect play. `plies` is the
length of the game from there when she wins as fast as she can and the other holds out
(a ply is one witch's turn: a win in 1 shuts the other witch in at once); `winning` counts
her winning turns among `turns`, the legal ones. Puzzles are listed easiest first: by the
winner's turns to the end, (plies + 1) // 2, then by the share of winning turns, larger
first (`difficulty_key`). Small boards and 6×8 endgames were drawn from random and greedy
games and kept when few turns win; tests check every number here against the solver.

`judge_puzzle(id, turn, lang)` judges a student's turn live with the solver: right if it wins
in the puzzle's plies, close if it wins more slowly, wrong if it loses (without saying which
turn wins); it is pure, and the marks use it. `check_puzzle(id, turn, lang)` is the pupil's
practice check: the same verdict, with a memory of the distinct legal turns tried on each
puzzle (`ludotheque.classroom.exercises.practice`). The first three get the plain verdict; the
4th to the 6th get it with a line counting the turns tried and warning that the check stops
judging turn by turn past 6; from the 7th distinct turn it withholds any verdict (status
"withheld": "vous avez essayé 7 tours différents : je ne juge plus ce problème tour par
tour…"). A turn tried before keeps its first verdict (re-running a cell is no new try).
Looping `check_puzzle` over the 20 to 60 legal turns therefore finds nothing; the solution is
found by reasoning or by a search the pupil writes, and is marked at collection.
`puzzle_start(id)` gives the arguments that open the position in the widget:
`Sortileges(["human", "bot:5"], **puzzle_start("lab-4x4"))`, which is what the widget's
`Sortileges.from_puzzle("lab-4x4")` does.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from ludotheque.engines.core import RulesError, in_language
from ludotheque.engines.sortileges.rules import Sortileges, SortilegesState, Turn

from .exercises.practice import practised_turn
from .exercises.result import Result, Text, checked_language, say

PUZZLE_DATA: tuple[dict[str, Any], ...] = (
    {
        "id": "small-1",
        "files": 4,
        "ranks": 5,
        "witches": ["b3", "a5"],
        "spells": ["c4", "a2", "a4", "a1", "c1", "d1", "d2", "c3"],
        "to_move": 0,
        "plies": 1,
        "winning": 9,
        "turns": 32,
    },
    {
        "id": "endgame-1",
        "files": 6,
        "ranks": 8,
        "witches": ["c3", "b3"],
        "spells": [
            "d7",
            "d1",
            "d6",
            "b2",
            "e7",
            "c2",
            "d5",
            "e4",
            "c6",
            "c7",
            "d4",
            "f3",
            "a3",
            "d3",
            "b6",
            "f2",
            "c5",
            "e3",
            "a4",
            "d2",
            "a5",
            "a2",
            "b5",
            "c4",
        ],
        "to_move": 0,
        "plies": 1,
        "winning": 1,
        "turns": 20,
    },
    {
        "id": "small-2",
        "files": 4,
        "ranks": 4,
        "witches": ["d4", "c4"],
        "spells": ["d3", "a1", "a3", "c2", "b4"],
        "to_move": 1,
        "plies": 3,
        "winning": 7,
        "turns": 14,
    },
    {
        "id": "lab-4x4",
        "files": 4,
        "ranks": 4,
        "witches": ["b3", "a3"],
        "spells": ["d3", "b4", "d4", "a2", "d2"],
        "to_move": 0,
        "plies": 3,
        "winning": 2,
        "turns": 36,
    },
    {
        "id": "endgame-2",
        "files": 6,
        "ranks": 8,
        "witches": ["e3", "f3"],
        "spells": [
            "c7",
            "b1",
            "f6",
            "b4",
            "d6",
            "a2",
            "d7",
            "d1",
            "f7",
            "c4",
            "e5",
            "d2",
            "a6",
            "f5",
            "c5",
            "a7",
            "c2",
            "a1",
            "c3",
            "f1",
            "d3",
            "e2",
            "d5",
            "d4",
        ],
        "to_move": 0,
        "plies": 3,
        "winning": 1,
        "turns": 60,
    },
    {
        "id": "small-3",
        "files": 4,
        "ranks": 5,
        "witches": ["a1", "b3"],
        "spells": ["b4", "a3", "d4", "c1", "d2", "c4", "d1", "d3"],
        "to_move": 0,
        "plies": 5,
        "winning": 5,
        "turns": 25,
    },
    {
        "id": "endgame-3",
        "files": 6,
        "ranks": 8,
        "witches": ["e1", "b4"],
        "spells": [
            "e7",
            "c2",
            "b8",
            "d3",
            "b7",
            "f3",
            "a5",
            "e4",
            "b6",
            "f5",
            "d7",
            "e6",
            "d6",
            "d4",
            "c5",
            "c4",
            "a4",
            "a1",
            "a3",
            "d2",
            "b1",
            "e2",
            "b2",
            "f1",
        ],
        "to_move": 0,
        "plies": 5,
        "winning": 1,
        "turns": 40,
    },
    {
        "id": "small-4",
        "files": 4,
        "ranks": 4,
        "witches": ["c3", "d3"],
        "spells": ["a3", "a1", "c2", "a4", "c1", "b4"],
        "to_move": 0,
        "plies": 7,
        "winning": 1,
        "turns": 31,
    },
    {
        "id": "endgame-4",
        "files": 6,
        "ranks": 8,
        "witches": ["e2", "c5"],
        "spells": [
            "e7",
            "c2",
            "c6",
            "a3",
            "a6",
            "d5",
            "e8",
            "f3",
            "e4",
            "e6",
            "d7",
            "b5",
            "a7",
            "a5",
            "c7",
            "d4",
            "d2",
            "b3",
            "b8",
            "c4",
            "c8",
            "d3",
            "f4",
            "f1",
            "d6",
        ],
        "to_move": 1,
        "plies": 7,
        "winning": 1,
        "turns": 38,
    },
    {
        "id": "small-5",
        "files": 4,
        "ranks": 5,
        "witches": ["c3", "c2"],
        "spells": ["c4", "a2", "a3", "a4", "d4", "d1", "c1"],
        "to_move": 1,
        "plies": 9,
        "winning": 1,
        "turns": 46,
    },
    {
        "id": "small-6",
        "files": 4,
        "ranks": 4,
        "witches": ["b2", "c3"],
        "spells": ["c2", "a4", "b4"],
        "to_move": 1,
        "plies": 11,
        "winning": 1,
        "turns": 46,
    },
    {
        "id": "small-7",
        "files": 4,
        "ranks": 5,
        "witches": ["c3", "b3"],
        "spells": ["c4", "a2", "c1", "d4"],
        "to_move": 0,
        "plies": 13,
        "winning": 1,
        "turns": 60,
    },
    {
        "id": "endgame-5",
        "files": 6,
        "ranks": 8,
        "witches": ["e5", "f4"],
        "spells": [
            "c8",
            "c3",
            "e1",
            "e3",
            "c7",
            "b1",
            "b5",
            "b2",
            "f2",
            "d2",
            "b4",
            "c2",
            "e7",
            "a8",
            "e6",
            "a7",
            "b3",
            "e8",
            "b6",
            "f5",
            "d6",
            "c5",
            "d3",
            "d1",
            "f3",
        ],
        "to_move": 1,
        "plies": 19,
        "winning": 1,
        "turns": 19,
    },
)
"""The puzzles as JSON-shaped data (see the module text), easiest first."""


@dataclass(frozen=True)
class Puzzle:
    """One position to solve; `statement(lang)` says what to find."""

    id: str
    files: int
    ranks: int
    witches: tuple[str, str]
    spells: tuple[str, ...]
    to_move: int
    plies: int
    winning: int
    turns: int

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Puzzle:
        return cls(
            id=data["id"],
            files=data["files"],
            ranks=data["ranks"],
            witches=(data["witches"][0], data["witches"][1]),
            spells=tuple(data["spells"]),
            to_move=data["to_move"],
            plies=data["plies"],
            winning=data["winning"],
            turns=data["turns"],
        )

    @property
    def game(self) -> Sortileges:
        return Sortileges(files=self.files, ranks=self.ranks)

    def start(self) -> dict[str, Any]:
        """The start choices of its position (`Game.new_game(seed, **start)`)."""
        return {"first": self.to_move, "witches": list(self.witches), "spells": list(self.spells)}

    def state(self) -> SortilegesState:
        return self.game.new_game(seed=0, **self.start())

    @property
    def winner_turns(self) -> int:
        """Turns the witch to move plays until the other is shut in."""
        return (self.plies + 1) // 2

    def difficulty_key(self) -> tuple[int, float]:
        return self.winner_turns, -self.winning / self.turns

    def statement(self, lang: str = "fr") -> str:
        board = f"{self.files} × {self.ranks}"
        lang = checked_language(lang)
        return counted(STATEMENT, lang, self.plies, witch=WITCHES[self.to_move], board=board)

    def __str__(self) -> str:
        return f"{self.id}: {self.statement('en')}\n{self.state()}"


WITCHES = ("Têtdevache", "Fasderat")
UNITS: dict[str, tuple[str, str]] = {"fr": ("tour de jeu", "tours de jeu"), "en": ("ply", "plies")}
"""A ply (one witch's turn), singular and plural."""


def counted(text: Text, lang: str, plies: int, **values: Any) -> str:
    """`text` with {plies} and its {unit}, singular or plural."""
    return say(text, lang, plies=plies, unit=UNITS[lang][plies != 1], **values)


STATEMENT: Text = {
    "fr": "{board} : {witch} joue et gagne en {plies} {unit} (les siens et ceux de "
    "l'autre). Quel tour joue-t-elle ?",
    "en": "{board}: {witch} to move wins in {plies} {unit} (her turns and the other's). Which "
    "turn does she play?",
}
WINS_FASTEST: Text = {
    "fr": "ce tour gagne, et le plus vite possible : en {plies} {unit}.",
    "en": "this turn wins, as fast as possible: in {plies} {unit}.",
}
WINS_SLOWER: Text = {
    "fr": "ce tour gagne aussi, mais en {plies} {unit} : il y a plus rapide.",
    "en": "this turn wins too, but in {plies} {unit}: there is a faster one.",
}
LOSES: Text = {
    "fr": "ce tour perd : l'autre sorcière peut alors gagner en {plies} {unit}.",
    "en": "this turn loses: the other witch can then win in {plies} {unit}.",
}
NOT_A_TURN: Text = {
    "fr": "ce n'est pas un tour permis ici ({reason}).",
    "en": "that is not a legal turn here ({reason}).",
}
SLOWER_HINT: Text = {
    "fr": "Cherchez un tour qui enlève tout de suite une sortie de plus à l'autre sorcière.",
    "en": "Look for a turn that takes one more way out from the other witch at once.",
}
LOSES_HINT: Text = {
    "fr": "Comptez les cases libres autour de chaque sorcière après votre pas ; le sort doit "
    "servir contre l'autre.",
    "en": "Count the free squares around each witch after your step; the spell must work "
    "against the other.",
}


def _catalogue() -> dict[str, Puzzle]:
    return {data["id"]: Puzzle.of(data) for data in PUZZLE_DATA}


PUZZLES: dict[str, Puzzle] = _catalogue()
"""Every puzzle by id, easiest first."""


def puzzle(puzzle_id: str) -> Puzzle:
    if puzzle_id not in PUZZLES:
        raise ValueError(f"no puzzle {puzzle_id!r}: the puzzles are {', '.join(PUZZLES)}")
    return PUZZLES[puzzle_id]


def puzzle_start(puzzle_id: str) -> dict[str, Any]:
    """The widget's arguments for the puzzle's position: its board (`options`) and start."""
    found = puzzle(puzzle_id)
    return {"options": {"files": found.files, "ranks": found.ranks}, **found.start()}


@functools.cache
def solver_for(files: int, ranks: int) -> Any:
    """One solver (and its table) per board, kept for the process: the numba kernels load
    once, and positions met before are answered from the table."""
    from ludotheque.engines.sortileges.solver import Solver

    return Solver(Sortileges(files=files, ranks=ranks), table_bits=20)


def turn_outcome(state: SortilegesState, turn: Any) -> tuple[bool, int]:
    """(does the witch to move win after `turn`, plies to the end with perfect play, this
    turn included); `turn` must be legal."""
    after = cast(SortilegesState, state.clone())
    after.apply(turn)
    if after.is_terminal():
        return True, 1
    from ludotheque.engines.sortileges.solver import plies

    board = state.game.board
    score = solver_for(board.files, board.ranks).value(*after.position())
    return score < 0, plies(score) + 1


def judge_puzzle(puzzle_id: str, turn_text: Any, lang: str = "fr") -> Result:
    """Does `turn_text` (`c1-c2/d5`) win puzzle `puzzle_id`, and how fast? The pure judge
    (no memory of tries): what the marks use (see the module)."""
    return _judged(puzzle_id, turn_text, checked_language(lang))[0]


def check_puzzle(puzzle_id: str, turn_text: Any, lang: str = "fr") -> Result:
    """The practice check of puzzle `puzzle_id`: `judge_puzzle`'s verdict while few turns
    have been tried; past `PUZZLE_FULL_TRIES` distinct legal turns it says how many, and from
    the `PUZZLE_MAX_TRIES` + 1st (the 7th) it withholds its verdict on any new turn (status
    "withheld"), so that looping over the legal turns finds nothing (see the module)."""
    lang = checked_language(lang)
    result, turn = _judged(puzzle_id, turn_text, lang)
    return result if turn is None else practised_turn(result, puzzle_id, turn, lang)


def _judged(puzzle_id: str, turn_text: Any, lang: str) -> tuple[Result, str | None]:
    """The verdict on `turn_text`, and the turn in its notation (None if it is no legal
    turn here)."""
    found = puzzle(puzzle_id)
    state = found.state()
    try:  # a Turn from `legal_actions()` reads as its notation
        turn = state.game.parse_action(str(turn_text) if isinstance(turn_text, Turn) else turn_text)
    except RulesError as error:
        reason = in_language(error.reason, lang)
        return Result(puzzle_id, "invalid", say(NOT_A_TURN, lang, reason=reason), lang), None
    refusal = state.refusal(turn)
    if refusal is not None:
        reason = in_language(refusal, lang)
        return Result(puzzle_id, "invalid", say(NOT_A_TURN, lang, reason=reason), lang), None
    wins, length = turn_outcome(state, turn)
    if not wins:
        message = counted(LOSES, lang, length - 1)
        return Result(puzzle_id, "wrong", message, lang, hint=LOSES_HINT[lang]), str(turn)
    if length > found.plies:
        message = counted(WINS_SLOWER, lang, length)
        return Result(puzzle_id, "close", message, lang, hint=SLOWER_HINT[lang]), str(turn)
    return Result(puzzle_id, "right", counted(WINS_FASTEST, lang, length), lang), str(turn)
