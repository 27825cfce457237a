"""Sorcière au pain d'épices (HABA's Knusperhexe): pull cookie cards off a fragile roof.

Rules: docs/rules/sorciere.md; the roof model: `roof.py`. Seats 0..n-1 play in
order (clockwise).

Notation
--------
* ``pull 17@0.85`` (or ``17@0.85``): pull the card in slot 17 with dexterity 0.85 (a
  number in [0, 1] in digits 0-9, ``1e-3`` allowed; anything else is refused as malformed).
  ``pull 17`` (or ``17``) pulls with the default dexterity `DEFAULT_DEXTERITY` (0.5, the
  hazard as documented, unscaled): bots, tests and notebooks use it unless they say
  otherwise. Dexterity is kept to 3 decimals, read from a text or given in a `Pull`
  object alike, so the saved text replays the very same game.
* ``put 9``: put the card just pulled back on the roof, in the empty slot 9 (only after
  pulling the treat that tops your pile). The same player acts again for it.
* ``next``: start the next round (offered to the player who starts it, once a round is over).

Chance is explicit: a pull draws exactly one number from the state's generator and the roof
collapses when it is below `collapse_probability(state, slot, dexterity)`.

Project decisions (the box leaves them open)
---------------------------------------------
* First player: the start choice ``first`` (a seat), or drawn from the seed.
* The next round is started by the player after the one who ended the round (the collapser,
  or whoever pulled the last card): turns simply go on clockwise.
* A card put back must rest on something (a wall or a neighbouring card); the slot it came
  from always qualifies.
* The last card of the roof ends the round as it leaves; if it shows the treat on top of the
  puller's pile it cannot go back on the (gone) roof: it is set aside, nobody's.
* A candy needs at least one card: a round where the others hold nothing gives no candy.
* The reserve never runs dry: with at most 4 players, someone reaches 2 candies by the
  fifth.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from typing import Any

from ..chance import happens, reveal
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
from .deck import DEFAULT_DECK, PER_TREAT, TREATS, Card
from .roof import DEFAULT_DEXTERITY, LAYING_ORDER, SIZE, SLOTS, WALL_PANELS, Roof

CANDIES = 5
TO_WIN = 2
PULL = re.compile(r"(?:pull\s+)?([0-9]+)(?:\s*@\s*(\S+))?", re.ASCII)
PUT = re.compile(r"put\s+([0-9]+)", re.ASCII)
DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:e[-+]?[0-9]+)?", re.ASCII)
PRECISION = 3
"""Decimals a dexterity keeps (the notation writes no more)."""
DEXTERITY_LEVELS = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The dexterities the integer interface offers (docs/interop.md): a pull's action id names
its slot and one of these. A steadier hand is always safer, so an agent that learns will
pull at 1.0: the levels show the trade-off the widget's drag stands for, not a dilemma."""
PHASES = ("pull", "put", "scored", "over")
WORDINGS: Wordings = {
    "action-shape": {
        "fr": "{text} n'est pas une action : écrivez 'pull 17', 'pull 17@0.8', 'put 9' ou 'next'",
        "en": "{text} is not an action: write 'pull 17', 'pull 17@0.8', 'put 9' or 'next'",
    },
    "slot-range": {
        "fr": "{text} : les cases sont numérotées de 0 à {last}",
        "en": "{text}: slots are numbered 0 to {last}",
    },
    "dexterity-shape": {
        "fr": "la dextérité {text} n'est pas un nombre",
        "en": "dexterity {text} is not a number",
    },
    "dexterity-range": {
        "fr": "la dextérité est comprise entre 0 et 1, pas {value}",
        "en": "dexterity must be between 0 and 1, not {value}",
    },
    "not-an-action": {
        "fr": "{action} n'est pas une action de Sorcière au pain d'épices",
        "en": "{action} is not an action of Sorcière au pain d'épices",
    },
    "over": {"fr": "la partie est finie", "en": "the game is over"},
    "put-first": {
        "fr": "d'abord, remettez sur le toit la carte tirée",
        "en": "first put the card you hold back on the roof",
    },
    "round-over": {
        "fr": "la manche est finie : passez à la suivante",
        "en": "the round is over: start the next one",
    },
    "no-slot": {"fr": "il n'y a pas de case {slot}", "en": "there is no slot {slot}"},
    "empty-slot": {
        "fr": "il n'y a pas de carte dans la case {slot}",
        "en": "there is no card in slot {slot}",
    },
    "nothing-to-put": {
        "fr": "il n'y a pas de carte à remettre",
        "en": "there is no card to put back",
    },
    "full-slot": {
        "fr": "la case {slot} a déjà une carte",
        "en": "slot {slot} already holds a card",
    },
    "unsupported": {
        "fr": "une carte dans la case {slot} ne reposerait sur rien",
        "en": "a card in slot {slot} would rest on nothing",
    },
    "round-not-over": {"fr": "la manche n'est pas finie", "en": "the round is not over"},
}
"""Sorcière's refusals and notation errors (`Game.wordings`)."""


