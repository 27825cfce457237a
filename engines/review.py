"""Where did I lose? A finished game reviewed decision by decision, as chess players review
theirs: for each move, what it was worth to its player, what the best move was worth, what
was lost, and a label (`best`, `good`, `inaccuracy`, `mistake`, `blunder`).

A game judges its own decisions: its package has a `review` module with
`review_decision(position, played, seconds) -> dict` (the mover's values in the unit its
docs define, the best move, `exact` where the values are proofs; None for a move it does not
judge) and `THRESHOLDS`, the
losses that make an inaccuracy, a mistake and a blunder. This module walks the record,
shares the decisions out on an executor, labels them, and finds the turning point.

A game with no decisions (A Petits Pas: the deal decides everything) reviews the whole deal
instead: its `review` module defines `review_deal(state, seconds, deadline) -> list[dict]`,
which `review` calls in place of walking the decisions, `seconds` being each step's share as
a decision's is elsewhere. Its entries have `ply` and `seat` but no values or labels (the
game's docs say what they hold: A Petits Pas' win chance card by card); `turning_point` and
`summary` pass them by, and `decided` finds the one the game marks as where the deal was
decided.

The budget is turned into work, not into time (a node budget, a search depth): a record
and a budget give the same review on any machine, however loaded; `seconds` is roughly
what a decision takes on one core of a laptop.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from .bots import Deadline, SearchCancelled
from .core import Game, State

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Thresholds:
    """The losses (in the game's unit) from which a move is an inaccuracy, a mistake, a
    blunder; below `inaccuracy` a move that is not the best is `good`."""

    inaccuracy: float
    mistake: float
    blunder: float

    def label(self, loss: float, best: bool) -> str:
        if best:
            return "best"
        for name, at_least in (
            ("blunder", self.blunder),
            ("mistake", self.mistake),
            ("inaccuracy", self.inaccuracy),
        ):
            if loss >= at_least:
                return name
        return "good"


def reviewer(game_class: type[Game[Any]]) -> Any:
    """The game's `review` module; ValueError if the game has none."""
    package = game_class.__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.review")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.review":
            raise
        raise ValueError(f"{game_class.name} has no review yet") from None


def review(
    record: Any,
    seat: int | None = None,
    seconds: float = 1.0,
    executor: Executor | None = None,
    deadline: Deadline | None = None,
    plies: Collection[int] | None = None,
) -> list[dict[str, Any]]:
    """One dict per decision of the game `record` (a `State.to_json()` record, or a State),
    only `seat`'s when given, in the order played: `ply`, `seat`, `played`, `best`,
    `value_before` (the mover's value before the move, best play), `value_after` (after
    the move played), `loss` (>= 0), `label`, `exact` (True where the values are proofs),
    and what the game adds. `executor` shares the decisions out (default: here, in turn,
    checking `deadline` between two: `SearchCancelled` once it is cancelled or over).
    `plies`: only the decisions made at these plies (a long review run in parts, where
    there are no threads: `decision_plies` lists them). A game whose review module has
    `review_deal` gives its entries instead (see the module docstring), computed here,
    `seat`'s only when given, and in one part."""
    state = record.clone() if isinstance(record, State) else State.from_json(record)
    module = reviewer(type(state.game))  # a game with no review says so, even with no move
    review_deal = getattr(module, "review_deal", None)
    if review_deal is not None:
        if plies is not None:
            raise ValueError(f"{state.game.name}'s review is of the whole deal: no plies")
        dealt: list[dict[str, Any]] = review_deal(state, seconds, deadline)
        return [entry for entry in dealt if seat is None or entry["seat"] == seat]
    plain = state.to_json()
    chosen = decision_plies(state, seat)
    if plies is not None:
        chosen = [ply for ply in chosen if ply in plies]
    jobs = [(plain, ply, seconds) for ply in chosen]
    if executor is not None:
        return [entry for entry in executor.map(_review_one, jobs) if entry is not None]
    entries = []
    for job in jobs:
        if deadline is not None and deadline.expired():
            raise SearchCancelled("the review was stopped")
        entry = _review_one(job)
        if entry is not None:
            entries.append(entry)
    return entries


def decision_plies(state: State, seat: int | None = None) -> list[int]:
    """The plies at which a player (`seat`, when given) made a decision (not chance's)."""
    return [
        ply
        for ply, mover in enumerate(state.movers)
        if mover >= 0 and (seat is None or mover == seat)
    ]


def reviews_whole_deals(game_class: type[Game[Any]]) -> bool:
    """The game's review is of the whole deal (`review_deal`), not decision by decision."""
    return hasattr(reviewer(game_class), "review_deal")


def _review_one(job: tuple[dict[str, Any], int, float]) -> dict[str, Any] | None:
    """One decision, from the record's JSON (what crosses to another process); None for a
    move the game does not judge (Sorcière's `next`)."""
    plain, ply, seconds = job
    final = State.from_json(plain)
    position = final.replayed(ply)
    played = final.history[ply]
    module = reviewer(type(final.game))
    decision: dict[str, Any] | None = module.review_decision(position, played, seconds)
    if decision is None:
        return None
    thresholds: Thresholds = module.THRESHOLDS
    loss = max(0.0, float(decision["value_before"]) - float(decision["value_after"]))
    best = decision["best"] == decision["played"]
    return {
        "ply": ply,
        "seat": final.movers[ply],
        **decision,
        "loss": loss,
        "label": decision.get("label") or thresholds.label(loss, best),
    }


def turning_point(entries: list[dict[str, Any]], seat: int) -> dict[str, Any] | None:
    """The first move of `seat` after which it had lost with best play, having been able
    to win before (proven: `exact` entries only), or None."""
    return next(
        (
            entry
            for entry in entries
            if entry["seat"] == seat
            and entry["exact"]
            and "value_before" in entry  # a deal's entries have none
            and entry["value_before"] > 0 >= entry["value_after"]
        ),
        None,
    )


def summary(entries: list[dict[str, Any]], seat: int) -> dict[str, int]:
    """How many of `seat`'s moves got each label (a deal's entries have none)."""
    counts = dict.fromkeys(LABELS, 0)
    for entry in entries:
        if entry["seat"] == seat and "label" in entry:
            counts[entry["label"]] += 1
    return counts


def decided(entries: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The entry a deal's review marks `decided` (the card after which the deal's result
    held to the end: engines/petits_pas/review.py), or None."""
    return next((entry for entry in entries if entry.get("decided")), None)
