"""Python code run in a fresh interpreter where some top-level packages cannot be imported:
how the tests show what works without an extra (numba, openskill...) or without Jupyter."""

import subprocess
import sys
import textwrap
from collections.abc import Iterable

FINDER = """
import sys


class _Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in REFUSED:
            raise ModuleNotFoundError(f"No module named {name!r} (refused)", name=name)
        return None


REFUSED = set(sys.argv[1].split(","))
sys.meta_path.insert(0, _Refuse())
"""
"""The prelude of every such program: `REFUSED` names the packages refused (the program may
read it), an import hook refuses them and everything below them."""


def run_refusing(
    refused: Iterable[str], code: str, timeout: float = 240
) -> subprocess.CompletedProcess[str]:
    """Run `code` (dedented) after the prelude, with `refused` unimportable."""
    return subprocess.run(
        [sys.executable, "-c", FINDER + textwrap.dedent(code), ",".join(sorted(refused))],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
