"""The Sorcière widget as referee: drag pulls with a dexterity, forged intents refused, the
risk view, and an audit of everything synced (no face-down card ever crosses)."""

import json
import pathlib

import pytest

from ludotheque.widgets import Sorciere
from widget_wire import Wire, send

SEED = 424_242


def snapshot(widget):
    return json.dumps(widget.state.to_json())


@pytest.fixture
def table():
    widget = Sorciere(
        ["human", "bot:1", "bot:2"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.05
    )
    yield widget
    widget.close()


def test_a_dragged_pull_with_its_dexterity_is_played_and_the_bots_reply(table):
    send(table, {"type": "act", "action": "pull 14@0.87", "ply": 0})
    table.wait()
    assert str(table.state.history[0]) == "pull 14@0.87"
    assert table.state.events[0][0]["dexterity"] == 0.87
    assert table.notice == {} and table.state.ply >= 1


@pytest.mark.parametrize(
    "action, code",
    [
        ("pull 14@1.5", "malformed"),
        ("pull 14@-0.01", "malformed"),
        ("pull 14@nan", "malformed"),
        ("pull 14@NaN", "malformed"),
        ("pull 14@inf", "malformed"),
        ("pull 14@1e9", "malformed"),
        ("pull 14@abc", "malformed"),
        ("pull 14@", "malformed"),
        ("pull 99@0.5", "malformed"),
        ("put 14", "illegal"),
        ("next", "illegal"),
        ("steal 3", "malformed"),
    ],
)
def test_forged_dexterity_or_positions_are_refused_and_change_nothing(table, action, code):
    before = snapshot(table)
    send(table, {"type": "act", "action": action, "ply": 0})
    assert table.notice["code"] == code and table.notice["level"] == "error"
    assert snapshot(table) == before


def test_a_card_that_is_not_there_cannot_be_pulled(table):
    table.play("pull 14@0.9")  # then the bots play
    ply = table.state.ply
    if table.state.current_player() == 0 and table.state.phase == "pull":
        before = snapshot(table)
        send(table, {"type": "act", "action": "pull 14@0.9", "ply": ply})
        assert table.notice["code"] == "illegal" and snapshot(table) == before


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_the_risk_intent_wants_a_boolean(table, value):
    send(table, {"type": "risk", "value": value})
    assert table.notice["code"] == "malformed" and "risk" not in table.observation


def test_a_pupils_browser_cannot_turn_the_risk_view_on_unless_the_teacher_allows_it(table):
    send(table, {"type": "risk", "value": True})
    assert table.notice["code"] == "teacher-only" and "risk" not in table.observation
    assert not table.risk_button


def test_the_risk_view_adds_public_risks_only_when_on(table):
    assert "risk" not in table.observation
    table.risk_button = True
    send(table, {"type": "risk", "value": True})
    risk = table.observation["risk"]
    assert len(risk) == 36 and all(0 < p < 1 for p in risk)
    other = Sorciere(["human", "bot:1", "bot:2"], seed=SEED + 1, first=0, risk_view=True)
    assert other.observation["risk"] == risk  # the same structure, other faces: same risks
    other.close()
    send(table, {"type": "risk", "value": False})
    assert "risk" not in table.observation


def test_player_count_is_an_option_and_seats_follow(table):
    players = table.game_info["options"]["players"]
    assert [choice["value"] for choice in players["choices"]] == [2, 3, 4]
    send(table, {"type": "new", "options": {"players": 4}})
    assert len(table.seats) == 4 and table.state.game.players == 4
    send(table, {"type": "new", "options": {"players": 5}})
    assert table.notice["code"] == "malformed" and len(table.seats) == 4


def test_hot_seat_shows_the_player_to_move():
    widget = Sorciere(["human", "human"], options={"players": 2}, seed=3, first=1, bot_delay=0)
    assert widget.viewer == 1 and widget.observation["targets"]
    widget.close()


def test_nothing_secret_is_ever_synced():
    widget = Sorciere(
        ["human", "bot:3", "bot:4"],
        seed=SEED,
        first=0,
        bot_delay=0,
        bot_seconds=0.05,
        risk_view=True,
    )
    wire = Wire(widget)
    published = []
    original = widget.table.publish

    def recording(view):
        original(view)
        published.append((dict(widget.table.live.known), widget.observation))

    widget.table.publish = recording
    widget.send_state()
    for _ in range(40):
        widget.wait()
        obs = widget.observation
        if obs["terminal"]:
            break
        legal = obs["legal"]
        action = legal[len(legal) // 2]
        if action.startswith("pull"):
            action += "@0.6"
        send(widget, {"type": "act", "action": action, "ply": obs["ply"]})
    send(widget, {"type": "review", "ply": 1})
    send(widget, {"type": "hint"})
    widget.wait()
    dump = wire.everything()
    assert len(wire.messages) > 10 and published
    assert str(SEED) not in dump and '"seed"' not in dump and "slot_card" not in dump
    for known, observation in published:
        shown = {s["slot"]: s["known"] for s in observation["slots"] if s["known"] is not None}
        assert shown == known  # a face shows only for a card put back in view of all
        assert all(
            set(s) == {"slot", "x", "y", "angle", "ring", "walls", "z", "known"}
            for s in observation["slots"]
        )
    widget.close()


def test_repr_is_stable():
    widget = Sorciere(seed=1, first=0)
    assert repr(widget) == "Sorciere(turn=1, to_move='Hansel')"
    widget.close()


def test_the_js_fixture_describes_the_game_as_the_widget_does():
    """js/tests/fixtures/sorciere.json's `game_info` is what the widget syncs (labels too)."""
    fixture = (
        pathlib.Path(__file__).resolve().parents[2] / "js" / "tests" / "fixtures" / "sorciere.json"
    )
    widget = Sorciere(seed=1)
    try:
        assert json.loads(fixture.read_text())["game_info"] == widget.game_info
    finally:
        widget.close()
