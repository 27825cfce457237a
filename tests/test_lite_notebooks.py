"""The notebooks as the JupyterLite site ships them (lite/build.py; the site itself is tested
in tests/browser/test_lite.py): each installs ludotheque before its first code cell, and each
notebook with cells the browser cannot run says so before that cell, in French and English."""

import importlib.util
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
assert spec and spec.loader
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)


def test_each_notebook_installs_first_and_tutorials_say_what_needs_the_full_install(tmp_path):
    build.notebooks(tmp_path)
    shipped = sorted(tmp_path.glob("*.ipynb"))
    assert {p.name for p in shipped} == {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    for path in shipped:
        cells = json.loads(path.read_text())["cells"]
        first_code = next(i for i, c in enumerate(cells) if c["cell_type"] == "code")
        assert "%pip install -q ludotheque" in "".join(cells[first_code]["source"]), path.name
        notes = [c for c in cells if c.get("id") == "lite-note"]
        if path.name in build.PLAYABLE_THROUGHOUT:
            assert not notes, path.name
        else:
            assert [cells.index(n) for n in notes] == [first_code - 1], path.name
            text = "".join(notes[0]["source"])
            assert "installation complète" in text and "full install" in text
