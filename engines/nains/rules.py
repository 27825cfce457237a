"""Tir de tuyau (Oh ! les nains): rules as docs/rules/nains.md sets them out.

The whole position is a `Table` (small, quick to copy: the ISMCTS bot plays thousands of
them per second); `NainsState` wraps one for the engine protocol (history, undo, JSON,
observation, secret moves). One set of rule functions serves both.

Orientation: seat 0 pulls toward the left, seat 1 toward the right. `hose` counts the slabs
the hose has moved toward seat 0 since the round began: +8 puts seat 1's first gnome into the
fence (seat 0 wins the round), -8 does the same to seat 0.

Notation (one move, text; card codes in `cards.py`):
    gnome red            the secret first gnome of the round, chosen by the round's starter
                         then by the other seat (shown as "gnome ?" to the other seat until
                         both have chosen)
    play S2              play a card; `play +M blue`, `play M2B0 yellow` name the colour of a
                         multicolour gnome or bonnet
    contre +R            counter the gnome just added (option `contre`); also `surcontre +M`,
                         `sursurcontre +G` (options `surcontre`, `sursurcontre`)
    discard +R,S1        discard these cards, draw as many, lose one slab
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any, NamedTuple

from ..chance import reveal
from ..core import (
    OMNISCIENT,
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
from .cards import (
    CARDS,
    COLOURS,
    DEFAULT_DECK,
    GNOMES_PER_COLOUR,
    INDEX,
    MULTI,
    Card,
    bonnet_choices,
    colour_index,
    pull_values,
)

FENCE = 8
"""Slabs between each team's first gnome and the fence when a round begins."""
HAND = 5

CHOOSE, PLAY, CONTRE, SURCONTRE, SURSURCONTRE, DISCARD = range(6)
VERBS = ("gnome", "play", "contre", "surcontre", "sursurcontre", "discard")
COUNTERS = (CONTRE, SURCONTRE, SURSURCONTRE)
PHASE_CHOOSE, PHASE_PLAY, PHASE_OVER = "choose", "play", "over"

