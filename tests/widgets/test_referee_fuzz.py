"""The referee fuzzed (referee_fuzz.py): hostile intents and trait writes against every game,
and student bots that raise, hang, or answer garbage. `make bench` runs a longer fuzz."""

import random
import threading
import time

import pytest

from ludotheque.engines.bots import bots_of
from referee_fuzz import GAMES, MAX_EXTRA_THREADS, Counts, run


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hostile_intents_and_writes_leak_nothing_and_change_nothing(game):
    counts = Counts()
    run(game, steps=150, seed=2026, counts=counts)
    assert counts.failures() == []
    assert counts.intents > 100 and counts.writes > 15 and counts.refusals > 50
    assert counts.moves > 10  # the fuzz also plays: refusals are checked in many positions
    assert counts.peak_threads <= MAX_EXTRA_THREADS


def careless(seed, hang):
    """A student's bot that sometimes raises, hangs past its budget, or answers garbage."""
    rng = random.Random(seed)

    def careless_bot(observation):
        roll = rng.random()
        if roll < 0.15:
            raise RuntimeError("oops")
        if roll < 0.2:
            hang.wait(1.0)  # past 0.05 s + grace: abandoned, then asked again when done
        if roll < 0.3:
            return rng.choice([None, 42, "", "zz", ["x"], {"a": 1}])
        if roll < 0.4:
            return "x" * 10_000
        return rng.choice(observation["legal"])

    return careless_bot


WITH_OPPONENTS = sorted(name for name, widget in GAMES.items() if widget.game_class().players > 1)
"""Every game found where a student's bot sits with others (A Petits Pas is played alone)."""


@pytest.mark.parametrize("game", WITH_OPPONENTS)
def test_a_careless_student_bot_never_stalls_a_game(game):
    hang = threading.Event()
    base = threading.active_count()
    widget_class = GAMES[game]
    weakest = f"bot:{bots_of(widget_class.game_class).LEVELS[0]}"
    seats = [careless(7, hang)] + [weakest] * (widget_class.game_class().players - 1)
    widget = widget_class(seats, seed=3, bot_delay=0, bot_seconds=0.05)
    try:
        deadline = time.monotonic() + 120
        notices, seen = 0, None
        while not widget.state.is_terminal() and time.monotonic() < deadline:
            if widget.notice.get("id") != seen:
                seen, notices = widget.notice.get("id"), notices + 1
                assert (
                    widget.notice["code"] == "bot"
                    and "random legal move" in widget.notice["params"]["message"]
                )
            assert threading.active_count() <= base + MAX_EXTRA_THREADS
            time.sleep(0.01)
        assert widget.state.is_terminal() and notices > 0
    finally:
        hang.set()
        widget.close()
