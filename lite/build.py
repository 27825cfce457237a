"""Build the collection as a static JupyterLite site (`make lite`; docs/lite.md).

The site runs JupyterLab and a Pyodide kernel in the browser from static files, and must
fetch nothing from anywhere but itself at run time. It runs in lite/.venv (`make lite`,
lite/requirements.txt), never in the project's .venv: the front-end extensions it copies into
the site are those installed there, and the Lite kernel's own must not load in the desktop
JupyterLab. What goes in, and where from:

- Pyodide's runtime (core files only) from the npm package in lite/package.json
  (`npm ci` in lite/), served from `static/pyodide/`, where the kernel add-on looks.
- The pure-Python wheels Pyodide's lock names for the kernel's start (micropip, ipython,
  jedi and what they need), downloaded from PyPI at the lock's versions; the lock is
  rewritten to those files (name and sha256) and pruned to them: an entry whose file is
  absent fails silently in the browser.
- piplite's index (`pypi/`): the ludotheque wheel and its kernel-side dependencies at the
  versions of requirements-lock.txt, the ones the site's front-end extensions were built
  for (anywidget and ipywidgets must match, or "No version of module anywidget is
  registered"). PyPI is never asked at run time (`disablePyPIFallback`).
- The notebooks of the pupils' edition (dist/student/, `make student`: no solution, no
  output; docs/editions.md) or, with `--notebooks notebooks`, the teacher's; each with a
  first cell that installs ludotheque from the site; the documents they link to (the
  rules; the teacher's guide in the teacher's edition) in `docs/` beside them
  (editions/linked_docs.py).
- The site's settings (lite/overrides.json, also copied into the project's JupyterLab by
  `make setup`): a linked `.md` opens as a rendered page, not in the text editor.

Downloads are cached under dist/lite-cache/, so a second build needs no network. Every
requirement of every shipped wheel is checked to be shipped too: a missing one, or one with
no pure-Python wheel on PyPI (numpy, say), stops the build with its name.

    lite/.venv/bin/python lite/build.py [--output dist/lite] [--notebooks dist/student]
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "editions"))
from linked_docs import ship_linked_docs  # noqa: E402 (editions/ is a folder of scripts)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = ROOT / "dist"
CACHE = DIST / "lite-cache"
LOCK_REQUIREMENTS = ROOT / "requirements-lock.txt"
PYODIDE_NPM = HERE / "node_modules" / "pyodide"
PYODIDE_CORE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
KERNEL_PLUGIN = f"{KERNEL_EXTENSION}:kernel"
KERNEL_ROOTS = ("micropip", "ipython", "jedi")
"""What the kernel loads from Pyodide's lock at start (micropip) or asks piplite for and
micropip finds in the lock (ipython, jedi); the rest of its start-up list (ipykernel,
pyodide-kernel, comm) is in piplite's index."""
KERNEL_SIDE = ("anywidget", "ipywidgets", "jupyterlab-widgets", "psygnal", "comm")
"""Wheels beside ludotheque in piplite's index, at requirements-lock.txt's versions."""
SITE_EXTRAS = ("tournament",)
"""ludotheque's extras whose packages (pyproject.toml's) are pure Python, shipped in piplite's
index too: a notebook that needs one names it in its metadata (`ludotheque.extras`) and its
install cell asks for it (the class tournament, tournoi.ipynb)."""
TEACHER_ONLY = ("@jupyter/nbgrader",)
"""Front-end extensions of the build environment that the site leaves out: nbgrader's menus
need its server, which a static site has not (and pupils have no use for a formgrader)."""
FRONT_ENDS = {"anywidget": "anywidget", "jupyterlab-widgets": "@jupyter-widgets/jupyterlab-manager"}
"""Kernel-side package -> its JupyterLab extension, which the site takes from the build
environment: both sides must be the same release."""
BROWSER = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "extra": "",
}
"""Environment markers as Pyodide 314 evaluates them."""
NOTEBOOK_SKIP = re.compile(r"(^|/)(\.ipynb_checkpoints|__pycache__)(/|$)")
INSTALL_CELL = (
    "# In the browser (JupyterLite): install the collection from this site.\n"
    "%pip install -q {requirement}"
)


def runs_in_the_browser(notebook: dict) -> bool:
    """A notebook's own claim (metadata `ludotheque.runs_in_the_browser`) that every cell of
    it runs in the site; tests/test_notebooks_in_the_site.py holds it to that. The others get
    BROWSER_NOTE."""
    return bool(notebook["metadata"].get("ludotheque", {}).get("runs_in_the_browser"))


