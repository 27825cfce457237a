"""The cards of Tir de tuyau (Oh ! les nains): kinds, codes and the default 55-card deck.

Every card has a short code, also used in the action notation (docs/protocol.md):

- add a gnome: ``+R`` ``+B`` ``+Y`` ``+G`` (red, blue, yellow, green) and ``+M`` (multicolour:
  the player names the colour);
- pull: ``R2B0`` (red gnomes worth 2, blue worth 0, the others 1), ``M2B0`` / ``R2M0`` (the
  multicolour bonnet ``M`` stands for a colour the player names), ``R2`` (red worth 2, no 0);
- squirrels: ``S1`` ``S2`` ``S3``.

Cards of the same code are interchangeable, so actions name a card by its code, never by a
position in the deck or an id: nothing in a move's text can leak the deck order.
"""

from __future__ import annotations

from typing import NamedTuple

COLOURS = ("red", "blue", "yellow", "green")
"""Gnome colours, by index; the letter of each is its first letter in English."""
LETTERS = "RBYG"
MULTI = 4
"""Index standing for the multicolour gnome or bonnet on a card."""
GNOMES_PER_COLOUR = 7


class Card(NamedTuple):
    """One kind of card. `kind` is "gnome", "pull" or "squirrel"; `colour` (gnome: 0-3 or
    MULTI), `two` / `zero` (pull: the colour worth 2 / 0, MULTI for the bonnet, -1 none),
    `squirrels` (1-3)."""

    code: str
    kind: str
    colour: int = -1
    two: int = -1
    zero: int = -1
    squirrels: int = 0

    @property
    def needs_colour(self) -> bool:
        """The player names a colour when playing it (multicolour gnome or bonnet)."""
        return MULTI in (self.colour, self.two, self.zero)

    @property
    def strength(self) -> int:
        """A rough worth used to order cards: squirrels by count, a pull 1, a gnome 1."""
        return self.squirrels or 1


def _letter(index: int) -> str:
    return "M" if index == MULTI else LETTERS[index]


def gnome_card(colour: int) -> Card:
    return Card(f"+{_letter(colour)}", "gnome", colour=colour)


def pull_card(two: int, zero: int = -1) -> Card:
    code = f"{_letter(two)}2" + ("" if zero < 0 else f"{_letter(zero)}0")
    return Card(code, "pull", two=two, zero=zero)


def squirrel_card(n: int) -> Card:
    return Card(f"S{n}", "squirrel", squirrels=n)


def _catalogue() -> list[tuple[Card, int]]:
    """Every kind of card with its count in the default deck (docs/rules/nains.md#deck)."""
    cards: list[tuple[Card, int]] = [(gnome_card(c), 4) for c in (*range(4), MULTI)]
    cards += [(pull_card(a, b), 1) for a in range(4) for b in range(4) if a != b]
    cards += [(pull_card(MULTI, c), 1) for c in range(4)]
    cards += [(pull_card(c, MULTI), 1) for c in range(4)]
    cards += [(pull_card(c), 1) for c in range(4)]
    cards += [(squirrel_card(1), 5), (squirrel_card(2), 4), (squirrel_card(3), 2)]
    return cards


CATALOGUE = _catalogue()
CARDS: tuple[Card, ...] = tuple(card for card, _ in CATALOGUE)
"""The card kinds, by index (a card in a hand or a pile is this index)."""
INDEX = {card.code: i for i, card in enumerate(CARDS)}
DEFAULT_DECK: tuple[int, ...] = tuple(
    i for i, (_, count) in enumerate(CATALOGUE) for _ in range(count)
)
"""The 55 cards: 20 add-a-gnome, 24 pull, 11 squirrel."""

assert len(DEFAULT_DECK) == 55


def colour_index(name: str) -> int:
    """ "red" or "R" (any case) -> 0, ...; ValueError otherwise."""
    text = name.strip().lower()
    for i, colour in enumerate(COLOURS):
        if text in (colour, colour[0]):
            return i
    raise ValueError(name)


def pull_values(card: Card, bonnet: int) -> list[int]:
    """Each colour's value for a pull card, the bonnet standing for colour `bonnet`."""
    values = [1, 1, 1, 1]
    if card.two >= 0:
        values[bonnet if card.two == MULTI else card.two] = 2
    if card.zero >= 0:
        values[bonnet if card.zero == MULTI else card.zero] = 0
    return values


def bonnet_choices(card: Card) -> list[int]:
    """Colours the bonnet may name: any but the other colour shown on the card."""
    other = card.zero if card.two == MULTI else card.two
    return [c for c in range(4) if c != other]
