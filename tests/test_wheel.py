"""The wheel works on a machine with no node: it carries the bundled JS of every widget. It
holds every package: the engines, the classroom tools, the adapters and the widgets.

Build the wheel from a copy of the work tree, install it in a brand-new venv (no system site
packages; dependencies from PyPI within requirements-lock.txt), then, in that venv with
nothing but the venv on PATH (so no node), import every widget class that
`ludotheque.widgets` exports and check that its `_esm` is the bundled ESM shipped in the
wheel. The install has the required dependencies only (no extra), as in JupyterLite: numpy,
numba, scipy and the tournament's packages are absent, yet Sortilèges' strongest level
answers a move (as level 4) and A Petits Pas' estimate runs in plain Python.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import textwrap
import zipfile

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent
LOCK = REPO / "requirements-lock.txt"
COPY_IGNORE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "node_modules",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".stamps",
    "test-output",
    ".ipynb_checkpoints",
    ".hypothesis",
    ".pytest_cache",
)

pytestmark = pytest.mark.wheel

CHECK = textwrap.dedent("""
    import importlib, importlib.util, inspect, json, pathlib, shutil, sys
    import anywidget
    import ludotheque.widgets as widgets

    assert shutil.which("node") is None, "node is on PATH"
    names = getattr(widgets, "__all__", None) or [n for n in dir(widgets) if not n.startswith("_")]
    found = {}
    for name in names:
        obj = getattr(widgets, name)
        if not (inspect.isclass(obj) and issubclass(obj, anywidget.AnyWidget)):
            continue
        if not hasattr(obj, "game_class"):    # the shared base, not a game
            continue
        found[name] = {"module": inspect.getfile(obj), "esm": str(obj._esm)}
    absent = [m for m in ("numpy", "numba", "scipy", "cloudpickle", "openskill")
              if importlib.util.find_spec(m) is None]
    from ludotheque.engines.petits_pas import estimate
    from ludotheque.engines.sortileges import Sortileges, bot_for_level
    state = Sortileges().new_game(seed=1)
    move = str(bot_for_level("5", seconds=0.1)(state))
    deals = estimate(200, seed=1, progress=False).deals
    print(json.dumps({"file": widgets.__file__, "widgets": found, "absent": absent,
                      "move": move, "deals": deals}))
""")


def run(cmd, **kwargs):
    result = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, **kwargs)
    assert result.returncode == 0, (
        f"{' '.join(map(str, cmd))} failed ({result.returncode}):\n"
        f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    )
    return result


def test_wheel_installs_and_ships_the_bundled_js(tmp_path):
    static = sorted((REPO / "widgets" / "static").glob("*.js"))
    assert static, "widgets/static/*.js is missing: run `make setup` (npm run build) first"

    src = tmp_path / "src"
    shutil.copytree(REPO, src, ignore=COPY_IGNORE)
    dist = tmp_path / "dist"
    run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(src)])
    wheels = list(dist.glob("ludotheque-*.whl"))
    assert len(wheels) == 1, wheels
    wheel = wheels[0]

    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    shipped = {
        pathlib.PurePosixPath(n).name
        for n in names
        if n.startswith("ludotheque/widgets/static/") and n.endswith(".js")
    }
    assert {p.name for p in static} <= shipped, f"wheel ships {sorted(shipped)}"
    packages = {str(pathlib.PurePosixPath(n).parent) for n in names if n.endswith("/__init__.py")}
    assert {
        "ludotheque/engines",
        "ludotheque/classroom",
        "ludotheque/classroom/exercises",
        "ludotheque/classroom/tournament",
        "ludotheque/interop",
        "ludotheque/tables",
        "ludotheque/widgets",
    } <= packages, sorted(packages)

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)])
    py = venv / "bin" / "python"
    run(
        [
            str(py),
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "-q",
            "--progress-bar",
            "off",
            str(wheel),
            "-c",
            str(LOCK),
        ]
    )

    env = {
        "PATH": str(venv / "bin"),
        "HOME": os.environ.get("HOME", str(tmp_path)),
        "LANG": "C.UTF-8",
    }
    work = tmp_path / "elsewhere"
    work.mkdir()
    result = run([str(py), "-c", CHECK], env=env, cwd=work)
    report = json.loads(result.stdout.strip().splitlines()[-1])

    assert pathlib.Path(report["file"]).is_relative_to(venv), report["file"]
    assert report["widgets"], "ludotheque.widgets exports no game widget"
    assert report["absent"] == ["numpy", "numba", "scipy", "cloudpickle", "openskill"], report
    assert report["move"] and report["deals"] == 200, report
    for name, info in report["widgets"].items():
        assert pathlib.Path(info["module"]).is_relative_to(venv), (name, info["module"])
        esm = info["esm"]
        assert esm.strip() and "export" in esm, f"{name}._esm is not a bundled ES module"
        assert any(esm == p.read_text(encoding="utf-8") for p in static), (
            f"{name}._esm is not one of the bundles of widgets/static/"
        )
