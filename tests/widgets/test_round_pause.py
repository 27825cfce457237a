"""The end of a round stays on the table until someone says "next" (issue 14, item 3).

A bot that is to start the next round waits: for the `continue` intent when a human sits at
the table, for `ROUND_PAUSE` between bots, not at all for a notebook that calls `wait()`."""

import random
import time

import pytest

from ludotheque.engines.core import Game
from ludotheque.widgets import Sorciere, base
from widget_wire import act, send


def until(predicate, timeout=10.0):
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        time.sleep(0.01)


def rounds_done(name, observation):
    """How many rounds are over, read off what every player sees."""
    return sum(observation["wins"]) if name == "nains" else len(observation["results"])


@pytest.mark.parametrize("name", ["nains", "sorciere"])
def test_a_round_ends_exactly_when_the_table_says_so(name):
    for seed in range(3):
        state, rng = Game.by_name(name).new_game(seed), random.Random(seed)
        seen = 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            done = rounds_done(name, state.observation(None))
            assert state.round_ended() == (done > seen), state.ply
            seen = done
        assert seen >= 1


def human_until_waiting(widget, rng):
    """The human plays at random (bots answer) until a round's end makes a bot wait."""
    while not widget.waiting:
        until(lambda: widget.waiting or not widget.thinking)
        if widget.waiting:
            break
        assert not widget.state.is_terminal(), "no round ended with a bot to start the next"
        act(widget, rng.choice(widget.observation["legal"]))


def test_a_bot_waits_for_the_human_to_say_next():
    widget = Sorciere(["human", "bot:1", "bot:1"], seed=5, bot_delay=0)
    human_until_waiting(widget, random.Random(1))
    ply = widget.state.ply
    assert widget.state.round_ended() and not widget.thinking
    time.sleep(0.5)  # far longer than the bots' delay: still resting on the round's end
    assert widget.state.ply == ply and widget.waiting
    assert "round" in [event["type"] for event in widget.observation["events"]]

    send(widget, {"type": "continue"})
    assert not widget.waiting
    until(lambda: widget.state.ply > ply)
    widget.wait()

    notices = widget.notice.get("id")
    send(widget, {"type": "continue"})  # nothing waits any more: refused, nothing changes
    assert widget.notice["code"] == "not-waiting" and widget.notice["id"] != notices
    widget.close()


def test_wait_from_python_goes_on_by_itself():
    widget = Sorciere(["human", "bot:1", "bot:1"], seed=5, bot_delay=0)
    human_until_waiting(widget, random.Random(1))
    widget.wait()
    state = widget.state
    assert not widget.waiting
    assert state.is_terminal() or widget.seats[state.current_player()] == "human"
    widget.close()


def test_between_bots_the_round_rests_for_a_pause(monkeypatch):
    monkeypatch.setattr(base, "ROUND_PAUSE", 0.4)
    widget = Sorciere(["bot:1", "bot:1", "bot:1"], seed=2, bot_delay=0)
    until(lambda: widget.waiting)
    ply, rested = widget.state.ply, time.monotonic()
    until(lambda: widget.state.ply > ply)
    assert time.monotonic() - rested >= 0.3
    widget.close()


def test_a_change_of_game_forgets_the_rest():
    widget = Sorciere(["human", "bot:1", "bot:1"], seed=5, bot_delay=0)
    human_until_waiting(widget, random.Random(1))
    widget.new_game(seed=6)
    assert not widget.waiting
    widget.close()
