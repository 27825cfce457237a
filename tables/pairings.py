"""A class at the table server: one table per pair of pupils, and the sheet of links that
the teacher hands out (each pupil's own link, nobody else's).

    rows = pair_up(server, "nains", ["Ada", "Bo", "Cy", "Dee", "Eli"])
    rows[0]   # {"table": 1, "players": ["Ada", "Bo"], "links": {"Ada": …, "Bo": …}, "watch": …}
    Sheet(rows)   # in a notebook: a table of each pupil's table, opponent and link

Pupils are paired in the order given (the teacher decides who plays whom); an odd one out
plays a bot (`odd_bot`). Every table is a two-player game.
"""

from __future__ import annotations

import html
from typing import Any

from . import LocalServer, open_table


def pair_up(
    server: LocalServer | str,
    game: str,
    names: list[str],
    options: dict[str, Any] | None = None,
    odd_bot: str = "bot:2",
    key: str | None = None,
) -> list[dict[str, Any]]:
    """One table per two names (in order); the last name alone plays `odd_bot`. Returns a
    row per table: `table`, `players` (a bot as its seat label), `links` (name -> link),
    `watch`."""
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise ValueError("names must be distinct, non-empty texts")
    rows = []
    for first in range(0, len(names), 2):
        pair = names[first : first + 2]
        seats = ["human"] * len(pair) + [odd_bot] * (2 - len(pair))
        opened = open_table(server, game, options=options, seats=seats, key=key)
        links = {name: link for name, link in zip(pair, opened["seats"], strict=False)}
        rows.append(
            {
                "table": opened["table"],
                "players": [*pair, *seats[len(pair) :]],
                "links": links,
                "watch": opened["watch"],
            }
        )
    return rows


class Sheet:
    """The teacher's sheet of links: one line per pupil (shown as a table in a notebook)."""

    def __init__(self, rows: list[dict[str, Any]]):
        self.rows = rows

    def lines(self) -> list[tuple[str, int, str, str]]:
        """(name, table, opponent, link) for each pupil, in the order paired."""
        found = []
        for row in self.rows:
            for name, link in row["links"].items():
                opponent = next(player for player in row["players"] if player != name)
                found.append((name, row["table"], opponent, link))
        return found

    def _repr_html_(self) -> str:
        cells = "".join(
            f"<tr><td>{html.escape(name)}</td><td>{table}</td><td>{html.escape(opponent)}</td>"
            f"<td><code>{html.escape(link)}</code></td></tr>"
            for name, table, opponent, link in self.lines()
        )
        return (
            "<table><thead><tr><th>élève — pupil</th><th>table</th><th>contre — against</th>"
            f"<th>lien — link</th></tr></thead><tbody>{cells}</tbody></table>"
        )

    def __repr__(self) -> str:
        return "\n".join(
            f"{name}\ttable {table}\tcontre {opponent}\t{link}"
            for name, table, opponent, link in self.lines()
        )
