"""The Tir de tuyau widget and the base's hidden-information features (curtain, omniscient).

Hidden information is audited on the wire: every message that crosses to the browser is
recorded (widget_wire.Wire) and each observation in it must be one the person at the screen
may see: against a bot only the human's seat; in hot seat the public view while the curtain
is down; between bots the public view unless the omniscient view was turned on.
"""

import json

import pytest
import traitlets

from ludotheque.engines.nains import CARDS
from ludotheque.widgets import Nains
from widget_wire import Wire, act, send

SEED = 424_242


def observations(wire):
    """Every observation (live or reviewed) sent, with the curtain sent in the same message."""
    found = []
    for message in wire.messages:
        state = (message or {}).get("state", {})
        for obs in (state.get("observation"), (state.get("review") or {}).get("observation")):
            if obs:
                found.append((obs, state.get("curtain", "unchanged")))
    return found


def check_secrets(obs, allowed):
    seat = obs["seat"]
    assert seat in allowed, (seat, allowed)
    if seat in (0, 1):
        assert "hands" not in obs and "secret_gnomes" not in obs and "hand" in obs
    elif seat is None:
        assert not {"hand", "hands", "secret_gnomes", "my_gnome"} & set(obs)
    for forbidden in ("draw", "deck", "seed"):
        assert forbidden not in obs


