"""Race to twelve: the smallest game with every part of the protocol, engine and widget (a
toy, tests only: it proves that a fifth game gets every generic test from its own file).

Two players in turn add 1 or 2 to a shared total; then the wind (the state's seeded
generator) may add 1 more. Whoever brings the total to the goal wins. Who starts is drawn
too, unless the start choice `first` says. Small enough to see through, random enough that
a seeded replay is really tested.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludotheque.engines.bots import Bot, RandomBot, checked_level
from ludotheque.engines.core import (
    TERMINAL,
    Game,
    NotationError,
    Option,
    State,
    action_text,
    check_choice,
    quote,
)
from ludotheque.widgets import GameWidget


@dataclass(frozen=True)
class Add:
    """Add `amount` (1 or 2) to the total; its text is `+1` or `+2`."""

    amount: int

    def __str__(self) -> str:
        return f"+{self.amount}"


ADDS = (Add(1), Add(2))
"""The actions, by id."""


class RaceState(State):
    game: Race

    def setup(self, first: int | None = None) -> None:
        self.total = 0
        self.to_move = (
            self.rng.randrange(2) if first is None else check_choice("first", first, (0, 1))
        )
        self.won_by: int | None = None

    def current_player(self) -> int:
        return TERMINAL if self.won_by is not None else self.to_move

    def legal_actions(self) -> list[Add]:
        return [] if self.won_by is not None else [Add(1), Add(2)]

    def do_apply(self, action: Add) -> list[dict]:
        wind = self.rng.randrange(2)
        self.total += action.amount + wind
        if self.total >= self.game.options["goal"]:
            self.won_by = self.to_move
        else:
            self.to_move = 1 - self.to_move
        return [{"type": "add", "amount": action.amount, "wind": wind}]

    def winner(self) -> int | None:
        return self.won_by

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {"total": self.total, "goal": self.game.options["goal"]}

    def action_id(self, action: Add) -> int:
        if action not in ADDS:
            raise ValueError(f"{quote(action)} has no action id in Race")
        return ADDS.index(action)

    def action_from_id(self, action_id: int) -> Add:
        return ADDS[action_id]


class Race(Game[RaceState]):
    name = "toy_race"
    state_class = RaceState
    title = {"fr": "Course à douze", "en": "Race to twelve"}
    seat_names = {"fr": ("Lièvre", "Tortue"), "en": ("Hare", "Tortoise")}
    chance = True
    option_specs = {
        "goal": Option(
            12,
            {"fr": "But", "en": "Goal"},
            {12: {"fr": "douze", "en": "twelve"}, 21: {"fr": "vingt et un", "en": "twenty-one"}},
        )
    }

    def num_distinct_actions(self) -> int:
        return len(ADDS)

    def max_game_length(self) -> int:
        return int(self.options["goal"])  # each turn adds at least 1

    def max_chance_outcomes(self) -> int:
        return 2  # the wind: 0 or 1

    def observation_shape(self) -> tuple[int, ...]:
        return (2,)

    def observation_tensor_of(self, observation: dict[str, Any]) -> list[float]:
        """The share of the goal reached, and whether the seat is to move."""
        mine = observation["seat"] is not None and observation["to_move"] == observation["seat"]
        return [observation["total"] / observation["goal"], float(mine)]

    def parse_action(self, text: str) -> Add:
        """`+<digits>`: any amount reads (the rules then allow only 1 and 2)."""
        text = action_text(text)
        if not (text[:1] == "+" and text[1:].isdigit()):
            raise NotationError(f"{quote(text)}: write +1 or +2", text=quote(text))
        return Add(int(text[1:]))


LEVEL_LABELS = {"1": {"fr": "hasard", "en": "random"}}
LEVELS = tuple(LEVEL_LABELS)


def bot_for_level(
    level: str, seed: int | None = None, seconds: float | None = 1.0
) -> Bot[RaceState]:
    """Level "1": a random player."""
    checked_level(level, LEVELS, "Race")
    return RandomBot(seed)


class RaceWidget(GameWidget):
    """Race to twelve in a cell: the total, and a button per legal move. The front-end is a
    few lines inline (no kit, no build): the widget suites only need the Python referee."""

    _esm = """
    export default {
      render({ model, el }) {
        const draw = () => {
          const obs = model.get("observation");
          el.replaceChildren(`${obs.total} / ${obs.goal}`, ...obs.legal.map((action) => {
            const button = document.createElement("button");
            button.textContent = action;
            button.onclick = () => model.send({ type: "act", action, ply: obs.ply });
            return button;
          }));
        };
        model.on("change:observation", draw);
        draw();
        return () => model.off("change:observation", draw);
      },
    };
    """
    game_class = Race
