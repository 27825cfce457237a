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
    words = TEMPLATES[lang]

    def sentence(key: str) -> str:
        text = words[key]
        assert isinstance(text, str), f"{key} has singular and plural forms"
        return text

    def plural(key: str, many: bool) -> str:
        forms = words[key]
        assert isinstance(forms, tuple), f"{key} has one form"
        return forms[many]

    def label(text: str) -> str:
        return parse_card(text).label(lang)

    def listed(cards: list[str]) -> str:
        labels = [label(card) for card in cards]
        if len(labels) == 1:
            return labels[0]
        return f"{', '.join(labels[:-1])} {sentence('and')} {labels[-1]}"

    def count(n: int) -> str:
        return plural("cards", n != 1).format(n=n)

    kind = event["kind"]
    fields: dict[str, Any] = {}
    if "card" in event:
        fields.update(card=label(event["card"]), suit=SYMBOLS[event["card"][-1]])
    if "meets" in event:
        fields["meets"] = label(event["meets"])
        over = event.get("over")
        fields["met"] = (
            sentence("jumped-over").format(over=listed(over), **fields)
            if over
            else sentence("met").format(**fields)
        )
    if kind == "take":
        pile_count = len(event["pile"]) + sum(len(t["pile"]) for t in event["taken"])
        others = [t["pile"][-1] for t in event["taken"][1:]]
        more = sentence("more").format(cards=listed(others)) if others else ""
        return sentence("take").format(more=more, n=count(pile_count), **fields)
    if kind == "exit":
        return sentence("exit").format(n=count(len(event["pile"])), **fields)
    if kind == "blocked":
        reason = event["reason"]
        key = "jumped-met" if reason == "jumped" and "meets" in event else reason
        return sentence(key).format(**fields)
    if kind == "refill":
        cards = [deal["card"] for deal in event["deals"]]
        line = plural("refill", len(cards) > 1).format(cards=listed(cards))
        return line + (sentence("stock-out") if event["stock"] == 0 else "")
    if kind == "deal":
        line = sentence("deal").format(**fields)
        return line + (sentence("stock-out") if event["stock"] == 0 else "")
    if kind == "close":
        if event["why"] == "extra":
            return plural("extra", len(event["places"]) > 1)
        return sentence(event["why"])
    if kind == "lost":
        return sentence("lost").format(n=count(event["left"]))
    return sentence(kind).format(**fields)  # cover, far-left, won