@dataclass(frozen=True)
class Pull:
    """Pull the card in `slot` with a hand of `dexterity` (0 shaky .. 1 steady)."""

    slot: int
    dexterity: float = DEFAULT_DEXTERITY

    def __post_init__(self) -> None:
        """A number is kept to PRECISION decimals, as its text says (anything else is left
        for the rules to refuse)."""
        if type(self.dexterity) in (int, float) and math.isfinite(self.dexterity):
            object.__setattr__(self, "dexterity", round(float(self.dexterity), PRECISION))

    def __str__(self) -> str:
        if self.dexterity == DEFAULT_DEXTERITY:
            return f"pull {self.slot}"
        return f"pull {self.slot}@{self.dexterity:.{PRECISION}f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Put:
    """Put the card held back on the roof, in the empty `slot`."""

    slot: int

    def __str__(self) -> str:
        return f"put {self.slot}"


@dataclass(frozen=True)
class Next:
    """Re-lay the roof and start the next round."""

    def __str__(self) -> str:
        return "next"


def parse_dexterity(text: str) -> float:
    """A dexterity written in an action: a number in [0, 1] in digits 0-9 (no nan, inf or
    underscores, which `float` would take), kept to 3 decimals."""
    if DECIMAL.fullmatch(text) is None:
        raise NotationError(Reason(WORDINGS, "dexterity-shape", text=quote(text)), text=quote(text))
    value = float(text)
    if not 0.0 <= value <= 1.0:
        reason = Reason(WORDINGS, "dexterity-range", value=f"{value:g}")
        raise NotationError(reason, text=quote(text))
    return round(value, PRECISION)


def parse_action(text: Any) -> Pull | Put | Next:
    cleaned = action_text(text).strip().lower()
    if cleaned == "next":
        return Next()
    for pattern, kind in ((PUT, "put"), (PULL, "pull")):
        match = pattern.fullmatch(cleaned)
        if match is None:
            continue
        slot = int(match.group(1))
        if not 0 <= slot < SIZE:
            reason = Reason(WORDINGS, "slot-range", text=quote(cleaned), last=SIZE - 1)
            raise NotationError(reason, text=quote(text))
        if kind == "put":
            return Put(slot)
        dexterity = DEFAULT_DEXTERITY if match.group(2) is None else parse_dexterity(match.group(2))
        return Pull(slot, dexterity)
    raise NotationError(Reason(WORDINGS, "action-shape", text=quote(text)), text=quote(text))


def is_slot(value: Any) -> bool:
    """`value` names a slot of the roof: an int (not a bool) from 0 to SIZE - 1."""
    return type(value) is int and 0 <= value < SIZE


def collapse_probability(
    state: SorciereState, slot: int, dexterity: float = DEFAULT_DEXTERITY
) -> float:
    """The exact chance that pulling the card in `slot` now brings the roof down."""
    return state.roof.probability(slot, dexterity)


