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

from ..core import TERMINAL, Game, NotationError, Reason, State, Wordings, quote
from .cards import DECK, parse_deck
from .explain import explain
from .readings import SWITCHES, Reading
from .table import Table, texts

WORDINGS: Wordings = {
    "not-step": {
        "fr": "{text} n'est pas une action d'À petits pas : la seule est 'step'",
        "en": "{text} is not an action of A Petits Pas: the only one is 'step'",
    },
}
"""A Petits Pas' one notation error (`Game.wordings`)."""


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
        self.table = Table(cards, self.game.reading, self.rng)

    def current_player(self) -> int:
        return TERMINAL if self.table.result else 0

    def legal_actions(self) -> list[Step]:
        return [] if self.table.result else [STEP]

    def do_apply(self, action: Step) -> list[dict]:
        self.table.rng = self.rng  # the state's generator now (a copy's, a world's)
        return self.table.step()

    def returns(self) -> list[float]:
        result = self.table.result
        return [1.0 if result == "won" else -1.0 if result == "lost" else 0.0]

    # -- the integer interface (docs/interop.md): one action, "step", id 0 -------------
    def action_id(self, action: Step) -> int:
        if action != STEP:
            raise ValueError(f"{action!r} is not an action of A Petits Pas: the only one is 'step'")
        return 0

    def action_from_id(self, action_id: int) -> Step:
        if action_id != 0:
            raise ValueError(f"{action_id!r} is no action id of A Petits Pas: the only one is 0")
        return STEP

    def deal_unseen(self, seat: int | None, rng: random.Random) -> None:
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
    wordings = WORDINGS
    title = {"fr": "À petits pas", "en": "A Petits Pas (Little Steps)"}
    seat_names = {"fr": ("Joueur",), "en": ("Player",)}
    min_players = max_players = 1
    hidden_information = True
    chance = True
    option_specs = SWITCHES

    def check_options(self) -> None:
        self.reading = Reading.of(self.options)

    # -- the integer interface (docs/interop.md) -------------------------------------
    CARD_FEATURES = ("stock", "out", "row", "top", "jumped", "place")
    """Per card of `DECK`: where it is (unseen in the stock, out, in the row), whether it
    tops its pile or has jumped, and its place in the row (1/52 per place from the left)."""

    def num_distinct_actions(self) -> int:
        return 1

    def max_game_length(self) -> int:
        """A step deals a card (48 after the first four), removes or merges piles (52 at
        most ever exist) or moves a card to the far left (once per card): 152 steps."""
        return len(DECK) - 4 + 2 * len(DECK)

    def max_chance_outcomes(self) -> int:
        return len(DECK)  # a card dealt

    def observation_shape(self) -> tuple[int, ...]:
        return (len(DECK) * len(self.CARD_FEATURES) + 1,)

    def observation_tensor_of(self, observation: dict[str, Any]) -> list[float]:
        where: dict[str, list[float]] = {}
        for place, pile in enumerate(observation["places"]):
            for depth, card in enumerate(pile):
                top = float(depth == len(pile) - 1)
                where[card] = [0.0, 0.0, 1.0, top, 0.0, (place + 1) / len(DECK)]
        for card in observation["out"]:
            where[card] = [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]
        for card in observation["jumped"]:
            where[card][4] = 1.0
        unseen = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        tensor = [value for card in DECK for value in where.get(str(card), unseen)]
        return [*tensor, observation["stock"] / len(DECK)]

    def parse_action(self, text: str) -> Step:
        if isinstance(text, Step):
            return text
        if isinstance(text, str) and text.strip().lower() == "step":
            return STEP
        raise NotationError(Reason(WORDINGS, "not-step", text=quote(text)), text=quote(text))
