"""Importing the widgets is light: numba loads only when a compiled path is first used."""

import subprocess
import sys


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
