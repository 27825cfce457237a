"""What crosses the wire between the table server and its clients: JSON objects, one per
WebSocket text message, each checked for shape and size before anything reads it.

A client's first message says who it is: `{"type": "join", "token": T}` (a seat's or a
watcher's token, 32 hexadecimal digits) or an owner's request with the server's key:
`{"type": "open", "key": K, "game": name, "options": {...}, "seed": n | null,
"seats": ["human" | "bot:<level>", ...]}`, `{"type": "list", "key": K}`,
`{"type": "close", "key": K, "table": id}`.
A joined seat then sends `{"type": "act", "action": text, "ply": n, "id": k}` (`id`
optional) or `{"type": "continue"}`. The server answers `joined` (with `last_id` and
`last_ply`: the id and ply of this seat's last move the journal holds, so that a client
whose answer was lost can tell whether its move was played), `view` (the seat's own view,
after every change), `acted` (`id`: the move was played; its view came first), `opened`,
`tables`, `closed`, `notice` and `refused` (`code`, `message`, and the `id` of the move
refused: nothing changed).
"""

from __future__ import annotations

import json
import time
from typing import Any

PROTOCOL = 2
"""The messages' version, in `joined`: a client of another version stops, saying so (a view
it cannot read would fail later, less clearly). 2: `joined` says the seat's last move
(`last_id`, `last_ply`); the owner may `close` a table."""
MAX_MESSAGE = 4096
"""Bytes a client's message may hold (a move is a few dozen)."""
TOKEN_LENGTH = 32
"""Hexadecimal digits of a token: 128 bits."""
RATE = 50.0
"""Messages a second a connection may send on average (a script playing as fast as the
server answers sends about 30)..."""
BURST = 100.0
"""...and at once; beyond, messages are refused; `FLOOD` refusals in a row close it."""
FLOOD = 100


class Refused(Exception):
    """A message refused: `code` and a message that says why; nothing changed."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "join": {"token": (str,)},
    "open": {
        "key": (str,),
        "game": (str,),
        "options": (dict,),
        "seed": (int, type(None)),
        "seats": (list,),
    },
    "list": {"key": (str,)},
    "close": {"key": (str,), "table": (int,)},
    "act": {"action": (str,), "ply": (int,), "id": (int,)},
    "continue": {},
}
OPTIONAL = {"options", "seed", "id"}
OWNER = ("open", "list", "close")
"""The messages that need the server's key."""


def read(text: Any) -> dict[str, Any]:
    """A client's message as a checked dict, or Refused("malformed")."""
    if not isinstance(text, str):
        raise Refused("malformed", "messages are JSON text, not binary")
    if len(text.encode()) > MAX_MESSAGE:
        raise Refused("malformed", f"a message holds at most {MAX_MESSAGE} bytes")
    try:
        message = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Refused("malformed", "a message is one JSON object") from None
    if type(message) is not dict or type(message.get("type")) is not str:
        raise Refused("malformed", 'a message is an object with a "type"')
    kind = message["type"]
    if kind not in FIELDS:
        raise Refused("malformed", f"unknown message type; known: {sorted(FIELDS)}")
    fields = FIELDS[kind]
    unknown = set(message) - set(fields) - {"type"}
    if unknown:
        raise Refused("malformed", f"{kind} has no field(s) {sorted(unknown)[:5]}")
    for name, types in fields.items():
        if name not in message:
            if name in OPTIONAL:
                continue
            raise Refused("malformed", f"{kind} needs {name}")
        value = message[name]
        if type(value) not in types or (type(value) is int and not -(2**128) < value < 2**128):
            raise Refused("malformed", f"{kind}'s {name} has the wrong type")
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def well_formed_token(token: str) -> bool:
    return len(token) == TOKEN_LENGTH and all(c in "0123456789abcdef" for c in token)


class Bucket:
    """A connection's allowance of messages (a token bucket)."""

    def __init__(self, rate: float = RATE, burst: float = BURST):
        self.rate, self.burst = rate, burst
        self.level, self.at = burst, time.monotonic()
        self.refused = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False


def dumps(message: dict[str, Any]) -> str:
    """A server message as JSON (a float that is not finite is an error, not NaN)."""
    return json.dumps(message, allow_nan=False, separators=(",", ":"))
