"""The notebooks' charts, drawn by Vega-Lite, which JupyterLab, Notebook 7 and the JupyterLite
site all render offline (their built-in Vega extension) and in the reader's light or dark theme.

matplotlib cannot be had in the browser's Python, so the lessons plot through this module
everywhere: a chart is a Vega-Lite specification (data, not code) built here from a few
records, shown with a plain-text table beside it (`text/plain`) for a terminal, a diff or a
reader that has no Vega. Rates carry their intervals; a reference value (the book's 1 in 3,
the chance line) is a `Rule`. Titles and axis names may be one line or several (French, then
English)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

VEGA_LITE = "application/vnd.vegalite.v5+json"
SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"
"""An identifier only: the renderers bundle Vega-Lite and fetch nothing."""
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#999999"]
"""Okabe and Ito's colours, told apart by colour-blind readers."""

Title = str | Sequence[str]


@dataclass(frozen=True)
class Bar:
    """One bar: its label on the axis, its value, its interval, and its group (the colour;
    labels shared by several groups are drawn side by side)."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None
    group: str | None = None


@dataclass(frozen=True)
class Point:
    """One point of a line (`series` names the line), with its interval as a band."""

    x: float
    y: float
    low: float | None = None
    high: float | None = None
    series: str | None = None


@dataclass(frozen=True)
class Cell:
    """One square of a heat map; `value` None leaves it blank, `text` is written in it."""

    row: str
    column: str
    value: float | None
    text: str = ""


@dataclass(frozen=True)
class Rule:
    """A reference value drawn as a dashed line across the chart, labelled."""

    value: float
    label: str


class Chart:
    """A Vega-Lite chart as Jupyter displays it (`spec` is the specification, `text` the
    table shown where Vega is not)."""

    def __init__(self, spec: dict[str, Any], text: str):
        self.spec = {"$schema": SCHEMA, **spec}
        self.text = text

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return {VEGA_LITE: self.spec, "text/plain": self.text}

    def __repr__(self) -> str:
        return self.text


def _title(title: Title) -> str | list[str]:
    return title if isinstance(title, str) else list(title)


def _text(title: Title) -> str:
    return title if isinstance(title, str) else " / ".join(title)


def _finite(value: float | None, what: str) -> float | None:
    if value is not None and not math.isfinite(value):
        raise ValueError(f"{what} must be a finite number, not {value!r}")
    return value


def _number(value: float, percent: bool) -> str:
    return f"{100 * value:.1f} %" if percent else f"{value:.4g}"


def _interval(low: float | None, high: float | None, percent: bool) -> str:
    if low is None or high is None:
        return ""
    return f" [{_number(low, percent)} ; {_number(high, percent)}]"


def _axis(title: Title, percent: bool, scale: dict[str, Any]) -> dict[str, Any]:
    axis: dict[str, Any] = {"title": _title(title)}
    if percent:
        axis["format"] = ".0%"
    return {"type": "quantitative", "axis": axis, "scale": scale}


def _scale(domain: tuple[float, float] | None, log: bool = False) -> dict[str, Any]:
    scale: dict[str, Any] = {"type": "log"} if log else {"zero": True}
    if domain is not None:
        scale["domain"] = list(domain)
    return scale


def _rules(rules: Sequence[Rule], channel: str, scale: dict[str, Any]) -> list[dict[str, Any]]:
    """Dashed lines at each rule's value, along `channel` ("x" or "y"), labelled at one end,
    on the value axis's `scale` (a layer without it would widen an asked domain to zero)."""
    if not rules:
        return []
    values = [{"rule": _finite(r.value, "a rule's value"), "name": r.label} for r in rules]
    at = {"field": "rule", "type": "quantitative", "scale": scale}
    return [
        {
            "data": {"values": values},
            "mark": {"type": "rule", "strokeDash": [6, 4], "color": "#C0392B"},
            "encoding": {channel: at},
        },
        {
            "data": {"values": values},
            "mark": {
                "type": "text",
                "color": "#C0392B",
                "align": "right" if channel == "y" else "left",
                "baseline": "bottom",
                "dx": 0 if channel == "y" else 4,
                "dy": -2,
                **({"x": "width"} if channel == "y" else {"y": 0, "baseline": "top"}),
            },
            "encoding": {channel: at, "text": {"field": "name"}},
        },
    ]


def _rule_lines(rules: Sequence[Rule], percent: bool) -> list[str]:
    return [f"--- {r.label}: {_number(r.value, percent)}" for r in rules]


