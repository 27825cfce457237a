"""Chance as a game draws it: seeded by default, or chosen outcome by outcome (explicit).

Every state draws from `state.rng`, a `Chance` (a `random.Random` with two more verbs), so a
seed replays a game exactly. The two verbs name the chance events a library such as
OpenSpiel wants to see as chance nodes with their probabilities:

* `happens(p, what)`: an event of probability p (the roof collapses on a pull);
* `reveal(cards, at, ...)`: the face-down card `cards[at]` is turned up (a card drawn from
  the pile, dealt from the stock, pulled off the roof). Under the seeded generator it is
  the card the shuffle put there.

`ExplicitChance` answers them from a list of outcome ids chosen by someone else, and raises
`ChanceNeeded` with the enumerated outcomes (`Outcome`: id, probability, text) when the
list runs out. A revealed card is then chosen among the face-down cards it could be (by
kind: equal cards are one outcome), which is the same game because nobody has seen them:
a shuffle may be left undone (`shuffle` does nothing) as long as every card it placed is
turned up through `reveal`. `Unfolding` drives one step of a game (its start, or one
action) outcome by outcome, re-running it on a fresh copy each time: the rules are never
copied into an adapter. The rules call the module's `happens` and `reveal`, which also take
a plain `random.Random` (a bot's playouts, a test's generator).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections import Counter
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import Any, NamedTuple


def derived_seed(*numbers: int) -> int:
    """A 128-bit seed drawn from whole numbers (a game's seed and a ply), the same on every
    machine and in every Python: `hash()` of a tuple differs between 64-bit CPython and the
    offline site's 32-bit Pyodide, where a seeded game's bots then played otherwise.

    >>> derived_seed(7, 3) == derived_seed(7, 3) != derived_seed(7, 4)
    True
    """
    digest = hashlib.sha256(",".join(str(int(number)) for number in numbers).encode()).digest()
    return int.from_bytes(digest[:16], "little")


class Outcome(NamedTuple):
    """One outcome of a chance node: its id (unique at that node), probability and text."""

    id: int
    probability: float
    text: str


class ChanceNeeded(Exception):
    """The rules drew and no outcome was given: `outcomes` lists the possible ones."""

    def __init__(self, outcomes: list[Outcome]):
        super().__init__(f"a chance outcome is needed: {[o.text for o in outcomes]}")
        self.outcomes = outcomes


class Chance(random.Random):
    """A state's seeded generator, with the verbs of the chance events a game shows."""

    def happens(self, probability: float, what: str) -> bool:
        """Whether an event of `probability` happens (`what` names it, for a chance node)."""
        return self.random() < probability

    def reveal(
        self,
        cards: MutableSequence[Any],
        at: int,
        among: Iterable[int] | None = None,
        kind: Callable[[Any], int] = int,
        name: Callable[[Any], str] = str,
    ) -> Any:
        """The face-down `cards[at]`, about to be turned up. `among`: the positions of the
        face-down cards it could be (None: all of `cards`); `kind`: a card's outcome id
        (cards of one kind are one outcome); `name`: its text. The seeded generator leaves
        the card the shuffle put there."""
        return cards[at]


class ExplicitChance(Chance):
    """Chance answered from `outcomes` (ids, in the order the rules draw), then refused
    with `ChanceNeeded`. Draws that are not a chance event of the game (`random`,
    `choice`...) are refused: a game must draw through `happens`, `reveal`, `randrange`."""

    def __init__(self, outcomes: Sequence[int] = ()):
        super().__init__(0)
        self.outcomes = list(outcomes)
        self.used = 0

    def _next(self, outcomes: list[Outcome]) -> int:
        if self.used == len(self.outcomes):
            raise ChanceNeeded(outcomes)
        chosen = self.outcomes[self.used]
        if not any(outcome.id == chosen for outcome in outcomes):
            raise ValueError(f"{chosen} is not an outcome here: {[o.id for o in outcomes]}")
        self.used += 1
        return chosen

    def happens(self, probability: float, what: str) -> bool:
        if probability <= 0.0 or probability >= 1.0:
            return probability >= 1.0
        no = Outcome(0, 1.0 - probability, f"no {what}")
        return self._next([no, Outcome(1, probability, what)]) == 1

    def reveal(
        self,
        cards: MutableSequence[Any],
        at: int,
        among: Iterable[int] | None = None,
        kind: Callable[[Any], int] = int,
        name: Callable[[Any], str] = str,
    ) -> Any:
        places = list(range(len(cards)) if among is None else among)
        counts = Counter(kind(cards[place]) for place in places)
        first = {kind(cards[place]): place for place in reversed(places)}
        outcomes = [
            Outcome(k, counts[k] / len(places), name(cards[first[k]])) for k in sorted(counts)
        ]
        chosen = self._next(outcomes) if len(outcomes) > 1 else outcomes[0].id
        if kind(cards[at]) != chosen:
            other = first[chosen]
            cards[at], cards[other] = cards[other], cards[at]
        return cards[at]

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """A uniform whole number: the outcome ids are the numbers themselves."""
        values = range(start) if stop is None else range(start, stop, step)
        if len(values) == 1:
            return values[0]
        p = 1.0 / len(values)
        return self._next([Outcome(v, p, str(v)) for v in values])

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        """Nothing: every card a shuffle places is chosen when `reveal` turns it up."""

    def random(self) -> float:
        raise TypeError("explicit chance: draw through happens, reveal or randrange")

    def getrandbits(self, k: int) -> int:
        raise TypeError("explicit chance: draw through happens, reveal or randrange")

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as its outcomes and how many are used (not as a generator)."""
        return (_explicit, (self.outcomes, self.used))


def _explicit(outcomes: list[int], used: int) -> ExplicitChance:
    chance = ExplicitChance(outcomes)
    chance.used = used
    return chance


class Unfolding:
    """One step of a game (its start, or an action) whose chance is chosen outcome by
    outcome: `run(rng)` carries the step out on a fresh copy with an `ExplicitChance`, so a
    step stopped by `ChanceNeeded` leaves nothing half done. `outcomes` lists the next chance
    node's outcomes (None once the step is whole: then `result` is the state after it)."""

    def __init__(self, run: Callable[[ExplicitChance], Any]):
        self.run = run
        self.chosen: list[int] = []
        self.outcomes: list[Outcome] | None = None
        self.result: Any = None
        self._advance()

    def _advance(self) -> None:
        try:
            self.result = self.run(ExplicitChance(self.chosen))
            self.outcomes = None
        except ChanceNeeded as needed:
            self.outcomes = needed.outcomes

    @classmethod
    def start(cls, game: Any, **start: Any) -> Unfolding:
        """A new game of `game` (start choices `start`), its setup's chance chosen."""
        return cls(_Start(game, start))

    @classmethod
    def action(cls, state: Any, action: Any) -> Unfolding:
        """`action` applied to a copy of `state`, its chance chosen."""
        return cls(_Act(state, action))

    def __deepcopy__(self, memo: dict[int, Any]) -> Unfolding:
        """A copy that may choose on its own; the step and its result (never changed
        once made) are shared."""
        copy = Unfolding.__new__(Unfolding)
        copy.__dict__.update(self.__dict__, chosen=list(self.chosen))
        return copy

    def choose(self, outcome: int) -> None:
        """Take the outcome with id `outcome` at the current chance node."""
        if self.outcomes is None or not any(o.id == outcome for o in self.outcomes):
            offered = None if self.outcomes is None else [o.id for o in self.outcomes]
            raise ValueError(f"{outcome!r} is not an outcome of this chance node: {offered}")
        self.chosen.append(outcome)
        self._advance()


@dataclasses.dataclass(frozen=True)
class _Start:
    """A game's setup under explicit chance (a class, not a closure: it pickles)."""

    game: Any  # a core.Game (chance.py imports nothing of core, which imports it)
    start: dict[str, Any]

    def __call__(self, rng: ExplicitChance) -> Any:
        state = self.game.state_class(self.game, 0, self.start, rng)
        state.resampled = True  # its seed does not replay it
        return state


@dataclasses.dataclass(frozen=True)
class _Act:
    """An action applied to a copy of a state under explicit chance."""

    state: Any  # a core.State
    action: Any

    def __call__(self, rng: ExplicitChance) -> Any:
        after = self.state.clone(rng)  # drawing from `rng`: its own is never copied
        after.apply(self.action)
        return after


def happens(rng: random.Random, probability: float, what: str) -> bool:
    """`rng.happens(...)` for a `Chance`; for a plain `random.Random`, one draw below
    `probability` (the same draw)."""
    if isinstance(rng, Chance):
        return rng.happens(probability, what)
    return rng.random() < probability


def reveal(
    rng: random.Random | None,
    cards: MutableSequence[Any],
    at: int,
    among: Iterable[int] | None = None,
    kind: Callable[[Any], int] = int,
    name: Callable[[Any], str] = str,
) -> Any:
    """`rng.reveal(...)` for a `Chance`; a plain `random.Random` (a bot's playouts) or
    None (a table dealt by hand) just reads `cards[at]`."""
    if isinstance(rng, Chance):
        return rng.reveal(cards, at, among, kind, name)
    return cards[at]
