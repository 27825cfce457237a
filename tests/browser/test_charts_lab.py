"""The notebooks' charts (ludotheque.widgets.charts) are drawn by JupyterLab's own Vega
extension, offline: every kind the lessons use renders as a picture of some size, in the
light theme and in the dark one, with no Vega error; tests/widgets/test_charts.py checks
what the specifications hold."""

import pytest

from labserver import running_notebook, write_notebook

pytestmark = pytest.mark.browser

CHARTS = """
from ludotheque.widgets.charts import Bar, Cell, Point, Rule, bars, heatmap, lines, side_by_side
book = [Rule(1 / 3, "le livre : 1 sur 3 — the book: 1 in 3")]
display(bars([Bar(name, rate, rate - 0.03, rate + 0.03, group=f"x = {x}")
              for x in (0.2, 0.8)
              for name, rate in (("hasard", 0.2 + x / 4), ("prudente", 0.3 + x / 5))],
             title=["Deux politiques", "two policies"], percent=True, rules=book, domain=(0, 0.75)))
display(bars([Bar(f"lecture {i}", 0.3 + i / 50, 0.29 + i / 50, 0.31 + i / 50) for i in range(5)],
             title="horizontal", horizontal=True, percent=True, rules=book))
display(lines([Point(n, 0.3 + 1 / n, 0.3, 0.3 + 2 / n) for n in (10, 100, 1000, 10000)],
              title="log", log_x=True, percent=True, rules=book, dots=False))
display(side_by_side(*(heatmap([Cell(str(r), c, None if r == c == 1 else (r + c) / 20, f"{r}{c}")
                                for r in range(1, 7) for c in range(1, 7)],
                               title=f"toit {k}", legend="p", percent=True, domain=(0, 0.4))
                       for k in (1, 2))))
"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_each_kind_of_chart_is_drawn_by_jupyterlab(lab_server, browser_context, output_dir, theme):
    path = write_notebook(lab_server, f"scratch/charts_{theme}.ipynb", CHARTS)
    with running_notebook(lab_server, browser_context, output_dir, path, f"charts_{theme}") as nb:
        if theme == "dark":
            nb.page.evaluate(
                "() => window.jupyterapp.commands.execute('apputils:change-theme',"
                " {theme: 'JupyterLab Dark'})"
            )
        nb.wait_all_run(timeout=120)
        drawn = nb.page.locator(".jp-OutputArea-output .vega-embed .marks")
        drawn.nth(3).wait_for(state="visible", timeout=30_000)
        assert drawn.count() == 4
        for index in range(4):
            box = drawn.nth(index).bounding_box()
            assert box and box["width"] > 250 and box["height"] > 150, (index, box)
        errors = nb.page.locator(".jp-OutputArea-output:has-text('Error')")
        assert errors.count() == 0, errors.all_inner_texts()
        nb.page.screenshot(path=str(output_dir / f"charts_{theme}.png"), full_page=True)
