"""The widget base as a referee: every intent from the browser is checked, and a refused
one changes nothing and says why. Exercised through Sortilèges, the first game."""

import json
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque.engines.bots import Bot, Deadline
from ludotheque.widgets import Sortileges
from widget_wire import send


def snapshot(widget):
    return json.dumps(widget.state.to_json())


@pytest.fixture
def duel():
    """Têtdevache (human, to move) against a level-1 bot that answers at once."""
    widget = Sortileges(["human", "bot:1"], seed=7, first=0, bot_delay=0, bot_seconds=0.05)
    yield widget
    widget.close()


def test_a_legal_click_is_played_and_the_bot_replies(duel):
    move = duel.observation["legal"][0]
    send(duel, {"type": "act", "action": move, "ply": 0})
    duel.wait()
    assert duel.state.ply == 2
    assert str(duel.state.history[0]) == move
    assert duel.observation["ply"] == 2 and duel.observation["to_move"] == 0
    assert duel.notice == {}


@pytest.mark.parametrize(
    "intent, code",
    [
        ({"type": "act", "action": "c1-c5/d5", "ply": 0}, "illegal"),
        ({"type": "act", "action": "d8-d7/d5", "ply": 0}, "illegal"),
        ({"type": "act", "action": "c1-c2/c2", "ply": 0}, "illegal"),
        ({"type": "act", "action": "c1-c2/d5", "ply": 3}, "stale"),
        ({"type": "act", "action": "c1-c2/d5", "ply": -1}, "stale"),
        ({"type": "act", "action": "c1-z9/d5", "ply": 0}, "malformed"),
        ({"type": "act", "action": "", "ply": 0}, "malformed"),
        ({"type": "act", "action": "c1-c2/d5", "ply": "0"}, "malformed"),
        ({"type": "act", "action": "c1-c2/d5", "ply": True}, "malformed"),
        ({"type": "act", "action": ["c1-c2/d5"], "ply": 0}, "malformed"),
        ({"type": "act", "ply": 0}, "malformed"),
        ({"type": "launch", "ply": 0}, "malformed"),
        ("c1-c2/d5", "malformed"),
        (None, "malformed"),
        ({"type": "seat", "seat": 5, "value": "human"}, "malformed"),
        ({"type": "seat", "seat": 1, "value": "bot:9"}, "malformed"),
        ({"type": "lang", "value": "de"}, "malformed"),
        ({"type": "review", "ply": 4}, "malformed"),
        ({"type": "redo"}, "nothing"),
        ({"type": "undo"}, "nothing"),
    ],
)
def test_a_refused_intent_changes_nothing_and_says_why(duel, intent, code):
    before, seats, lang = snapshot(duel), list(duel.seats), duel.lang
    send(duel, intent)
    assert duel.notice["code"] == code and duel.notice["level"] == "error"
    assert snapshot(duel) == before and duel.seats == seats and duel.lang == lang


def test_each_refusal_is_a_new_notice(duel):
    send(duel, {"type": "act", "action": "c1-c5/d5", "ply": 0})
    first = duel.notice["id"]
    send(duel, {"type": "act", "action": "c1-c5/d5", "ply": 0})
    assert duel.notice["id"] == first + 1


def test_no_intent_plays_for_a_bot():
    widget = Sortileges(["bot:1", "human"], seed=3, first=0, bot_delay=5)
    try:
        assert widget.thinking
        send(widget, {"type": "act", "action": widget.state.legal_actions()[0].__str__(), "ply": 0})
        assert widget.notice["code"] == "not-your-turn"
        assert widget.state.ply == 0
    finally:
        widget.close()


def test_after_the_end_every_move_is_refused():
    widget = Sortileges(["human", "human"], seed=1, first=0, options={"files": 3, "ranks": 3})
    while not widget.state.is_terminal():
        widget.play(widget.state.legal_actions()[0])
    before = snapshot(widget)
    send(widget, {"type": "act", "action": "b1-a1/c3", "ply": widget.state.ply})
    assert widget.notice["code"] == "game-over"
    assert snapshot(widget) == before
    assert "winner=" in repr(widget)


def test_undo_and_redo_go_back_to_the_humans_turn(duel):
    duel.play(duel.state.legal_actions()[0])
    after = snapshot(duel)
    send(duel, {"type": "undo"})
    assert duel.state.ply == 0 and duel.state.current_player() == 0 and not duel.thinking
    send(duel, {"type": "redo"})
    assert snapshot(duel) == after


def test_review_shows_the_past_and_blocks_moves_until_back(duel):
    duel.play(duel.state.legal_actions()[0])
    send(duel, {"type": "review", "ply": 0})
    assert duel.review["ply"] == 0 and duel.review["observation"]["ply"] == 0
    send(duel, {"type": "act", "action": duel.observation["legal"][0], "ply": 2})
    assert duel.notice["code"] == "not-your-turn" and duel.state.ply == 2
    send(duel, {"type": "review", "ply": None})
    assert duel.review == {}


