"""Kernels written once: compiled by numba when it is installed, plain Python when not.

A kernel is a function in the subset of Python that numba compiles (numbers, tuples,
indexing). `kernel(...)` is `numba.njit(...)` when numba is there (the `fast` extra), else
leaves the function as it is, so the same source runs in CPython or in the browser.
`plain(kernel)` gives the Python function behind a compiled kernel, calling the plain forms
of the kernels it calls: the pure-Python path, runnable beside the compiled one (tests,
benchmarks, `estimate(compiled=False)`).

A bot level that needs numba names the pure-Python level that plays in its place when numba
is missing (`fallbacks`), and its menu words say so (`labelled`).
"""

from __future__ import annotations

import importlib
import types
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .extras import have_numba

Function = TypeVar("Function", bound=Callable[..., Any])
Label = Mapping[str, str]

WITHOUT_NUMBA = {
    "fr": "{label} (numba absent : joue comme « {instead} »)",
    "en": "{label} (numba missing: plays as “{instead}”)",
}
"""A compiled level's menu words when numba is missing, in each language of the labels."""


def kernel(*args: Any, **options: Any) -> Callable[[Function], Function]:
    """`numba.njit(*args, **options)` with numba (loaded here, at the first kernel), else a
    decorator that returns the function unchanged."""
    if have_numba():
        from numba import njit

        return njit(*args, **options)  # type: ignore[no-any-return]
    return lambda function: function


def plain(function: Callable[..., Any]) -> Callable[..., Any]:
    """The plain-Python form of a kernel: its own code, in a copy of its module's namespace
    where every kernel is plain too (a compiled kernel called from Python would want arrays,
    and compile again for lists); a kernel imported from another module runs in a plain
    copy of its own module's namespace. A function that is not compiled is returned as it is."""
    source = getattr(function, "py_func", None)
    if source is None:
        return function
    return _plain_namespace(source.__globals__, {})[source.__name__]  # type: ignore[no-any-return]


def _plain_namespace(module: dict[str, Any], copies: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """A copy of the `module` namespace whose kernels are plain functions; `copies` holds the
    copies made so far (by id of the original), so kernels of one module share theirs."""
    namespace = copies.get(id(module))
    if namespace is None:
        namespace = copies[id(module)] = dict(module)
        for name, value in module.items():
            code = getattr(value, "py_func", None)
            if code is not None:
                namespace[name] = types.FunctionType(
                    code.__code__,
                    _plain_namespace(code.__globals__, copies),
                    code.__name__,
                    code.__defaults__,
                    code.__closure__,
                )
    return namespace


def warm_up_kernels(module: str) -> float:
    """Compile (or load from numba's disk cache) the kernels of `module`, through its own
    `warm_up()`, ahead of their first use; the seconds taken, 0.0 without numba. A game's
    bots module offers its `warm_up` (engines/bots.py) through this."""
    if not have_numba():
        return 0.0
    return float(importlib.import_module(module).warm_up())


def fallbacks(compiled_levels: Mapping[str, str]) -> dict[str, str]:
    """`compiled_levels` (a level that needs numba -> the pure-Python level to play in its
    place) when numba is missing; {} when it is installed."""
    return {} if have_numba() else dict(compiled_levels)


def labelled(labels: Mapping[str, Label], fallen: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """The levels' menu words, where each level of `fallen` says which level plays instead."""
    return {
        level: {
            lang: WITHOUT_NUMBA[lang].format(label=text, instead=labels[fallen[level]][lang])
            if level in fallen
            else text
            for lang, text in label.items()
        }
        for level, label in labels.items()
    }
