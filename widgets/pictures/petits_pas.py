"""A Petits Pas' picture: the row of places with their piles fanned downwards, the stock
(backs only: its order is secret) and the cards out, as the live board lays them out
(js/src/petits_pas/), a little smaller; what both draw alike is `petits_pas.json`. Every
card drawn carries its engine text in `data-card`; a card of the stock is never drawn, since
the observation does not hold it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheque.engines.petits_pas import PetitsPas

from . import DIM, INK, OKABE_ITO, document, group, shared, tag, text

BOARD = shared("petits_pas")
COLOURS = BOARD["colours"]
CARD_W, CARD_H = 64, 90
GAP = 10
MARGIN = 14
FAN = 40  # the most a pile spreads below its first card
PEEK = 17  # how much of each covered card shows, when there is room
TABLE = "#e3efe8"
CLUB = (
    "M50 7 A20 20 0 0 1 66 39 A20 20 0 1 1 55 67 C56 80 60 89 68 97 L32 97 "
    "C40 89 44 80 45 67 A20 20 0 1 1 34 39 A20 20 0 0 1 50 7 Z"
)
"""The club's outline in a 100 × 100 box: one path (the live board draws its three circles)."""
PROGRESS = {
    "fr": "Pas : {steps} · au tableau : {left} · talon : {stock}",
    "en": "Steps: {steps} · on the table: {left} · stock: {stock}",
}
"""The status line while the deal goes on (the live board shows these counts apart)."""