def test_settings_from_the_browser(duel):
    send(duel, {"type": "lang", "value": "en"})
    send(duel, {"type": "speed", "value": 99})
    send(duel, {"type": "seat", "seat": 1, "value": "human"})
    assert duel.lang == "en" and duel.bot_delay == 5.0 and duel.seats == ["human", "human"]
    assert duel.notice == {}


def test_hint_suggests_a_legal_turn_for_this_ply(duel):
    send(duel, {"type": "hint"})
    waited = Deadline(30)  # generous: a loaded CI machine; the hint's own budget is 0.05 s
    while not duel.hint and not waited.expired():
        time.sleep(0.02)
    assert duel.hint["ply"] == 0 and duel.hint["action"] in duel.observation["legal"]


class Stubborn(Bot):
    """Thinks until it is cancelled, then answers anyway (a late answer must be dropped)."""

    def __init__(self):
        self.started, self.stopped = threading.Event(), threading.Event()

    def choose(self, state, deadline=None):
        self.started.set()
        while not deadline.cancel.is_set():
            deadline.cancel.wait(0.01)
        self.stopped.set()
        return state.legal_actions()[0]


def test_a_new_game_cancels_the_thinking_bot_and_drops_its_answer():
    stubborn = Stubborn()

    class Slow(Sortileges):
        def make_bot(self, level, seed):
            return stubborn

    widget = Slow(["bot:1", "human"], seed=3, first=0, bot_delay=0, bot_seconds=60)
    try:
        assert stubborn.started.wait(2)
        widget.new_game(seed=4, first=1)
        assert stubborn.stopped.wait(1)
        assert widget.state.ply == 0 and widget.state.current_player() == 1
        assert not widget.thinking
    finally:
        widget.close()


class Crash(Bot):
    def choose(self, state, deadline=None):
        return 1 / 0


def test_a_failing_bot_is_reported_and_the_game_goes_on():
    class Broken(Sortileges):
        def make_bot(self, level, seed):
            return Crash()

    widget = Broken(["bot:1", "human"], seed=3, first=0, bot_delay=0)
    try:
        widget.wait(5)
        assert widget.notice["code"] == "bot" and "division" in widget.notice["params"]["message"]
        assert "random legal move" in widget.notice["params"]["message"]
        assert widget.state.ply == 1 and widget.state.current_player() == 1
        assert not widget.thinking
    finally:
        widget.close()


def test_repr_is_stable_and_says_whose_turn(duel):
    assert repr(duel) == "Sortileges(turn=1, to_move='Têtdevache')"


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 300)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
INTENTS = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "seat", "lang", "speed", "review", "hint"])},
        optional={
            "action": JSON | st.sampled_from(["c1-c2/d5", "c1-b2", "d8-d7/a1"]),
            "ply": JSON,
            "seat": JSON,
            "value": JSON,
        },
    ),
)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(intent=INTENTS)
def test_fuzzed_intents_never_break_the_referee(intent):
    widget = Sortileges(["human", "human"], seed=11, first=0)
    before = snapshot(widget)
    legal = set(widget.observation["legal"])
    send(widget, intent)
    played = (
        isinstance(intent, dict)
        and intent.get("type") == "act"
        and isinstance(intent.get("action"), str)
        and intent["action"] in legal
        and type(intent.get("ply")) is int
        and intent["ply"] == 0
    )
    if played:
        assert widget.state.ply == 1
    else:
        assert snapshot(widget) == before
    assert widget.observation == widget.state.observation(widget.viewer)
    widget.close()


class SmallBoards(Sortileges):
    def choices(self):
        return {"files": [3, 4, 6], "ranks": [3, 4, 8]}


def test_a_new_game_can_change_the_options_offered():
    widget = SmallBoards(["human", "human"], seed=1, first=0)
    send(widget, {"type": "new", "options": {"files": 4, "ranks": 4}})
    assert widget.options["files"] == 4 and widget.observation["files"] == 4
    assert widget.observation["ranks"] == 4 and widget.state.ply == 0
    widget.close()


@pytest.mark.parametrize("options", [{"files": 5}, {"colour": "red"}, ["files", 4], {"files": "4"}])
def test_options_outside_the_choices_are_refused(options):
    widget = SmallBoards(["human", "human"], seed=1, first=0)
    widget.play(widget.state.legal_actions()[0])
    before = snapshot(widget)
    send(widget, {"type": "new", "options": options})
    assert widget.notice["code"] == "malformed" and snapshot(widget) == before
    assert widget.options["files"] == 6
    widget.close()


def test_undo_and_redo_say_when_they_can_be_taken(duel):
    assert (duel.can_undo, duel.can_redo) == (False, False)
    duel.play(duel.state.legal_actions()[0])
    assert (duel.can_undo, duel.can_redo) == (True, False)
    send(duel, {"type": "undo"})
    assert (duel.can_undo, duel.can_redo) == (False, True)
    send(duel, {"type": "redo"})
    assert (duel.can_undo, duel.can_redo) == (True, False)
