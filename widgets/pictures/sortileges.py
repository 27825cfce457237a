"""Sortilèges' picture: the field with its houses, spelled squares, the last step and both
witches, as the live board draws them (js/src/sortileges/board.js), a little smaller; what
both draw alike is `sortileges.json`."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ludotheque.engines.sortileges import Sortileges

from . import (
    DIM,
    INK,
    OKABE_ITO,
    document,
    group,
    seat_mark,
    seat_token,
    shared,
    status,
    tag,
    text,
)

BOARD = shared("sortileges")
CELL = 56
EDGE = 26  # room for the rank numbers (left) and the file letters (bottom)
MARGIN = 14
LIGHT, DARK = "#f1ece1", "#ddd5c4"


def picture(observation: Mapping[str, Any], lang: str) -> str:
    """The position of `observation` (the public one) with its title in `lang`."""
    files, ranks = observation["files"], observation["ranks"]
    names = Sortileges.seat_names[lang]
    line, seat = status(observation, names, lang, BOARD["words"])
    files_named = BOARD["files"]

    def corner(square: str) -> tuple[float, float]:
        return MARGIN + EDGE + files_named.index(square[0]) * CELL, MARGIN + (
            ranks - int(square[1:])
        ) * CELL

    def centre(square: str) -> tuple[float, float]:
        x, y = corner(square)
        return x + CELL / 2, y + CELL / 2

    colour = [seat_mark(index, name).colour for index, name in enumerate(names)]
    squares = [
        tag(
            "rect",
            {
                "x": float(x),
                "y": float(y),
                "width": CELL,
                "height": CELL,
                "fill": LIGHT if (file + rank) % 2 else DARK,
            },
        )
        for rank in range(1, ranks + 1)
        for file in range(files)
        for x, y in [corner(f"{files_named[file]}{rank}")]
    ]
    houses = [
        _house(*corner(square), colour[index]) for index, square in enumerate(observation["houses"])
    ]
    last = observation.get("last")
    step = _arrow(centre(last["from"]), centre(last["to"]), colour[last["seat"]]) if last else None
    spells = [
        _plate(
            *corner(square), colour[last["seat"]] if last and last.get("spell") == square else None
        )
        for square in observation["spells"]
    ]
    returns = observation["returns"] if observation["terminal"] else None
    witches = [
        _witch(
            index,
            names[index],
            *centre(square),
            lost=returns is not None and returns[index] < max(returns),
        )
        for index, square in enumerate(observation["witches"])
    ]
    width = 2 * MARGIN + EDGE + files * CELL
    height = 2 * MARGIN + ranks * CELL + EDGE
    return document(
        width,
        height,
        Sortileges.title[lang],
        line,
        [
            group(squares, stroke="#b9b09d", stroke_width=0.6),
            *houses,
            step,
            *spells,
            *witches,
            *_coordinates(files, ranks),
        ],
        seat=None if seat is None else (seat, names[seat]),
        game=Sortileges.name,
    )


def _house(x: float, y: float, colour: str) -> str:
    """A house in its owner's colour: the square tinted, a little house in its corner."""
    return group(
        [
            tag(
                "rect",
                {
                    "x": float(x),
                    "y": float(y),
                    "width": CELL,
                    "height": CELL,
                    "fill": colour,
                    "fill-opacity": 0.22,
                },
            ),
            tag(
                "path",
                {
                    "d": path_data(BOARD["house"], x, y),
                    "fill": colour,
                    "stroke": INK,
                    "stroke-width": 0.8,
                },
            ),
        ]
    )


def path_data(commands: list[list[Any]], x: float, y: float) -> str:
    """SVG path data from `commands` ([letter, offsets...], as in the JSON) moved to (x, y)."""
    return " ".join(_moved(letter, offsets, x, y) for letter, *offsets in commands)


