"""What an intent from the browser may look like, checked before anything acts on it.

An intent is a JSON object sent by whoever holds a view of the widget (a player, a second
viewer, a student with the browser's developer tools). Its shape is checked against a table
of field kinds, strictly: a bool is not a number, a float is not an int, a number is finite,
a text is short. Whatever the input, a refusal quotes at most a short, printable prefix.
"""

from __future__ import annotations

import math
from typing import Any

from ludotheque.engines.core import MAX_TEXT, RulesError, quote


class IntentError(RulesError):
    """An intent from the browser that is refused before it reaches the rules."""

    code = "malformed"


class Field:
    """One field kind of an intent: `check(value)` returns the value or raises IntentError."""

    def __init__(self, name: str, accepts: Any):
        self.name, self.accepts = name, accepts

    def check(self, value: Any) -> Any:
        if not self.accepts(value):
            raise IntentError(f"a field that should be {self.name} is {quote(value)}")
        return value


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_number(value: Any) -> bool:
    if type(value) is int:
        return True
    return type(value) is float and math.isfinite(value)


TEXT = Field(
    "a text of at most 200 characters", lambda value: type(value) is str and len(value) <= MAX_TEXT
)
INT = Field("a whole number", _is_int)
NUMBER = Field("a finite number", _is_number)
BOOL = Field("true or false", lambda value: type(value) is bool)
PLY = Field("a whole number or null", lambda value: value is None or _is_int(value))
DEAL = Field(
    "a deal number (digits)",
    lambda value: (
        _is_int(value)
        or (
            type(value) is str
            and 0 < len(value) <= MAX_TEXT
            and value.isascii()
            and value.isdigit()
        )
    ),
)

BASE_INTENTS: dict[str, dict[str, Field]] = {
    "act": {"action": TEXT, "ply": INT},
    "new": {},
    "undo": {},
    "redo": {},
    "hint": {},
    "seat": {"seat": INT, "value": TEXT},
    "lang": {"value": TEXT},
    "speed": {"value": NUMBER},
    "review": {"ply": PLY},
    "continue": {},
    "game_review": {},
    "relay": {"event": TEXT, "screen": TEXT},
}
"""Intent type -> required fields. Optional fields (`new`'s `options`, `relay`'s `text`)
are checked by the handler that reads them. `relay`: what the front-end relays of a table
server's WebSocket (`join_via="browser"`), refused by every other widget."""
HIDDEN_INTENTS: dict[str, dict[str, Field]] = {
    "ready": {},
    "omniscient": {"value": BOOL},
}
"""Intents of games with secrets: `ready` lifts the hot-seat curtain for the seat it names;
`omniscient` turns the all-seeing spectator view on or off."""


def check_shape(content: Any, intents: dict[str, dict[str, Field]]) -> str:
    """The intent's type, once its required fields have the right kinds."""
    if type(content) is not dict:
        raise IntentError(f"an intent is an object, not {quote(content)}")
    kind = content.get("type")
    if type(kind) is not str or kind not in intents:
        raise IntentError(f"unknown intent type {quote(kind)}; known: {', '.join(sorted(intents))}")
    for name, field in intents[kind].items():
        if name not in content:
            raise IntentError(f"intent {kind!r} needs a field {name!r}")
        try:
            field.check(content[name])
        except IntentError as error:
            raise IntentError(f"intent {kind!r}, field {name!r}: {error}") from None
    return kind


def printable(value: Any, limit: int = MAX_TEXT) -> Any:
    """A notice parameter made safe to send: short, encodable text, or a plain scalar."""
    if isinstance(value, str):
        text = value if len(value) <= limit else value[:limit] + "…"
        return text.encode("utf-8", "replace").decode("utf-8")
    if value is None or isinstance(value, (bool, int)) and abs(int(value)) < 2**53:
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    return quote(value)
