"""A Petits Pas behind the shared Game/State interface, for the widget and the notebooks.

One seat and one action, `step`: the player only watches the rules play (the lesson is the
probability); the patience itself is `table.Table`. The deck is shuffled in `setup` from the
state's seeded generator, or given whole as the start choice `deck=[…52 card texts…]`, so a
seed (or a deck) and the number of steps replay a deal exactly. The observation shows the
table and counts, never the stock, and `explained`: the last step's events as one line
each, in French and in English (from `explain`), so that a UI shows the rule that fired
without knowing the rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..core import TERMINAL, Game, NotationError, State
from .cards import DECK, parse_deck
from .explain import explain
from .readings import SWITCHES, Reading
from .table import Table, texts


@dataclass(frozen=True)
class Step:
    """The only action: let the mover make its move."""

    def __str__(self) -> str:
        return "step"


STEP = Step()


class PetitsPasState(State):
    game: PetitsPas

    def setup(self, deck: Any = None, **unknown: Any) -> None:
        if unknown:
            raise ValueError(f"petits_pas: unknown start choice(s) {sorted(unknown)}; known: deck")
        if deck is None:
            cards = list(DECK)
            self.rng.shuffle(cards)
        else:
            cards = parse_deck(deck)
        self.table = Table(cards, self.game.reading)

    def current_player(self) -> int:
        return TERMINAL if self.table.result else 0

    def legal_actions(self) -> list[Step]:
        return [] if self.table.result else [STEP]

    def do_apply(self, action: Step) -> list[dict]:
        return self.table.step()

    def returns(self) -> list[float]:
        result = self.table.result
        return [1.0 if result == "won" else -1.0 if result == "lost" else 0.0]

    def redraw(self, seat: int | None, rng: random.Random) -> None:
        """The stock in another order: nobody sees it before a card is dealt."""
        rng.shuffle(self.table.stock)

    def observe(self, seat: int | None) -> dict[str, Any]:
        table = self.table
        events = self.events[-1] if self.events else []
        return {
            "places": [texts(pile) for pile in table.places],
            "jumped": [str(card) for pile in table.places for card in pile if card in table.jumped],
            "stock": len(table.stock),
            "out": texts(table.out),
            "out_count": len(table.out),
            "left": table.cards_left(),
            "result": table.result,
            "steps": table.steps,
            "reading": dict(self.game.options),
            "explained": {
                lang: [explain(event, lang) for event in events] for lang in ("fr", "en")
            },
        }


class PetitsPas(Game[PetitsPasState]):
    """Options: the reading's switches (see `readings.py`); defaults are the project's reading."""

    name = "petits_pas"
    state_class = PetitsPasState
    title = {"fr": "À petits pas", "en": "A Petits Pas (Little Steps)"}
    seat_names = {"fr": ("Joueur",), "en": ("Player",)}
    min_players = max_players = 1
    hidden_information = True
    chance = True
    option_specs = SWITCHES

    def check_options(self) -> None:
        self.reading = Reading.of(self.options)

    def parse_action(self, text: str) -> Step:
        if isinstance(text, Step):
            return text
        if isinstance(text, str) and text.strip().lower() == "step":
            return STEP
        raise NotationError(
            f"{text!r} is not an action of A Petits Pas: the only one is 'step'", text=str(text)
        )
