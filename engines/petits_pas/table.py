"""The readable reference engine: one deal of A Petits Pas, step by step, with its events.

A `Table` holds the whole truth of a deal: the row of places (each a pile, top card last),
the stock (dealt in order), the cards out and the cards that have jumped. `step()` carries out
one move of the mover — the pile in the rightmost place — then lets the row settle (empty
places dropped or closed up, gaps refilled from the stock) and sees whether the deal is over,
so that between steps the row never has an empty place. `rules.py` wraps a Table in the
shared Game/State interface; `fast.py` must agree with `play_out` deal by deal; this module
stays the one to read.

Each step returns public events, in order; a UI replays them on the row it shows, so place
numbers are 0-based indexes into the row as it stands just before that event. Events name
only cards already dealt (a dealt card appears first in the event that deals it):

    take     card, from, over, to, meets, pile, taken=[{place, pile}…]  the mover's pile and
             every taken pile leave the game; their places become empty
    cover    card, from, over, to, meets    the card goes on top of the pile met (jumped)
    exit     card, from, over, pile         the mover leaves the game alone, with its pile
    far-left card, from, over, to=0         the card moves to a new place at the left end;
                                            its old place (now from + 1) becomes empty
    blocked  card, from, over, reason[, meets]   reason: jumped, neighbour, no-suit, higher
    deal     card, to, stock                after a blocked mover: a new place on the right
    refill   deals=[{card, to}…], stock     gaps filled (`to` = row length: a new place)
    close    places, why                    these empty places are removed (why: extra,
                                            close-up, stock-empty)
    won  |  lost left                       the deal is over
`over` lists the tops of the piles jumped over, right to left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..chance import reveal
from ..core import GameOverError
from .cards import Card, parse_deck
from .readings import DEFAULT_READING, Reading


class Plan(NamedTuple):
    """What the mover will do, decided before anything changes: so a lost deal is seen
    at once, and an event can describe the row as it was."""

    kind: str  # "take", "cover", "exit", "far-left" or "blocked"
    place: int  # the mover's place
    over: tuple[int, ...] = ()  # places jumped over, right to left
    met: int | None = None  # the first pile of the mover's suit it meets
    taken: tuple[int, ...] = ()  # every place whose pile is taken
    reason: str | None = None  # why blocked


def texts(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def deck_index(card: Card) -> int:
    return card.deck_index


class Table:
    """One deal: deals the first four cards at once, then moves on with `step()`.

    `deck` is the dealing order; any length works (a short deck makes a quick rules
    example), while `play_out` and the game insist on the whole 52. `rng`, the game's
    generator, turns each card up (`chance.reveal`): explicit chance may choose it.
    """

    def __init__(
        self,
        deck: Sequence[Card],
        reading: Reading = DEFAULT_READING,
        rng: random.Random | None = None,
    ):
        self.reading = reading
        self.rng = rng
        self.stock = list(reversed(deck))  # the next card is last: pop() deals it
        self.places: list[list[Card]] = []
        self.out: list[Card] = []
        self.jumped: set[Card] = set()
        self.result: str | None = None  # "won" or "lost" once over
        self.steps = 0
        while self.stock and len(self.places) < 4:
            self.places.append([self._deal()])
        self._check_end(None)

    def _deal(self) -> Card:
        """The stock's next card, turned up."""
        reveal(self.rng, self.stock, len(self.stock) - 1, kind=deck_index)
        return self.stock.pop()

    def cards_left(self) -> int:
        return sum(len(pile) for pile in self.places)

    # -- what the mover does ---------------------------------------------------------
    def plan(self) -> Plan:
        """The mover's move under the reading (the row has no empty place here)."""
        reading, places = self.reading, self.places
        mover = len(places) - 1
        card = places[mover][-1]
        stock_lasts = bool(self.stock)
        end_rule = not stock_lasts and reading.endgame == "exit"
        has_jumped = card in self.jumped
        if has_jumped and (stock_lasts or reading.endgame == "none"):
            return Plan("blocked", mover, reason="jumped")
        if self._neighbours_block(mover):
            return Plan("blocked", mover, met=mover - 1, reason="neighbour")
        met = mover - 1
        while met >= 0 and places[met][-1].suit != card.suit:
            met -= 1
        over = tuple(range(mover - 1, met, -1))
        if met < 0:
            if end_rule:
                return Plan("exit", mover, over)
            if has_jumped or reading.nowhere == "blocked":
                return Plan("blocked", mover, over, reason="no-suit")
            return Plan("exit" if reading.nowhere == "off" else "far-left", mover, over)
        if reading.value(card) > reading.value(places[met][-1]):
            return Plan("take", mover, over, met, self._taken(met, card))
        if end_rule or has_jumped:
            return Plan("blocked", mover, over, met, reason="higher" if end_rule else "jumped")
        return Plan("cover", mover, over, met)

    def _neighbours_block(self, mover: int) -> bool:
        """Whether the piles just left of the mover, being of its suit, stop it (`adjacent`)."""
        count = self.reading.blocking_neighbours
        if not count or mover < count:
            return False
        suit = self.places[mover][-1].suit
        return all(self.places[mover - k][-1].suit == suit for k in range(1, count + 1))

    def _taken(self, met: int, taker: Card) -> tuple[int, ...]:
        """The places a taker empties: the pile met, then more under the `take` reading."""
        rule, value = self.reading.take, self.reading.value
        taken, last = [met], value(self.places[met][-1])
        if rule == "one":
            return tuple(taken)
        for place in range(met - 1, -1, -1):
            top = self.places[place][-1]
            if top.suit != taker.suit:
                continue
            rank = value(top)
            if not (
                rank < value(taker)
                if rule == "lower"
                else rank < last
                if rule == "descending"
                else rank == last - 1
            ):
                break
            taken.append(place)
            last = rank
        return tuple(taken)

    # -- one step ---------------------------------------------------------------------
    def step(self, record: bool = True) -> list[dict[str, Any]]:
        """Move the mover, let the row settle, see if the deal is over; return the events
        (none when `record` is false: `play_out` and other counting need no story)."""
        if self.result is not None:
            raise GameOverError(f"the deal is over ({self.result})")
        plan = self.plan()
        events = [self._describe(plan)] if record else None
        if plan.kind == "blocked":  # the stock lasts, or the deal would be over already
            self.places.append([self._deal()])
            if events is not None:
                events.append(
                    {
                        "kind": "deal",
                        "card": str(self.places[-1][-1]),
                        "to": len(self.places) - 1,
                        "stock": len(self.stock),
                    }
                )
        else:
            self._carry_out(plan)
            self._settle(events)
        self.steps += 1
        self._check_end(events)
        return events or []

    def _describe(self, plan: Plan) -> dict[str, Any]:
        places = self.places
        pile = places[plan.place]
        event: dict[str, Any] = {
            "kind": plan.kind,
            "card": str(pile[-1]),
            "from": plan.place,
            "over": [str(places[p][-1]) for p in plan.over],
        }
        if plan.met is not None:
            event["meets"] = str(places[plan.met][-1])
        if plan.kind in ("take", "cover"):
            event["to"] = plan.met
        if plan.kind in ("take", "exit"):
            event["pile"] = texts(pile)
        if plan.kind == "take":
            event["taken"] = [{"place": p, "pile": texts(places[p])} for p in plan.taken]
        if plan.kind == "far-left":
            event["to"] = 0
        if plan.reason:
            event["reason"] = plan.reason
        return event

    def _carry_out(self, plan: Plan) -> None:
        places = self.places
        pile = places[plan.place]
        if plan.kind == "take":
            for place in (plan.place, *plan.taken):
                self._leave(place)
        elif plan.kind == "exit":
            self._leave(plan.place)
        elif plan.kind == "cover":
            assert plan.met is not None, "a cover has met a pile"
            places[plan.met].extend(pile)  # one card: a pile's top has jumped, so never moves
            self.jumped.add(pile[-1])
            places[plan.place] = []
        else:  # far-left
            self.jumped.add(pile[-1])
            places[plan.place] = []
            places.insert(0, pile)

    def _leave(self, place: int) -> None:
        pile = self.places[place]
        self.out.extend(pile)
        self.jumped.difference_update(pile)
        self.places[place] = []

    def _settle(self, events: list[dict[str, Any]] | None) -> None:
        """Drop or close up empty places and refill from the stock, as the reading says."""
        places, stock = self.places, self.stock
        filled = []
        if self.reading.refill == "in-place":
            extra: list[int] = []
            while len(places) > 4 and not places[-1]:
                places.pop()
                extra.insert(0, len(places))
            if extra and events is not None:
                events.append({"kind": "close", "places": extra, "why": "extra"})
            for place, pile in enumerate(places):
                if not pile and stock:
                    pile.append(self._deal())
                    filled.append(place)
        else:
            self._close_up(events, "close-up")
            while stock and len(places) < 4:
                places.append([self._deal()])
                filled.append(len(places) - 1)
        if filled and events is not None:
            deals = [{"card": str(places[place][-1]), "to": place} for place in filled]
            events.append({"kind": "refill", "deals": deals, "stock": len(stock)})
        if not stock:
            self._close_up(events, "stock-empty")

    def _close_up(self, events: list[dict[str, Any]] | None, why: str) -> None:
        if all(self.places):
            return
        if events is not None:
            empty = [place for place, pile in enumerate(self.places) if not pile]
            events.append({"kind": "close", "places": empty, "why": why})
        self.places[:] = [pile for pile in self.places if pile]

    def _check_end(self, events: list[dict[str, Any]] | None) -> None:
        """End the deal as soon as it is decided, so no step is ever offered in vain."""
        if not self.places:
            self.result = "won"
            if events is not None:
                events.append({"kind": "won"})
        elif not self.stock:
            plan = self.plan()
            if plan.kind == "blocked":
                self.result = "lost"
                if events is not None:
                    events += [self._describe(plan), {"kind": "lost", "left": self.cards_left()}]


def play_out(deck: Sequence[str | Card] | str, **reading: Any) -> int:
    """Cards left on the table when the deal of `deck` (52 cards, in dealing order) is over
    under the reading given by keywords (e.g. ``take="lower"``); 0 means won."""
    table = Table(parse_deck(deck), Reading.of(**reading))
    while table.result is None:
        table.step(record=False)
    return table.cards_left()