COLOUR_NAMES = (
    {"fr": "rouge", "en": "red"},
    {"fr": "bleu", "en": "blue"},
    {"fr": "jaune", "en": "yellow"},
    {"fr": "vert", "en": "green"},
)
"""The colours of `COLOURS` as a refusal says them (a gnome is masculine: un nain vert)."""
PLURAL_COLOUR_NAMES = tuple({"fr": f"{name['fr']}s", "en": name["en"]} for name in COLOUR_NAMES)
WORDINGS: Wordings = {
    "verb": {
        "fr": "{text} : un coup commence par l'un de {verbs}",
        "en": "{text}: a move starts with one of {verbs}",
    },
    "move-shape": {
        "fr": "{text} n'est pas un coup : écrivez par exemple 'gnome red', 'play R2B0', "
        "'play +M blue', 'contre +R' ou 'discard S1,+G' (cartes : +R +B +Y +G +M, R2B0, M2B0, "
        "R2, S1 S2 S3)",
        "en": "{text} is not a move: write e.g. 'gnome red', 'play R2B0', 'play +M blue', "
        "'contre +R' or 'discard S1,+G' (card codes: +R +B +Y +G +M, R2B0, M2B0, R2, S1 S2 S3)",
    },
    "not-a-move": {
        "fr": "{move} n'est pas un coup de Tir de tuyau",
        "en": "{move} is not a move of Tir de tuyau",
    },
    "not-a-value": {
        "fr": "{move} ne nomme aucun verbe, aucune carte ni couleur de Tir de tuyau",
        "en": "{move} names no verb, card or colour of Tir de tuyau",
    },
    "over": {"fr": "la partie est finie", "en": "the game is over"},
    "choose-first": {
        "fr": "chaque joueur choisit d'abord un nain en secret : jouez 'gnome <couleur>' "
        "(red, blue, yellow ou green)",
        "en": "each player first chooses a gnome in secret: play 'gnome <colour>'",
    },
    "chosen": {
        "fr": "les premiers nains sont déjà choisis",
        "en": "the first gnomes are already chosen",
    },
    "not-in-hand": {
        "fr": "il n'y a pas de carte {card} dans votre main",
        "en": "there is no {card} in your hand",
    },
    "not-enough-in-hand": {
        "fr": "il n'y a pas {count} cartes {card} dans votre main",
        "en": "your hand does not hold {count} cards {card}",
    },
    "discard-colour": {
        "fr": "une défausse ne nomme pas de couleur",
        "en": "a discard names no colour",
    },
    "rule-off": {
        "fr": "la règle optionnelle {name} n'est pas en jeu",
        "en": "the optional rule {name} is off",
    },
    "counter-window": {
        "fr": "{name} n'est possible qu'à votre tour juste après {after}",
        "en": "{name} is only possible on your turn right after {after}",
    },
    "counter-card": {
        "fr": "{name} demande une carte « ajouter un nain » {colour} ou multicolore",
        "en": "{name} needs an add-a-gnome card {colour} or multicolour",
    },
    "counter-supply": {
        "fr": "il ne reste pas deux nains {colours} dans la réserve",
        "en": "there are not two {colours} gnomes left in the supply",
    },
    "counter-colour": {
        "fr": "{name} ne nomme pas de couleur : c'est {colour}",
        "en": "{name} names no colour: it is {colour}",
    },
    "needs-colour": {
        "fr": "{card} demande une couleur : jouez '{card} red' (ou blue, yellow, green)",
        "en": "{card} needs a colour: play {card} red (or blue, yellow, green)",
    },
    "bonnet-colour": {
        "fr": "le bonnet de {card} ne peut pas être {colour} : cette couleur est sur la carte",
        "en": "the bonnet of {card} cannot be {colour}: that colour is on the card",
    },
    "no-colour": {"fr": "{card} ne nomme pas de couleur", "en": "{card} names no colour"},
    "supply-empty": {
        "fr": "il ne reste aucun nain {colour} dans la réserve",
        "en": "no {colour} gnome is left in the supply",
    },
}
"""Tir de tuyau's refusals and notation errors (`Game.wordings`): colours are given as
`COLOUR_NAMES`, worded in the refusal's language; the notation keeps its English words."""
WINDOWS = {
    CONTRE: {"fr": "l'ajout d'un nain par l'autre équipe", "en": "the other team added a gnome"},
    SURCONTRE: {"fr": "le contre de votre nain", "en": "your gnome was countered"},
    SURSURCONTRE: {"fr": "un sur-contre contre vous", "en": "you were sur-countered"},
}
"""What opens each counter's window, said in a refusal."""


