"""Every game's compiled bot levels built once into numba's disk cache.

`make setup` runs `python -m ludotheque.engines.precompile`, so that the kernels of a class's
thirty notebooks, and the test suite's two workers, load the kernels (about a second) instead
of each compiling them (up to a minute a game on two busy cores). A widget still warms its
game's levels up in a background thread; from the cache that thread is short, where a compile
would run on beside the cells that follow.
"""

from __future__ import annotations

from .bots import bots_of
from .core import Game


def precompile() -> dict[str, float]:
    """Each game that has compiled levels, by name, with the seconds its `warm_up` took (0.0
    for every game without numba)."""
    taken = {}
    for name, game_class in sorted(Game.discover().items()):
        warm_up = getattr(bots_of(game_class), "warm_up", None)
        if warm_up is not None:
            taken[name] = float(warm_up())
    return taken


def main() -> None:
    for name, seconds in precompile().items():
        print(f"{name}: bot kernels ready in {seconds:.1f} s", flush=True)


if __name__ == "__main__":
    main()
