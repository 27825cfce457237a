"""Importing the widgets is light: numba loads only when a compiled path is first used."""

import pathlib
import subprocess
import sys

import pytest


def test_importing_the_widgets_does_not_load_numba():
    code = (
        "import sys, ludotheque.widgets\n"
        "assert 'numba' not in sys.modules, 'numba loaded by import'\n"
        "from ludotheque.widgets import PetitsPas\n"
        "PetitsPas(seed=1).finish()\n"
        "assert 'numba' not in sys.modules, 'numba loaded by A Petits Pas'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr


def test_a_game_whose_front_end_is_not_built_fails_alone():
    """A new game's widget before its bundle (`npm run build`): a warning naming `make
    setup`, and a front-end that says it; the package and the other games still load."""
    from ludotheque.engines.core import Game
    from ludotheque.widgets import GameWidget, Sortileges
    from ludotheque.widgets.base import UnbuiltFrontEnd, bundle

    with pytest.warns(UnbuiltFrontEnd, match="make setup"):
        esm = bundle("no_such_game")

    class Unbuilt(GameWidget):
        _esm = esm
        game_class = type(Game.by_name("sortileges"))

    widget = Unbuilt(["human", "human"], seed=1)
    assert "make setup" in widget._esm and widget.state.ply == 0
    widget.close()
    assert isinstance(bundle("sortileges"), pathlib.Path) and Sortileges(seed=1).state.ply == 0