class Move(NamedTuple):
    """One move. `verb` is CHOOSE..DISCARD; `card` a card index (-1 for CHOOSE), or for
    DISCARD a sorted tuple of card indices; `colour` 0-3 or -1."""

    verb: int
    card: Any
    colour: int = -1

    def __str__(self) -> str:
        verb = VERBS[self.verb]
        if self.verb == CHOOSE:
            return f"gnome {COLOURS[self.colour]}"
        if self.verb == DISCARD:
            return f"discard {','.join(CARDS[c].code for c in self.card)}"
        colour = f" {COLOURS[self.colour]}" if self.colour >= 0 else ""
        return f"{verb} {CARDS[self.card].code}{colour}"

    def __repr__(self) -> str:
        """The notation, or the raw fields of a move no text reads as (Move(1, -1, -1))."""
        return f"Move({str(self)!r})" if self.is_value() else f"Move{tuple.__repr__(self)}"

    @staticmethod
    def parse(text: Any) -> Move:
        words = action_text(text).split()
        if not words or words[0].lower() not in VERBS:
            reason = Reason(WORDINGS, "verb", text=quote(text), verbs=", ".join(VERBS))
            raise NotationError(reason, text=quote(text))
        verb = VERBS.index(words[0].lower())
        try:
            if verb == CHOOSE:
                (name,) = words[1:]
                return Move(CHOOSE, -1, colour_index(name))
            if verb == DISCARD:
                (codes,) = words[1:]
                cards = tuple(sorted(INDEX[code.upper()] for code in codes.split(",")))
                return Move(DISCARD, cards)
            code, *rest = words[1:]
            card = INDEX[code.upper()]
            if len(rest) > 1:
                raise ValueError(rest)
            return Move(verb, card, colour_index(rest[0]) if rest else -1)
        except (ValueError, KeyError):
            reason = Reason(WORDINGS, "move-shape", text=quote(text))
            raise NotationError(reason, text=quote(text)) from None

    def is_value(self) -> bool:
        """Whether every field holds what `parse` could give (a card index in range, not a
        bool, not -1 standing for the last card): the rules may then read the move safely."""
        if not (_index(self.verb, len(VERBS)) and _index(self.colour, 4, -1)):
            return False
        if self.verb == CHOOSE:
            return self.card == -1 and type(self.card) is int and self.colour >= 0
        if self.verb == DISCARD:
            return (
                type(self.card) is tuple
                and len(self.card) > 0
                and all(_index(card, len(CARDS)) for card in self.card)
                and list(self.card) == sorted(self.card)
            )
        return _index(self.card, len(CARDS))


def _index(value: Any, size: int, low: int = 0) -> bool:
    """`value` is an int (not a bool) from `low` to `size` - 1."""
    return type(value) is int and low <= value < size


class Table:
    """The whole position of a match (hidden parts included), with the rules acting on it."""

    __slots__ = (
        "hands",
        "draw",
        "discards",
        "teams",
        "supply",
        "hose",
        "wins",
        "round",
        "starter",
        "phase",
        "to_move",
        "choices",
        "window",
        "winner",
        "last_pull",
        "rules",
        "target",
        "round_winners",
    )
    hands: list[list[int]]
    """Each seat's cards (indices into CARDS), sorted."""
    draw: list[int]
    discards: list[int]
    teams: list[list[int]]
    """Each seat's gnomes in the round (colours 0-3), its first gnome first."""
    supply: list[int]
    """Gnomes of each colour left to add."""
    hose: int
    wins: list[int]
    round: int
    starter: int
    phase: str
    to_move: int
    choices: list[int]
    """Each seat's secret first gnome of the round (a colour; -1 before it chooses)."""
    window: tuple[int, int, int] | None
    """(counter verb, colour, seat) that may counter now, if any."""
    winner: int | None
    last_pull: dict[str, Any] | None
    rules: tuple[bool, bool, bool]
    """The options contre, surcontre, sursurcontre."""
    target: int
    round_winners: list[int]

    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.hands = [self.hands[0][:], self.hands[1][:]]
        t.draw = self.draw[:]
        t.discards = self.discards[:]
        t.teams = [self.teams[0][:], self.teams[1][:]]
        t.supply = self.supply[:]
        t.choices = self.choices[:]
        t.wins = self.wins[:]
        t.round_winners = self.round_winners[:]
        for name in (
            "hose",
            "round",
            "starter",
            "phase",
            "to_move",
            "window",
            "winner",
            "last_pull",
            "rules",
            "target",
        ):
            setattr(t, name, getattr(self, name))
        return t

    def __deepcopy__(self, memo: dict) -> Table:
        """`copy`: what a state's clone takes (every field is a number, a text, a tuple or
        a list of those, and `last_pull` is replaced, never changed)."""
        return self.copy()


def new_table(
    rng: random.Random,
    first: int,
    rules: tuple[bool, bool, bool] = (False,) * 3,
    target: int = 2,
    deck: tuple[int, ...] = DEFAULT_DECK,
) -> Table:
    """Shuffle, deal five cards to each seat, and open the first round's secret choice."""
    t = Table.__new__(Table)
    t.draw = list(deck)
    rng.shuffle(t.draw)
    t.discards = []
    t.hands = [[], []]
    t.wins = [0, 0]
    t.round_winners = []
    t.rules, t.target = rules, target
    t.round, t.winner, t.last_pull = 0, None, None
    for seat in (0, 1):
        draw(t, seat, HAND, rng, None)
    start_round(t, first)
    return t