def roof_of(observation: dict) -> Roof:
    """The roof structure an observation shows (to compute risks from public facts)."""
    return Roof([slot["z"] for slot in observation["slots"]])


class SorciereState(State):
    """A game: the roof (structure, and the secret card in each slot), piles, candies.

    Start choices: `first` (a seat; None draws it from the seed).
    """

    game: Sorciere

    def setup(self, first: int | None = None) -> None:
        n = self.game.players
        first = self.rng.randrange(n) if first is None else check_choice("first", first, range(n))
        self.deck = self.game.deck
        self.candies = [0] * n
        self.reserve = CANDIES
        self.to_move = first
        self.won_by: int | None = None
        """the seat that has won the game (two candies), once one has"""
        self.round = 0
        self.results: list[dict] = []
        self._new_round()

    def _new_round(self) -> None:
        """Gather all cards, shuffle them (secret) and lay the roof in `LAYING_ORDER`."""
        cards = list(range(len(self.deck)))
        self.rng.shuffle(cards)
        self.roof = Roof()
        self.slot_card: list[int | None] = [None] * SIZE
        for slot, card in zip(LAYING_ORDER, cards, strict=True):
            self.slot_card[slot] = card
        self.known: dict[int, str] = {}
        self.piles: list[list[int]] = [[] for _ in range(self.game.players)]
        self.held: int | None = None
        self.held_from: int | None = None
        self.aside: list[int] = []
        self.phase = "pull"
        self.collapse: dict | None = None
        self.round += 1
        self.pulls = 0

    # -- the State protocol ----------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.won_by is not None else self.to_move

    def legal_actions(self) -> list[Any]:
        if self.won_by is not None:
            return []
        if self.phase == "pull":
            return [Pull(slot) for slot in self.roof.present()]
        if self.phase == "put":
            return [Put(slot) for slot in self.put_slots()]
        return [Next()]

    def next_round_move(self) -> Any | None:
        """The scored roof waits for `next` to lay the next one."""
        return "next" if self.phase == "scored" and not self.is_terminal() else None

    def put_slots(self) -> list[int]:
        """Where the card held may go: empty slots where it would rest on something."""
        return [slot for slot in self.roof.empty() if self.roof.support_if_put(slot) > 0]

    def refusal(self, action: Any) -> Reason | None:
        """Which rule refuses `action` now (`WORDINGS`); None if it is legal."""
        reason = self.game.reason
        if self.won_by is not None:
            return reason("over")
        if isinstance(action, Pull):
            if self.phase == "put":
                return reason("put-first")
            if self.phase == "scored":
                return reason("round-over")
            if not is_slot(action.slot):
                return reason("no-slot", slot=quote(action.slot))
            if self.roof.z[action.slot] is None:
                return reason("empty-slot", slot=action.slot)
            d = action.dexterity
            if not (type(d) in (int, float) and math.isfinite(d) and 0 <= d <= 1):
                return reason("dexterity-range", value=quote(d))
            return None
        if isinstance(action, Put):
            if self.phase != "put":
                return reason("nothing-to-put")
            if not is_slot(action.slot):
                return reason("no-slot", slot=quote(action.slot))
            if action.slot not in self.put_slots():
                if self.roof.z[action.slot] is not None:
                    return reason("full-slot", slot=action.slot)
                return reason("unsupported", slot=action.slot)
            return None
        if isinstance(action, Next):
            return None if self.phase == "scored" else reason("round-not-over")
        return reason("not-an-action", action=quote(action))

    def do_apply(self, action: Any) -> list[dict]:
        if isinstance(action, Pull):
            return self._pull(action)
        if isinstance(action, Put):
            return self._put(action)
        self._new_round()
        return [{"type": "round-start", "round": self.round, "seat": self.to_move}]

    def _pull(self, action: Pull) -> list[dict]:
        seat, slot = self.to_move, action.slot
        p = self.roof.probability(slot, action.dexterity)
        collapses = happens(self.rng, p, "collapse")
        self.pulls += 1
        event = {
            "type": "pull",
            "seat": seat,
            "slot": slot,
            "dexterity": action.dexterity,
            "risk": round(p, 4),
            "collapse": collapses,
        }
        if collapses:
            self.collapse = {"seat": seat, "slot": slot}
            return [event, *self._end_round(collapser=seat, last=seat)]
        card = self.slot_card[slot]
        if slot not in self.known:  # a face nobody has seen: any face-down card it could be
            hidden = [s for s in self.roof.present() if s not in self.known]
            card = reveal(
                self.rng, self.slot_card, slot, hidden, self.game.kind, self.game.kind_text
            )
        assert card is not None, "a legal pull names a slot holding a card"
        self.slot_card[slot] = None
        self.roof.remove(slot)
        self.known.pop(slot, None)
        treat, canes = self.deck[card]
        pile = self.piles[seat]
        event.update(treat=treat, canes=canes)
        if not pile or self.deck[pile[-1]].treat != treat:
            pile.append(card)
            event["to"] = "pile"
        elif self.roof.count() == 0:
            self.aside.append(card)
            event["to"] = "aside"
        else:
            self.held, self.held_from = card, slot
            self.phase = "put"
            event["to"] = "hand"
            return [event]
        if self.roof.count() == 0:
            return [event, *self._end_round(collapser=None, last=seat)]
        self.to_move = (seat + 1) % self.game.players
        return [event]

    def _put(self, action: Put) -> list[dict]:
        seat, card = self.to_move, self.held
        assert card is not None
        self.roof.put(action.slot)
        self.slot_card[action.slot] = card
        self.known[action.slot] = self.deck[card].treat
        self.held = self.held_from = None
        self.phase = "pull"
        self.to_move = (seat + 1) % self.game.players
        return [{"type": "put", "seat": seat, "slot": action.slot, "treat": self.deck[card].treat}]

    def round_score(self, collapser: int | None, counts: list[int] | None = None) -> dict:
        """Who takes a candy now: most cards among all but the collapser, ties by canes,
        still tied nobody; at least one card needed. `counts` may replace the pile sizes
        (a bot's "what if")."""
        canes = [sum(self.deck[c].canes for c in pile) for pile in self.piles]
        if counts is None:
            counts = [len(pile) for pile in self.piles]
        eligible = [s for s in range(self.game.players) if s != collapser and counts[s] > 0]
        winner = None
        if eligible:
            most = max(counts[s] for s in eligible)
            tied = [s for s in eligible if counts[s] == most]
            if len(tied) > 1:
                best = max(canes[s] for s in tied)
                tied = [s for s in tied if canes[s] == best]
            winner = tied[0] if len(tied) == 1 else None
        return {"counts": counts, "canes": canes, "winner": winner}

    def _end_round(self, collapser: int | None, last: int) -> list[dict]:
        score = self.round_score(collapser)
        winner = score["winner"]
        if winner is not None:
            self.reserve -= 1
            self.candies[winner] += 1
        result = {
            "round": self.round,
            "pulls": self.pulls,
            "end": "cleared" if collapser is None else "collapse",
            "collapser": collapser,
            **score,
        }
        self.results.append(result)
        self.phase = "scored"
        self.to_move = (last + 1) % self.game.players
        events = [{"type": "round", **result}]
        if winner is not None and self.candies[winner] >= TO_WIN:
            self.won_by = winner
            events.append({"type": "game", "winner": winner})
        return events

    def winner(self) -> int | None:
        return self.won_by

    # -- the integer interface (docs/interop.md) -------------------------------------
    def action_id(self, action: Any) -> int:
        """Pulls first (slot × dexterity level), then puts (slot), then `next`."""
        levels = len(DEXTERITY_LEVELS)
        if (
            isinstance(action, Pull)
            and action.dexterity in DEXTERITY_LEVELS
            and is_slot(action.slot)
        ):
            return action.slot * levels + DEXTERITY_LEVELS.index(action.dexterity)
        if isinstance(action, Put) and is_slot(action.slot):
            return SIZE * levels + action.slot
        if isinstance(action, Next):
            return SIZE * (levels + 1)
        raise ValueError(
            f"{quote(action)} has no action id: a pull's dexterity is one of {DEXTERITY_LEVELS}"
        )

    def action_from_id(self, action_id: int) -> Pull | Put | Next:
        pulls = SIZE * len(DEXTERITY_LEVELS)
        if 0 <= action_id < pulls:
            slot, level = divmod(action_id, len(DEXTERITY_LEVELS))
            return Pull(slot, DEXTERITY_LEVELS[level])
        if pulls <= action_id < pulls + SIZE:
            return Put(action_id - pulls)
        if action_id == pulls + SIZE:
            return Next()
        raise ValueError(f"{quote(action_id)} is no action id of Sorcière")

    def legal_action_ids(self) -> list[int]:
        """Each legal pull at every level of `DEXTERITY_LEVELS`."""
        actions: list[Any] = []
        for action in self.legal_actions():
            if isinstance(action, Pull):
                actions += [Pull(action.slot, level) for level in DEXTERITY_LEVELS]
            else:
                actions.append(action)
        return sorted(map(self.action_id, actions))

    def deal_unseen(self, seat: int | None, rng: random.Random) -> None:
        """The face-down cards change places: nobody knows a face until it is pulled or put
        back in view (`known`), whatever the seat."""
        hidden = [slot for slot in self.roof.present() if slot not in self.known]
        cards = [self.slot_card[slot] for slot in hidden]
        rng.shuffle(cards)
        for slot, card in zip(hidden, cards, strict=True):
            self.slot_card[slot] = card

    # -- what a seat may know --------------------------------------------------------
    def unseen(self) -> dict[str, int]:
        """How many cards of each treat are still face down and unknown (public count)."""
        seen = [self.deck[c].treat for pile in self.piles for c in pile]
        seen += list(self.known.values()) + [self.deck[c].treat for c in self.aside]
        if self.held is not None:
            seen.append(self.deck[self.held].treat)
        return {treat: PER_TREAT[treat] - seen.count(treat) for treat in TREATS}

    def card_view(self, card: int) -> dict[str, Any]:
        treat, canes = self.deck[card]
        return {"treat": treat, "canes": canes}

    def observe(self, seat: int | None) -> dict[str, Any]:
        """Everything public: roof structure and known faces only, piles face up, candies."""
        phase = "over" if self.won_by is not None else self.phase
        view: dict[str, Any] = {
            "round": self.round,
            "pulls": self.pulls,
            "phase": phase,
            "slots": [
                {
                    "slot": s.index,
                    "x": s.x,
                    "y": s.y,
                    "angle": s.angle,
                    "ring": s.ring,
                    "walls": len(s.walls),
                    "z": self.roof.z[s.index],
                    "known": self.known.get(s.index),
                }
                for s in SLOTS
            ],
            "walls": [list(panel) for panel in WALL_PANELS],
            "piles": [[self.card_view(c) for c in pile] for pile in self.piles],
            "candies": list(self.candies),
            "reserve": self.reserve,
            "held": None
            if self.held is None
            else {**self.card_view(self.held), "from": self.held_from},
            "aside": [self.card_view(c) for c in self.aside],
            "unseen": self.unseen(),
            "collapse": self.collapse,
            "results": [dict(r) for r in self.results],
            "winner": self.won_by,
        }
        if seat is not None and seat == self.current_player():
            view["targets"] = (
                [a.slot for a in self.legal_actions()] if self.phase in ("pull", "put") else []
            )
        return view

    def __str__(self) -> str:
        """The roof from above, back wall on top: # card, k known (first letter), . empty."""
        rows = []
        for row in reversed(range(6)):
            cells = []
            for col in range(6):
                slot = row * 6 + col
                if self.roof.z[slot] is None:
                    cells.append(".")
                else:
                    cells.append(self.known.get(slot, "#")[0])
            rows.append(" ".join(cells))
        return "\n".join(rows)


