"""Lint, format and types run with the tests (configuration: pyproject.toml)."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
BIN = pathlib.Path(sys.executable).parent


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", "."],
        ["ruff", "format", "--check", "."],
        ["mypy"],
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_the_code_passes(command):
    result = subprocess.run(
        [str(BIN / command[0]), *command[1:]], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


LONGEST = 800
"""Lines a Python module may hold: past that, it is split along a seam that explains itself
(the rules of Tir de tuyau: moves.py, table.py, rules.py)."""


def test_no_module_is_too_long():
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout: " + listed.stderr.strip())
    lengths = {
        name: len((ROOT / name).read_text("utf-8").splitlines())
        for name in listed.stdout.split()
        if (ROOT / name).is_file()
    }
    assert {name: n for name, n in lengths.items() if n > LONGEST} == {}
