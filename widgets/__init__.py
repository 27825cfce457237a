"""Jupyter widgets (anywidget) for the ludotheque games: one class per game.

Found, not listed: every module of this package that defines a `GameWidget` subclass for a
game exports it here (`from ludotheque.widgets import Sortileges`), and
`GameWidget.registry` maps each game's name to its widget class.
"""

import importlib
import pkgutil

from .base import GameWidget

SHARED = {"base", "intents", "tasks"}
"""Modules of the widget base itself, not games."""

__all__ = ["GameWidget"]
for _found in pkgutil.iter_modules(__path__):
    if _found.name not in SHARED:
        _module = importlib.import_module(f"{__name__}.{_found.name}")
        for _name, _value in vars(_module).items():
            if (
                isinstance(_value, type)
                and issubclass(_value, GameWidget)
                and _value.__module__ == _module.__name__
            ):
                globals()[_name] = _value
                __all__.append(_name)
