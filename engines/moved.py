"""The old import paths of the classroom tools, kept for the notebooks pupils already hold.

The exercises, the class tournament and Sortilèges' puzzles lived under `ludotheque.engines`
before they moved beside it, to `ludotheque.classroom`. An old name (or a module under it)
still imports: it gives the module at its new path, the same object, with a
DeprecationWarning naming that path. The old names are no packages under engines/, so
`Game.discover()` never meets them.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

MOVED = {
    "ludotheque.engines.exercises": "ludotheque.classroom.exercises",
    "ludotheque.engines.tournament": "ludotheque.classroom.tournament",
    "ludotheque.engines.sortileges.puzzles": "ludotheque.classroom.puzzles",
}
"""Old module path -> new one; the modules under an old package follow it."""


def new_path(name: str) -> str | None:
    """Where the module once imported as `name` lives now (None: it did not move)."""
    for old, new in MOVED.items():
        if name == old or name.startswith(old + "."):
            return new + name[len(old) :]
    return None


class MovedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports an old name as its new module. First on `sys.meta_path`: otherwise the
    path finder would load a module under an old package a second time, as a copy."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if new_path(fullname) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # a placeholder, replaced in sys.modules by the real module

    def exec_module(self, module: ModuleType) -> None:
        new = new_path(module.__name__)
        assert new is not None  # find_spec answers only for moved names
        warnings.warn(
            f"{module.__name__} is now {new}: import it from there",
            DeprecationWarning,
            stacklevel=2,  # the importing line (the import machinery's frames are skipped)
        )
        sys.modules[module.__name__] = importlib.import_module(new)


def install() -> None:
    """Put the finder first on `sys.meta_path`, once."""
    if not any(isinstance(finder, MovedModules) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedModules())
