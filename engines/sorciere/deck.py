"""The 36 cookie cards: 4 treats × 9 cards, candy canes on each card (data, easy to change).

The box documents the four treats (one is a chocolate bar) and that candy canes break ties,
not how many canes lie on which card. The project's default deck puts 0, 1 or 2 canes on a
card, three cards of each count per treat: 9 canes per treat, 36 in all.
"""

from __future__ import annotations

from typing import NamedTuple

TREATS = ("chocolate", "lollipop", "gummy", "marshmallow")
"""Engine names of the treats (the widget translates them)."""


class Card(NamedTuple):
    treat: str
    canes: int


DEFAULT_DECK: tuple[Card, ...] = tuple(
    Card(treat, canes) for treat in TREATS for canes in (0, 0, 0, 1, 1, 1, 2, 2, 2)
)
"""Card id -> card. Ids are private to the engine: they never leave it."""

PER_TREAT = {treat: sum(card.treat == treat for card in DEFAULT_DECK) for treat in TREATS}
