"""The `>>>` examples of the engines' and the classroom's docstrings run as a reader types them.

Run here rather than through pytest's `--doctest-modules`, which imports a file by its path
(`engines.nains`), a second copy of the engine beside the installed `ludotheque.engines`
that the examples use, with its own registry of games."""

import doctest
import importlib
import pathlib

import pytest

import ludotheque.classroom
import ludotheque.engines
from ludotheque.engines.extras import MissingExtra

PACKAGES = (ludotheque.engines, ludotheque.classroom)
"""The installed packages whose examples run: the engines and the classroom's tools."""


def module_name(package: object, path: pathlib.Path) -> str:
    root = pathlib.Path(package.__file__).parent
    parts = path.relative_to(root).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((package.__name__, *parts))


WITH_EXAMPLES = sorted(
    module_name(package, path)
    for package in PACKAGES
    for path in pathlib.Path(package.__file__).parent.rglob("*.py")
    if ">>>" in path.read_text("utf-8")
)


def test_the_engines_have_examples():
    assert {"ludotheque.engines.sortileges", "ludotheque.classroom.exercises"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_the_examples_run(name):
    try:
        module = importlib.import_module(name)
    except MissingExtra as missing:
        pytest.skip(str(missing))
    # a failed example is printed (captured, shown with the failure): expected and got
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has '>>>' but no example doctest can find"
    assert result.failed == 0, f"{result.failed} of {name}'s examples failed (printed above)"
