"""The engines' import graph: no module imports itself round a circle, none imports what is
built on the engines (the classroom tools, the adapters, the widgets), and the compiled
(numba) Sortilèges modules load only when they are used.

The graph is read from the source (ast), not by importing: every `import` and
`from … import` anywhere in a module counts, also inside a function (a late import hides a
circle from Python, not from a reader). `from . import name` points at the submodule `name`
when there is one, else at the package.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ENGINES = Path(__file__).resolve().parents[2] / "engines"
PACKAGE = "ludotheque.engines"


def module_name(path: Path, root: Path = ENGINES, package: str = PACKAGE) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def imports(path: Path, root: Path = ENGINES, package: str = PACKAGE) -> list[tuple[str, str]]:
    """Every import of the module at `path`, as (absolute module, name imported from it):
    ("a.b", "") for `import a.b`, ("a.b", "c") for `from a.b import c` or, inside package
    `a`, `from .b import c`."""
    name = module_name(path, root, package)
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found += [(base, alias.name) for alias in node.names]
    return found


def imported_modules(
    path: Path, known: set[str], root: Path = ENGINES, package: str = PACKAGE
) -> set[str]:
    """The modules of `known` that the module at `path` imports."""
    name = module_name(path, root, package)
    targets = {
        f"{base}.{imported}" if f"{base}.{imported}" in known else base
        for base, imported in imports(path, root, package)
    }
    return {target for target in targets if target in known and target != name}


BUILT_ON_THE_ENGINES = (
    "ludotheque.classroom",
    "ludotheque.interop",
    "ludotheque.tables",
    "ludotheque.widgets",
)
"""What uses the engines and must never be used by them: an engine module importing one of
these would make every game need the classroom's extras, an adapter's or Jupyter."""


def imports_from_above(
    root: Path = ENGINES, package: str = PACKAGE, above: tuple[str, ...] = BUILT_ON_THE_ENGINES
) -> dict[str, list[str]]:
    """Module -> the modules of `above` (or under them) that it imports."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        targets = sorted(
            {
                f"{base}.{imported}" if imported else base
                for base, imported in imports(path, root, package)
                if any(f"{base}.{imported}.".startswith(f"{top}.") for top in above)
            }
        )
        if targets:
            found[module_name(path, root, package)] = targets
    return found


def import_graph(root: Path = ENGINES, package: str = PACKAGE) -> dict[str, set[str]]:
    paths = sorted(root.rglob("*.py"))
    known = {module_name(path, root, package) for path in paths}
    return {
        module_name(path, root, package): imported_modules(path, known, root, package)
        for path in paths
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle for each strongly connected group of modules (Tarjan), as a path that
    returns to its start: [a, b, a]."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(circle_through(graph, set(group), min(group)))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def circle_through(graph: dict[str, set[str]], group: set[str], start: str) -> list[str]:
    """A shortest path from `start` back to itself inside `group` (breadth first)."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        module = queue.pop(0)
        for target in sorted(graph[module] & group):
            if target == start:
                return paths[module] + [start]
            if target not in paths:
                paths[target] = paths[module] + [target]
                queue.append(target)
    raise AssertionError(f"{sorted(group)} is not strongly connected")


def test_the_engines_import_no_module_round_a_circle():
    graph = import_graph()
    assert f"{PACKAGE}.sortileges.search" in graph  # the walk found the modules
    found = cycles(graph)
    assert not found, "import circles: " + "; ".join(" -> ".join(c) for c in found)


def test_the_walk_sees_relative_late_and_package_imports(tmp_path):
    """The checker itself: a circle made by a relative import inside a function, and one
    through a package's __init__, are both found and named."""
    package = tmp_path / "toy"
    package.mkdir()
    (package / "__init__.py").write_text("from .a import thing\n")
    (package / "a.py").write_text("def thing():\n    from . import b\n")
    (package / "b.py").write_text("from .a import thing\n")
    (package / "c.py").write_text("import toy\n")
    (package / "d.py").write_text("from toy import c\n")
    graph = import_graph(package, "toy")
    assert graph == {
        "toy": {"toy.a"},
        "toy.a": {"toy.b"},
        "toy.b": {"toy.a"},
        "toy.c": {"toy"},
        "toy.d": {"toy.c"},
    }
    assert cycles(graph) == [["toy.a", "toy.b", "toy.a"]]
    (package / "a.py").write_text("import toy.d\n")
    assert cycles(import_graph(package, "toy")) == [["toy", "toy.a", "toy.d", "toy.c", "toy"]]


def test_no_engine_imports_the_classroom_the_adapters_or_the_widgets():
    assert imports_from_above() == {}


def test_the_walk_sees_an_engine_reach_above_the_engines(tmp_path):
    """The checker itself: absolute, relative (climbing out of the engines) and late imports
    of what is built on the engines are all found; the engines' own imports are not."""
    engines = tmp_path / "engines"
    (engines / "game").mkdir(parents=True)
    (engines / "__init__.py").write_text("")
    (engines / "game" / "__init__.py").write_text("from ...classroom import puzzles\n")
    (engines / "game" / "rules.py").write_text(
        "from ludotheque.engines.core import Game\nfrom ..core import State\n\n"
        "def draw():\n    import ludotheque.widgets.pictures\n"
        "    from ludotheque.interop.openspiel import GAMES\n"
    )
    assert imports_from_above(engines, PACKAGE) == {
        "ludotheque.engines.game": ["ludotheque.classroom.puzzles"],
        "ludotheque.engines.game.rules": [
            "ludotheque.interop.openspiel.GAMES",
            "ludotheque.widgets.pictures",
        ],
    }


@pytest.mark.parametrize("level", ["1", "2", "3", "4"])
def test_levels_1_to_4_play_without_loading_numba(level):
    """numba takes seconds to load: only level 5, the solver and `warm_up` may need it."""
    program = (
        "import sys, ludotheque.engines.sortileges as s\n"
        "state = s.Sortileges().new_game(seed=1, first=0)\n"
        f"state.apply(s.bot_for_level({level!r}, seed=1, seconds=0.1)(state))\n"
        "assert 'numba' not in sys.modules, 'numba was imported'\n"
    )
    subprocess.run([sys.executable, "-c", program], check=True, timeout=60)


def test_level_5_loads_numba_when_it_is_made():
    program = (
        "import sys, ludotheque.engines.sortileges as s\n"
        "assert 'numba' not in sys.modules\n"
        "s.bot_for_level('5', seed=1, seconds=0.1)\n"
        "assert 'numba' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", program], check=True, timeout=60)


def test_precompile_warms_up_each_game_with_compiled_levels_once():
    """`make setup`'s step: every game whose bots offer a `warm_up` (the numba levels), and
    only those, each named once with its time."""
    done = subprocess.run(
        [sys.executable, "-m", "ludotheque.engines.precompile"],
        check=True,
        timeout=600,
        capture_output=True,
        text=True,
    )
    named = [line.split(":")[0] for line in done.stdout.splitlines()]
    assert named == ["nains", "sortileges"], done.stdout
    assert all(" ready in " in line for line in done.stdout.splitlines())
