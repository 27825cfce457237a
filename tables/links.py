"""Join links: `ws://HOST:PORT/#TOKEN`. The token (32 hexadecimal digits, 128 bits) is the
seat; it travels in the first message, never in the address the server sees. Read without
the `websockets` library (the offline site has none: its browser holds the socket)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from ludotheque.engines.core import quote

from .protocol import well_formed_token


def parse_link(link: Any) -> tuple[str, str]:
    """(server address, token) of a join link; ValueError saying what is wrong."""
    if not isinstance(link, str) or "#" not in link:
        raise ValueError(f"a join link reads ws://HOST:PORT/#TOKEN, not {quote(link)}")
    address, token = link.rsplit("#", 1)
    parts = urlsplit(address)
    if parts.scheme not in ("ws", "wss") or not parts.hostname or not well_formed_token(token):
        raise ValueError(f"a join link reads ws://HOST:PORT/#TOKEN, not {quote(link)}")
    return address, token


def link(address: str, token: str) -> str:
    return f"{address.rstrip('/')}/#{token}"
