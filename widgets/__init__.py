"""Jupyter widgets (anywidget) for the ludotheque games: one class per game, and the class
tournament's `Tournament`.

Found, not listed: every widget class a module of this package defines is exported here
(`from ludotheque.widgets import Sortileges, Tournament`); `GameWidget.registry` maps each
game's name to its widget class (a `GameWidget` subclass: `Tournament` is not one).
"""

import importlib
import pkgutil

import anywidget

from .base import GameWidget

SHARED = {"base", "intents", "referee", "tasks"}
"""Modules of the widget base itself, not games."""

__all__ = ["GameWidget"]
for _found in pkgutil.iter_modules(__path__):
    if _found.name not in SHARED:
        _module = importlib.import_module(f"{__name__}.{_found.name}")
        for _name, _value in vars(_module).items():
            if (
                isinstance(_value, type)
                and issubclass(_value, anywidget.AnyWidget)
                and _value.__module__ == _module.__name__
            ):
                globals()[_name] = _value
                __all__.append(_name)
