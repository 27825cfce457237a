"""Sorcière au pain d'épices' picture: the roof seen from above (walls, petits beurres in
their places, a treat face up only where a card was put back in view of all), and beside it
each seat's pile, candies, the reserve and the last round's end, as the live board shows
them (js/src/sorciere/), a little smaller; what both draw alike is `sorciere.json`. Each
treat drawn carries `data-treat`; the faces still hidden on the roof are not in the
observation, so they cannot be drawn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheque.engines.sorciere import Sorciere

from . import DIM, INK, OKABE_ITO, document, group, seat_token, shared, tag, text, wrap
from . import status as status_line

BOARD = shared("sorciere")
COLOURS = BOARD["colours"]
SIDE = BOARD["side"]
U = 50  # pixels per grid step
MARGIN = BOARD["margin"]  # grid steps around the roof: the walls and the coordinates
ROOF = (SIDE - 1 + 2 * MARGIN) * U
PANEL = 250
PILE = {
    "fr": "{count} carte(s) · {canes} sucre(s) d'orge",
    "en": "{count} card(s) · {canes} candy cane(s)",
}
"""A pile's size (the live board's words choose singular or plural, which a picture does not)."""


def picture(observation: Mapping[str, Any], lang: str) -> str:
    """The roof and the table of `observation` (the public one), titled in `lang`."""
    words = {**BOARD["words"][lang], "pile.count": PILE[lang]}
    names = Sorciere.seat_names[lang][: observation["players"]]
    line, seat = status_line(observation, names, lang, BOARD["words"])
    fallen = observation.get("collapse")
    present = sorted((slot for slot in observation["slots"] if slot["z"] is not None), key=_height)
    panel, panel_height = _panel(observation, names, words)
    return document(
        ROOF + PANEL,
        max(ROOF, panel_height),
        Sorciere.title[lang],
        line,
        [
            tag("rect", {"x": px(-0.5), "y": py(SIDE - 0.5), "width": SIDE * U,
                         "height": SIDE * U, "rx": 6, "fill": COLOURS["floor"], "opacity": 0.85}),
            group(
                (tag("line", {"x1": px(x0), "y1": py(y0), "x2": px(x1), "y2": py(y1)})
                 for _side, x0, y0, x1, y1 in observation["walls"]),
                stroke=COLOURS["wall"], stroke_width=11, stroke_linecap="round",
            ),
            *_coordinates(),
            *(_card(slot, fallen) for slot in present),
            group(panel, transform=f"translate({ROOF} 0)"),
        ],
        seat=None if seat is None else (seat, names[seat]),
        game=Sorciere.name,
    )  # fmt: skip


def px(x: float) -> float:
    """Grid units -> pixels, left to right."""
    return (x + MARGIN) * U


def py(y: float) -> float:
    """Grid units -> pixels, row 0 (the front wall) at the bottom."""
    return (SIDE - 1 - y + MARGIN) * U


def _height(slot: Mapping[str, Any]) -> int:
    """Where a card lies in the stack: lower ones are drawn first."""
    return int(slot["z"])


def treat_icon(treat: str, x: float, y: float, r: float) -> str:
    """A treat centred on (x, y): each has its own shape, not only a colour."""
    fill = BOARD["treats"][treat]
    line = {"fill": "none", "stroke": "#000000", "stroke-opacity": 0.45, "stroke-width": 1.3}
    if treat == "chocolate":
        parts = [
            tag(
                "rect",
                {
                    "x": x - r,
                    "y": y - r * 0.65,
                    "width": 2 * r,
                    "height": 1.3 * r,
                    "rx": r * 0.15,
                    "fill": fill,
                },
            ),
            tag(
                "path",
                {
                    "d": f"M{x:.1f} {y - r * 0.65:.1f} V{y + r * 0.65:.1f} "
                    f"M{x - r:.1f} {y:.1f} H{x + r:.1f}",
                    **line,
                },
            ),
        ]
    elif treat == "lollipop":
        parts = [
            tag(
                "line",
                {
                    "x1": x,
                    "y1": y,
                    "x2": x,
                    "y2": y + r * 1.3,
                    "stroke": COLOURS["stick"],
                    "stroke-width": 2.2,
                    "stroke-linecap": "round",
                },
            ),
            tag("circle", {"cx": x, "cy": y - r * 0.2, "r": r * 0.75, "fill": fill}),
            tag("circle", {"cx": x, "cy": y - r * 0.2, "r": r * 0.35, **line}),
        ]
    elif treat == "gummy":
        parts = [
            tag("circle", {"cx": x - r * 0.45, "cy": y - r * 0.75, "r": r * 0.3, "fill": fill}),
            tag("circle", {"cx": x + r * 0.45, "cy": y - r * 0.75, "r": r * 0.3, "fill": fill}),
            tag("circle", {"cx": x, "cy": y - r * 0.35, "r": r * 0.5, "fill": fill}),
            tag(
                "ellipse", {"cx": x, "cy": y + r * 0.5, "rx": r * 0.6, "ry": r * 0.65, "fill": fill}
            ),
        ]
    else:
        parts = [
            tag(
                "rect",
                {
                    "x": x - r * 0.7,
                    "y": y - r * 0.8,
                    "width": 1.4 * r,
                    "height": 1.6 * r,
                    "rx": r * 0.55,
                    "fill": fill,
                    "stroke": COLOURS["soft"],
                    "stroke-width": 1.2,
                },
            ),
        ]
    return group(parts, data_treat=treat)  # fmt: skip


def _card(slot: Mapping[str, Any], fallen: Mapping[str, Any] | None) -> str:
    """A petit beurre in its place; after a collapse, slid off the roof and faded, the one
    that was pulled edged in red."""
    x, y, angle = px(slot["x"]), py(slot["y"]), slot["angle"]
    if fallen:  # away from the centre, a fixed function of the place (public)
        x, y, angle = x + (slot["x"] - 2.5) * 5, y + (2.5 - slot["y"]) * 5 + 8, angle * 3
    culprit = fallen is not None and fallen["slot"] == slot["slot"]
    width, height = BOARD["card"]["width"] * U, BOARD["card"]["height"] * U
    box = {"x": -width / 2, "y": -height / 2, "width": width, "height": height, "rx": 6}
    dots = [
        tag("circle", {"cx": dx * U, "cy": dy * U, "r": 1.6, "fill": COLOURS["dot"]})
        for dx in BOARD["docking"]["dx"]
        for dy in BOARD["docking"]["dy"]
    ]
    return group(
        [
            tag("rect", {**box,
                         "fill": COLOURS["cookie_known"] if slot["known"] else COLOURS["cookie"],
                         "stroke": OKABE_ITO["vermillion"] if culprit else COLOURS["cookie_edge"],
                         "stroke-width": 4 if culprit else 1.5}),
            tag("rect", {**box, "transform": "scale(0.86)", "fill": "none",
                         "stroke": COLOURS["cookie_rim"],
                         "stroke-dasharray": "3 3"}),
            *dots,
            treat_icon(slot["known"], 0, 0, 12) if slot["known"] else None,
        ],
        transform=f"translate({x:.1f} {y:.1f}) rotate({angle:.1f})",
        opacity=0.5 if fallen and not culprit else None,
        data_slot=slot["slot"],
    )  # fmt: skip


def _coordinates() -> list[str]:
    """Column letters under the front wall, row numbers left of the left wall."""
    columns = BOARD["columns"]
    return [
        text(px(col), py(-0.8) + 5, columns[col], size=13, anchor="middle", weight=700, fill=DIM)
        for col in range(SIDE)
    ] + [
        text(px(-0.8), py(row) + 5, row + 1, size=13, anchor="middle", weight=700, fill=DIM)
        for row in range(SIDE)
    ]


def _panel(
    observation: Mapping[str, Any], names: tuple[str, ...] | list[str], words: Mapping[str, str]
) -> tuple[list[str], float]:
    """Beside the roof: the round, each seat's pile and candies, the reserve, the card in
    hand and the last round's end; and the height they take."""
    parts = [
        text(0, 22, words["round.title"].format(round=observation["round"]), size=15, weight=700)
    ]
    y = 36.0
    for seat, pile in enumerate(observation["piles"]):
        canes = sum(card["canes"] for card in pile)
        count = (
            words["pile.count"].format(count=len(pile), canes=canes)
            if pile
            else words["pile.empty"]
        )
        to_move = observation.get("to_move") == seat and not observation["terminal"]
        parts.append(
            group(
                [
                    tag(
                        "rect",
                        {
                            "x": 0,
                            "y": y,
                            "width": PANEL - 14,
                            "height": 50,
                            "rx": 8,
                            "fill": "#ffffff",
                            "stroke": "#1976d2" if to_move else "#c9c2b3",
                            "stroke-width": 2.5 if to_move else 1,
                        },
                    ),
                    group(
                        [
                            tag(
                                "rect",
                                {
                                    "x": 6,
                                    "y": y + 8,
                                    "width": 34,
                                    "height": 34,
                                    "rx": 5,
                                    "fill": COLOURS["face"],
                                    "stroke": COLOURS["cookie_edge"],
                                },
                            ),
                            treat_icon(pile[-1]["treat"], 23, y + 25, 10),
                        ]
                    )
                    if pile
                    else None,
                    seat_token(seat, names[seat], 56, y + 16, 8),
                    text(69, y + 21, names[seat], size=14, weight=700),
                    text(48, y + 40, count, size=11, fill=DIM),
                    *(
                        _candy(PANEL - 32 - 17 * k, y + 9)
                        for k in range(observation["candies"][seat])
                    ),
                ],
                data_seat=seat,
            )
        )
        y += 58
    parts.append(
        text(0, y + 14, words["pile.reserve"].format(count=observation["reserve"]), size=13)
    )
    y += 22
    held = observation.get("held")
    if held:
        treat = words[f"treat.{held['treat']}"]
        parts.append(
            text(
                0,
                y + 14,
                words["pile.held"].format(treat=treat),
                size=13,
                weight=700,
                fill=OKABE_ITO["vermillion"],
            )
        )
        y += 22
    result = observation["results"][-1] if observation["results"] else None
    if result and observation["phase"] in ("scored", "over"):
        said = (
            words["round.collapse"].format(name=names[result["collapser"]])
            if result["end"] == "collapse"
            else words["round.cleared"]
        ) + (
            words["round.nobody"]
            if result["winner"] is None
            else words["round.winner"].format(name=names[result["winner"]])
        )
        lines = wrap(said, 13, PANEL - 24)
        parts.append(
            tag(
                "rect",
                {
                    "x": 0,
                    "y": y + 4,
                    "width": 4,
                    "height": 18 * len(lines),
                    "fill": OKABE_ITO[
                        "vermillion" if result["end"] == "collapse" else "bluish_green"
                    ],
                },
            )
        )
        parts += [
            text(10, y + 18 + 18 * row, words_, size=13, fill=INK)
            for row, words_ in enumerate(lines)
        ]
        y += 18 * len(lines) + 8
    return parts, y + 10  # fmt: skip


def _candy(x: float, y: float) -> str:
    """A striped candy, won with a round."""
    return group(
        [
            tag("rect", {"x": x, "y": y, "width": 13, "height": 9, "rx": 4.5,
                         "fill": OKABE_ITO["vermillion"], "stroke": COLOURS["candy_edge"]}),
            tag("path", {"d": f"M{x + 4} {y + 9} l4 -9 M{x + 8} {y + 9} l4 -9",
                         "stroke": "#ffffff", "stroke-width": 1.5}),
        ]
    )  # fmt: skip
