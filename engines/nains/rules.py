"""Tir de tuyau (Oh ! les nains) in the engine protocol: `NainsState` wraps a `Table`
(table.py: the position and the rules acting on it) for history, undo, JSON, observation and
secret moves; `Nains` holds the game's facts and options. The notation and the refusals'
words are in moves.py; their names are also importable from here.
"""

from __future__ import annotations

import random
from typing import Any

from ..core import OMNISCIENT, TERMINAL, Game, Option, Reason, State, check_choice, quote
from .cards import CARDS, COLOURS, DEFAULT_DECK, GNOMES_PER_COLOUR, Card
from .moves import (
    CHOOSE,
    COLOUR_NAMES,
    CONTRE,
    COUNTERS,
    DISCARD,
    PLAY,
    PLURAL_COLOUR_NAMES,
    SURCONTRE,
    SURSURCONTRE,
    VERBS,
    WORDINGS,
    Move,
)
from .table import (
    FENCE,
    HAND,
    PHASE_CHOOSE,
    PHASE_OVER,
    PHASE_PLAY,
    Table,
    apply_move,
    determinise,
    legal_moves,
    new_table,
    refusal,
)


class NainsState(State):
    """A match of Tir de tuyau: best of three rounds (option `rounds`: wins needed).

    Start choice: `first`, the seat that starts the first round (None: drawn from the seed).
    """

    game: Nains

    def setup(self, first: int | None = None) -> None:
        first = self.rng.randrange(2) if first is None else check_choice("first", first, (0, 1))
        opts = self.game.options
        self.table = new_table(
            self.rng,
            first,
            (opts["contre"], opts["surcontre"], opts["sursurcontre"]),
            opts["rounds"],
        )

    def current_player(self) -> int:
        return TERMINAL if self.table.phase == PHASE_OVER else self.table.to_move

    def legal_actions(self) -> list[Move]:
        return legal_moves(self.table)

    def refusal(self, action: Any) -> Reason | None:
        return refusal(self.table, action)

    def do_apply(self, action: Move) -> list[dict]:
        events: list[dict] = []
        apply_move(self.table, action, self.rng, events)
        return events

    def winner(self) -> int | None:
        return self.table.winner

    def deal_unseen(self, seat: int | None, rng: random.Random) -> None:
        """The other hands and the draw pile dealt again (`determinise`); a first gnome
        chosen in secret by another seat redrawn, in the history too."""
        self.table = determinise(self.table, seat, rng)
        if self.table.phase == PHASE_CHOOSE and self.history:
            last = self.movers[-1]
            if last != seat and self.table.choices[last] >= 0:
                self.history[-1] = Move(CHOOSE, -1, self.table.choices[last])

    # -- the integer interface (docs/interop.md) -------------------------------------
    def action_id(self, action: Move) -> int:
        """A first gnome by colour; a play by card and colour (none or one of 4); a
        counter by verb and card; a discard by the places of its cards in the sorted hand
        (a bit each; of equal cards, the leftmost), so 5 cards give 31 discards."""
        if not (isinstance(action, Move) and action.is_value()):
            raise ValueError(f"{quote(action)} is not a move of Tir de tuyau")
        if action.verb == CHOOSE:
            return action.colour
        if action.verb == PLAY:
            return ID_PLAY + action.card * 5 + action.colour + 1
        if action.verb in COUNTERS:
            return ID_COUNTER + (action.verb - CONTRE) * len(CARDS) + action.card
        hand, mask = self.table.hands[self.table.to_move], 0
        for card in action.card:
            free = [i for i, held in enumerate(hand) if held == card and not mask >> i & 1]
            if not free:
                raise ValueError(f"{action} discards a card the hand does not hold")
            mask |= 1 << free[0]
        return ID_DISCARD + mask - 1

    def action_from_id(self, action_id: int) -> Move:
        if not 0 <= action_id < ID_END:
            raise ValueError(f"{quote(action_id)} is no action id of Tir de tuyau")
        if action_id < ID_PLAY:
            return Move(CHOOSE, -1, action_id)
        if action_id < ID_COUNTER:
            card, colour = divmod(action_id - ID_PLAY, 5)
            return Move(PLAY, card, colour - 1)
        if action_id < ID_DISCARD:
            verb, card = divmod(action_id - ID_COUNTER, len(CARDS))
            return Move(CONTRE + verb, card)
        hand, mask = self.table.hands[self.table.to_move], action_id - ID_DISCARD + 1
        if mask >> len(hand):
            raise ValueError(f"action id {action_id} discards more cards than the hand holds")
        return Move(DISCARD, tuple(card for i, card in enumerate(hand) if mask >> i & 1))

    def move_text(self, ply: int, seat: Any) -> str:
        """A first gnome reads `gnome ?` to the other seats until the second one is chosen."""
        move = self.history[ply]
        if (
            move.verb == CHOOSE
            and ply == self.ply - 1
            and self.table.phase == PHASE_CHOOSE
            and seat not in (self.movers[ply], OMNISCIENT)
        ):
            return "gnome ?"
        return str(move)

    def observe(self, seat: Any) -> dict[str, Any]:
        """The keys of docs/protocol.md, "Tir de tuyau observation"."""
        t = self.table
        choosing = t.phase == PHASE_CHOOSE
        view: dict[str, Any] = {
            "round": t.round,
            "target": t.target,
            "wins": t.wins[:],
            "round_winners": t.round_winners[:],
            "starter": t.starter,
            "phase": t.phase,
            "hose": t.hose,
            "fence": FENCE,
            "teams": [[COLOURS[g] for g in team] for team in t.teams],
            "chosen": [c >= 0 for c in t.choices] if choosing else [True, True],
            "supply": dict(zip(COLOURS, t.supply, strict=True)),
            "hand_sizes": [len(h) for h in t.hands],
            "draw_count": len(t.draw),
            "discards": [CARDS[c].code for c in t.discards],
            "window": None
            if t.window is None
            else {"kind": VERBS[t.window[0]], "colour": COLOURS[t.window[1]], "seat": t.window[2]},
            "last_pull": t.last_pull,
            "rules": dict(zip(("contre", "surcontre", "sursurcontre"), t.rules, strict=True)),
            "winner": t.winner,
        }
        if seat in (0, 1):
            view["hand"] = [CARDS[c].code for c in t.hands[seat]]
            if choosing and t.choices[seat] >= 0:
                view["my_gnome"] = COLOURS[t.choices[seat]]
        elif seat == OMNISCIENT:
            view["hands"] = [[CARDS[c].code for c in hand] for hand in t.hands]
            if choosing:
                view["secret_gnomes"] = [COLOURS[c] if c >= 0 else None for c in t.choices]
        return view

    def __str__(self) -> str:
        t = self.table
        teams = [" ".join(COLOURS[g][0].upper() for g in team) or "-" for team in t.teams]
        return (
            f"round {t.round} (wins {t.wins[0]}-{t.wins[1]}), hose {t.hose:+d}, "
            f"teams {teams[0]} | {teams[1]}, hands "
            f"{[CARDS[c].code for c in t.hands[0]]} {[CARDS[c].code for c in t.hands[1]]}"
        )


