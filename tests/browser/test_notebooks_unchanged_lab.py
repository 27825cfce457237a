"""Opening a notebook in JupyterLab and saving it leaves the file as it is stored: a teacher
who opens the course sees no "modified" mark, and autosave writes nothing for git to show.

JupyterLab writes what its model holds: the kernelspec's display name from the kernel it
starts ("Python 3 (ipykernel)", so the stored notebooks carry that name), and, for a
Vega-Lite chart, a PNG of the chart that its Vega renderer adds to the output. The notebooks
with charts are therefore left out here: their stored outputs have no PNG.
"""

from __future__ import annotations

import json

import pytest

from labserver import NOTEBOOKS, JupyterServer, NotebookPage, chromium, copy_notebooks

pytestmark = pytest.mark.browser

VEGA_LITE = "application/vnd.vegalite"


def has_charts(path) -> bool:
    notebook = json.loads(path.read_text())
    return any(
        key.startswith(VEGA_LITE)
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
        for key in output.get("data", {})
    )


WITHOUT_CHARTS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if not has_charts(p))


def test_opening_and_saving_a_notebook_changes_nothing(tmp_path, playwright_instance):
    assert "index.ipynb" in WITHOUT_CHARTS
    root = copy_notebooks(tmp_path / "notebooks")
    changed = {}
    with JupyterServer(root) as server, chromium(playwright_instance) as context:
        for name in WITHOUT_CHARTS:
            page = context.new_page()
            NotebookPage(page, server, name).open(timeout=120)
            page.wait_for_timeout(2_000)  # outputs rendered, the kernel's info applied
            dirty = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty")
            page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
            rewritten = (root / name).read_bytes() != (NOTEBOOKS / name).read_bytes()
            if dirty or rewritten:
                changed[name] = {"marked modified": dirty, "file rewritten": rewritten}
            page.close()
    assert changed == {}
