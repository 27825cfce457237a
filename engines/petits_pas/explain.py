"""One line of French or English per event, built from the event alone (see `table.py`).

The widget shows these lines as the deal unfolds and the notebooks print them, so a learner
reads the rule that fired ("10♥ jumps over 3♠ and 7♣, meets J♥: covers it"). French names the
court cards V (valet), D (dame), R (roi).
"""

from __future__ import annotations

from typing import Any

from .cards import SYMBOLS, parse_card

TEMPLATES: dict[str, dict[str, str | tuple[str, str]]] = {
    "en": {
        "and": "and",
        "met": "{card} meets {meets}",
        "jumped-over": "{card} jumps over {over}, meets {meets}",
        "take": "{met}: takes it{more}; out they go ({n})",
        "more": ", then {cards}",
        "cover": "{met}: covers it",
        "exit": "{card} finds no {suit} on its left: it leaves the game ({n})",
        "far-left": "{card} finds no {suit} on its left: it jumps to the far left",
        "jumped": "{card} has already jumped: it cannot move again",
        "jumped-met": "{met}, higher; having jumped already, it cannot cover it",
        "neighbour": "{card} cannot jump over {meets}, of its own suit",
        "no-suit": "{card} finds no {suit} on its left: it cannot move",
        "higher": "{met}, higher: it cannot take it, and nothing covers once the stock is empty",
        "deal": "{card} is dealt in a new place on the right",
        "refill": ("{cards} fills the gap", "{cards} fill the gaps"),
        "stock-out": "; the stock is empty",
        "extra": ("The extra place on the right goes", "The extra places on the right go"),
        "close-up": "The row closes up to the left",
        "stock-empty": "The stock is empty: the row closes up",
        "won": "Won: no card is left on the table!",
        "lost": "Lost: {n} left on the table",
        "cards": ("{n} card", "{n} cards"),
    },
    "fr": {
        "and": "et",
        "met": "{card} rencontre {meets}",
        "jumped-over": "{card} saute par-dessus {over}, rencontre {meets}",
        "take": "{met} : l'entraîne{more} ; elles sortent ({n})",
        "more": ", puis {cards}",
        "cover": "{met} : la recouvre",
        "exit": "{card} ne trouve aucun {suit} à sa gauche : sort du jeu ({n})",
        "far-left": "{card} ne trouve aucun {suit} à sa gauche : saute tout à gauche",
        "jumped": "{card} a déjà sauté : ne peut plus bouger",
        "jumped-met": "{met}, plus forte ; ayant déjà sauté, ne peut la recouvrir",
        "neighbour": "{card} ne peut sauter par-dessus {meets}, de sa famille",
        "no-suit": "{card} ne trouve aucun {suit} à sa gauche : bloquée",
        "higher": "{met}, plus forte : ne peut l'entraîner, et rien ne recouvre une fois "
        "le talon épuisé",
        "deal": "On distribue {card} dans une nouvelle place à droite",
        "refill": ("On comble le vide : {cards}", "On comble les vides : {cards}"),
        "stock-out": " ; le talon est épuisé",
        "extra": (
            "La place en trop à droite disparaît",
            "Les places en trop à droite disparaissent",
        ),
        "close-up": "La rangée se resserre vers la gauche",
        "stock-empty": "Le talon est épuisé : la rangée se resserre",
        "won": "Réussite : plus aucune carte au tableau !",
        "lost": "Perdu : {n} au tableau",
        "cards": ("{n} carte", "{n} cartes"),
    },
}


def explain(event: dict[str, Any], lang: str = "fr") -> str:
    """The one-line explanation of `event` in `lang` ("fr" or "en")."""
    if lang not in TEMPLATES:
        raise ValueError(f"explain: language {lang!r} is not one of {', '.join(TEMPLATES)}")
    words = _Words(lang)
    fields: dict[str, Any] = {}
    if "card" in event:
        fields.update(card=words.label(event["card"]), suit=SYMBOLS[event["card"][-1]])
    if "meets" in event:
        fields["meets"] = words.label(event["meets"])
        over = event.get("over")
        fields["met"] = (
            words.sentence("jumped-over").format(over=words.listed(over), **fields)
            if over
            else words.sentence("met").format(**fields)
        )
    kind = event["kind"]
    line = _LINES.get(kind)
    if line is None:  # cover, far-left, won: the fields say it all
        return words.sentence(kind).format(**fields)
    return line(words, event, fields)


class _Words:
    """The templates of one language, and the card words they are filled with."""

    def __init__(self, lang: str):
        self.lang = lang
        self.templates = TEMPLATES[lang]

    def sentence(self, key: str) -> str:
        text = self.templates[key]
        assert isinstance(text, str), f"{key} has singular and plural forms"
        return text

    def plural(self, key: str, many: bool) -> str:
        forms = self.templates[key]
        assert isinstance(forms, tuple), f"{key} has one form"
        return forms[many]

    def label(self, text: str) -> str:
        return parse_card(text).label(self.lang)

    def listed(self, cards: list[str]) -> str:
        labels = [self.label(card) for card in cards]
        if len(labels) == 1:
            return labels[0]
        return f"{', '.join(labels[:-1])} {self.sentence('and')} {labels[-1]}"

    def count(self, n: int) -> str:
        return self.plural("cards", n != 1).format(n=n)

    def stock_out(self, event: dict[str, Any]) -> str:
        return self.sentence("stock-out") if event["stock"] == 0 else ""


def _take(words: _Words, event: dict[str, Any], fields: dict[str, Any]) -> str:
    pile_count = len(event["pile"]) + sum(len(t["pile"]) for t in event["taken"])
    others = [t["pile"][-1] for t in event["taken"][1:]]
    more = words.sentence("more").format(cards=words.listed(others)) if others else ""
    return words.sentence("take").format(more=more, n=words.count(pile_count), **fields)


def _exit(words: _Words, event: dict[str, Any], fields: dict[str, Any]) -> str:
    return words.sentence("exit").format(n=words.count(len(event["pile"])), **fields)


def _blocked(words: _Words, event: dict[str, Any], fields: dict[str, Any]) -> str:
    reason = event["reason"]
    key = "jumped-met" if reason == "jumped" and "meets" in event else reason
    return words.sentence(key).format(**fields)


def _refill(words: _Words, event: dict[str, Any], fields: dict[str, Any]) -> str:
    cards = [deal["card"] for deal in event["deals"]]
    return words.plural("refill", len(cards) > 1).format(cards=words.listed(cards)) + (
        words.stock_out(event)
    )


def _deal(words: _Words, event: dict[str, Any], fields: dict[str, Any]) -> str:
    return words.sentence("deal").format(**fields) + words.stock_out(event)


def _close(words: _Words, event: dict[str, Any], fields: dict[str, Any]) -> str:
    if event["why"] == "extra":
        return words.plural("extra", len(event["places"]) > 1)
    return words.sentence(event["why"])


def _lost(words: _Words, event: dict[str, Any], fields: dict[str, Any]) -> str:
    return words.sentence("lost").format(n=words.count(event["left"]))


_LINES = {
    "take": _take,
    "exit": _exit,
    "blocked": _blocked,
    "refill": _refill,
    "deal": _deal,
    "close": _close,
    "lost": _lost,
}
"""The events whose line needs more than their fields (counts, lists, a reason)."""
