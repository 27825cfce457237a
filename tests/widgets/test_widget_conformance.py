"""What every game widget must do, checked on every widget the registry finds (the four
games, and any toy game of tests/toy_games/): a new game gets these tests by existing."""

import inspect
import json
import threading

import numpy  # noqa: F401  hypothesis peeks at sys.modules["numpy"], which Sortilèges' warm-up thread may be importing
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque.engines.bots import bots_of
from ludotheque.engines.core import Reason, RulesError, in_language
from ludotheque.widgets import GameWidget
from ludotheque.widgets.intents import BASE_INTENTS, HIDDEN_INTENTS
from widget_wire import Wire, browser_write, send

WIDGETS = sorted(GameWidget.registry)
HOSTILE = [None, True, 10**400, float("nan"), "\ud800", ["zzz"], {"seat": 1}, "x" * 10_000]


@pytest.fixture(params=WIDGETS)
def widget(request):
    made = GameWidget.registry[request.param](seed=12345, bot_delay=0, bot_seconds=0.05)
    made.wait(30)
    yield made
    made.close()


@pytest.mark.parametrize("name", WIDGETS)
def test_a_game_widget_extends_the_base_only_through_its_hooks(name):
    """No underscore method of the base is overridden, but a game's own intent handlers."""
    cls = GameWidget.registry[name]
    base_private = {
        name
        for name, value in vars(GameWidget).items()
        if name.startswith("_")
        and not name.startswith("__")
        and (inspect.isfunction(value) or isinstance(value, property))
    }
    base_private |= {f"_intent_{kind}" for kind in {**BASE_INTENTS, **HIDDEN_INTENTS}}
    for klass in cls.__mro__[: cls.__mro__.index(GameWidget)]:
        overridden = base_private & set(vars(klass))
        assert not overridden, f"{klass.__name__} overrides the base's {sorted(overridden)}"
        for kind in getattr(klass, "intents", {}):
            assert hasattr(cls, f"_intent_{kind}"), f"{name}: intent {kind!r} has no handler"


def test_the_synced_observation_is_the_viewers(widget):
    shown = widget.observation
    assert shown["seat"] == widget.viewer
    engine_view = widget.state.observation(widget.viewer)
    assert {key: shown[key] for key in engine_view} == engine_view
    assert json.loads(json.dumps(shown)) == shown


def test_no_trait_is_written_from_the_browser(widget):
    for name in sorted(n for n in widget.trait_names(sync=True) if not n.startswith("_")):
        for value in HOSTILE:
            before = json.dumps(widget.get_state(), default=str)
            wire = Wire(widget)
            browser_write(widget, {name: value})
            assert json.dumps(widget.get_state(), default=str) == before, (name, value)
            assert [m["method"] for m in wire.messages] == ["update"]  # the truth, no echo


def test_a_move_reaches_the_browser_in_one_message(widget):
    widget.bot_delay = 5  # the bot's reply, if any, comes later
    wire = Wire(widget)
    obs = widget.observation
    send(widget, {"type": "act", "action": obs["legal"][0], "ply": obs["ply"]})
    updates = [m for m in wire.messages if m["method"] == "update"]
    assert len(updates) == 1 and "observation" in updates[0]["state"]
    assert updates[0]["state"]["observation"]["ply"] == obs["ply"] + 1


@pytest.mark.parametrize(
    "intent, code",
    [
        ({"type": "act", "action": "\ud800" * 300, "ply": 0}, "malformed"),
        ({"type": "act", "action": "zz", "ply": -1}, "stale"),
        ({"type": ["act"]}, "malformed"),
        ({"type": "speed", "value": float("nan")}, "malformed"),
        ({"type": "new", "options": {"zzz": 1}}, "malformed"),
        ({"type": "review", "ply": 10**400}, "malformed"),
        ({"type": "seat", "seat": 0, "value": "bot:zzz"}, "malformed"),
    ],
)
def test_a_refusal_changes_nothing_and_says_why(widget, intent, code):
    before = json.dumps(widget.state.to_json())
    send(widget, intent)
    assert widget.notice["code"] == code
    assert json.dumps(widget.state.to_json()) == before


def test_a_move_refused_from_python_is_refused_in_the_widgets_language(widget):
    """A pupil's `partie.play(...)` in a French notebook reads why in French: the same
    refusal (class, code, reason) as in English, worded for the widget's `lang`."""
    before = json.dumps(widget.state.to_json())
    raised = {}
    for lang in ("fr", "en"):
        widget.lang = lang
        with pytest.raises(RulesError) as refused:
            widget.play("zz", wait=False)
        raised[lang] = refused.value
    french, english = raised["fr"], raised["en"]
    assert type(french) is type(english) and french.code == english.code
    assert str(english) == english.reason and str(french) == in_language(french.reason, "fr")
    if isinstance(english.reason, Reason):  # a game that words its refusals (the four do)
        assert str(french) != str(english)
    assert json.dumps(widget.state.to_json()) == before


def test_the_repr_is_stable(widget):
    text = repr(widget)
    assert "0x" not in text and text.startswith(type(widget).__name__ + "(")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=300),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


NEAR_VALID = ["c1-c2/d5", "pull 14@0.9", "step", "gnome red", "human", "bot:1", 0, 1, True]


@pytest.mark.parametrize("name", WIDGETS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_intents_are_played_or_refused_with_a_notice(name, data):
    widget = GameWidget.registry[name](seed=7, bot_delay=5, bot_seconds=0.05)
    try:
        kinds = sorted(widget.intents)
        intent = data.draw(
            JSON
            | st.fixed_dictionaries(
                {"type": st.sampled_from(kinds)},
                optional={
                    field: JSON | st.sampled_from(NEAR_VALID)
                    for field in ("action", "ply", "seat", "value", "on", "seed", "options")
                },
            )
        )
        before, notices = json.dumps(widget.state.to_json()), widget._notice_id
        send(widget, intent)
        refused = widget._notice_id > notices
        if refused:
            assert widget.notice["level"] == "error" and widget.notice["code"] != "internal"
            assert json.dumps(widget.state.to_json()) == before
        else:
            assert isinstance(intent, dict) and intent.get("type") in widget.intents
        assert widget.observation["seat"] == widget.viewer
    finally:
        widget.close()


@pytest.mark.parametrize("name", WIDGETS)
def test_a_game_with_compiled_levels_warms_them_up_when_its_widget_is_made(name, monkeypatch):
    """A player's first move against a compiled level must not wait for numba (some 20 s
    on a fresh machine): the base starts the game's `warm_up`, if it has one, in the
    background."""
    cls = GameWidget.registry[name]
    bots = bots_of(cls.game_class)
    if not hasattr(bots, "warm_up"):
        pytest.skip(f"{name} has no compiled level")
    called = threading.Event()
    monkeypatch.setattr(bots, "warm_up", lambda: called.set() or 0.0)
    made = cls(seed=12345, bot_delay=0, bot_seconds=0.05)
    try:
        assert called.wait(10)
    finally:
        made.close()
