"""The engines' import graph: no module imports itself round a circle, and the compiled
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


def imported_modules(
    path: Path, known: set[str], root: Path = ENGINES, package: str = PACKAGE
) -> set[str]:
    """The modules of `known` that the module at `path` imports."""
    name = module_name(path, root, package)
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        else:
            continue
        found.update(target for target in targets if target in known and target != name)
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