class Sorciere(Game[SorciereState]):
    """Sorcière au pain d'épices: option `players` (2 to 4)."""

    name = "sorciere"
    state_class = SorciereState
    wordings = WORDINGS
    title = {"fr": "Sorcière au pain d'épices", "en": "Gingerbread Witch"}
    seat_names = {
        "fr": ("Hansel", "Gretel", "Jorinde", "Joringel"),
        "en": ("Hansel", "Gretel", "Jorinde", "Joringel"),
    }
    min_players, max_players = 2, 4
    hidden_information = True
    chance = True
    option_specs = {
        "players": Option(
            3,
            {"fr": "Joueurs", "en": "Players"},
            {n: {"fr": f"{n} joueurs", "en": f"{n} players"} for n in (2, 3, 4)},
        )
    }
    deck: tuple[Card, ...] = DEFAULT_DECK

    @property
    def players(self) -> int:
        return self.options["players"]

    def parse_action(self, text: str) -> Pull | Put | Next:
        return parse_action(text)

    # -- the integer interface (docs/interop.md) -------------------------------------
    MAX_DECISIONS = 1000
    """The cap on a game's length: a card put back may be pulled again and again (each
    pull may collapse, so a game ends with probability 1, but no bound holds); random
    and built-in players end far sooner."""
    capped_length = True

    def check_options(self) -> None:
        """The deck's faces, for the integer interface (options: `players`, checked)."""
        treats = {treat: i for i, treat in enumerate(TREATS)}
        self.kinds = tuple(
            sorted(set(self.deck), key=lambda card: (treats[card.treat], card.canes))
        )
        """The faces a card may show (treat and canes): a revealed card's outcome id."""
        self.canes = sum(card.canes for card in self.deck)

    def kind(self, card: int) -> int:
        return self.kinds.index(self.deck[card])

    def kind_text(self, card: int) -> str:
        treat, canes = self.deck[card]
        return f"{treat} {canes}"

    def num_distinct_actions(self) -> int:
        return SIZE * (len(DEXTERITY_LEVELS) + 1) + 1

    def max_game_length(self) -> int:
        return self.MAX_DECISIONS

    def max_chance_outcomes(self) -> int:
        return max(2, len(self.kinds))

    def observation_shape(self) -> tuple[int, ...]:
        """Per slot: card present, height, known treat (4); per seat from the observer's
        on: its pile's treats (4), canes, candies; the card held (4 treats, present);
        phase (4); seat to move from the observer; unseen cards per treat; reserve."""
        n = self.players
        return (SIZE * 6 + n * 6 + 5 + len(PHASES) + n + len(TREATS) + 1,)

    def observation_tensor_of(self, observation: dict[str, Any]) -> list[float]:
        n, me = (
            self.players,
            observation["seat"] if observation["seat"] in range(self.players) else 0,
        )
        tensor: list[float] = []
        for slot in observation["slots"]:
            known = slot["known"]
            tensor += [float(slot["z"] is not None), (slot["z"] or 0) / SIZE]
            tensor += [float(known == treat) for treat in TREATS]
        for seat in (*range(me, n), *range(me)):
            pile = observation["piles"][seat]
            tensor += [
                sum(c["treat"] == treat for c in pile) / PER_TREAT[treat] for treat in TREATS
            ]
            tensor += [
                sum(c["canes"] for c in pile) / self.canes,
                observation["candies"][seat] / TO_WIN,
            ]
        held = observation["held"]
        tensor += [float(held is not None and held["treat"] == treat) for treat in TREATS]
        tensor += [float(held is not None)]
        tensor += [float(observation["phase"] == phase) for phase in PHASES]
        to_move = observation["to_move"]
        tensor += [float(to_move == (me + k) % n) for k in range(n)]
        tensor += [observation["unseen"][treat] / PER_TREAT[treat] for treat in TREATS]
        return [*tensor, observation["reserve"] / CANDIES]
