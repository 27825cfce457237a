"""The moves of Tir de tuyau (Oh ! les nains): their notation, and the words of a refusal.

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

from typing import Any, NamedTuple

from ..core import NotationError, Reason, Wordings, action_text, quote
from .cards import CARDS, COLOURS, INDEX, colour_index

CHOOSE, PLAY, CONTRE, SURCONTRE, SURSURCONTRE, DISCARD = range(6)
VERBS = ("gnome", "play", "contre", "surcontre", "sursurcontre", "discard")
COUNTERS = (CONTRE, SURCONTRE, SURSURCONTRE)

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