def install_requirement(notebook: dict) -> str:
    """What the notebook's install cell asks piplite for: ludotheque with the extras its
    metadata names (`ludotheque.extras`), each of which the site must ship."""
    extras = notebook["metadata"].get("ludotheque", {}).get("extras", [])
    unshipped = sorted(set(extras) - set(SITE_EXTRAS))
    if unshipped:
        raise BuildError(f"a notebook asks for extras the site does not ship: {unshipped}")
    return f'"ludotheque[{",".join(extras)}]"' if extras else "ludotheque"


BROWSER_NOTE = (
    "**Dans le navigateur (JupyterLite)**, ce carnet ne marche pas : il se sert de "
    "bibliothèques qui n'existent pas pour le navigateur (ses premières cellules les "
    "nomment). Ouvrez-le dans une installation complète (voir le README). Tous les autres "
    "carnets marchent ici.\n"
    "*In the browser (JupyterLite), this notebook does not work: it uses libraries that have "
    "no browser build (its first cells name them). Open it in a full install (see the "
    "README). Every other notebook works here.*"
)


class BuildError(Exception):
    """The site cannot be built; the message says what is missing and how to get it."""


def run(command: list[str], what: str, cwd: Path | None = None) -> None:
    """Run `command`; BuildError with its output's tail if it fails."""
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(
            f"{what} failed (exit {result.returncode}): {' '.join(command)}\n"
            f"{result.stdout[-2000:]}{result.stderr[-3000:]}"
        )


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pinned_versions() -> dict[str, str]:
    """name -> version from requirements-lock.txt."""
    versions = {}
    for line in LOCK_REQUIREMENTS.read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;#]+)", line.strip())
        if match:
            versions[canonicalize_name(match[1])] = match[2]
    return versions


def cached_wheel(name: str, version: str) -> Path | None:
    for path in CACHE.glob("*.whl"):
        wheel_name, wheel_version, _, _ = parse_wheel_filename(path.name)
        if wheel_name == canonicalize_name(name) and str(wheel_version) == version:
            return path
    return None


def pure_wheels(pins: dict[str, str]) -> dict[str, Path]:
    """The pure-Python wheel of each `name==version` from PyPI (cached): name -> file."""
    missing = {name: v for name, v in pins.items() if cached_wheel(name, v) is None}
    if missing:
        CACHE.mkdir(parents=True, exist_ok=True)
        # one pip call; --platform any with --abi none admits only py3-none-any wheels
        run(
            [sys.executable, "-m", "pip", "download", "--disable-pip-version-check",
             "--quiet", "--no-deps", "--only-binary=:all:", "--platform", "any",
             "--abi", "none", "--implementation", "py",
             "--python-version", BROWSER["python_version"],
             "--dest", str(CACHE), *(f"{name}=={v}" for name, v in sorted(missing.items()))],
            f"downloading pure-Python wheels from PyPI ({', '.join(sorted(missing))}); "
            "a package with no py3-none-any wheel cannot run in the site",
        )  # fmt: skip
    wheels = {}
    for name, version in pins.items():
        found = cached_wheel(name, version)
        if found is None:
            raise BuildError(f"pip downloaded no wheel of {name}=={version} into {CACHE}")
        wheels[canonicalize_name(name)] = found
    return wheels


def requirements(wheel: Path, extra: str = "") -> list[Requirement]:
    """The wheel's Requires-Dist that apply in the browser, without extras or for one."""
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        headers = Parser().parsestr(archive.read(metadata).decode())
    needed = []
    for line in headers.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        marker = requirement.marker
        if (
            marker is None
            and not extra
            or (marker is not None and Marker(str(marker)).evaluate({**BROWSER, "extra": extra}))
        ):
            needed.append(requirement)
    return needed


def ludotheque_wheel(work: Path) -> Path:
    """Build the project's wheel from a copy of the tree (the shared build/ stays as is)."""
    if not list((ROOT / "widgets" / "static").glob("*.js")):
        raise BuildError("widgets/static/*.js is missing: run `make setup` (the JS build) first")
    ignore = shutil.ignore_patterns(
        ".git", ".venv", "node_modules", "build", "dist", "*.egg-info", "__pycache__",
        ".stamps", "test-output", ".ipynb_checkpoints", ".hypothesis", "notebooks", "tests",
    )  # fmt: skip
    with tempfile.TemporaryDirectory() as temp:
        tree = Path(temp) / "tree"
        shutil.copytree(ROOT, tree, ignore=ignore)
        run(
            [sys.executable, "-m", "build", "--wheel", "--outdir", str(work), str(tree)],
            "building the ludotheque wheel (python -m build)",
        )
    return next(work.glob("ludotheque-*.whl"))