@pytest.fixture
def duel():
    widget = Nains(["human", "bot:2"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.05)
    yield widget
    widget.close()


@pytest.fixture
def hot_seat():
    widget = Nains(["human", "human"], seed=SEED, first=0, bot_delay=0)
    yield widget
    widget.close()


def test_against_a_bot_the_human_sees_only_their_hand(duel):
    wire = Wire(duel)
    assert duel.viewer == 0 and duel.curtain is None and duel.private_information
    assert duel.observation == duel.state.observation(0)
    act(duel, "gnome yellow")
    duel.wait()
    for _ in range(12):
        if duel.state.is_terminal():
            break
        act(duel)
        duel.wait()
        assert duel.observation["hand"] == [CARDS[c].code for c in duel.state.table.hands[0]]
    send(duel, {"type": "review", "ply": 1})
    dump = wire.everything()
    assert str(SEED) not in dump and '"seed"' not in dump
    sent = observations(wire)
    assert len(sent) > 10
    for obs, _ in sent:
        check_secrets(obs, {0})


def test_the_bots_first_gnome_stays_secret_until_both_chose():
    widget = Nains(["bot:2", "human"], seed=SEED, first=0, bot_delay=0)
    try:
        widget.wait()
        obs = widget.observation
        assert obs["seat"] == 1 and obs["chosen"] == [True, False]
        assert obs["moves"] == ["gnome ?"] and obs["teams"] == [[], []]
        act(widget, "gnome red")
        widget.wait()
        assert widget.observation["moves"][0] != "gnome ?"
    finally:
        widget.close()


def test_hot_seat_curtain_falls_after_each_move_and_hides_the_hand(hot_seat):
    w = hot_seat
    wire = Wire(w)
    assert w.curtain == 0 and w.viewer is None and "hand" not in w.observation
    assert w.observation == w.state.observation(None)
    send(w, {"type": "ready"})
    assert w.curtain is None and w.viewer == 0 and w.observation["hand"]
    act(w, "gnome green")
    assert w.curtain == 1 and w.viewer is None
    assert w.observation == w.state.observation(None)
    assert w.observation["moves"] == ["gnome ?"]  # seat 0's choice is not on the screen
    send(w, {"type": "ready"})
    assert w.viewer == 1 and w.observation["chosen"] == [True, False]
    assert w.observation["moves"] == ["gnome ?"] and "my_gnome" not in w.observation
    act(w, "gnome red")
    assert w.curtain == 0 and w.observation["teams"] == [["green"], ["red"]]
    for _ in range(6):
        send(w, {"type": "ready"})
        act(w)
    # every message that lowered the curtain carried the public view
    sent = observations(wire)
    for obs, curtain in sent:
        check_secrets(obs, {0, 1, None})
        if curtain not in (None, "unchanged"):
            assert obs["seat"] is None
    assert any(obs["seat"] == 1 for obs, _ in sent) and any(obs["seat"] == 0 for obs, _ in sent)


def test_no_move_no_hint_and_no_peek_behind_the_curtain(hot_seat):
    w = hot_seat
    before = json.dumps(w.state.to_json())
    act(w, "gnome red")
    assert w.notice["code"] == "not-your-turn" and json.dumps(w.state.to_json()) == before
    send(w, {"type": "hint"})
    assert w.notice["code"] == "not-your-turn" and w.hint == {}
    send(w, {"type": "review", "ply": 0})
    assert w.notice["code"] == "not-your-turn" and w.review == {}
    send(w, {"type": "review", "ply": None})
    send(w, {"type": "ready"})
    send(w, {"type": "ready"})
    assert w.notice["code"] == "nothing"


def test_undo_in_hot_seat_lowers_the_curtain_for_the_seat_to_move(hot_seat):
    w = hot_seat
    send(w, {"type": "ready"})
    act(w, "gnome red")
    send(w, {"type": "ready"})
    act(w, "gnome blue")
    send(w, {"type": "ready"})  # seat 0 plays first
    send(w, {"type": "undo"})
    assert w.state.ply == 1 and w.curtain == 1 and w.viewer is None


def test_bots_are_watched_in_the_public_view_unless_omniscient_is_on():
    widget = Nains(["bot:1", "bot:2"], seed=SEED, bot_delay=0, bot_seconds=0.05)
    wire = Wire(widget)
    try:
        assert widget.viewer is None and "hand" not in widget.observation
        for obs, _ in observations(wire):
            check_secrets(obs, {None})
        send(widget, {"type": "omniscient", "value": True})
        assert widget.omniscient
        obs = widget.observation
        assert obs["seat"] == "omniscient" and len(obs["hands"]) == 2
        assert "draw" not in obs
        send(widget, {"type": "omniscient", "value": False})
        assert "hands" not in widget.observation
        send(widget, {"type": "omniscient", "value": "yes"})
        assert widget.notice["code"] == "malformed"
    finally:
        widget.close()


def test_omniscient_is_refused_and_reset_while_a_human_plays(duel):
    send(duel, {"type": "omniscient", "value": True})
    assert duel.notice["code"] == "hands-private" and not duel.omniscient
    with pytest.raises(traitlets.TraitError):
        duel.omniscient = True  # refused from Python too
    assert duel.observation["seat"] == 0 and "hands" not in duel.observation
    watch = Nains(["bot:1", "bot:1"], seed=SEED, bot_delay=5)
    try:
        send(watch, {"type": "omniscient", "value": True})
        send(watch, {"type": "seat", "seat": 0, "value": "human"})  # sit down knowing it all
        assert watch.notice["code"] == "hands-private" and watch.seats == ["bot:1", "bot:1"]
        send(watch, {"type": "omniscient", "value": False})
        send(watch, {"type": "new"})  # a new deal no one has seen: anyone may sit down
        send(watch, {"type": "seat", "seat": 0, "value": "human"})
        assert not watch.omniscient and watch.observation["seat"] == 0
        assert "hands" not in watch.observation
    finally:
        watch.close()


@pytest.mark.parametrize(
    "action, code",
    [
        ("play S3", "illegal"),  # after set-up: a card the human does not hold (checked below)
        ("gnome purple", "malformed"),
        ("contre +R", "illegal"),
    ],
)
def test_forged_and_stale_intents_are_refused(duel, action, code):
    act(duel, "gnome red")
    duel.wait()
    hand = duel.observation["hand"]
    if action == "play S3" and "S3" in hand:
        action = "play +M red" if "+M" not in hand else "play R2B0"
    before = json.dumps(duel.state.to_json())
    send(duel, {"type": "act", "action": action, "ply": duel.observation["ply"]})
    assert duel.notice["code"] == code and json.dumps(duel.state.to_json()) == before
    send(duel, {"type": "act", "action": duel.observation["legal"][0], "ply": 0})
    assert duel.notice["code"] == "stale"


def test_out_of_turn_while_the_bot_thinks_and_hint_for_the_bot_refused():
    widget = Nains(["bot:2", "human"], seed=SEED, first=0, bot_delay=5)
    try:
        send(widget, {"type": "act", "action": "gnome red", "ply": 0})
        assert widget.notice["code"] == "not-your-turn"
        send(widget, {"type": "hint"})
        assert widget.notice["code"] == "not-your-turn" and widget.hint == {}
        assert widget.state.ply == 0
    finally:
        widget.close()


def test_counters_are_options_of_a_new_game(duel):
    contre = duel.game_info["options"]["contre"]
    assert [choice["value"] for choice in contre["choices"]] == [False, True]
    assert contre["label"]["fr"] and contre["choices"][1]["label"]["en"] != "True"
    send(duel, {"type": "new", "options": {"contre": True, "surcontre": True}})
    assert duel.options["contre"] and duel.options["surcontre"] and not duel.options["sursurcontre"]
    assert duel.state.game.options["contre"]


def test_repr_is_stable(duel):
    assert repr(duel) == "Nains(turn=1, to_move='Nabot')"


def test_no_undo_is_offered_under_the_curtain(hot_seat):
    send(hot_seat, {"type": "ready"})
    act(hot_seat, "gnome red")  # seat 1 is called to the screen
    assert hot_seat.curtain == 1 and hot_seat.state.ply == 1
    assert (hot_seat.can_undo, hot_seat.can_redo) == (False, False)