ID_PLAY = 4
ID_COUNTER = ID_PLAY + len(CARDS) * 5
ID_DISCARD = ID_COUNTER + len(COUNTERS) * len(CARDS)
ID_END = ID_DISCARD + 2**HAND - 1
"""Action ids: first gnomes, plays, counters, discards (`NainsState.action_id`)."""

ON_OFF = {False: {"fr": "non", "en": "off"}, True: {"fr": "oui", "en": "on"}}


class Nains(Game[NainsState]):
    """Tir de tuyau. Options: `contre`, `surcontre`, `sursurcontre` (optional counters, off
    by default; each only ever arises after the one before it) and `rounds` (round wins
    needed, 2: best of three)."""

    name = "nains"
    state_class = NainsState
    wordings = WORDINGS
    title = {"fr": "Tir de tuyau (Oh ! les nains)", "en": "Hose pull (Oh! les nains)"}
    seat_names = {"fr": ("Nabot", "Gnomette"), "en": ("Nabot", "Gnomette")}
    hidden_information = True
    private_information = True
    chance = True
    option_specs = {
        "contre": Option(False, {"fr": "Contre", "en": "Contre (counter a gnome)"}, ON_OFF),
        "surcontre": Option(
            False, {"fr": "Sur-contre", "en": "Sur-contre (answer a contre)"}, ON_OFF
        ),
        "sursurcontre": Option(
            False, {"fr": "Sur-sur-contre", "en": "Sur-sur-contre (answer a sur-contre)"}, ON_OFF
        ),
        "rounds": Option(
            2,
            {"fr": "Manches à gagner", "en": "Rounds to win"},
            {
                1: {"fr": "1 (une seule manche)", "en": "1 (a single round)"},
                2: {"fr": "2 (au meilleur des trois)", "en": "2 (best of three)"},
                3: {"fr": "3 (au meilleur des cinq)", "en": "3 (best of five)"},
            },
        ),
    }

    def parse_action(self, text: str) -> Move:
        return Move.parse(text)

    # -- the integer interface (docs/interop.md) -------------------------------------
    MAX_DECISIONS = 2000
    """The cap on a match's length: pulls of equal strength and discards back and forth
    can go on for ever (random players took 106 moves on average, at most 190, in 30
    matches)."""
    capped_length = True

    def num_distinct_actions(self) -> int:
        return ID_END

    def max_game_length(self) -> int:
        return self.MAX_DECISIONS

    def max_chance_outcomes(self) -> int:
        return len(CARDS)  # a card drawn, by kind

    def observation_shape(self) -> tuple[int, ...]:
        """From the observer's side ("mine" first): hand and discards by card kind, each
        team's gnomes by colour, supply, hose, wins, target, phase, whose turn, who
        started, the counter window, hand sizes, draw pile, own secret gnome, who has
        chosen, the optional rules."""
        return (2 * len(CARDS) + 8 + 4 + 1 + 2 + 1 + 3 + 1 + 1 + 3 + 4 + 1 + 2 + 1 + 4 + 2 + 3,)

    def observation_tensor_of(self, observation: dict[str, Any]) -> list[float]:
        o = observation
        me = o["seat"] if o["seat"] in (0, 1) else 0
        sides = (me, 1 - me)
        tensor = [o.get("hand", []).count(card.code) / 4 for card in CARDS]
        tensor += [o["discards"].count(card.code) / 4 for card in CARDS]
        for seat in sides:
            tensor += [o["teams"][seat].count(colour) / GNOMES_PER_COLOUR for colour in COLOURS]
        tensor += [o["supply"][colour] / GNOMES_PER_COLOUR for colour in COLOURS]
        tensor += [o["hose"] / FENCE * (1 if me == 0 else -1)]
        tensor += [o["wins"][seat] / o["target"] for seat in sides] + [o["target"] / 3]
        tensor += [float(o["phase"] == phase) for phase in (PHASE_CHOOSE, PHASE_PLAY, PHASE_OVER)]
        tensor += [float(o["to_move"] == me), float(o["starter"] == me)]
        window = o["window"] or {}
        tensor += [float(window.get("kind") == VERBS[verb]) for verb in COUNTERS]
        tensor += [float(window.get("colour") == colour) for colour in COLOURS]
        tensor += [float(window.get("seat") == me)]
        tensor += [o["hand_sizes"][seat] / HAND for seat in sides]
        tensor += [o["draw_count"] / len(DEFAULT_DECK)]
        tensor += [float(o.get("my_gnome") == colour) for colour in COLOURS]
        tensor += [float(o["chosen"][seat]) for seat in sides]
        return tensor + [
            float(o["rules"][name]) for name in ("contre", "surcontre", "sursurcontre")
        ]


# the rules' names as readers import them from here (notebooks, tests), wherever they live
__all__ = [
    "CHOOSE",
    "COLOUR_NAMES",
    "CONTRE",
    "DISCARD",
    "FENCE",
    "HAND",
    "OMNISCIENT",
    "PHASE_CHOOSE",
    "PHASE_OVER",
    "PHASE_PLAY",
    "PLAY",
    "PLURAL_COLOUR_NAMES",
    "SURCONTRE",
    "SURSURCONTRE",
    "Card",
    "Move",
    "Nains",
    "NainsState",
    "Table",
    "apply_move",
    "determinise",
    "legal_moves",
]
