"""Jupyter widgets (anywidget) for the ludotheque games: one class per game, and the class
tournament's `Tournament`.

Found, not listed: every widget class a module of this package defines is exported here
(`from ludotheque.widgets import Sortileges`); `GameWidget.registry` maps each game's name to
its widget class (a `GameWidget` subclass: `Tournament` is not one). `Tournament` is loaded
on first use (`from ludotheque.widgets import Tournament`): it needs the `tournament` extra,
which the games do not (they also play in JupyterLite), and says so when it is missing.
"""

import importlib
import pkgutil
from typing import Any

import anywidget

from .base import GameWidget

SHARED = {"arguments", "base", "base_intents", "hooks", "intents", "menus", "referee"}
"""Modules of the widget base itself, not games."""
LAZY = {"Tournament": "tournament", "Tables": "tables"}
"""Widgets loaded on first use, by module: they need an extra that the games do not."""

__all__ = ["GameWidget"]
for _found in pkgutil.iter_modules(__path__):
    if _found.name not in SHARED and _found.name not in LAZY.values():
        _module = importlib.import_module(f"{__name__}.{_found.name}")
        for _name, _value in vars(_module).items():
            if (
                isinstance(_value, type)
                and issubclass(_value, anywidget.AnyWidget)
                and _value.__module__ == _module.__name__
            ):
                globals()[_name] = _value
                __all__.append(_name)


def __getattr__(name: str) -> Any:
    if name in LAZY:
        module = importlib.import_module(f"{__name__}.{LAZY[name]}")
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