def start_round(t: Table, starter: int) -> None:
    t.round += 1
    t.teams = [[], []]
    t.supply = [GNOMES_PER_COLOUR] * 4
    t.hose = 0
    t.starter = starter
    t.phase = PHASE_CHOOSE
    t.to_move = starter  # the starter chooses first, in secret; then the other seat
    t.choices = [-1, -1]
    t.window = None


def draw(t: Table, seat: int, count: int, rng: random.Random, events: list | None) -> None:
    """Draw `count` cards into `seat`'s hand, shuffling the discards when the pile is empty."""
    hand = t.hands[seat]
    for _ in range(count):
        if not t.draw:
            if not t.discards:
                break
            t.draw, t.discards = t.discards, []
            rng.shuffle(t.draw)
            if events is not None:
                events.append({"type": "reshuffle", "count": len(t.draw)})
        reveal(rng, t.draw, len(t.draw) - 1, name=card_code)
        hand.append(t.draw.pop())
    hand.sort()


def card_code(card: int) -> str:
    return CARDS[card].code


def counter_window(t: Table, seat: int) -> tuple[int, int] | None:
    """(counter verb, colour) that `seat` may play now, if any."""
    if t.window is not None and t.window[2] == seat:
        return t.window[0], t.window[1]
    return None


def legal_moves(t: Table, discards: bool = True) -> list[Move]:
    """Every legal move of the seat to move (`discards` False leaves out the discards)."""
    if t.phase == PHASE_OVER:
        return []
    seat = t.to_move
    if t.phase == PHASE_CHOOSE:
        return [Move(CHOOSE, -1, c) for c in range(4)]
    hand = t.hands[seat]
    window = counter_window(t, seat)
    moves: list[Move] = []
    for index in sorted(set(hand)):
        card = CARDS[index]
        if card.kind == "gnome":
            colours = range(4) if card.colour == MULTI else (card.colour,)
            if window is not None and card.colour in (MULTI, window[1]):
                verb, colour = window
                if verb != SURCONTRE or t.supply[colour] >= 2:
                    moves.append(Move(verb, index))
            moves.extend(
                Move(PLAY, index, c if card.colour == MULTI else -1)
                for c in colours
                if t.supply[c] > 0
            )
        elif card.kind == "pull" and card.needs_colour:
            moves.extend(Move(PLAY, index, c) for c in bonnet_choices(card))
        else:
            moves.append(Move(PLAY, index))
    if discards:
        moves.extend(Move(DISCARD, subset) for subset in sub_multisets(hand))
    return moves


def sub_multisets(hand: list[int]) -> list[tuple[int, ...]]:
    """Every non-empty sub-multiset of a sorted hand, as sorted tuples, without repeats."""
    counts = sorted(Counter(hand).items())
    subsets = []
    for picks in itertools.product(*(range(n + 1) for _, n in counts)):
        subset = tuple(card for (card, _), k in zip(counts, picks, strict=True) for _ in range(k))
        if subset:
            subsets.append(subset)
    return sorted(subsets, key=lambda subset: (len(subset), subset))