def picture(observation: Mapping[str, Any], lang: str) -> str:
    """The deal as `observation` shows it, with its progress or result in `lang`."""
    words = BOARD["words"][lang]
    places: list[list[str]] = observation["places"]
    jumped = set(observation.get("jumped", []))
    slots = max(BOARD["min_slots"], len(places))
    width = 2 * MARGIN + slots * (CARD_W + GAP) - GAP
    row_top = MARGIN
    band_top = row_top + CARD_H + FAN + 38
    height = band_top + CARD_H + 36
    place_x = [MARGIN + place * (CARD_W + GAP) for place in range(slots)]

    drawn = [
        _slot(place_x[place], row_top) for place in range(max(BOARD["min_places"], len(places)))
    ]
    for place, pile in enumerate(places):
        peek = _peek(len(pile))
        drawn += [
            _face(card, place_x[place], row_top + index * peek, lang, jumped=card in jumped)
            for index, card in enumerate(pile)
        ]
    if places and not observation["terminal"]:
        drawn.append(
            _mover_mark(place_x[len(places) - 1], row_top, places[-1], words["board.mover"])
        )

    stock = observation["stock"]
    layers = BOARD["stock_layers"]
    drawn.append(
        group(
            _back(MARGIN - i, band_top - i * 1.5)
            for i in reversed(range(min(layers["most"], -(-stock // layers["cards_each"]))))
        )
        if stock
        else _slot(MARGIN, band_top)
    )
    out_x = width - MARGIN - CARD_W
    out = observation["out"]
    most = BOARD["out_pile_most"]
    drawn += [
        _face(card, out_x - min(i, most) * 0.3, band_top - min(i, most) * 0.6, lang)
        for i, card in enumerate(out)
    ] or [_slot(out_x, band_top)]
    caption_y = band_top + CARD_H + 24
    drawn += [
        text(MARGIN, caption_y, words["board.stock"].format(n=stock), size=15, weight=600),
        text(width - MARGIN, caption_y, words["board.out"].format(n=observation["out_count"]),
             size=15, anchor="end", weight=600),
    ]  # fmt: skip

    line = PROGRESS[lang]
    if observation["terminal"]:
        line = {"won": words["status.win"], "lost": words["status.lost"]}.get(
            observation["result"], words["board.over"]
        )
    return document(
        width,
        height,
        PetitsPas.title[lang],
        line.format(steps=observation["steps"], left=observation["left"], stock=stock),
        [
            tag("rect", {"x": 6, "y": 4, "width": width - 12, "height": height - 10, "rx": 10,
                         "fill": TABLE}),
            *drawn,
        ],
        game=PetitsPas.name,
    )  # fmt: skip


def card_label(card: str, lang: str) -> str:
    """How a player reads a card: "10♥"; court cards V, D, R in French, J, Q, K in English."""
    rank, suit = card[:-1], card[-1]
    return BOARD["rank_labels"][lang][BOARD["ranks"].index(rank)] + BOARD["suit_symbols"][suit]


def _peek(count: int) -> float:
    """How far apart the cards of a pile of `count` are fanned."""
    return min(PEEK, FAN / (count - 1)) if count > 1 else 0


def _slot(x: float, y: float) -> str:
    """An empty place, dashed."""
    return tag("rect", {"x": x + 0.5, "y": y + 0.5, "width": CARD_W - 1, "height": CARD_H - 1,
                        "rx": 7, "fill": "none", "stroke": "#8fa597", "stroke-width": 1.5,
                        "stroke-dasharray": "5 4"})  # fmt: skip


def _suit(suit: str, x: float, y: float, size: float, ink: str) -> str:
    """A suit of `size` pixels with its top-left corner at (x, y), filled or in outline."""
    outlined = suit in BOARD["outlined_suits"]
    return tag(
        "path",
        {
            "d": BOARD["suit_paths"].get(suit, CLUB),
            "transform": f"translate({x:.1f} {y:.1f}) scale({size / 100:.2f})",
            "fill": COLOURS["face"] if outlined else ink,
            "stroke": ink if outlined else None,
            "stroke-width": 12 if outlined else None,
            "stroke-linejoin": "round" if outlined else None,
        },
    )


def _face(card: str, x: float, y: float, lang: str, *, jumped: bool = False) -> str:
    """One card face up, its top-left corner at (x, y); a card that has jumped is marked ↷."""
    label = card_label(card, lang)
    ink = COLOURS["red"] if card[-1] in BOARD["red_suits"] else COLOURS["black"]
    return group(
        [
            tag("title", None, label),
            tag("rect", {"x": 0.5, "y": 0.5, "width": CARD_W - 1, "height": CARD_H - 1, "rx": 7,
                         "fill": COLOURS["face"], "stroke": COLOURS["edge"]}),
            text(5, 19, label[:-1], size=17 if len(label) > 2 else 20, weight=700, fill=ink,
                 font_family="Georgia, 'DejaVu Serif', serif"),
            _suit(card[-1], CARD_W - 20, 6, 14, ink),
            _suit(card[-1], CARD_W / 2 - 18, 34, 36, ink),
            group(
                [
                    tag("circle", {"cx": 0, "cy": 0, "r": 9, "fill": OKABE_ITO["orange"],
                                   "stroke": COLOURS["jumped_edge"]}),
                    text(0, 4.5, "↷", size=13, anchor="middle", weight=700, fill=INK),
                ],
                transform=f"translate({CARD_W - 12} {CARD_H - 12})",
            ) if jumped else None,
        ],
        transform=f"translate({x:.1f} {y:.1f})",
        data_card=card,
    )  # fmt: skip


def _back(x: float, y: float) -> str:
    """A card face down (the stock): a plain striped back, the same for every card."""
    return group(
        [
            tag("rect", {"x": x + 0.5, "y": y + 0.5, "width": CARD_W - 1, "height": CARD_H - 1,
                         "rx": 7, "fill": COLOURS["back"], "stroke": COLOURS["edge"]}),
            tag("rect", {"x": x + 6, "y": y + 6, "width": CARD_W - 12, "height": CARD_H - 12,
                         "rx": 4, "fill": COLOURS["back_pattern"], "stroke": COLOURS["back_stripe"],
                         "stroke-width": 3,
                         "stroke-dasharray": "3 3"}),
        ]
    )  # fmt: skip


def _mover_mark(x: float, row_top: float, pile: list[str], word: str) -> str:
    """▲ under the top card of the rightmost pile: the card that moves next."""
    cx, y = x + CARD_W / 2, row_top + (len(pile) - 1) * _peek(len(pile)) + CARD_H + 5
    return group(
        [
            tag("path", {"d": f"M{cx:.1f} {y:.1f} l8 11 h-16 Z", "fill": "#1976d2"}),
            text(cx, y + 24, word, size=13, anchor="middle", weight=600, fill=DIM),
        ]
    )
