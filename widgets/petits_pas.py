"""A Petits Pas as a notebook widget: watch a deal of the patience unfold, step by step.

Nobody chooses anything once the deck is shuffled, so the widget is a player for the rules:
"step" lets the mover make its move (the engine's only action, `step`), "play to the end"
lets the deal play itself, "undo step" takes one step back. Each step's events come with
one line of explanation per language (`observation["explained"]`), and the browser animates
the step from the events; it never computes a rule.

Decisions (see docs/protocol.md for the traits and intents every game shares):

- **One seat**, `["human"]` by default. "Play to the end" is the base's `seat` intent with
  the value `"bot:auto"`: the level-`auto` bot always answers `step`, paced by `bot_delay`
  (the speed control); "pause" puts the seat back to `"human"`. "Step" is the act intent
  `{"type": "act", "action": "step", "ply": n}`; "undo step" is the base's undo (with one
  human seat it takes back exactly one step).
- **The seed is secret while the deal is in play**: it fixes the order of the stock, and
  an unseeded deal draws it with 128 bits of entropy, so the cards seen cannot be traced
  back to it. `deal_number` (Python) is None during play and becomes the seed once the deal
  has ended (won or lost), so a class can replay it; it goes back to None if the end is
  undone. The synced trait `deal` carries it as digits (a browser's numbers stop at 2**53).
  A deal given as a whole deck (`deck=[...]`) has no number. The observation never holds
  the seed.
- **A deal's name for a class**: a teacher's short number (`seed=21`) is shown as it is; a
  drawn one stays long (unguessable) and the browser shows it in blocks of three, with a
  button that copies it and the line that replays it ("Donne n° 21 — pour la rejouer :
  PetitsPas(seed=21)", a long number with Python's underscores, `340_282_…`).
- **Replay a deal**: the game intent `{"type": "replay", "seed": n}` (digits, or a whole
  number; optionally with `"options"`, checked like those of `new`) starts the deal number
  `n`, 0 <= n < 2**128; a seed typed in the browser is input, not a leak.
- **Readings**: `choices()` offers every switch of `readings.py` with its values; the kit's
  options panel sends `{"type": "new", "options": {...}}` to deal again under other rules.
- A new deal or a replay asked from the browser starts **paused** (seat back to human);
  from Python, `new_game()` keeps the seats (`PetitsPas(["bot:auto"])` plays deal after
  deal as you call it).
- The stock order never leaves Python: the browser sees the observation (the row, the
  counts, the cards out), and a card appears there only once it has been dealt.

>>> donne = PetitsPas(seed=2026)        # a deal; press "step" (or space) in the widget
>>> donne.step(3)                        # or step from Python
>>> donne.finish()                       # play it to the end at once
>>> donne.deal_number                    # 2026, now that the deal is over
"""

from __future__ import annotations

from typing import Any

import traitlets

from ludotheque.engines.core import SEED_BITS, State
from ludotheque.engines.petits_pas import STEP, AutoStep
from ludotheque.engines.petits_pas import PetitsPas as PetitsPasGame

from .base import HUMAN, GameWidget, bundle
from .intents import BASE_INTENTS, DEAL, IntentError
from .pictures import petits_pas as position_picture

AUTO = AutoStep.name
"""The bot level that plays the deal by itself."""


def _deal_number(state: State) -> int | None:
    if state.is_terminal() and state.start.get("deck") is None:
        return state.seed
    return None


class PetitsPas(GameWidget):
    """Watch A Petits Pas in a cell: the row of places, the stock, the cards out.

    >>> PetitsPas(seed=7)                                   # one deal, step by step
    >>> PetitsPas(options={"take": "lower"}, lang="en")     # another reading of the rules
    >>> PetitsPas(["bot:auto"], bot_delay=0.3)              # a deal that plays itself
    """

    _esm = bundle("petits_pas")
    game_class = PetitsPasGame
    intents = {**BASE_INTENTS, "replay": {"seed": DEAL}}

    deal = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    """The deal's number (its seed, as digits) once it has ended, else None."""

    # -- what the base asks of a game ------------------------------------------------
    def extra_traits(self, state: State) -> dict[str, Any]:
        number = _deal_number(state)
        return {"deal": None if number is None else str(number)}

    def picture(self, observation: dict[str, Any]) -> str:
        """The row, the stock's backs and the cards out (for a notebook seen with no kernel);
        never the deal's number, even once it is over."""
        return position_picture.picture(observation, self.lang)

    def browser_new_game(self, options: dict[str, Any]) -> None:
        """A deal started from the browser waits for its first step."""
        self.new_game(options=options)
        self._pause()

    def browser_undo(self) -> None:
        """ "Undo step" stops a deal playing itself first, or the step would be played again
        at once (the deal looked as if undo did nothing)."""
        self._pause()
        self.undo()

    def browser_redo(self) -> None:
        """ "Redo step" likewise pauses the deal first."""
        self._pause()
        self.redo()

    # -- Python API for notebooks ----------------------------------------------------
    @property
    def deal_number(self) -> int | None:
        """The deal's seed once the deal has ended (None during play, or for a given deck)."""
        return _deal_number(self.state)

    def step(self, count: int = 1) -> None:
        """Make `count` steps at once (fewer if the deal ends first)."""
        for _ in range(count):
            if self.state.is_terminal():
                return
            self.play(STEP, wait=False)

    def finish(self) -> None:
        """Play the deal to its end at once."""
        while not self.state.is_terminal():
            self.play(STEP, wait=False)

    def autoplay(self, on: bool = True) -> None:
        """Let the deal play itself at `bot_delay` seconds a step (or stop it)."""
        self.seats = [f"bot:{AUTO}" if on else HUMAN]

    # -- intents from the browser ----------------------------------------------------
    def _intent_replay(self, content: dict) -> None:
        seed = int(content["seed"])  # digits or a whole number, checked by its field
        if not 0 <= seed < 2**SEED_BITS:
            raise IntentError(f"a deal number is a whole number from 0 to 2**{SEED_BITS} - 1")
        self.new_game(seed=seed, options=self.checked_options(content.get("options", {})))
        self._pause()

    def _pause(self) -> None:
        if self.seats != [HUMAN]:
            self.seats = [HUMAN]

    # -- display ---------------------------------------------------------------------
    def __repr__(self) -> str:
        table = self.state.table
        if table.result:
            return f"PetitsPas(steps={table.steps}, {table.result}, left={table.cards_left()})"
        return (
            f"PetitsPas(steps={table.steps}, stock={len(table.stock)}, left={table.cards_left()})"
        )
