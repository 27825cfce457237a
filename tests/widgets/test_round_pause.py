"""The end of a round stays on the table until someone says "next", whoever starts the next
round.

A round's end waits: for the `continue` intent when a human sits at the table, whoever is to
start the next round (a bot starts it; a human has the table back, with the next round dealt
for them when the game has a move for it, Sorcière's `next`); for `ROUND_PAUSE` between
bots; not at all for a notebook that calls `wait()` while a bot is to start."""

import random
import time

import pytest

from ludotheque.engines import table
from ludotheque.engines.core import Game
from ludotheque.widgets import Nains, Sorciere
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


def until_round_end(widget, rng, starter):
    """The human plays at random (bots answer) until a round ends with `starter` ("bot" or
    "human") to start the next; a round's end with the other starter is gone on from."""
    while True:
        until(lambda: widget.waiting or not widget.thinking)
        assert not widget.state.is_terminal(), f"no round ended with a {starter} to start the next"
        if widget.waiting:
            human = widget.seats[widget.state.current_player()] == "human"
            if human == (starter == "human"):
                return
            send(widget, {"type": "continue"})
            continue
        act(widget, rng.choice(widget.observation["legal"]))


def test_a_bot_waits_for_the_human_to_say_next():
    widget = Sorciere(["human", "bot:1", "bot:1"], seed=5, bot_delay=0)
    until_round_end(widget, random.Random(1), "bot")
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
    until_round_end(widget, random.Random(1), "bot")
    widget.wait()
    state = widget.state
    assert not widget.waiting
    assert state.is_terminal() or widget.seats[state.current_player()] == "human"
    widget.close()


def test_between_bots_the_round_rests_for_a_pause(monkeypatch):
    monkeypatch.setattr(table, "ROUND_PAUSE", 0.4)
    widget = Sorciere(["bot:1", "bot:1", "bot:1"], seed=2, bot_delay=0)
    until(lambda: widget.waiting)
    ply, rested = widget.state.ply, time.monotonic()
    until(lambda: widget.state.ply > ply)
    assert time.monotonic() - rested >= 0.3
    widget.close()


def test_a_change_of_game_forgets_the_rest():
    widget = Sorciere(["human", "bot:1", "bot:1"], seed=5, bot_delay=0)
    until_round_end(widget, random.Random(1), "bot")
    widget.new_game(seed=6)
    assert not widget.waiting
    widget.close()


STARTS = {"nains": (Nains, ["human", "bot:1"]), "sorciere": (Sorciere, ["human", "bot:1", "bot:1"])}


def human_to_start(name, seed=4):
    """A widget resting on a round's end where the human starts the next round."""
    cls, seats = STARTS[name]
    widget = cls(seats, seed=seed, bot_delay=0, bot_seconds=0.05)
    until_round_end(widget, random.Random(seed), "human")
    return widget


@pytest.mark.parametrize("name", ["nains", "sorciere"])
def test_the_player_who_starts_the_next_round_says_next_too(name):
    widget = human_to_start(name)
    state, ply = widget.state, widget.state.ply
    assert widget.waiting and not widget.thinking and state.round_ended()
    assert widget.seats[state.current_player()] == "human"
    time.sleep(0.3)  # nothing moves on by itself
    assert widget.waiting and widget.state.ply == ply

    send(widget, {"type": "continue"})
    after = widget.state
    assert not widget.waiting and not widget.thinking and widget.notice == {}
    assert widget.seats[after.current_player()] == "human"
    if name == "sorciere":  # the next roof is laid for the player: their own `next`, recorded
        assert after.ply == ply + 1 and str(after.history[-1]) == "next" and not after.round_ended()
        assert widget.observation["phase"] == "pull" and widget.observation["pulls"] == 0
    else:  # the next round is already dealt: the player picks their first gnome
        assert after.ply == ply and widget.observation["phase"] == "choose"

    send(widget, {"type": "continue"})
    assert widget.notice["code"] == "not-waiting" and widget.state.ply == after.ply
    widget.close()


def test_a_change_of_seats_keeps_the_next_round_said_and_an_undo_rests_again():
    widget = human_to_start("nains")
    ply = widget.state.ply
    send(widget, {"type": "continue"})
    send(widget, {"type": "seat", "seat": 1, "value": "bot:2"})
    assert not widget.waiting  # "Next" was said: another bot does not bring the rest back
    act(widget, "gnome red")
    widget.wait()
    send(widget, {"type": "undo"})  # back to the round's end: it rests there again
    assert widget.state.ply == ply and widget.waiting
    widget.close()


def test_a_notebook_goes_on_by_playing():
    widget = human_to_start("nains")
    widget.wait()  # a human starts the next round: wait() has nothing to wait for
    assert widget.waiting
    widget.play("gnome red")
    assert not widget.waiting and widget.state.ply > 0
    widget.close()