def kernel_wheels() -> list[Path]:
    """The wheels the kernel add-on ships itself (ipykernel and widgetsnbextension stubs,
    piplite, pyodide-kernel): shipped by the build, counted by the requirement check."""
    for prefix in (Path(sys.prefix), Path(sys.base_prefix)):
        folder = prefix / "share/jupyter/labextensions" / KERNEL_EXTENSION / "static/pypi"
        if folder.is_dir():
            return sorted(folder.glob("*.whl"))
    raise BuildError(
        "jupyterlite-pyodide-kernel is not installed here: build with lite/.venv's Python "
        "(`make lite` makes it from lite/requirements.txt)"
    )


def prune_lock(lock: dict, roots: set[str], provided: set[str]) -> dict[str, dict]:
    """The lock's entries `roots` need (by the lock's own `depends`), minus `provided`."""
    packages = lock["packages"]
    kept: dict[str, dict] = {}
    todo = sorted(roots - provided)
    while todo:
        name = todo.pop()
        if name in kept or name in provided:
            continue
        if name not in packages:
            raise BuildError(f"{name} is needed by the kernel and is not in Pyodide's lock")
        kept[name] = copy.deepcopy(packages[name])
        todo.extend(canonicalize_name(dep) for dep in packages[name]["depends"])
    return kept


def pyodide_lock() -> dict:
    """Pyodide's lock from the npm package, refused unless its Python is the one BROWSER's
    markers (and the wheels downloaded for them) are for: a Pyodide upgrade must not build a
    site whose wheels were chosen for another Python."""
    if not (PYODIDE_NPM / "package.json").exists():
        raise BuildError(f"{PYODIDE_NPM} is missing: run `npm ci` in lite/ (make lite does)")
    lock: dict = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())
    python = lock["info"]["python"]
    if python != BROWSER["python_full_version"]:
        raise BuildError(
            f"Pyodide's lock is for Python {python}, lite/build.py's BROWSER markers for "
            f"{BROWSER['python_full_version']}: update BROWSER with the Pyodide upgrade"
        )
    return lock


def pyodide(static: Path, piplite_wheels: list[Path]) -> None:
    """Pyodide's core files, and its lock rewritten to PyPI's wheels and pruned to them."""
    lock = pyodide_lock()
    target = static / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(PYODIDE_NPM / name, target / name)
    in_index = {parse_wheel_filename(w.name)[0] for w in piplite_wheels}
    roots = set(KERNEL_ROOTS)
    for wheel in piplite_wheels:
        roots |= {canonicalize_name(r.name) for r in requirements(wheel)}
    kept = prune_lock(lock, {r for r in roots if r not in in_index}, in_index)
    unsupplied = sorted(
        r for r in roots if r not in in_index and r not in kept and r not in KERNEL_ROOTS
    )
    if unsupplied:
        raise BuildError(f"required by the site's wheels and shipped nowhere: {unsupplied}")
    wheels = pure_wheels({name: entry["version"] for name, entry in kept.items()})
    for name, entry in kept.items():
        wheel = wheels[name]
        shutil.copy2(wheel, target / wheel.name)
        entry.update(file_name=wheel.name, sha256=sha256(wheel), unvendored_tests=False)
    lock["packages"] = dict(sorted(kept.items()))
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))


def notebooks(source: Path, files: Path) -> None:
    """The notebooks of `source` and their folders, each notebook with the install cell first
    (after a note saying what needs the full install, where some cells do)."""
    if not any(source.glob("*.ipynb")):
        raise BuildError(f"no notebook in {source}: `make student` builds the pupils' edition")
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source).as_posix()
        if path.is_dir() or NOTEBOOK_SKIP.search(relative):
            continue
        target = files / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix != ".ipynb":
            shutil.copy2(path, target)
            continue
        notebook = json.loads(path.read_text())
        cell = {
            "cell_type": "code",
            "execution_count": None,
            "id": "lite-install",
            "metadata": {"tags": ["lite"]},
            "outputs": [],
            "source": INSTALL_CELL.format(requirement=install_requirement(notebook)),
        }
        first_code = next(
            (i for i, c in enumerate(notebook["cells"]) if c["cell_type"] == "code"),
            len(notebook["cells"]),
        )
        notebook["cells"].insert(first_code, cell)
        if not runs_in_the_browser(notebook):
            note = {
                "cell_type": "markdown",
                "id": "lite-note",
                "metadata": {},
                "source": BROWSER_NOTE,
            }
            notebook["cells"].insert(first_code, note)
        target.write_text(json.dumps(notebook, ensure_ascii=False, indent=1))


