"""The position of a match of Tir de tuyau and the rules acting on it (docs/rules/nains.md).

The whole position is a `Table` (small, quick to copy: the ISMCTS bot plays thousands of
them per second); the rules are functions of a table, shared by `NainsState` (rules.py) and
the bots' playouts: the legal moves, why a move is refused, a move carried out, the deal
and the redeal of what a seat cannot see.

Orientation: seat 0 pulls toward the left, seat 1 toward the right. `hose` counts the slabs
the hose has moved toward seat 0 since the round began: +8 puts seat 1's first gnome into the
fence (seat 0 wins the round), -8 does the same to seat 0.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from ..chance import reveal
from ..core import Reason, quote
from .cards import (
    CARDS,
    COLOURS,
    DEFAULT_DECK,
    GNOMES_PER_COLOUR,
    INDEX,
    MULTI,
    Card,
    bonnet_choices,
    pull_values,
)
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

FENCE = 8
"""Slabs between each team's first gnome and the fence when a round begins."""
HAND = 5
PHASE_CHOOSE, PHASE_PLAY, PHASE_OVER = "choose", "play", "over"

WINDOWS = {
    CONTRE: {"fr": "l'ajout d'un nain par l'autre équipe", "en": "the other team added a gnome"},
    SURCONTRE: {"fr": "le contre de votre nain", "en": "your gnome was countered"},
    SURSURCONTRE: {"fr": "un sur-contre contre vous", "en": "you were sur-countered"},
}
"""What opens each counter's window, said in a refusal."""


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
    missing = _missing_cards(t.hands[t.to_move], move)
    if missing is not None or move.verb == DISCARD:
        return missing
    if move.verb in COUNTERS:
        return _counter_refusal(t, move)
    return _play_refusal(t, move)


def _missing_cards(hand: list[int], move: Move) -> Reason | None:
    """A card the move plays or discards that the hand does not hold (as many times); a
    discard's only other fault, a colour named."""
    held = Counter(hand)
    cards = move.card if move.verb == DISCARD else (move.card,)
    for code, count in Counter(CARDS[c].code for c in cards).items():
        if held[INDEX[code]] < count:
            if count == 1:
                return Reason(WORDINGS, "not-in-hand", card=code)
            return Reason(WORDINGS, "not-enough-in-hand", card=code, count=count)
    if move.verb == DISCARD and move.colour >= 0:
        return Reason(WORDINGS, "discard-colour")
    return None


def _counter_refusal(t: Table, move: Move) -> Reason | None:
    """A counter needs its optional rule, its window open to the seat, a gnome card of the
    window's colour (or multicolour), two gnomes in the supply for a sur-contre, no colour."""
    name = VERBS[move.verb]
    if not t.rules[move.verb - CONTRE]:
        return Reason(WORDINGS, "rule-off", name=name)
    window = counter_window(t, t.to_move)
    if window is None or window[0] != move.verb:
        return Reason(WORDINGS, "counter-window", name=name, after=WINDOWS[move.verb])
    card, colour = CARDS[move.card], COLOUR_NAMES[window[1]]
    if card.kind != "gnome" or card.colour not in (MULTI, window[1]):
        return Reason(WORDINGS, "counter-card", name=name, colour=colour)
    if move.verb == SURCONTRE and t.supply[window[1]] < 2:
        return Reason(WORDINGS, "counter-supply", colours=PLURAL_COLOUR_NAMES[window[1]])
    if move.colour >= 0:
        return Reason(WORDINGS, "counter-colour", name=name, colour=colour)
    return None


def _play_refusal(t: Table, move: Move) -> Reason | None:
    """A played card names a colour if and only if it needs one (a bonnet not on the card);
    a gnome needs one of its colour left in the supply."""
    card = CARDS[move.card]
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
    if t.phase == PHASE_CHOOSE:
        _choose(t, seat, move.colour, events)
        return
    if move.verb == DISCARD:
        _discard(t, seat, move.card, rng, events)
        window = None
    else:
        window = _play(t, seat, move, events)
        if not t.hands[seat]:
            draw(t, seat, HAND, rng, events)
            if events is not None:
                events.append({"type": "draw", "seat": seat, "count": len(t.hands[seat])})
    t.window = window
    t.to_move = 1 - seat
    if abs(t.hose) >= FENCE:
        t.hose = FENCE if t.hose > 0 else -FENCE  # the lead gnome is in the fence: no further
        end_round(t, 0 if t.hose > 0 else 1, events)


def _toward(seat: int) -> int:
    """The hose direction that helps `seat`."""
    return 1 if seat == 0 else -1


def _choose(t: Table, seat: int, colour: int, events: list | None) -> None:
    """A secret first gnome; the second one reveals both and the round's play begins."""
    other = 1 - seat
    t.choices[seat] = colour
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


def _discard(
    t: Table, seat: int, cards: tuple[int, ...], rng: random.Random, events: list | None
) -> None:
    """The cards to the discards, as many drawn, one slab lost."""
    for card in cards:
        t.hands[seat].remove(card)
        t.discards.append(card)
    t.hose -= _toward(seat)
    if events is not None:
        events.append({"type": "discard", "seat": seat, "cards": [CARDS[c].code for c in cards]})
    draw(t, seat, len(cards), rng, events)


def _play(t: Table, seat: int, move: Move, events: list | None) -> tuple[int, int, int] | None:
    """A card played (or countered with) from the hand; returns the counter window it opens."""
    t.hands[seat].remove(move.card)
    t.discards.append(move.card)
    card = CARDS[move.card]
    event: dict[str, Any] = {"type": VERBS[move.verb], "seat": seat, "card": card.code}
    window = None
    if move.verb in COUNTERS:
        window = _counter(t, seat, move.verb, event)
    elif card.kind == "gnome":
        colour = move.colour if card.colour == MULTI else card.colour
        t.teams[seat].append(colour)
        t.supply[colour] -= 1
        t.hose -= 2 * _toward(seat)
        event["type"], event["colour"] = "gnome", COLOURS[colour]
        if t.rules[0]:
            window = (CONTRE, colour, 1 - seat)
    elif card.kind == "pull":
        _pull(t, seat, card, move.colour, event)
    else:
        t.hose += _toward(seat) * card.squirrels
        event["type"], event["squirrels"] = "squirrel", card.squirrels
    if events is not None:
        event["hose"] = t.hose
        events.append(event)
    return window


def _pull(t: Table, seat: int, card: Card, bonnet: int, event: dict[str, Any]) -> None:
    """Both teams pull with the card's values (the bonnet's colour named); `last_pull` says
    how it went."""
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


def _counter(t: Table, seat: int, verb: int, event: dict[str, Any]) -> tuple[int, int, int] | None:
    """A contre takes back the gnome just added; a sur-contre adds two of its colour; a
    sur-sur-contre takes those two and adds two. Returns the answer's window, if its rule is
    on."""
    assert t.window is not None, "a counter is legal only while its window is open"
    other, colour = 1 - seat, t.window[1]
    event["colour"] = COLOURS[colour]
    if verb == CONTRE:
        t.teams[other].pop()
        t.supply[colour] += 1
        return (SURCONTRE, colour, other) if t.rules[1] else None
    if verb == SURCONTRE:
        t.teams[seat] += [colour, colour]
        t.supply[colour] -= 2
        return (SURSURCONTRE, colour, other) if t.rules[2] else None
    del t.teams[other][-2:]
    t.teams[seat] += [colour, colour]
    return None


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
