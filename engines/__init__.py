"""Game engines: the core (rules, state, bots) and one package per game. Pure Python; never
imports Jupyter, nor the classroom tools, the adapters or the widgets built on it."""

from . import moved

moved.install()
