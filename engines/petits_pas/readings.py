"""The readings of the book's ambiguous text: each switch names one point readers argue about.

The first value of each switch is the project's default reading, the most literal one that
is consistent (docs/rules/petits_pas.md#readings); every other value is a documented
alternative, so that comparing win rates across readings is itself a lesson. A `Reading` is
one full choice; the game's options are its fields.

adjacent — a pile of the mover's suit right next to it:
    "meets"  (default) it is simply met: the mover takes or covers it.
    "blocks" it blocks the mover, which may only *jump over* other suits (the literal
             "ne peut sauter que par-dessus des cartes qui n'appartiennent pas à sa famille").
    "book"   it blocks only when the two piles left of the mover are both of its suit (the
             book's example, "de même famille que les cartes en 2 et 3", word for word).
    Applies wherever the mover scans, the end of the stock included.
nowhere — no pile of the mover's suit anywhere to its left (while the stock lasts, and after
it unless the end rule "exit" decides):
    "blocked"  (default) it cannot move: a card is dealt on the right.
    "far-left" it jumps to a new place at the far left (its one jump spent).
    "off"      it jumps off the row and leaves the game with its pile.
refill — how the row is made whole again after a move:
    "in-place" (default) gaps are refilled where they are, left to right; extra places on the
               right are dropped first while the row has more than four.
    "close-up" the row closes up to the left and new cards are dealt at its right end until
               it has four places.
take — what a taker does after taking the pile it meets:
    "one"         (default) nothing more: both piles leave.
    "lower"       it goes on leftwards, taking every pile of its suit lower than itself,
                  until it meets a higher one ("un 10 fera sortir un 9, 8, 7…").
    "descending"  it goes on while each pile it meets is lower than the last one taken.
    "consecutive" it goes on while each pile it meets is exactly one below the last taken.
endgame — once the stock is empty:
    "exit" (default) the book's end ("les toutes dernières cartes se déplacent en entraînant
           les tas qu'elles surmontent"): the rightmost pile moves even if it has jumped; it
           takes a lower pile of its suit, leaves alone if it has none to its left, and the
           deal is lost if it meets a higher one. Nothing covers.
    "none" no special end rule: the ordinary rules go on, and a blocked mover loses the deal.
    "take" the ordinary rules go on, and a pile that has jumped may move again, only to take.
ace:
    "low" (default) A=1 < 2 < … < K=13.     "high" 2 < … < K < A.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, fields, replace
from functools import cached_property
from typing import Any

from ..core import Option
from .cards import Card

SWITCHES: dict[str, Option] = {
    "adjacent": Option(
        "meets",
        {"fr": "Voisine de même famille", "en": "Neighbour of the same suit"},
        {
            "meets": {"fr": "elle est rencontrée", "en": "it is met"},
            "blocks": {"fr": "elle bloque", "en": "it blocks"},
            "book": {
                "fr": "deux voisines bloquent (exemple du livre)",
                "en": "two neighbours block (the book's example)",
            },
        },
    ),
    "nowhere": Option(
        "blocked",
        {"fr": "Aucune carte de sa famille à gauche", "en": "No card of its suit on the left"},
        {
            "blocked": {"fr": "bloquée", "en": "stuck"},
            "far-left": {"fr": "saute tout à gauche", "en": "jumps to the far left"},
            "off": {"fr": "sort du jeu", "en": "leaves the game"},
        },
    ),
    "refill": Option(
        "in-place",
        {"fr": "Places vides", "en": "Empty places"},
        {
            "in-place": {"fr": "comblées sur place", "en": "refilled in place"},
            "close-up": {"fr": "la rangée se resserre", "en": "the row closes up"},
        },
    ),
    "take": Option(
        "one",
        {"fr": "Une carte qui prend", "en": "A card that takes"},
        {
            "one": {"fr": "prend une pile", "en": "takes one pile"},
            "lower": {"fr": "prend aussi les plus basses", "en": "also takes every lower one"},
            "descending": {"fr": "prend en descendant", "en": "takes while descending"},
            "consecutive": {"fr": "prend une suite (10, 9, 8…)", "en": "takes a run (10, 9, 8…)"},
        },
    ),
    "endgame": Option(
        "exit",
        {"fr": "Talon épuisé", "en": "Stock empty"},
        {
            "exit": {"fr": "les dernières cartes sortent", "en": "the last cards leave"},
            "none": {"fr": "pas de règle de fin", "en": "no end rule"},
            "take": {"fr": "elles peuvent encore prendre", "en": "they may still take"},
        },
    ),
    "ace": Option(
        "low",
        {"fr": "As", "en": "Ace"},
        {
            "low": {"fr": "bas : A = 1", "en": "low: A = 1"},
            "high": {"fr": "haut : après le roi", "en": "high: above the king"},
        },
    ),
}
"""Each switch as the game's option: the default reading first, then the alternatives,
with the words a UI shows for the switch and each value."""
CHOICES: dict[str, tuple[str, ...]] = {
    switch: tuple(option.choices or ()) for switch, option in SWITCHES.items()
}
DEFAULTS = {switch: option.default for switch, option in SWITCHES.items()}


@dataclass(frozen=True)
class Reading:
    """One exact rule set: a value for every switch (defaults: the project's reading)."""

    adjacent: str = DEFAULTS["adjacent"]
    nowhere: str = DEFAULTS["nowhere"]
    refill: str = DEFAULTS["refill"]
    take: str = DEFAULTS["take"]
    endgame: str = DEFAULTS["endgame"]
    ace: str = DEFAULTS["ace"]

    def __post_init__(self) -> None:
        for switch, values in CHOICES.items():
            value = getattr(self, switch)
            if value not in values:
                choices = ", ".join(repr(v) for v in values)
                raise ValueError(
                    f"petits_pas: {switch}={value!r} is not a reading; choose one of {choices}"
                )

    @classmethod
    def of(cls, reading: Reading | Mapping[str, Any] | None = None, **switches: Any) -> Reading:
        """A Reading from a Reading, a dict of switches or keywords; unknown switches are
        a ValueError (not the dataclass's TypeError), since they come from users."""
        if isinstance(reading, Reading):
            base = asdict(reading)
        elif reading is None:
            base = {}
        elif isinstance(reading, Mapping):
            base = dict(reading)
        else:
            raise ValueError(
                f"petits_pas: a reading is a Reading or a dict of switches, not {reading!r}"
            )
        base.update(switches)
        unknown = sorted(set(base) - set(CHOICES))
        if unknown:
            raise ValueError(
                f"petits_pas: unknown switch(es) {unknown}; known: {', '.join(CHOICES)}"
            )
        return cls(**base)

    def value(self, card: Card) -> int:
        """The card's strength under this reading's ace."""
        return 14 if card.rank == 1 and self.ace == "high" else card.rank

    @cached_property  # asked at every step of the reference engine
    def blocking_neighbours(self) -> int:
        """How many piles of its suit right next to the mover, on its left, stop it (0: none)."""
        return CHOICES["adjacent"].index(self.adjacent)  # meets 0, blocks 1, book 2

    def changes(self) -> dict[str, str]:
        """The switches that differ from the default reading."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != DEFAULTS[f.name]
        }

    def __str__(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.changes().items()) or "default"


DEFAULT_READING = Reading()
"""The project's reading: every switch at its default."""


def single_switches() -> Iterator[Reading]:
    """The default reading, then every reading that changes exactly one switch."""
    yield Reading()
    for switch, values in CHOICES.items():
        for value in values[1:]:
            yield replace(Reading(), **{switch: value})