def bars(
    rows: Sequence[Bar],
    *,
    title: Title,
    axis: Title = "",
    value_axis: Title = "",
    percent: bool = False,
    horizontal: bool = False,
    domain: tuple[float, float] | None = None,
    rules: Sequence[Rule] = (),
    width: int = 420,
    height: int = 260,
) -> Chart:
    """A bar per row, in the rows' order, with its interval as an error bar where given."""
    if not rows:
        raise ValueError("a bar chart needs at least one bar")
    values = [
        {
            "label": r.label,
            "value": _finite(r.value, f"bar {r.label!r}"),
            "low": _finite(r.low, f"bar {r.label!r}'s low end"),
            "high": _finite(r.high, f"bar {r.label!r}'s high end"),
            "group": r.group or "",
        }
        for r in rows
    ]
    along, across = ("y", "x") if horizontal else ("x", "y")
    labels = list(dict.fromkeys(r.label for r in rows))
    side_by_side = len(labels) < len(rows)
    encoding: dict[str, Any] = {
        along: {"field": "label", "type": "nominal", "sort": labels,
                "axis": {"title": _title(axis), "labelAngle": 0 if horizontal else -45}},
        across: {"field": "value", **_axis(value_axis, percent, _scale(domain))},
        "tooltip": [
            {"field": "label", "title": "—"},
            {"field": "value", "format": ".1%" if percent else ".4~g"},
            *([{"field": "group"}] if any(r.group for r in rows) else []),
        ],
    }  # fmt: skip
    if any(r.group for r in rows):
        groups = list(dict.fromkeys(r.group or "" for r in rows))
        encoding["color"] = {
            "field": "group",
            "type": "nominal",
            "sort": groups,
            "scale": {"domain": groups, "range": PALETTE[: len(groups)]},
            "legend": {"title": None, "orient": "bottom", "direction": "vertical"},
        }
        if side_by_side:
            encoding[f"{along}Offset"] = {"field": "group", "sort": groups}
    else:
        encoding["color"] = {"value": PALETTE[0]}
    layers: list[dict[str, Any]] = [{"mark": "bar", "encoding": encoding}]
    if any(r.low is not None for r in rows):
        error = {key: encoding[key] for key in (along, f"{along}Offset") if key in encoding}
        error[across] = {**encoding[across], "field": "low"}
        error[f"{across}2"] = {"field": "high"}
        layers.append(
            {
                "transform": [{"filter": "datum.low != null"}],
                "mark": {"type": "errorbar", "ticks": True, "color": "#333333"},
                "encoding": error,
            }
        )
    spec = {
        "title": _title(title),
        "width": width,
        "height": height,
        "data": {"values": values},
        "layer": layers + _rules(rules, across, encoding[across]["scale"]),
    }
    lines = [_text(title)] + [
        f"{r.label}{f' ({r.group})' if r.group and side_by_side else ''}: "
        f"{_number(r.value, percent)}{_interval(r.low, r.high, percent)}"
        for r in rows
    ]
    return Chart(spec, "\n".join(lines + _rule_lines(rules, percent)))


def lines(
    points: Sequence[Point],
    *,
    title: Title,
    x_axis: Title = "",
    y_axis: Title = "",
    percent: bool = False,
    log_x: bool = False,
    log_y: bool = False,
    x_domain: tuple[float, float] | None = None,
    y_domain: tuple[float, float] | None = None,
    rules: Sequence[Rule] = (),
    dots: bool = True,
    width: int = 420,
    height: int = 260,
) -> Chart:
    """A line per series through its points in x order, each interval a band around it."""
    if not points:
        raise ValueError("a line chart needs at least one point")
    values = [
        {
            "x": _finite(p.x, "a point's x"),
            "y": _finite(p.y, "a point's y"),
            "low": _finite(p.low, "a point's low end"),
            "high": _finite(p.high, "a point's high end"),
            "series": p.series or "",
        }
        for p in points
    ]
    series = list(dict.fromkeys(p.series or "" for p in points))
    x_axis_spec: dict[str, Any] = {"title": _title(x_axis)}
    if not log_x and all(float(p.x).is_integer() for p in points):
        x_axis_spec["tickMinStep"] = 1  # counts (depths, sizes): no tick between two
    x = {"field": "x", "type": "quantitative", "axis": x_axis_spec,
         "scale": {**_scale(x_domain, log_x), "zero": False}}  # fmt: skip
    y_scale = _scale(y_domain, log_y)
    color: dict[str, Any] = {
        "field": "series",
        "type": "nominal",
        "scale": {"domain": series, "range": PALETTE[: len(series)]},
        "legend": None if series == [""] else {"title": None, "orient": "bottom"},
    }
    layers: list[dict[str, Any]] = []
    if any(p.low is not None for p in points):
        layers.append(
            {
                "transform": [{"filter": "datum.low != null"}],
                "mark": {"type": "area", "opacity": 0.25},
                "encoding": {"x": x, "y": {"field": "low", **_axis(y_axis, percent, y_scale)},
                             "y2": {"field": "high"}, "color": color},
            }
        )  # fmt: skip
    layers.append(
        {
            "mark": {"type": "line", "point": dots},
            "encoding": {
                "x": x,
                "y": {"field": "y", **_axis(y_axis, percent, y_scale)},
                "color": color,
                "tooltip": [
                    {"field": "series", "title": "—"},
                    {"field": "x", "format": ".4~g"},
                    {"field": "y", "format": ".1%" if percent else ".4~g"},
                ],
            },
        }
    )
    spec = {
        "title": _title(title),
        "width": width,
        "height": height,
        "data": {"values": values},
        "layer": layers + _rules(rules, "y", y_scale),
    }
    table = [_text(title)] + [
        f"{p.series + ': ' if p.series else ''}{p.x:.4g} -> {_number(p.y, percent)}"
        f"{_interval(p.low, p.high, percent)}"
        for p in points
    ]
    return Chart(spec, "\n".join(table + _rule_lines(rules, percent)))


