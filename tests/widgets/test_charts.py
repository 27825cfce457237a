"""The notebooks' charts (ludotheque.widgets.charts): what Jupyter is handed is a Vega-Lite
specification holding the data in the order given, with each interval, and a text table that
says the same numbers; bad numbers are refused by name. tests/browser/test_charts_lab.py draws
them in JupyterLab."""

import math

import pytest

from ludotheque.widgets.charts import (
    VEGA_LITE,
    Bar,
    Cell,
    Point,
    Rule,
    bars,
    heatmap,
    lines,
    side_by_side,
)


def test_bars_hand_jupyter_the_data_its_intervals_and_a_table_saying_the_same():
    chart = bars(
        [Bar("default", 0.349, 0.346, 0.352, group="lecture"), Bar("kings", 0.41, 0.40, 0.42)],
        title=["Une lecture, une probabilité", "one reading, one probability"],
        percent=True,
        horizontal=True,
        rules=[Rule(1 / 3, "le livre — the book")],
    )
    bundle = chart._repr_mimebundle_()
    spec = bundle[VEGA_LITE]
    assert [v["label"] for v in spec["data"]["values"]] == ["default", "kings"]
    assert spec["data"]["values"][0]["low"] == 0.346
    marks = [layer["mark"] if isinstance(layer["mark"], str) else layer["mark"]["type"]
             for layer in spec["layer"]]  # fmt: skip
    assert marks == ["bar", "errorbar", "rule", "text"]
    assert spec["layer"][0]["encoding"]["y"]["field"] == "label"  # horizontal: labels go down
    assert spec["layer"][2]["data"]["values"] == [{"rule": 1 / 3, "name": "le livre — the book"}]
    assert bundle["text/plain"].splitlines() == [
        "Une lecture, une probabilité / one reading, one probability",
        "default: 34.9 % [34.6 % ; 35.2 %]",
        "kings: 41.0 % [40.0 % ; 42.0 %]",
        "--- le livre — the book: 33.3 %",
    ]


def test_bars_sharing_a_label_stand_side_by_side_by_group_and_only_then():
    grouped = [Bar(policy, rate, group=f"x = {x}") for x in (0.2, 0.8)
               for policy, rate in (("random", 0.2), ("careful", 0.4))]  # fmt: skip
    encoding = bars(grouped, title="t").spec["layer"][0]["encoding"]
    assert encoding["xOffset"] == {"field": "group", "sort": ["x = 0.2", "x = 0.8"]}
    assert encoding["x"]["sort"] == ["random", "careful"]
    single = bars([Bar("a", 1, group="g"), Bar("b", 2, group="h")], title="t")
    assert "xOffset" not in single.spec["layer"][0]["encoding"]
    assert len(single.spec["layer"]) == 1  # no interval given: no error bars


def test_lines_draw_a_band_where_points_have_intervals_and_a_log_axis_when_asked():
    chart = lines(
        [Point(n, 0.3, 0.2, 0.4) for n in (10, 100, 1000)], title="t", log_x=True, percent=True
    )
    area, line = chart.spec["layer"]
    assert area["mark"]["type"] == "area" and line["mark"]["type"] == "line"
    assert line["encoding"]["x"]["scale"]["type"] == "log"
    assert "tickMinStep" not in line["encoding"]["x"]["axis"]
    assert chart.text.splitlines()[1] == "10 -> 30.0 % [20.0 % ; 40.0 %]"
    depths = lines([Point(d, 10.0**d) for d in (1, 2, 3)], title="t", log_y=True)
    assert depths.spec["layer"][0]["encoding"]["x"]["axis"]["tickMinStep"] == 1


def test_a_reference_line_keeps_the_value_axis_as_asked():
    """A rule's layer shares the chart's scale: without it Vega-Lite widened (0.25, 0.47) to
    start at zero."""
    chart = lines([Point(n, 0.35) for n in (10, 100)], title="t", y_domain=(0.25, 0.47),
                  rules=[Rule(1 / 3, "book")])  # fmt: skip
    line, rule, label = chart.spec["layer"]
    for layer in (line, rule, label):
        assert layer["encoding"]["y"]["scale"]["domain"] == [0.25, 0.47]


def test_a_heat_map_leaves_empty_squares_blank_and_puts_the_first_row_at_the_bottom():
    cells = [Cell(row, column, None if (row, column) == ("1", "A") else 0.25, f"{row}{column}")
             for row in ("1", "2") for column in ("A", "B")]  # fmt: skip
    chart = heatmap(cells, title="risk", legend="p", percent=True)
    assert chart.spec["layer"][0]["encoding"]["y"]["sort"] == ["2", "1"]
    assert chart.text.splitlines()[1:] == [
        "           A       B",
        "   2  25.0 %  25.0 %",
        "   1       —  25.0 %",
    ]


@pytest.mark.parametrize("bad", [math.nan, math.inf])
def test_a_number_that_cannot_be_drawn_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="bar 'kings'"):
        bars([Bar("kings", bad)], title="t")
    with pytest.raises(ValueError, match="rule"):
        bars([Bar("kings", 0.1)], title="t", rules=[Rule(bad, "book")])
    with pytest.raises(ValueError, match="at least one"):
        lines([], title="t")


def test_charts_side_by_side_keep_their_own_layers_and_tables():
    left = bars([Bar("a", 1)], title="left")
    right = bars([Bar("b", 2)], title="right")
    both = side_by_side(left, right, title="both")
    assert [part["title"] for part in both.spec["hconcat"]] == ["left", "right"]
    assert "$schema" not in both.spec["hconcat"][0] and "$schema" in both.spec
    assert both.text.split("\n\n") == ["both", left.text, right.text]
