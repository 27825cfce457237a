"""The analysis overlay and the scored hint: intents checked, computed in the background,
tied to the live ply, dropped when the game moves on, and nothing secret sent."""

import time

import pytest

from ludotheque.engines.sortileges.fast import warm_up
from ludotheque.widgets import Sortileges
from widget_wire import Wire, send

SEED = 424_242


@pytest.fixture(autouse=True, scope="module")
def compiled():
    warm_up()


@pytest.fixture
def duel():
    widget = Sortileges(["human", "bot:1"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.2)
    yield widget
    widget.close()


def ready(widget, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        analysis = widget.observation.get("analysis", {})
        if analysis.get("status") in ("done", "over"):
            return analysis
        time.sleep(0.02)
    raise AssertionError(f"no analysis after {timeout} s: {widget.observation.get('analysis')}")


def test_off_by_default_and_the_observation_is_the_engines(duel):
    assert "analysis" not in duel.observation
    assert duel.observation == duel.state.observation(0)


def test_the_analysis_intent_shows_values_territory_and_a_line(duel):
    send(duel, {"type": "analysis", "on": True})
    assert duel.observation["analysis"]["status"] in ("thinking", "done")
    analysis = ready(duel)
    obs = duel.observation
    assert analysis["ply"] == obs["ply"] and analysis["seat"] == obs["to_move"] == 0
    assert set(analysis["steps"]) == set(obs["turns"])  # one value per step square
    assert all(
        set(v) <= {"score", "win", "loss"} and len(v) == 1 for v in analysis["steps"].values()
    )
    assert analysis["best"] in obs["legal"]
    assert analysis["pv"][0]["seat"] == 0 and analysis["pv"][0]["from"] == obs["witches"][0]
    owned = set(analysis["territory"])
    assert owned and not owned & set(obs["spells"]) and not owned & set(obs["witches"])
    assert set(analysis["territory"].values()) <= {0, 1}
    send(duel, {"type": "analysis", "on": False})
    assert "analysis" not in duel.observation


def test_a_move_replaces_the_analysis_by_one_of_the_new_position(duel):
    duel.show_analysis()
    ready(duel)
    send(duel, {"type": "act", "action": duel.observation["legal"][0], "ply": 0})
    duel.wait()
    assert duel.observation["ply"] == 2
    analysis = ready(duel)
    assert analysis["ply"] == 2 and analysis["status"] == "done"


def test_the_game_over_analysis_says_so():
    widget = Sortileges(
        ["human", "human"],
        seed=1,
        first=0,
        witches=["c1", "a8"],
        spells=["a7", "b7"],
        bot_seconds=0.2,
    )
    widget.play("c1-c2/b8")
    widget.show_analysis()
    assert widget.observation["analysis"] == {"ply": 1, "status": "over"}
    widget.close()


@pytest.mark.parametrize(
    "intent",
    [
        {"type": "analysis"},
        {"type": "analysis", "on": 1},
        {"type": "analysis", "on": "yes"},
        {"type": "analysis", "on": None},
    ],
)
def test_malformed_analysis_intents_change_nothing(duel, intent):
    before = dict(duel.observation)
    send(duel, intent)
    assert duel.notice["code"] == "malformed"
    assert duel.observation == before


def test_the_hint_carries_a_score(duel):
    send(duel, {"type": "hint"})
    deadline = time.monotonic() + 10
    while not duel.hint and time.monotonic() < deadline:
        time.sleep(0.02)
    assert duel.hint["ply"] == 0 and duel.hint["action"] in duel.observation["legal"]
    assert set(duel.hint["score"]) <= {"score", "win", "loss"}


def test_the_analysis_sends_no_seed():
    widget = Sortileges(["human", "bot:5"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.1)
    wire = Wire(widget)
    widget.send_state()
    widget.show_analysis()
    ready(widget)
    send(widget, {"type": "act", "action": widget.observation["legal"][0], "ply": 0})
    widget.wait()
    ready(widget)
    dump = wire.everything()
    assert str(SEED) not in dump and '"seed"' not in dump
    widget.close()


def test_a_failed_analysis_says_so_instead_of_thinking_forever(monkeypatch):
    import ludotheque.widgets.sortileges as module

    def broken(position, deadline):
        raise RuntimeError("no analysis today")

    monkeypatch.setattr(module, "analyse", broken)
    widget = Sortileges(["human", "human"], seed=3, first=0)
    try:
        widget.show_analysis()
        result = widget.wait_analysis(10)
        assert result["status"] == "failed" and result["ply"] == 0
        assert (
            widget.notice["code"] == "bot"
            and "no analysis today" in widget.notice["params"]["message"]
        )
    finally:
        widget.close()