def heatmap(
    cells: Sequence[Cell],
    *,
    title: Title,
    legend: Title,
    rows_axis: Title = "",
    columns_axis: Title = "",
    domain: tuple[float, float] = (0.0, 1.0),
    percent: bool = False,
    scheme: str = "redyellowgreen",
    reverse: bool = True,
    width: int = 260,
    height: int = 260,
) -> Chart:
    """A square per cell, coloured by its value on `domain` (by default red is high), its
    text written in it; rows go up the chart in the order they first appear."""
    if not cells:
        raise ValueError("a heat map needs at least one cell")
    values = [
        {"row": c.row, "column": c.column, "value": _finite(c.value, f"cell {c.row}{c.column}"),
         "text": c.text}
        for c in cells
    ]  # fmt: skip
    rows = list(dict.fromkeys(c.row for c in cells))
    columns = list(dict.fromkeys(c.column for c in cells))
    position = {
        "x": {"field": "column", "type": "ordinal", "sort": columns,
              "axis": {"title": _title(columns_axis), "labelAngle": 0}},
        "y": {"field": "row", "type": "ordinal", "sort": list(reversed(rows)),
              "axis": {"title": _title(rows_axis)}},
    }  # fmt: skip
    spec = {
        "title": _title(title),
        "width": width,
        "height": height,
        "data": {"values": values},
        "layer": [
            {
                "mark": "rect",
                "encoding": {
                    **position,
                    "color": {
                        "field": "value",
                        "type": "quantitative",
                        "scale": {"scheme": scheme, "reverse": reverse, "domain": list(domain)},
                        "legend": {"title": _title(legend), "format": ".0%" if percent else ""},
                    },
                    "tooltip": [
                        {"field": "text", "title": "—"},
                        {"field": "value", "format": ".1%" if percent else ".4~g"},
                    ],
                },
            },
            {"mark": {"type": "text", "fontSize": 9},
             "encoding": {**position, "text": {"field": "text"}}},
        ],
    }  # fmt: skip
    table = [_text(title), " ".join(["    "] + [f"{c:>7}" for c in columns])]
    by_place = {(c.row, c.column): c.value for c in cells}
    for row in reversed(rows):
        shown = [by_place.get((row, column)) for column in columns]
        table.append(
            " ".join(
                [f"{row:>4}"] + [f"{'—' if v is None else _number(v, percent):>7}" for v in shown]
            )
        )
    return Chart(spec, "\n".join(table))


def side_by_side(*charts: Chart, title: Title = "") -> Chart:
    """Charts in a row (each keeps its own scales)."""
    return _together("hconcat", charts, title)


def stacked(*charts: Chart, title: Title = "") -> Chart:
    """Charts one above the other."""
    return _together("vconcat", charts, title)


def _together(how: str, charts: Sequence[Chart], title: Title) -> Chart:
    if not charts:
        raise ValueError("nothing to put together: give at least one chart")
    parts = [{k: v for k, v in c.spec.items() if k != "$schema"} for c in charts]
    spec: dict[str, Any] = {how: parts, "resolve": {"scale": {"color": "independent"}}}
    if title:
        spec["title"] = _title(title)
    text = "\n\n".join(([_text(title)] if title else []) + [c.text for c in charts])
    return Chart(spec, text)