def refusal(t: Table, move: Move) -> Reason | None:
    """Why the rules refuse `move` now (None: it is legal), in a player's words (`WORDINGS`)."""
    if not isinstance(move, Move):
        return Reason(WORDINGS, "not-a-move", move=quote(move))
    if not move.is_value():
        return Reason(WORDINGS, "not-a-value", move=quote(repr(move)))
    if t.phase == PHASE_OVER:
        return Reason(WORDINGS, "over")
    if t.phase == PHASE_CHOOSE:
        legal = move.verb == CHOOSE and 0 <= move.colour < 4
        return None if legal else Reason(WORDINGS, "choose-first")
    if move.verb == CHOOSE:
        return Reason(WORDINGS, "chosen")
    hand = Counter(t.hands[t.to_move])
    cards = move.card if move.verb == DISCARD else (move.card,)
    for code, count in Counter(CARDS[c].code for c in cards).items():
        if hand[INDEX[code]] < count:
            if count == 1:
                return Reason(WORDINGS, "not-in-hand", card=code)
            return Reason(WORDINGS, "not-enough-in-hand", card=code, count=count)
    if move.verb == DISCARD:
        return None if move.colour < 0 else Reason(WORDINGS, "discard-colour")
    card = CARDS[move.card]
    if move.verb in COUNTERS:
        name = VERBS[move.verb]
        if not t.rules[move.verb - CONTRE]:
            return Reason(WORDINGS, "rule-off", name=name)
        window = counter_window(t, t.to_move)
        if window is None or window[0] != move.verb:
            return Reason(WORDINGS, "counter-window", name=name, after=WINDOWS[move.verb])
        colour = COLOUR_NAMES[window[1]]
        if card.kind != "gnome" or card.colour not in (MULTI, window[1]):
            return Reason(WORDINGS, "counter-card", name=name, colour=colour)
        if move.verb == SURCONTRE and t.supply[window[1]] < 2:
            return Reason(WORDINGS, "counter-supply", colours=PLURAL_COLOUR_NAMES[window[1]])
        return (
            None
            if move.colour < 0
            else Reason(WORDINGS, "counter-colour", name=name, colour=colour)
        )
    if card.needs_colour:
        if move.colour < 0:
            return Reason(WORDINGS, "needs-colour", card=card.code)
        if card.kind == "pull" and move.colour not in bonnet_choices(card):
            colour = COLOUR_NAMES[move.colour]
            return Reason(WORDINGS, "bonnet-colour", card=card.code, colour=colour)
    elif move.colour >= 0:
        return Reason(WORDINGS, "no-colour", card=card.code)
    if card.kind == "gnome":
        added = move.colour if card.colour == MULTI else card.colour
        if t.supply[added] == 0:
            return Reason(WORDINGS, "supply-empty", colour=COLOUR_NAMES[added])
    return None


def determinise(t: Table, seat: int | None, rng: random.Random) -> Table:
    """A copy of the table consistent with what `seat` knows (None: a spectator, who sees
    no hand): the cards it cannot see (the other hands and the draw pile together) dealt
    again at random, an unrevealed first gnome of another seat redrawn."""
    d = t.copy()
    others = [other for other in (0, 1) if other != seat]
    unseen = sorted(d.draw + [card for other in others for card in d.hands[other]])
    rng.shuffle(unseen)  # from a sorted list: only the multiset of unseen cards matters
    for other in others:
        size = len(d.hands[other])
        d.hands[other], unseen = sorted(unseen[:size]), unseen[size:]
    d.draw = unseen
    if d.phase == PHASE_CHOOSE:
        for other in others:
            if d.choices[other] >= 0:
                d.choices[other] = rng.randrange(4)
    return d


def team_powers(t: Table, values: list[int]) -> list[int]:
    return [sum(values[g] for g in team) for team in t.teams]


