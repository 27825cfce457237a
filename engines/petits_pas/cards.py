"""Cards of the 52-card deck and their text form: `AS`, `10H`, `QD`, `KC` (`T` accepted for ten).

A card is a rank (1 = ace … 13 = king) and a suit letter. Whether the ace counts low or high
is a reading of the rules (`readings.py`), so the card itself stays neutral. Each card also has
a `deck_index` 0–51 (suit by suit, S H D C, ace to king): the fast simulator works on these.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

from ..core import NotationError, RulesError

SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS = {
    "en": RANKS,
    "fr": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"),
}


class Card(NamedTuple):
    rank: int
    suit: str

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    @property
    def deck_index(self) -> int:
        """Its place in a new deck, `DECK` (a tuple's own `index` method keeps its name)."""
        return SUITS.index(self.suit) * 13 + self.rank - 1

    def label(self, lang: str = "fr") -> str:
        """How a player reads it: `10♥`, and `V♥` (valet) in French for `J♥`."""
        return RANK_LABELS[lang][self.rank - 1] + SYMBOLS[self.suit]


DECK = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The 52 cards in index order (a new deck, before shuffling)."""


class DeckError(RulesError):
    """A list of cards that is not one whole 52-card deck."""

    code = "deck"


def parse_card(text: str) -> Card:
    """Read `10H`, `TH`, `qs`, `AD`…; raise NotationError saying what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"a card is a text like '10H' or 'QS', not {text!r}", text=repr(text))
    clean = text.strip().upper()
    rank, suit = clean[:-1], clean[-1:]
    if rank == "T":
        rank = "10"
    if not suit or suit not in SUITS:
        raise NotationError(
            f"{text!r} is not a card: it must end with a suit, one of S H D C", text=text
        )
    if rank not in RANKS:
        raise NotationError(
            f"{text!r} is not a card: the rank must be one of A 2-10 (or T) J Q K", text=text
        )
    return Card(RANKS.index(rank) + 1, suit)


def parse_cards(cards: str | Iterable[str | Card]) -> list[Card]:
    """Cards from texts (or Cards), or from one string of texts separated by spaces."""
    if isinstance(cards, str):
        cards = cards.split()
    return [card if isinstance(card, Card) else parse_card(card) for card in cards]


def parse_deck(cards: str | Iterable[str | Card]) -> list[Card]:
    """A whole deck in dealing order; raise DeckError saying what is wrong with it."""
    if isinstance(cards, str):
        cards = cards.split()
    try:
        items = list(cards)
    except TypeError as error:
        raise DeckError(f"a deck is a list of 52 card texts, not {cards!r}") from error
    deck = []
    for position, item in enumerate(items, 1):
        try:
            deck.append(item if isinstance(item, Card) else parse_card(item))
        except NotationError as error:
            raise DeckError(f"not a deck: card {position}: {error}", position=position) from error
    twice = [str(card) for card, count in Counter(deck).items() if count > 1]
    if twice:
        raise DeckError(f"not a deck: {', '.join(twice)} appear(s) more than once", twice=twice)
    if len(deck) != 52:
        present = set(deck)
        missing = [str(card) for card in DECK if card not in present]
        raise DeckError(
            f"not a deck: {len(deck)} cards instead of 52; missing {', '.join(missing)}",
            count=len(deck),
        )
    return deck
