"""The players of a tournament, read once from what the teacher gives: a level of the game's
own bots ("bot:3"), a student's `.py` file defining `choose(observation)`, a folder of such
files (one entrant each, named after the file) or a plain function of the observation.

A file is read when the tournament is made: its text travels with each game (so workers on
other machines need no copy of it) and a later edit does not change the tournament under
way. A function is pickled by value with cloudpickle, so that one defined in a notebook can
play. Each entrant has a `fingerprint` (its text, level
or pickle, hashed): a resumed tournament replays the games of a bot that changed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import cloudpickle

from ludotheque.engines.bots import Bot, bots_of, checked_level
from ludotheque.engines.core import Game, quote

LEVEL_PREFIX = "bot:"
NAME_LIMIT = 60
"""Longest entrant name (it is shown in a leaderboard)."""


@dataclasses.dataclass(frozen=True)
class Entrant:
    """One player: `kind` is "level", "file" or "function"; `origin` says where it came
    from (the level's text, the file's path, the function's module and name)."""

    name: str
    kind: str
    origin: str
    fingerprint: str
    level: str | None = None
    source: str | None = None
    function: bytes | None = None
    folder: str | None = None
    """A file's folder, first on the bot's import path (its helper modules load)."""

    @property
    def isolated(self) -> bool:
        """Whether it plays in a process of its own (everything but the game's levels)."""
        return self.kind != "level"

    def describe(self) -> dict[str, str]:
        """As JSON for the results: no code, only where it came from."""
        return {
            "name": self.name,
            "kind": self.kind,
            "origin": self.origin,
            "fingerprint": self.fingerprint,
        }


def read_entrants(game: type[Game], entrants: Any) -> list[Entrant]:
    """The entrants of `entrants` (a mapping name -> bot, or a folder's path), checked:
    unknown levels, missing files, empty folders and repeated names fail here, with the
    name they concern."""
    if isinstance(entrants, (str, os.PathLike)):
        entrants = {Path(entrants).name: entrants}
    if not isinstance(entrants, Mapping):
        raise TypeError(
            "entrants: a mapping of names to bots ('bot:2', a .py file, a folder of them or "
            f"a function of the observation), or a folder's path, not {quote(entrants)}"
        )
    found: list[Entrant] = []
    for name, bot in entrants.items():
        for entrant in read_entrant(game, name, bot):
            if any(entrant.name == other.name for other in found):
                raise ValueError(f"two entrants are named {entrant.name!r}")
            found.append(entrant)
    if os.name != "posix" and any(entrant.isolated for entrant in found):
        raise RuntimeError("students' bots play in processes of their own on Linux or macOS only")
    return found


def read_entrant(game: type[Game], name: Any, bot: Any) -> list[Entrant]:
    if not (isinstance(name, str) and 0 < len(name.strip()) <= NAME_LIMIT):
        raise ValueError(
            f"an entrant's name is a text of 1 to {NAME_LIMIT} characters, not {quote(name)}"
        )
    if isinstance(bot, str) and bot.startswith(LEVEL_PREFIX):
        levels = bots_of(game).LEVELS
        try:
            level = checked_level(bot[len(LEVEL_PREFIX) :], levels, game.name)
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
        return [Entrant(name, "level", bot, fingerprint(bot.encode()), level=level)]
    if isinstance(bot, (str, os.PathLike)):
        return read_path(name, Path(bot))
    if isinstance(bot, Bot):
        raise TypeError(
            f"{name}: a built-in Bot object plays in the referee's process; name its level "
            "('bot:3') or give a function of the observation"
        )
    if callable(bot):
        return [read_function(name, bot)]
    raise TypeError(
        f"{name}: a bot is 'bot:<level>', a .py file, a folder of them or a function of the "
        f"observation, not {quote(bot)}"
    )


def read_path(name: str, path: Path) -> list[Entrant]:
    if path.is_dir():
        files = sorted(
            file
            for file in path.glob("*.py")
            if file.is_file() and not file.name.startswith(("_", "."))
        )
        if not files:
            raise ValueError(f"{name}: the folder {str(path)!r} holds no bot file (*.py)")
        return [read_file(file.stem, file) for file in files]
    if path.suffix == ".py" and path.is_file():
        return [read_file(name, path)]
    if path.suffix == ".py":
        raise ValueError(f"{name}: there is no file {str(path)!r}")
    raise ValueError(
        f"{name}: {str(path)!r} is neither a level ('{LEVEL_PREFIX}1'), a .py file nor a folder"
    )


def read_file(name: str, path: Path) -> Entrant:
    data = path.read_bytes()
    try:
        source = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name}: {str(path)!r} is not UTF-8 text") from None
    path = path.resolve()
    return Entrant(
        name, "file", str(path), fingerprint(data), source=source, folder=str(path.parent)
    )


def read_function(name: str, function: Callable[..., Any]) -> Entrant:
    module = getattr(function, "__module__", None) or "__main__"
    origin = f"{module}.{getattr(function, '__qualname__', repr(function))}"
    try:
        payload = pickled(function)
    except Exception as error:
        raise ValueError(
            f"{name}: the function {origin} cannot be sent to its own process ({error}); "
            "write it in a .py file"
        ) from None
    return Entrant(name, "function", origin, fingerprint(payload), function=payload)


def pickled(function: Callable[..., Any]) -> bytes:
    """The function's bytes, by value (code and the globals it uses, so it needs none of the
    caller's modules where it runs)."""
    module = sys.modules.get(getattr(function, "__module__", None) or "__main__")
    if module is None or module.__name__ in (
        "__main__",
        *cloudpickle.list_registry_pickle_by_value(),
    ):
        return bytes(cloudpickle.dumps(function))
    cloudpickle.register_pickle_by_value(module)
    try:
        return bytes(cloudpickle.dumps(function))
    finally:
        cloudpickle.unregister_pickle_by_value(module)


def fingerprint(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]
