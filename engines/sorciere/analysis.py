"""Simulations for the lesson: round lengths and bot tournaments (seeded, so reproducible)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from ..bots import Bot, Deadline, as_bot
from .rules import Pull, Sorciere, SorciereState

SeededBotClass = Callable[[int], Bot[Any]]
"""A bot class as a tournament entrant: called with a seed (`CarefulBot(seed)`). The
base class `Bot` declares no constructor, so a type checker cannot see this by itself."""


class FixedHand(Bot[SorciereState]):
    """Any player (bot or function of the observation) pulling with a fixed dexterity: in a
    tournament every hand is the same, only the choices differ."""

    def __init__(self, player: Bot[Any] | Callable[..., Any], dexterity: float):
        self.inner = as_bot(player)
        self.dexterity = dexterity
        self.name = self.inner.name

    def choose(self, state: SorciereState, deadline: Deadline | None = None) -> Any:
        action = self.inner(state, deadline)
        if isinstance(action, str):
            action = state.game.parse_action(action)
        if isinstance(action, Pull):
            return Pull(action.slot, self.dexterity)
        return action


def with_dexterity(player: Bot[Any] | Callable[..., Any], dexterity: float) -> FixedHand:
    return FixedHand(player, dexterity)


def _make(entrant: Any, seed: int) -> Bot[Any]:
    """A bot from a Bot class (made from `seed`, as each level's class is), a bot, or a
    function of the observation."""
    if isinstance(entrant, type) and issubclass(entrant, Bot):
        return cast(SeededBotClass, entrant)(seed)
    return as_bot(entrant)


def round_lengths(
    entrant: Any, dexterity: float, rounds: int = 1000, seed: int = 0, players: int = 3
) -> list[dict]:
    """Play `rounds` rounds with every seat played by `entrant` (a Bot class, a bot, or a
    function of the observation) at `dexterity`; one record per round: `pulls`, `end`
    ("collapse" or "cleared") and `left` (cards still on the roof at the end)."""
    game = Sorciere(players=players)
    rng = random.Random(seed)
    records: list[dict] = []
    while len(records) < rounds:
        state = game.new_game(rng.randrange(2**32))
        bots = [
            with_dexterity(_make(entrant, rng.randrange(2**32)), dexterity) for _ in range(players)
        ]
        while not state.is_terminal() and len(records) < rounds:
            done = len(state.results)
            state.apply(bots[state.current_player()](state))
            if len(state.results) > done:
                result = state.results[-1]
                records.append(
                    {"pulls": result["pulls"], "end": result["end"], "left": state.roof.count()}
                )
    return records


def tournament(
    entrants: dict[str, Any],
    games: int = 200,
    seed: int = 0,
    players: int = 3,
    dexterity: float = 0.5,
) -> list[dict]:
    """Whole games between `players` entrants drawn for each game (seats shuffled), all at
    the same `dexterity`. One row per entrant: games, wins, win rate, rounds played,
    candies, collapses caused per round, cards per round."""
    names = list(entrants)
    if len(names) < players:
        raise ValueError(f"a {players}-player tournament needs at least {players} entrants")
    game = Sorciere(players=players)
    rng = random.Random(seed)
    rows: dict[str, dict[str, int]] = {
        name: dict.fromkeys(("games", "wins", "rounds", "candies", "collapses", "cards"), 0)
        for name in names
    }
    for _ in range(games):
        seated = rng.sample(names, players)
        bots = [
            with_dexterity(_make(entrants[name], rng.randrange(2**32)), dexterity)
            for name in seated
        ]
        state = game.new_game(rng.randrange(2**32))
        while not state.is_terminal():
            if state.ply > 20_000:
                raise RuntimeError("a game did not end")
            state.apply(bots[state.current_player()](state))
        for seat, name in enumerate(seated):
            row = rows[name]
            row["games"] += 1
            row["wins"] += state.winner() == seat
            row["candies"] += state.candies[seat]
            row["rounds"] += len(state.results)
            row["collapses"] += sum(r["collapser"] == seat for r in state.results)
            row["cards"] += sum(r["counts"][seat] for r in state.results)
    table = []
    for name, row in rows.items():
        rounds = max(row["rounds"], 1)
        table.append(
            {
                "bot": name,
                "games": row["games"],
                "wins": row["wins"],
                "win rate": round(row["wins"] / max(row["games"], 1), 3),
                "collapses/round": round(row["collapses"] / rounds, 3),
                "cards/round": round(row["cards"] / rounds, 2),
            }
        )
    return sorted(table, key=lambda r: -r["win rate"])
