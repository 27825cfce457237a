"""Sortilèges (Isola): two witches step like kings and spell one square after every step.

Rules: docs/rules/sortileges.md (published rules, project decisions, options). A turn is a step
then, if any square can take it, a spell: `c1-c2/d5`, or `c1-c2` when no square could be
spelled. The witch who cannot step at the start of her turn loses. Seat 0 is Têtdevache
(first house), seat 1 Fasderat.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core import (
    TERMINAL,
    Game,
    NotationError,
    Option,
    Reason,
    State,
    Wordings,
    action_text,
    check_choice,
    quote,
)
from .board import KING_STEPS, Board, squares_of

TURN_SHAPE = re.compile(r"([^-/]+)-([^-/]+)(?:/([^-/]+))?")
"""from-to/spell or from-to; what each part names is checked against the board."""

SEAT_LETTERS = ("T", "F")
"""How the witches show in `str(state)`: Têtdevache and Fasderat."""

WORDINGS: Wordings = {
    "turn-shape": {
        "fr": "{text} n'est pas un tour : écrivez départ-arrivée/sort (c1-c2/d5), ou "
        "départ-arrivée (c1-c2) quand aucune case ne peut être ensorcelée",
        "en": "{text} is not a turn: write from-to/spell (c1-c2/d5), or from-to (c1-c2) when "
        "no square can be spelled",
    },
    "turn-square": {
        "fr": "{text} : {square} n'est pas une case d'un plateau {board}",
        "en": "{text}: {square} is not a square of a {board} board",
    },
    "not-a-turn": {
        "fr": "{action} n'est pas un tour de Sortilèges",
        "en": "{action} is not a turn of Sortilèges",
    },
    "over": {"fr": "la partie est finie", "en": "the game is over"},
    "not-a-square": {
        "fr": "{square} n'est pas une case d'un plateau {board}",
        "en": "{square} is not a square of a {board} board",
    },
    "origin": {
        "fr": "la sorcière qui joue est sur la case {mover}, pas sur {origin}",
        "en": "the witch to move stands on {mover}, not on {origin}",
    },
    "far": {
        "fr": "la case {target} n'est pas voisine de {origin} : une sorcière fait un pas "
        "d'une seule case",
        "en": "{target} is not next to {origin}: a witch steps one square",
    },
    "step-witch": {
        "fr": "l'autre sorcière est sur la case {target}",
        "en": "the other witch stands on {target}",
    },
    "step-spelled": {
        "fr": "la case {target} est ensorcelée : aucune sorcière ne peut y aller",
        "en": "{target} is spelled: no witch may step there",
    },
    "spell-needed": {
        "fr": "après le pas, il faut ensorceler une case",
        "en": "a square must be spelled after the step",
    },
    "no-spell": {
        "fr": "aucune case ne peut être ensorcelée après ce pas : le tour s'écrit "
        "{origin}-{target}",
        "en": "no square can be spelled after this step: play {origin}-{target}",
    },
    "spell-house": {
        "fr": "la case {spell} est une maison : une maison ne peut jamais être ensorcelée",
        "en": "{spell} is a house: houses are never spelled",
    },
    "spell-witch": {
        "fr": "une sorcière est sur la case {spell} : on ne peut pas ensorceler une sorcière",
        "en": "a witch stands on {spell}: it cannot be spelled",
    },
    "spell-spelled": {
        "fr": "la case {spell} est déjà ensorcelée",
        "en": "{spell} is spelled already",
    },
}
"""Sortilèges' refusals and notation errors (`Game.wordings`); the codes of the widget's
"refusal.*" strings (js/src/sortileges/strings.js) where they mean the same."""


@dataclass(frozen=True)
class Turn:
    """One turn: `origin`-`target` is the step, `spell` the square spelled (None: none could be)."""

    origin: str
    target: str
    spell: str | None = None

    def __str__(self) -> str:
        step = f"{self.origin}-{self.target}"
        return step if self.spell is None else f"{step}/{self.spell}"

    @classmethod
    def parse(cls, text: Any, board: Board) -> Turn:
        """Read `c1-c2/d5` or `c1-c2` for `board`; NotationError says what is wrong.

        Only the shape and the square names are checked here: whether the turn may be
        played now is the state's business (so a wrong origin is illegal, not malformed).
        """
        cleaned = action_text(text).strip().lower()
        shape = TURN_SHAPE.fullmatch(cleaned)
        if shape is None:
            raise NotationError(Reason(WORDINGS, "turn-shape", text=quote(text)), text=quote(text))
        for name in shape.groups():
            if name is not None and name not in board.index:
                reason = Reason(
                    WORDINGS,
                    "turn-square",
                    text=quote(cleaned),
                    square=quote(name),
                    board=str(board),
                )
                raise NotationError(reason, text=quote(text), square=quote(name))
        return cls(*shape.groups())


class Position(NamedTuple):
    """A position as raw bitboards, for perft and search (which never touch a State)."""

    spelled: int
    mover: int
    """square of the witch to move"""
    other: int
    """square of the other witch"""


def isola_houses(board: Board) -> tuple[int, int]:
    """Isola's start squares: on rank 1 at file (files-1)//2, and its point reflection."""
    first = board.square_at((board.files - 1) // 2, 0)
    return first, board.size - 1 - first


def _squares(mask: int) -> list[int]:
    """The squares of a bitboard, lowest first, as a list: `squares_of` without the
    generator, read off its binary digits (reversed, "0b" dropped), which is faster than
    taking the bits off one by one for the nearly full masks of spellable squares."""
    return [square for square, bit in enumerate(bin(mask)[:1:-1]) if bit == "1"]


class SortilegesState(State):
    """A game of Sortilèges: witches' squares, spells in order cast, whose turn, winner.

    Start choices (`new_game(seed, **start)`): `first` (0 or 1; None draws it from the
    seed). For puzzles and tests a position may also be laid out: `witches` (two squares)
    and `spells` (squares already spelled); both replay from `start` like the rest.
    """

    game: Sortileges

    def setup(
        self,
        first: int | None = None,
        witches: Sequence[str] | None = None,
        spells: Sequence[str] = (),
    ) -> None:
        first = self.rng.randrange(2) if first is None else check_choice("first", first, (0, 1))
        board = self.game.board
        homes = [board.names[house] for house in self.game.houses]
        self.witches = self._squares("witches", homes if witches is None else witches)
        self.spells = self._squares("spells", spells)
        self.spelled = sum(1 << square for square in set(self.spells))
        self._check_layout()
        self.to_move = first
        self.won_by: int | None = None
        self._end_if_blocked()

    def _squares(self, choice: str, names: Any) -> list[int]:
        """The squares a start choice names: a list (or tuple) of at most a board's squares."""
        if type(names) not in (list, tuple) or len(names) > self.game.board.size:
            raise ValueError(f"{choice} must be a list of square names, not {quote(names)}")
        try:
            return [self.game.board.square(name) for name in names]
        except NotationError as error:
            raise ValueError(f"{choice}: {error}") from None

    def _check_layout(self) -> None:
        if len(self.witches) != 2 or self.witches[0] == self.witches[1]:
            raise ValueError("the two witches must stand on two different squares")
        if len(set(self.spells)) != len(self.spells):
            raise ValueError("a square can be spelled only once")
        if self.spelled & (self.game.house_mask | 1 << self.witches[0] | 1 << self.witches[1]):
            raise ValueError("a spell cannot lie on a house or under a witch")

    def _end_if_blocked(self) -> None:
        """The witch to move who cannot step has lost (checked at the start of each turn)."""
        if not self.game.steps(*self.position()):
            self.won_by = 1 - self.to_move

    # -- the State protocol -------------------------------------------------------
    def position(self) -> Position:
        """The raw bitboards of this position, the witch to move first."""
        return Position(self.spelled, self.witches[self.to_move], self.witches[1 - self.to_move])

    def current_player(self) -> int:
        return TERMINAL if self.won_by is not None else self.to_move

    def turn_squares(self) -> Iterator[tuple[int, int]]:
        """Each step square of the witch to move with the bitboard she may then spell."""
        if self.won_by is not None:
            return
        spelled, mover, other = self.position()
        for target in squares_of(self.game.steps(spelled, mover, other)):
            yield target, self.game.spells(spelled, target, other)

    def legal_actions(self) -> list[Turn]:
        """Every turn, ordered by step square then spell square (a1, b1, …, a2, …).

        The squares of `turn_squares`, walked bit by bit here (lowest first, as
        `squares_of`, without a generator: a search asks at every node)."""
        if self.won_by is not None:
            return []
        game = self.game
        names = game.board.names
        mover, other = self.witches[self.to_move], self.witches[1 - self.to_move]
        origin = names[mover]
        spellable = _squares(game.board.full & ~(self.spelled | game.house_mask | 1 << other))
        turns: list[Turn] = []
        targets = game.steps(self.spelled, mover, other)
        while targets:
            low = targets & -targets
            targets ^= low
            target = low.bit_length() - 1
            to = names[target]
            # `Sortileges.spells` after this step: the spellable squares but the target
            spells = [Turn(origin, to, names[spell]) for spell in spellable if spell != target]
            turns.extend(spells if spells else (Turn(origin, to),))
        return turns

    def copy_fields(self) -> dict[str, Any]:
        """A clone's fields (`State.clone`): the two lists of squares copied, the spelled
        bitboard, whose turn and the winner as they are (ints)."""
        return {
            "witches": list(self.witches),
            "spells": list(self.spells),
            "spelled": self.spelled,
            "to_move": self.to_move,
            "won_by": self.won_by,
        }

    def refusal(self, action: Any) -> Reason | None:
        """Which rule refuses `action` now, in a player's words (`WORDINGS`); None if it is
        legal.

        One walk through the rules in turn order, so `is_legal` and the explanation agree.
        """
        reason = self.game.reason
        if not isinstance(action, Turn):
            return reason("not-a-turn", action=quote(action))
        if self.won_by is not None:
            return reason("over")
        board = self.game.board
        for name in (action.origin, action.target, action.spell):
            if name is not None and (type(name) is not str or name not in board.index):
                return reason("not-a-square", square=quote(name), board=str(board))
        spelled, mover, other = self.position()
        target = board.index[action.target]
        squares = {"origin": action.origin, "target": action.target, "spell": action.spell}
        if board.index[action.origin] != mover:
            return reason("origin", mover=board.names[mover], **squares)
        if not board.neighbours[mover] >> target & 1:
            return reason("far", **squares)
        if target == other:
            return reason("step-witch", **squares)
        if spelled >> target & 1:
            return reason("step-spelled", **squares)
        can_spell = self.game.spells(spelled, target, other)
        if action.spell is None:
            return reason("spell-needed") if can_spell else None
        if not can_spell:
            return reason("no-spell", **squares)
        spell = board.index[action.spell]
        if spell in self.game.houses:
            return reason("spell-house", **squares)
        if spell in (target, other):
            return reason("spell-witch", **squares)
        if spelled >> spell & 1:
            return reason("spell-spelled", **squares)
        return None

    def do_apply(self, action: Turn) -> list[dict]:
        index = self.game.board.index
        seat = self.to_move
        self.witches[seat] = index[action.target]
        if action.spell is not None:
            spell = index[action.spell]
            self.spells.append(spell)
            self.spelled |= 1 << spell
        self.to_move = 1 - seat
        self._end_if_blocked()
        events = [{"type": "turn", **self._turn_record(action, seat)}]
        if self.won_by is not None:
            events.append({"type": "blocked", "seat": self.to_move, "winner": self.won_by})
        return events

    def winner(self) -> int | None:
        return self.won_by

    def observe(self, seat: int | None) -> dict[str, Any]:
        """The keys of docs/protocol.md, "Sortilèges observation" (`turns` for the mover only)."""
        names = self.game.board.names
        last = None
        if self.history:  # turns alternate, so the last mover is the one not to move now
            last = self._turn_record(self.history[-1], 1 - self.to_move)
        view: dict[str, Any] = {
            "files": self.game.board.files,
            "ranks": self.game.board.ranks,
            "houses": [names[h] for h in self.game.houses],
            "witches": [names[w] for w in self.witches],
            "spells": [names[s] for s in self.spells],
            "last": last,
        }
        if seat == self.current_player():
            view["turns"] = {
                names[target]: [names[s] for s in squares_of(spells)]
                for target, spells in self.turn_squares()
            }
        view["winner"] = self.won_by
        return view

    # -- the integer interface: id = step direction × (squares + 1) + spell square -----
    def action_id(self, action: Turn) -> int:
        """The step's direction (`KING_STEPS` order) and the square spelled (the board's
        size for none): 8 × (size + 1) ids, the witch to move's square implied."""
        board = self.game.board
        if not isinstance(action, Turn) or action.origin != board.names[self.witches[self.to_move]]:
            raise ValueError(f"{quote(action)} is no turn of the witch to move")
        (f0, r0), (f1, r1) = (
            board.coordinates(board.index[s]) for s in (action.origin, action.target)
        )
        spell = board.size if action.spell is None else board.index[action.spell]
        return KING_STEPS.index((f1 - f0, r1 - r0)) * (board.size + 1) + spell

    def legal_action_ids(self) -> list[int]:
        """`action_id` of every legal turn, from the bitboards (no turn made, no generator:
        searches through the adapters ask at every node).

        Ascending without a sort: the step squares come lowest first, which is
        `KING_STEPS` order (rank step outer, file step inner), and an id is the
        direction's block (`stride` ids) plus the spell square, the board's size for none."""
        if self.won_by is not None:
            return []
        game = self.game
        board = game.board
        size = board.size
        stride = size + 1
        files = board.files
        mover, other = self.witches[self.to_move], self.witches[1 - self.to_move]
        spellable = _squares(board.full & ~(self.spelled | game.house_mask | 1 << other))
        ids: list[int] = []
        targets = game.steps(self.spelled, mover, other)
        while targets:
            low = targets & -targets
            targets ^= low
            target = low.bit_length() - 1
            # KING_STEPS.index((df, dr)): 3 × (dr + 1) + (df + 1), the centre (0, 0) skipped
            way = 3 * (target // files - mover // files) + target % files - mover % files + 4
            base = (way if way < 4 else way - 1) * stride
            # `Sortileges.spells` after this step: the spellable squares but the target
            spells = [base + spell for spell in spellable if spell != target]
            ids.extend(spells if spells else (base + size,))
        return ids

    def action_from_id(self, action_id: int) -> Turn:
        board = self.game.board
        direction, spell = divmod(action_id, board.size + 1)
        origin = self.witches[self.to_move]
        file, rank = board.coordinates(origin)
        df, dr = KING_STEPS[direction]
        if not (0 <= file + df < board.files and 0 <= rank + dr < board.ranks):
            raise ValueError(f"action id {action_id} steps off the board")
        target = board.square_at(file + df, rank + dr)
        return Turn(
            board.names[origin],
            board.names[target],
            None if spell == board.size else board.names[spell],
        )

    @staticmethod
    def _turn_record(turn: Turn, seat: int) -> dict[str, Any]:
        return {"seat": seat, "from": turn.origin, "to": turn.target, "spell": turn.spell}

    def __str__(self) -> str:
        """The field, rank 8 on top: T/F witches, H houses, x spells, . free squares."""
        board = self.game.board
        marks = {square: "x" for square in self.spells}
        marks.update({house: "H" for house in self.game.houses})
        marks.update({witch: SEAT_LETTERS[seat] for seat, witch in enumerate(self.witches)})
        rows = []
        for rank in reversed(range(board.ranks)):
            cells = (marks.get(board.square_at(file, rank), ".") for file in range(board.files))
            rows.append(f"{rank + 1:>2} {' '.join(cells)}")
        rows.append("   " + " ".join(string.ascii_lowercase[: board.files]))
        return "\n".join(rows)


class Sortileges(Game[SortilegesState]):
    """Sortilèges: options `files`, `ranks` and `houses` (two square names; None: Isola's)."""

    name = "sortileges"
    state_class = SortilegesState
    title = {"fr": "Sortilèges", "en": "Sortilèges"}
    seat_names = {"fr": ("Têtdevache", "Fasderat"), "en": ("Têtdevache", "Fasderat")}
    wordings = WORDINGS
    option_specs = {
        "files": Option(6, {"fr": "Colonnes", "en": "Files"}),
        "ranks": Option(8, {"fr": "Rangées", "en": "Ranks"}),
        "houses": Option(
            None,
            {
                "fr": "Maisons (deux cases ; aucune : celles d'Isola)",
                "en": "Houses (two squares; none: Isola's)",
            },
        ),
    }

    def __init__(self, **options: Any):
        # JSON turns the houses pair into a list; a tuple keeps the game hashable and equal.
        if type(options.get("houses")) is list:
            options["houses"] = tuple(options["houses"])
        super().__init__(**options)

    def check_options(self) -> None:
        """Build the board and the houses, refusing what the rules cannot use."""
        sides = range(Board.MIN_SIDE, Board.MAX_SIDE + 1)
        self.board = Board.of(
            check_choice("files", self.options["files"], sides),
            check_choice("ranks", self.options["ranks"], sides),
        )
        names = self.options["houses"]
        if names is None:
            self.houses = isola_houses(self.board)
        else:
            if type(names) is not tuple or len(names) != 2:
                raise ValueError(f"houses must be two squares, not {quote(names)}")
            try:
                self.houses = self.board.square(names[0]), self.board.square(names[1])
            except NotationError as error:
                raise ValueError(f"houses: {error}") from None
        if self.houses[0] == self.houses[1]:
            raise ValueError(
                "the two houses must be different squares, not twice "
                f"{self.board.names[self.houses[0]]}"
            )
        self.house_mask = 1 << self.houses[0] | 1 << self.houses[1]

    def parse_action(self, text: str) -> Turn:
        return Turn.parse(text, self.board)

    # -- the integer interface (docs/interop.md) -------------------------------------
    PLANES = ("mine", "other", "spells", "houses", "to_move")
    """The observation tensor's planes, seen from its seat (a spectator sees as seat 0):
    its witch, the other witch, spelled squares, the houses, all ones when it is to move."""

    def num_distinct_actions(self) -> int:
        return len(KING_STEPS) * (self.board.size + 1)

    def max_game_length(self) -> int:
        """Every turn but one leaving a house spells a square, and squares never come
        back: at most twice the squares."""
        return 2 * self.board.size

    def observation_shape(self) -> tuple[int, ...]:
        return (len(self.PLANES), self.board.ranks, self.board.files)

    def observation_tensor_of(self, observation: dict[str, Any]) -> list[float]:
        board, size = self.board, self.board.size
        me = observation["seat"] if observation["seat"] in (0, 1) else 0
        planes = [[0.0] * size for _ in self.PLANES]
        for plane, names in (
            (0, [observation["witches"][me]]),
            (1, [observation["witches"][1 - me]]),
            (2, observation["spells"]),
            (3, observation["houses"]),
        ):
            for name in names:
                planes[plane][board.index[name]] = 1.0
        if observation["seat"] is not None and observation["to_move"] == observation["seat"]:
            planes[4] = [1.0] * size
        return [value for plane in planes for value in plane]

    def steps(self, spelled: int, mover: int, other: int) -> int:
        """Where the witch on `mover` may step: a neighbour, not spelled, not the other witch."""
        return self.board.neighbours[mover] & ~(spelled | 1 << other)

    def spells(self, spelled: int, target: int, other: int) -> int:
        """What may be spelled after a step to `target`: no house, no spell, no witch.

        The square just left is not excluded: it is free again once the witch has moved.
        """
        return self.board.full & ~(spelled | self.house_mask | 1 << target | 1 << other)