def apply_move(t: Table, move: Move, rng: random.Random, events: list | None = None) -> None:
    """Carry out a legal move; public events are appended to `events` when it is a list."""
    seat = t.to_move
    other = 1 - seat
    if t.phase == PHASE_CHOOSE:
        t.choices[seat] = move.colour
        if events is not None:
            events.append({"type": "chosen", "seat": seat})
        if t.choices[other] < 0:
            t.to_move = other
            return
        t.teams = [[t.choices[0]], [t.choices[1]]]
        for c in t.choices:
            t.supply[c] -= 1
        t.phase, t.to_move = PHASE_PLAY, t.starter
        if events is not None:
            events.append({"type": "reveal", "gnomes": [COLOURS[c] for c in t.choices]})
        return
    toward = 1 if seat == 0 else -1  # hose direction that helps the seat to move
    window = None
    hand = t.hands[seat]
    if move.verb == DISCARD:
        for card in move.card:
            hand.remove(card)
            t.discards.append(card)
        t.hose -= toward
        if events is not None:
            events.append(
                {"type": "discard", "seat": seat, "cards": [CARDS[c].code for c in move.card]}
            )
        draw(t, seat, len(move.card), rng, events)
    else:
        hand.remove(move.card)
        t.discards.append(move.card)
        card = CARDS[move.card]
        event: dict[str, Any] = {"type": VERBS[move.verb], "seat": seat, "card": card.code}
        if move.verb == PLAY and card.kind == "gnome":
            colour = move.colour if card.colour == MULTI else card.colour
            t.teams[seat].append(colour)
            t.supply[colour] -= 1
            t.hose -= 2 * toward
            event["type"], event["colour"] = "gnome", COLOURS[colour]
            if t.rules[0]:
                window = (CONTRE, colour, other)
        elif move.verb == PLAY and card.kind == "pull":
            bonnet = move.colour
            values = pull_values(card, bonnet)
            power = team_powers(t, values)
            t.hose += power[0] - power[1]
            diff = abs(power[0] - power[1])
            t.last_pull = {
                "seat": seat,
                "card": card.code,
                "bonnet": COLOURS[bonnet] if bonnet >= 0 else None,
                "values": dict(zip(COLOURS, values, strict=True)),
                "power": power,
                "diff": diff,
                "toward": None if diff == 0 else (0 if power[0] > power[1] else 1),
                "round": t.round,
            }
            event.update(t.last_pull)
            event["type"] = "pull"
        elif move.verb == PLAY:
            t.hose += toward * card.squirrels
            event["type"], event["squirrels"] = "squirrel", card.squirrels
        else:
            assert t.window is not None, "a counter is legal only while its window is open"
            colour = t.window[1]
            event["colour"] = COLOURS[colour]
            if move.verb == CONTRE:
                t.teams[other].pop()
                t.supply[colour] += 1
                if t.rules[1]:
                    window = (SURCONTRE, colour, other)
            elif move.verb == SURCONTRE:
                t.teams[seat] += [colour, colour]
                t.supply[colour] -= 2
                if t.rules[2]:
                    window = (SURSURCONTRE, colour, other)
            else:
                del t.teams[other][-2:]
                t.teams[seat] += [colour, colour]
        if events is not None:
            event["hose"] = t.hose
            events.append(event)
        if not hand:
            draw(t, seat, HAND, rng, events)
            if events is not None:
                events.append({"type": "draw", "seat": seat, "count": len(hand)})
    t.window = window
    t.to_move = other
    if abs(t.hose) >= FENCE:
        t.hose = FENCE if t.hose > 0 else -FENCE  # the lead gnome is in the fence: no further
        end_round(t, 0 if t.hose > 0 else 1, events)


def end_round(t: Table, winner: int, events: list | None) -> None:
    t.wins[winner] += 1
    t.round_winners.append(winner)
    if events is not None:
        # the garden as the round ended (the next round's is already laid out): for the view
        garden = {"hose": t.hose, "teams": [[COLOURS[g] for g in team] for team in t.teams]}
        events.append(
            {"type": "round", "round": t.round, "winner": winner, "wins": t.wins[:], **garden}
        )
    if t.wins[winner] >= t.target:
        t.phase, t.winner, t.window = PHASE_OVER, winner, None
        if events is not None:
            events.append({"type": "game", "winner": winner})
        return
    start_round(t, 1 - winner)  # the loser starts the next round


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

    def redraw(self, seat: int | None, rng: random.Random) -> None:
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


__all__ = ["Card", "Move", "Nains", "NainsState", "OMNISCIENT", "Table", "determinise"]
