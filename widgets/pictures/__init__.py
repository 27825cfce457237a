"""Static pictures of a position: SVG text that stands in for the live widget wherever no
kernel runs (a notebook opened before it runs, exported HTML, GitHub, VS Code).

The shared kit of the game pictures (one module per game beside this one): an SVG document
with its own background (it reads the same on a light or dark page), escaped text, the
title lines (the game, then whose turn it is or the result, in French or English) and each
seat's mark, the colour, shape and letter of js/src/kit/palette.js, so a seat looks the
same in the picture as in the live view. A picture is drawn from the public observation
only (`GameWidget.picture`), and from nothing that varies between runs, so nbval can
compare it: numbers are written with at most one decimal and no element has an id (pictures
of several widgets share one HTML page).

What the picture and the live view draw alike (colours, shapes, spacing, words) is written
once, in a JSON file beside this module that the JS bundle imports too: `kit.json` for the
seat marks, `<game>.json` for a board (`shared(game)`). A value the observation carries is
read from it on both sides, never from these files.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib.resources import files
from typing import Any


def shared(name: str) -> dict[str, Any]:
    """The values of `<name>.json` in this folder, which the live view's bundle imports too
    (js/src/kit/palette.js, js/src/<game>/): what both drawings must keep alike."""
    loaded: dict[str, Any] = json.loads(files(__name__).joinpath(f"{name}.json").read_text("utf-8"))
    return loaded


KIT = shared("kit")
OKABE_ITO: dict[str, str] = KIT["palette"]
"""Colours that colour-blind readers can tell apart (the live view's palette)."""
SEAT_COLOURS: list[str] = KIT["seat_colours"]
SEAT_SHAPES: list[str] = KIT["seat_shapes"]

PAPER = "#fbf8f1"
"""The picture's own background: light on a light or a dark page alike."""
INK = "#1d1b24"
DIM = "#5c5866"
RULE = "#c9c2b3"
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"
MAX_WIDTH = 620
"""Pixels a picture is shown at, at most (wider drawings are scaled down to fit)."""
LINE = 21
"""Height of one line of the title or the status above the drawing."""

STATUS = {
    "fr": {
        "status.turn": "À {name} de jouer.",
        "status.win": "{name} a gagné !",
        "status.draw": "Partie nulle.",
        "status.lost": "{name} a perdu.",
    },
    "en": {
        "status.turn": "{name} to move.",
        "status.win": "{name} wins!",
        "status.draw": "It's a draw.",
        "status.lost": "{name} lost.",
    },
}
"""The status line's texts, under the keys of the live view's kit (js/src/kit/i18n.js), which
says the same; a game's shared words may override some."""


def escape(value: Any) -> str:
    """`value` as text that is safe inside an SVG element or a quoted attribute."""
    return (
        str(value)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def number(value: float) -> str:
    """A coordinate written the same way on every run: at most one decimal."""
    text = f"{value:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def _attribute(value: Any) -> str:
    if isinstance(value, float):
        return number(value)
    return escape(value)


def tag(name: str, attrs: Mapping[str, Any] | None = None, *children: str | None) -> str:
    """One element: `attrs` whose value is None are left out; `children` are SVG text
    already (None skipped). An element with no child is closed at once."""
    written = "".join(
        f' {key}="{_attribute(value)}"' for key, value in (attrs or {}).items() if value is not None
    )
    inside = "".join(child for child in children if child)
    return f"<{name}{written}>{inside}</{name}>" if inside else f"<{name}{written}/>"


def group(children: Iterable[str | None], **attrs: Any) -> str:
    """A <g> of `children`; `attrs` with underscores for hyphens (`class_` for class)."""
    return tag("g", _named(attrs), *children)


def text(
    x: float,
    y: float,
    content: Any,
    *,
    size: float = 14,
    anchor: str = "start",
    weight: int | None = None,
    fill: str = INK,
    **attrs: Any,
) -> str:
    """A line of text whose baseline starts (or is centred, `anchor="middle"`) at (x, y)."""
    return tag(
        "text",
        {
            "x": float(x),
            "y": float(y),
            "font-size": size,
            "font-weight": weight,
            "text-anchor": None if anchor == "start" else anchor,
            "fill": fill,
            **_named(attrs),
        },
        escape(content),
    )


def shape(kind: str, x: float, y: float, r: float, **attrs: Any) -> str:
    """A seat's shape (`SEAT_SHAPES`) of radius `r` centred on (x, y)."""
    if kind == "circle":
        return tag("circle", {"cx": float(x), "cy": float(y), "r": float(r), **_named(attrs)})
    corners = KIT["shape_corners"].get(kind)
    if corners is None:
        raise ValueError(f"no shape {kind!r}: one of {', '.join(SEAT_SHAPES)}")
    points = " ".join(f"{number(x + dx * r)},{number(y + dy * r)}" for dx, dy in corners)
    return tag("polygon", {"points": points, **_named(attrs)})


@dataclass(frozen=True)
class Mark:
    """How a seat is drawn everywhere: its colour, its shape and its letter."""

    colour: str
    shape: str
    letter: str


def seat_mark(seat: int, name: str) -> Mark:
    """Seat `seat`'s mark, as the live view draws it (the letter is the name's initial)."""
    return Mark(
        colour=OKABE_ITO[SEAT_COLOURS[seat % len(SEAT_COLOURS)]],
        shape=SEAT_SHAPES[seat % len(SEAT_SHAPES)],
        letter=(name or str(seat + 1))[0].upper(),
    )


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour` ("#rrggbb")."""
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    linear = [
        c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)
    ]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#000000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#ffffff"


def seat_token(seat: int, name: str, x: float, y: float, r: float, **attrs: Any) -> str:
    """A seat's token: its shape in its colour with its letter, radius `r`."""
    mark = seat_mark(seat, name)
    return group(
        [
            shape(mark.shape, x, y, r, fill=mark.colour, stroke=INK, stroke_width=1),
            text(
                x,
                y + r * 0.38,
                mark.letter,
                size=r * 1.1,
                anchor="middle",
                weight=700,
                fill=ink_on(mark.colour),
            ),
        ],
        data_seat=seat,
        **attrs,
    )


def outcome(observation: Mapping[str, Any]) -> tuple[str, int | None]:
    """What the status line says: ("turn" | "win" | "draw" | "lost", the seat it names)."""
    if not observation.get("terminal"):
        return "turn", observation.get("to_move")
    returns = observation.get("returns") or []
    if len(returns) == 1:  # a patience: won, lost, or neither
        return ("draw", None) if returns[0] == 0 else ("win" if returns[0] > 0 else "lost", 0)
    best = max(returns)
    winners = [seat for seat, value in enumerate(returns) if value == best]
    return ("win", winners[0]) if len(winners) == 1 else ("draw", None)


def status(
    observation: Mapping[str, Any],
    names: list[str] | tuple[str, ...],
    lang: str,
    texts: Mapping[str, Mapping[str, str]] | None = None,
) -> tuple[str, int | None]:
    """The status line in `lang` and the seat it names; `texts` ({lang: {key: text}}, such as
    a game's shared words) replaces some of `STATUS` for one game."""
    key, seat = outcome(observation)
    template = {**STATUS[lang], **(texts or {}).get(lang, {})}[f"status.{key}"]
    return template.format(name="" if seat is None else names[seat]), seat


def wrap(words: str, size: float, width: float) -> list[str]:
    """`words` cut into lines of at most `width` pixels at font size `size` (estimated from
    an average glyph; no font is measured, so the lines are the same on every machine)."""
    most = max(8, int(width / (size * 0.56)))
    lines: list[str] = []
    for word in words.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def document(
    width: float,
    height: float,
    title: str,
    line: str,
    body: Iterable[str | None],
    *,
    seat: tuple[int, str] | None = None,
    game: str,
) -> str:
    """A whole picture: its background, the title and the status `line` (after the token
    of `seat`, (index, name), when it names one), then `body` drawn in a `width` × `height`
    box below them. Shown at its size, or scaled down to `MAX_WIDTH`."""
    indent = 32 if seat is not None else 0
    titles = wrap(title, 19, width - 28)
    lines = wrap(line, 15, width - 28 - indent)
    top = LINE * (len(titles) + len(lines)) + 14
    header = [
        *(
            text(14, 24 + LINE * row, words, size=19, weight=700)
            for row, words in enumerate(titles)
        ),
        seat_token(seat[0], seat[1], 24, LINE * len(titles) + 19, 9) if seat is not None else None,
        *(
            text(14 + indent, LINE * (len(titles) + row) + 24.5, words, size=15, weight=600)
            for row, words in enumerate(lines)
        ),
        tag("line", {"x1": 10, "y1": top - 4, "x2": width - 10, "y2": top - 4, "stroke": RULE}),
    ]
    full = height + top
    scale = min(1.0, MAX_WIDTH / width)
    return tag(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {number(width)} {number(full)}",
            "width": number(width * scale),
            "height": number(full * scale),
            "role": "img",
            "aria-label": f"{title}. {line}",
            "font-family": FONT,
            "data-game": game,
        },
        tag("title", None, escape(f"{title}. {line}")),
        tag(
            "rect",
            {
                "x": 0.5,
                "y": 0.5,
                "width": width - 1,
                "height": full - 1,
                "rx": 12,
                "fill": PAPER,
                "stroke": RULE,
            },
        ),
        *header,
        group(body, transform=f"translate(0 {top})"),
    )


def _named(attrs: Mapping[str, Any]) -> dict[str, Any]:
    """Keywords as SVG attribute names: `stroke_width` -> `stroke-width`, `class_` -> `class`."""
    return {key.rstrip("_").replace("_", "-"): value for key, value in attrs.items()}