def build(output: Path, source: Path) -> None:
    work = DIST / "lite-work"
    shutil.rmtree(work, ignore_errors=True)
    index = work / "pypi"
    index.mkdir(parents=True)
    pyodide_lock()  # before any download chosen for its Python
    pins = pinned_versions()
    shipped = [ludotheque_wheel(index)]
    side = list(KERNEL_SIDE) + [
        r.name for extra in SITE_EXTRAS for r in requirements(shipped[0], extra)
    ]
    absent = [name for name in side if canonicalize_name(name) not in pins]
    if absent:
        raise BuildError(f"requirements-lock.txt pins no version of {absent}")
    for name in FRONT_ENDS:
        installed = importlib.metadata.version(name)
        if installed != pins[name]:
            raise BuildError(
                f"{name} {installed} is installed here (its front-end goes into the site) but "
                f"requirements-lock.txt pins {pins[name]} (the kernel side): run `make setup`"
            )
    for wheel in pure_wheels({name: pins[canonicalize_name(name)] for name in side}).values():
        shutil.copy2(wheel, index / wheel.name)
        shipped.append(index / wheel.name)
    pyodide(work / "static", shipped + kernel_wheels())
    notebooks(source, work / "files")
    ship_linked_docs(work / "files")  # the teacher's edition links ../docs/
    shutil.copy2(HERE / "overrides.json", work / "overrides.json")
    settings = {"disablePyPIFallback": True}
    (work / "jupyter-lite.json").write_text(
        json.dumps(
            {
                "jupyter-lite-schema-version": 0,
                "jupyter-config-data": {
                    "appName": "Ludothèque",
                    "litePluginSettings": {KERNEL_PLUGIN: settings},
                },
            },
            indent=1,
        )
    )
    shutil.rmtree(output, ignore_errors=True)
    run(
        [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work),
         "--output-dir", str(output), "--contents", str(work / "files"),
         "--no-sourcemaps", "--no-unused-shared-packages",
         "--apps", "lab", "--apps", "notebooks", "--apps", "tree"],
        "jupyter lite build",
        cwd=work,  # its task database goes to the working folder: a fresh one each build
    )  # fmt: skip
    leave_out(output, TEACHER_ONLY)
    # a browser asks the site's root for /favicon.ico whatever the page says: no 404
    shutil.copy2(output / "static" / "favicons" / "favicon.ico", output / "favicon.ico")
    check(output)


def leave_out(output: Path, extensions: tuple[str, ...]) -> None:
    """Remove `extensions` (taken from the build environment, as every installed front-end
    is) from the built site: their files and their entries in jupyter-lite.json."""
    path = output / "jupyter-lite.json"
    config = json.loads(path.read_text())
    data = config["jupyter-config-data"]
    data["federated_extensions"] = [
        e for e in data["federated_extensions"] if e["name"] not in extensions
    ]
    path.write_text(json.dumps(config, indent=2))
    for name in extensions:
        shutil.rmtree(output / "extensions" / name, ignore_errors=True)


def check(output: Path) -> None:
    """The built site ships its Pyodide, every file its lock names and the widget
    front-ends; no source maps."""
    config = json.loads((output / "jupyter-lite.json").read_text())
    extensions = {e["name"] for e in config["jupyter-config-data"]["federated_extensions"]}
    if missing := sorted(set(FRONT_ENDS.values()) - extensions):
        raise BuildError(f"the site lacks the front-end extensions {missing}")
    if shipped := sorted(extensions & set(TEACHER_ONLY)):
        raise BuildError(f"the site ships the teacher's extensions {shipped}")
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if settings.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise BuildError(f"the site's Pyodide URL is {settings.get('pyodideUrl')!r}")
    folder = output / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    absent = [
        e["file_name"] for e in lock["packages"].values() if not (folder / e["file_name"]).exists()
    ]
    maps = [str(p.relative_to(output)) for p in output.rglob("*.map")]
    if absent or maps:
        raise BuildError(f"the site lacks {absent} of its lock, or ships source maps {maps[:5]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=DIST / "lite", help="site folder")
    parser.add_argument(
        "--notebooks", type=Path, default=DIST / "student", help="the edition the site serves"
    )
    args = parser.parse_args()
    try:
        build(args.output.resolve(), args.notebooks.resolve())
    except BuildError as error:
        print(f"make lite: {error}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in args.output.rglob("*") if p.is_file())
    print(f"built {args.output} ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
