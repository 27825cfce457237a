"""The JupyterLite build (lite/build.py; the site itself is tested in
tests/browser/test_lite.py): each notebook installs ludotheque before its first code cell,
each notebook with cells the browser cannot run says so before that cell, in French and
English, and a Pyodide for another Python stops the build."""

import importlib.util
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
assert spec and spec.loader
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)


def test_each_notebook_installs_first_and_tutorials_say_what_needs_the_full_install(tmp_path):
    """tournoi.ipynb asks for the tournament extra, which the site ships."""
    build.notebooks(ROOT / "notebooks", tmp_path)
    shipped = sorted(tmp_path.glob("*.ipynb"))
    assert {p.name for p in shipped} == {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    for path in shipped:
        notebook = json.loads(path.read_text())
        cells = notebook["cells"]
        first_code = next(i for i, c in enumerate(cells) if c["cell_type"] == "code")
        extras = notebook["metadata"].get("ludotheque", {}).get("extras")
        asked = f'"ludotheque[{",".join(extras)}]"' if extras else "ludotheque"
        assert f"%pip install -q {asked}" in "".join(cells[first_code]["source"]), path.name
        notes = [c for c in cells if c.get("id") == "lite-note"]
        if build.runs_in_the_browser(notebook):
            assert not notes, path.name
        else:
            assert [cells.index(n) for n in notes] == [first_code - 1], path.name
            text = "".join(notes[0]["source"])
            assert "installation complète" in text and "full install" in text


def test_the_build_refuses_a_pyodide_for_another_python(monkeypatch):
    """The wheels and markers are chosen for BROWSER's Python: a Pyodide upgrade that brings
    another Python must stop the build, not ship a site whose wheels do not fit."""
    if not (build.PYODIDE_NPM / "pyodide-lock.json").exists():
        pytest.skip("lite/node_modules is missing: `make lite` installs it")
    assert build.pyodide_lock()["info"]["python"] == build.BROWSER["python_full_version"]
    monkeypatch.setitem(build.BROWSER, "python_full_version", "3.13.1")
    with pytest.raises(build.BuildError, match="3.13.1"):
        build.pyodide_lock()


def test_a_notebook_asking_for_an_extra_the_site_lacks_stops_the_build():
    notebook = {"metadata": {"ludotheque": {"extras": ["tournament", "fast"]}}}
    with pytest.raises(build.BuildError, match="fast"):
        build.install_requirement(notebook)
