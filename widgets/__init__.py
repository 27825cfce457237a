"""Jupyter widgets (anywidget) for the ludotheque games: one class per game."""

from .sortileges import Sortileges

__all__ = ["Sortileges"]
