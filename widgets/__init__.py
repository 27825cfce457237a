"""Jupyter widgets (anywidget) for the ludotheque games: one class per game."""

from .nains import Nains
from .petits_pas import PetitsPas
from .sorciere import Sorciere
from .sortileges import Sortileges

__all__ = ["Nains", "PetitsPas", "Sorciere", "Sortileges"]
