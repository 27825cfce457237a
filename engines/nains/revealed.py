"""What the other seat's plays reveal of its hand, as level 4's deals weigh it: shared by the
readable search (`deduction.py`) and the compiled one (`fast.py`)."""

from __future__ import annotations

from typing import NamedTuple

from .cards import CARDS

LEAD = 0.9
"""How often a deal gives the other seat, when its first gnome is still secret, the colour
its dealt hand favours (what level 2 chooses, and a player's natural lead); else any."""


class Revealed(NamedTuple):
    """What the other seat's moves since it last drew tell of the hand it holds: a weight
    per card kind (`weights_of_plays`), and the first gnome it chose since then (`colour`,
    -1: none, or still secret) with the leanings (`policies.leaning`) of the cards it played
    after choosing (`lean`): a dealt hand that would have led with another colour is
    accepted `mismatch` times as often (the odds of the `LEAD` model). When its last draw
    was a discard that kept `kept` cards, `kept_weights` weighs those (by card kind, as
    `weights` does: a card that would have beaten the discard is unlikely to have been kept)
    and `since` lists the cards played after it (`streams.kept_share`)."""

    weights: list[float]
    lean: tuple[float, ...] = (0.0,) * 4
    colour: int = -1
    mismatch: float = (1 - LEAD) / 4 / (LEAD + (1 - LEAD) / 4)
    kept_weights: tuple[float, ...] = ()
    kept: int = 0
    since: tuple[int, ...] = ()

    @classmethod
    def nothing(cls) -> Revealed:
        return cls([1.0] * len(CARDS))
