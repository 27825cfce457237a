"""The optional dependencies, grouped as pyproject's extras, and the error that names one.

ludotheque installs with anywidget, ipywidgets and traitlets only, so that it plays in
JupyterLite (Python in the browser, where numba, scipy and subprocesses are not to be had).
The compiled levels and simulators come with the `fast` extra, the class tournament with
`tournament`. A module that cannot work without an extra calls `require` first, so that a
missing package is reported as the extra to install, not as a bare ModuleNotFoundError.
"""

from __future__ import annotations

import functools
import importlib.util

EXTRAS: dict[str, tuple[str, ...]] = {
    "fast": ("numpy", "numba", "scipy", "tqdm"),
    "tournament": ("cloudpickle", "openskill", "tqdm"),
}
"""Each extra and the modules it brings (as imported; pyproject.toml lists the packages)."""


class MissingExtra(ImportError):
    """A feature was used without the extra that brings its packages."""


@functools.cache
def installed(module: str) -> bool:
    """Whether `module` can be imported, found without importing it (numba takes seconds
    to load). A finder that refuses the name counts as absent."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def have_numba() -> bool:
    """Whether the compiled kernels can run: numba and the numpy it compiles."""
    return installed("numba") and installed("numpy")


def require(extra: str, feature: str) -> None:
    """Raise MissingExtra, naming `extra` and its missing modules, unless all are installed."""
    missing = [module for module in EXTRAS[extra] if not installed(module)]
    if missing:
        raise MissingExtra(
            f"{feature} needs {', '.join(missing)}: install the {extra!r} extra "
            f"(pip install 'ludotheque[{extra}]')",
            name=missing[0],
        )