def _moved(letter: str, offsets: list[float], x: float, y: float) -> str:
    """One path command: M and L move by (dx, dy), H by dx, V by dy; Z as it is."""
    if letter in ("M", "L"):
        return f"{letter}{x + offsets[0]} {y + offsets[1]}"
    if letter == "H":
        return f"H{x + offsets[0]}"
    if letter == "V":
        return f"V{y + offsets[0]}"
    return letter


def _plate(x: float, y: float, caster: str | None) -> str:
    """A spelled square: a dark plate with a star, edged in the caster's colour if it is the
    last spell."""
    cx, cy = x + CELL / 2, y + CELL / 2
    points = " ".join(
        f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}"
        for i in range(10)
        for radius, angle in [
            (12 if i % 2 == 0 else 12 * BOARD["star_inner"], -math.pi / 2 + i * math.pi / 5)
        ]
    )
    return group(
        [
            tag(
                "rect",
                {
                    "x": x + 5,
                    "y": y + 5,
                    "width": CELL - 10,
                    "height": CELL - 10,
                    "rx": 8,
                    "fill": BOARD["colours"]["plate"],
                    "stroke": caster or "#9b7fb5",
                    "stroke-width": 4 if caster else 1.5,
                },
            ),
            tag(
                "polygon",
                {
                    "points": points,
                    "fill": OKABE_ITO["yellow"],
                    "stroke": BOARD["colours"]["star_edge"],
                    "stroke-width": 0.8,
                },
            ),
        ]
    )


def _arrow(start: tuple[float, float], end: tuple[float, float], colour: str) -> str:
    """The last step, from where the witch stood to just short of her."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip_x, tip_y = x2 - ux * 20, y2 - uy * 20
    base_x, base_y = tip_x - ux * 11, tip_y - uy * 11
    head = (
        f"{tip_x:.1f},{tip_y:.1f} {base_x - uy * 8:.1f},{base_y + ux * 8:.1f} "
        f"{base_x + uy * 8:.1f},{base_y - ux * 8:.1f}"
    )
    return group(
        [
            tag("circle", {"cx": x1, "cy": y1, "r": 5.0}),
            tag(
                "line",
                {
                    "x1": x1,
                    "y1": y1,
                    "x2": base_x,
                    "y2": base_y,
                    "stroke-width": 5,
                    "stroke-linecap": "round",
                },
            ),
            tag("polygon", {"points": head}),
        ],
        stroke=colour,
        fill=colour,
        opacity=0.75,
    )


def _witch(seat: int, name: str, cx: float, cy: float, *, lost: bool) -> str:
    """A witch: her seat's token under a pointed hat; faded once she has lost."""
    hat = (
        f"M{cx - 12} {cy - 9} L{cx + 12} {cy - 9} L{cx + 5} {cy - 14} L{cx + 8} {cy - 26} "
        f"L{cx - 5} {cy - 14} Z"
    )
    return group(
        [
            seat_token(seat, name, cx, cy + 4, 15),
            tag(
                "path",
                {
                    "d": hat,
                    "fill": BOARD["colours"]["hat"],
                    "stroke": "#8c8799",
                    "stroke-width": 1.2,
                    "stroke-linejoin": "round",
                },
            ),
        ],
        opacity=0.4 if lost else None,
    )


def _coordinates(files: int, ranks: int) -> list[str]:
    """File letters under the field, rank numbers on its left."""
    bottom = MARGIN + ranks * CELL + EDGE / 2 + 5
    return [
        text(
            MARGIN + EDGE + file * CELL + CELL / 2,
            bottom,
            BOARD["files"][file],
            size=14,
            anchor="middle",
            weight=600,
            fill=DIM,
        )
        for file in range(files)
    ] + [
        text(
            MARGIN + EDGE / 2,
            MARGIN + (ranks - rank) * CELL + CELL / 2 + 5,
            rank,
            size=14,
            anchor="middle",
            weight=600,
            fill=DIM,
        )
        for rank in range(1, ranks + 1)
    ]
