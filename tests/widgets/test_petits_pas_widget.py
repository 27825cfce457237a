"""The A Petits Pas widget as a referee: the step intent, stale and late intents, undo, the
autoplay bot, a new deal under another reading, the replay of a deal by its number, the
deal's number kept secret until the end, and an audit of everything sent to the browser:
no card of the stock ever crosses before it is dealt.

Run as a script with `--write-fixtures` to rewrite js/tests/fixtures/petits_pas.json (the
observations the JS tests draw); `test_js_fixtures_are_current` keeps it in step.
"""

from __future__ import annotations

import json
import pathlib
import sys
import time

import anywidget
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque.engines.petits_pas import CHOICES
from ludotheque.engines.petits_pas import PetitsPas as Rules
from ludotheque.engines.petits_pas.cards import DECK, RANK_LABELS, SYMBOLS
from ludotheque.widgets import PetitsPas
from ludotheque.widgets.base import GameWidget
from widget_wire import Wire, send

SEED = 918_273_645  # a long number: it cannot turn up in a count by chance
FIXTURES = (
    pathlib.Path(__file__).resolve().parents[2] / "js" / "tests" / "fixtures" / "petits_pas.json"
)


def snapshot(widget):
    return json.dumps([widget.state.to_json(), widget.seats])


def step(widget):
    send(widget, {"type": "act", "action": "step", "ply": widget.observation["ply"]})


@pytest.fixture
def deal():
    widget = PetitsPas(seed=SEED, bot_delay=0)
    yield widget
    widget.close()


# -- intents ----------------------------------------------------------------------------
def test_a_step_plays_one_step_and_explains_it(deal):
    before = deal.observation
    step(deal)
    after = deal.observation
    assert after["ply"] == 1 and deal.state.ply == 1 and deal.notice == {}
    assert after["events"] and len(after["explained"]["fr"]) == len(after["events"])
    assert after["explained"]["en"][0] != after["explained"]["fr"][0]
    assert after != before and deal.seats == ["human"]


@pytest.mark.parametrize(
    "intent, code",
    [
        ({"type": "act", "action": "step", "ply": 1}, "stale"),
        ({"type": "act", "action": "step", "ply": -1}, "stale"),
        ({"type": "act", "action": "jump", "ply": 0}, "malformed"),
        ({"type": "act", "action": "step", "ply": "0"}, "malformed"),
        ({"type": "act", "action": "step"}, "malformed"),
        ({"type": "replay", "seed": -1}, "malformed"),
        ({"type": "replay", "seed": 2**128}, "malformed"),
        ({"type": "replay", "seed": str(2**128)}, "malformed"),
        ({"type": "replay", "seed": "-12"}, "malformed"),
        ({"type": "replay", "seed": "1e3"}, "malformed"),
        ({"type": "replay", "seed": "１２"}, "malformed"),
        ({"type": "replay", "seed": 12.0}, "malformed"),
        ({"type": "replay", "seed": True}, "malformed"),
        ({"type": "replay"}, "malformed"),
        ({"type": "replay", "seed": 12, "options": {"take": "all"}}, "malformed"),
        ({"type": "replay", "seed": 12, "options": ["take", "lower"]}, "malformed"),
        ({"type": "new", "options": {"take": "all"}}, "malformed"),
        ({"type": "new", "options": {"colour": "red"}}, "malformed"),
        ({"type": "seat", "seat": 0, "value": "bot:3"}, "malformed"),
        ({"type": "seat", "seat": 1, "value": "human"}, "malformed"),
        ({"type": "redo"}, "nothing"),
        ({"type": "undo"}, "nothing"),
    ],
)
def test_a_refused_intent_changes_nothing_and_says_why(deal, intent, code):
    before = snapshot(deal)
    send(deal, intent)
    assert deal.notice["code"] == code and deal.notice["level"] == "error"
    assert snapshot(deal) == before


def test_a_second_step_on_the_same_ply_is_stale(deal):
    intent = {"type": "act", "action": "step", "ply": 0}
    send(deal, intent)
    send(deal, intent)  # a double press: the browser acted on ply 0 twice
    assert deal.state.ply == 1 and deal.notice["code"] == "stale"


def test_after_the_end_a_step_is_refused(deal):
    deal.finish()
    before = snapshot(deal)
    send(deal, {"type": "act", "action": "step", "ply": deal.observation["ply"]})
    assert deal.notice["code"] == "game-over" and snapshot(deal) == before
    assert deal.observation["terminal"] and deal.observation["legal"] == []


def test_undo_takes_back_exactly_one_step_and_redo_replays_it(deal):
    for _ in range(3):
        step(deal)
    after = deal.observation
    send(deal, {"type": "undo"})
    assert deal.state.ply == 2 and deal.observation["ply"] == 2
    send(deal, {"type": "redo"})
    assert deal.observation == after


def test_undo_after_the_end_reopens_the_deal(deal):
    deal.finish()
    send(deal, {"type": "undo"})
    assert not deal.observation["terminal"] and deal.deal_number is None
    step(deal)
    assert deal.observation["terminal"] and deal.deal_number == SEED


# -- autoplay ---------------------------------------------------------------------------
def test_play_to_the_end_is_the_auto_seat_and_stops_at_the_end(deal):
    assert deal.levels == ["auto"] and deal.seats == ["human"]
    send(deal, {"type": "seat", "seat": 0, "value": "bot:auto"})
    deal.wait(30)
    assert deal.state.is_terminal() and deal.observation["terminal"]
    assert deal.observation["result"] in ("won", "lost") and not deal.thinking
    assert deal.observation == deal.state.observation(None) and deal.deal_number == SEED
    twin = Rules().new_game(seed=SEED)
    while not twin.is_terminal():
        twin.apply("step")
    assert deal.state.to_json() == twin.to_json()


def test_pause_stops_the_autoplay():
    widget = PetitsPas(seed=SEED, bot_delay=5)
    try:
        send(widget, {"type": "seat", "seat": 0, "value": "bot:auto"})
        assert widget.thinking
        send(widget, {"type": "seat", "seat": 0, "value": "human"})
        assert not widget.thinking and widget.state.ply == 0
        step(widget)
        assert widget.state.ply == 1
    finally:
        widget.close()


def test_no_step_from_the_browser_while_autoplaying():
    widget = PetitsPas(["bot:auto"], seed=SEED, bot_delay=5)
    try:
        step(widget)
        assert widget.notice["code"] == "not-your-turn" and widget.state.ply == 0
    finally:
        widget.close()


def test_a_new_deal_from_the_browser_starts_paused():
    widget = PetitsPas(["bot:auto"], seed=SEED, bot_delay=5)
    try:
        send(widget, {"type": "new"})
        assert widget.seats == ["human"] and not widget.thinking and widget.state.ply == 0
        widget.autoplay()
        send(widget, {"type": "replay", "seed": 5})
        assert widget.seats == ["human"] and not widget.thinking and widget.state.seed == 5
    finally:
        widget.close()


def test_python_api_step_finish_autoplay():
    widget = PetitsPas(seed=3, bot_delay=0)
    widget.step(4)
    assert widget.state.ply == 4 and repr(widget).startswith("PetitsPas(steps=4, stock=")
    widget.finish()
    assert widget.state.is_terminal() and widget.deal_number == 3
    assert repr(widget) == f"PetitsPas(steps={widget.state.ply}, won, left=0)"
    widget.step()  # nothing left to do: no error
    widget.new_game(seed=3)
    widget.autoplay()
    widget.wait(30)
    assert widget.state.is_terminal() and widget.seats == ["bot:auto"]
    widget.close()


# -- readings and replay -----------------------------------------------------------------
def test_the_readings_are_the_choices_and_a_new_deal_changes_them(deal):
    offered = {
        name: [choice["value"] for choice in option["choices"]]
        for name, option in deal.game_info["options"].items()
    }
    assert offered == {name: list(values) for name, values in CHOICES.items()}
    step(deal)
    send(deal, {"type": "new", "options": {"take": "lower", "ace": "high"}})
    assert deal.notice == {} and deal.state.ply == 0
    assert deal.options["take"] == "lower" and deal.options["ace"] == "high"
    assert deal.observation["reading"]["take"] == "lower"
    assert deal.state.seed != SEED
    send(deal, {"type": "new"})  # keeps the reading
    assert deal.options["take"] == "lower"


def test_replay_a_deal_by_its_number_under_the_chosen_reading(deal):
    deal.finish()
    number, result = deal.deal_number, deal.observation["result"]
    send(deal, {"type": "new"})
    send(deal, {"type": "replay", "seed": number})
    assert deal.state.seed == SEED and deal.state.ply == 0 and deal.deal_number is None
    deal.finish()
    assert deal.observation["result"] == result
    send(deal, {"type": "replay", "seed": number, "options": {"refill": "close-up"}})
    assert deal.state.seed == SEED and deal.options["refill"] == "close-up"
    expected = Rules(refill="close-up").new_game(seed=SEED)
    assert deal.observation == expected.observation(0)
    send(
        deal, {"type": "replay", "seed": str(2**128 - 1)}
    )  # digits: a browser's numbers stop at 2**53
    assert deal.state.seed == 2**128 - 1 and deal.notice == {}
    deal.finish()
    assert deal.deal == str(2**128 - 1)


# -- the deal's number: secret while the deal is in play --------------------------------
def test_the_deal_number_is_absent_during_play_and_present_after():
    widget = PetitsPas(seed=SEED, bot_delay=0)
    wire = Wire(widget)
    widget.send_state()
    while not widget.state.is_terminal():
        assert widget.deal_number is None
        step(widget)
        if not widget.state.is_terminal():
            assert str(SEED) not in wire.everything() and '"seed"' not in wire.everything()
    assert widget.deal_number == SEED
    assert str(SEED) in json.dumps(wire.messages[-3:])
    assert "seed" not in json.dumps(widget.observation)  # the observation itself never has it
    widget.close()


def test_a_deal_has_a_name_a_class_can_share_and_the_line_shown_replays_it():
    """A teacher's number is the deal's name as it was typed; a drawn one stays long (128
    bits: unguessable), shown in blocks of three, and the widget's line "to replay it:
    PetitsPas(seed=340_282_…, options={…})" (js/src/petits_pas/board.js, `replayCall`: the
    same blocks, Python's underscores, the readings that differ from the defaults) replays
    the very same deal."""
    chosen = PetitsPas(seed=21)
    assert chosen.deal is None  # even a number the teacher typed waits for the deal's end
    chosen.finish()
    assert chosen.deal == "21" and chosen.deal_number == 21
    chosen.close()

    drawn = PetitsPas(options={"take": "lower"})
    drawn.finish()
    number = drawn.deal
    assert number.isdigit() and len(number) >= 20  # below 10**19: one chance in 2**64
    call = f'PetitsPas(seed={int(number):_}, options={{"take": "lower"}})'
    assert call.startswith(f"PetitsPas(seed={number[: len(number) % 3 or 3]}_")
    again = eval(call, {"PetitsPas": PetitsPas})  # what a student types from the widget
    again.finish()
    assert again.deal == number
    assert again.state.to_json() == drawn.state.to_json()
    drawn.close()
    again.close()


def test_a_deal_given_as_a_deck_has_no_number():
    deck = [str(card) for card in reversed(DECK)]
    widget = PetitsPas(seed=SEED, deck=deck)
    widget.finish()
    assert widget.state.is_terminal() and widget.deal_number is None
    widget.close()


# -- what crosses to the browser ---------------------------------------------------------
def test_only_the_observation_and_ui_settings_are_synced(deal):
    """The base's traits (observation and UI settings, audited in test_sync_audit.py) and
    one of this game's own: the deal's number."""
    anywidget_traits = set(anywidget.AnyWidget.class_trait_names(sync=True))
    base = set(GameWidget.class_trait_names(sync=True)) - anywidget_traits
    own = {
        name
        for name in deal.trait_names(sync=True)
        if name not in anywidget_traits and name[0] != "_"
    }
    assert own - base == {"deal"} and "observation" in base
    assert deal.observation == deal.state.observation(0)


def card_forms(card) -> set[str]:
    """Every way a card may be written to the browser: its text and its labels."""
    text = str(card)
    forms = {f'"{text}"'}
    for labels in RANK_LABELS.values():
        forms.add(labels[card.rank - 1] + SYMBOLS[card.suit])
    return forms


FORMS = {card: card_forms(card) for card in DECK}


class AuditWire(Wire):
    """Checks each message as it is sent against the deal as it stands at that moment: no
    card that has never been dealt (in this deal) and, while the deal is in play, not the
    seed. (A message is sent by the thread that changed the state, holding the lock.)"""

    def __init__(self, widget):
        super().__init__(widget)
        self.checked = 0
        self.state_id = None
        self.dealt: set = set()

    def _record(self, data=None, metadata=None, buffers=None):
        super()._record(data, metadata, buffers)
        state = self.widget.table.live
        if id(state) != self.state_id:
            self.state_id, self.dealt = id(state), set()
        table = state.table
        self.dealt |= {card for card in DECK if card not in table.stock}
        text = json.dumps(self.messages[-1], ensure_ascii=False)
        for card in set(table.stock) - self.dealt:
            leaked = [form for form in FORMS[card] if form in text]
            assert not leaked, f"{card} crossed before it was dealt: {leaked}"
        if not state.is_terminal():
            assert str(state.seed) not in text, "the seed crossed during play"
        self.checked += 1


READINGS = [
    {},
    {"take": "lower"},
    {"refill": "close-up"},
    {"nowhere": "far-left"},
    {"adjacent": "book", "ace": "high"},
]


def test_no_card_crosses_to_the_browser_before_it_is_dealt():
    widget = PetitsPas(seed=SEED, bot_delay=0, lang="en")
    wire = AuditWire(widget)
    widget.send_state()
    for number, reading in enumerate(READINGS):
        send(widget, {"type": "replay", "seed": SEED + number, "options": reading})
        while not widget.state.is_terminal():
            step(widget)
            if widget.state.ply % 7 == 3:  # take a step back now and then, and look back
                send(widget, {"type": "undo"})
                send(widget, {"type": "review", "ply": widget.state.ply // 2})
                send(widget, {"type": "review", "ply": None})
                send(widget, {"type": "lang", "value": "fr" if widget.lang == "en" else "en"})
                step(widget)
    # and deals that play themselves, from a bot thread
    widget.bot_delay = 0
    for number in range(3):
        send(widget, {"type": "replay", "seed": SEED + 100 + number})
        send(widget, {"type": "seat", "seat": 0, "value": "bot:auto"})
        widget.wait(30)
        assert widget.state.is_terminal()
    send(widget, {"type": "new"})
    step(widget)
    assert wire.checked > 500
    widget.close()


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    intent=st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "replay", "new", "seat", "undo", "review"])},
        optional={
            "action": st.sampled_from(["step", "STEP", "jump", ""]) | st.integers(),
            "ply": st.integers(-2, 3) | st.none() | st.text(max_size=2),
            "seed": st.integers(-5, 2**33) | st.floats(allow_nan=False) | st.text(max_size=3),
            "options": st.dictionaries(
                st.sampled_from(["take", "ace", "x"]),
                st.sampled_from(["one", "lower", "high", 3]),
                max_size=2,
            ),
            "seat": st.integers(-1, 1),
            "value": st.sampled_from(["human", "bot:auto", "bot:1"]),
        },
    )
)
def test_fuzzed_intents_never_break_the_referee(intent):
    widget = PetitsPas(seed=11, bot_delay=5)
    try:
        send(widget, intent)
        assert widget.observation == widget.state.observation(widget.viewer)
        assert widget.seats in (["human"], ["bot:auto"])
        if not widget.state.is_terminal():
            assert widget.deal_number is None
    finally:
        widget.close()


# -- the observations the JS tests draw ---------------------------------------------------
def _first(seeds, options, wanted):
    """(before, after) observations of the first step, over deals `seeds`, whose events
    satisfy `wanted`."""
    for seed in seeds:
        state = Rules(**options).new_game(seed=seed)
        while not state.is_terminal():
            before = state.observation(0)
            state.apply("step")
            if wanted(state.events[-1]):
                return [before, state.observation(0)]
    raise LookupError("no such step")


def js_fixtures() -> dict:
    kinds = lambda events: [event["kind"] for event in events]  # noqa: E731
    ended = {}
    for seed in range(40):
        state = Rules().new_game(seed=seed)
        while not state.is_terminal():
            state.apply("step")
        ended.setdefault(state.table.result, state.observation(0))
    wide = None
    state = Rules().new_game(seed=26)
    while wide is None and not state.is_terminal():
        state.apply("step")
        if len(state.table.places) >= 8:
            wide = state.observation(0)
    widget = PetitsPas(seed=7)
    game_info = widget.game_info
    widget.close()
    return {
        "game_info": game_info,
        "start": Rules().new_game(seed=7).observation(0),
        "cover": _first(range(40), {}, lambda ev: ev[0]["kind"] == "cover" and ev[0]["over"]),
        "take": _first(
            range(40),
            {},
            lambda ev: ev[0]["kind"] == "take" and ev[0]["over"] and kinds(ev)[1:] == ["refill"],
        ),
        "take-more": _first(
            range(40),
            {"take": "lower"},
            lambda ev: ev[0]["kind"] == "take" and len(ev[0]["taken"]) > 1,
        ),
        "blocked": _first(range(40), {}, lambda ev: kinds(ev) == ["blocked", "deal"]),
        "far-left": _first(
            range(40), {"nowhere": "far-left"}, lambda ev: ev[0]["kind"] == "far-left"
        ),
        "exit": _first(range(40), {}, lambda ev: ev[0]["kind"] == "exit"),
        "won": ended["won"],
        "lost": ended["lost"],
        "wide": wide,
    }


def test_js_fixtures_are_current():
    assert json.loads(FIXTURES.read_text()) == js_fixtures(), (
        "rewrite them: python tests/widgets/test_petits_pas_widget.py --write-fixtures"
    )


if __name__ == "__main__" and "--write-fixtures" in sys.argv:
    FIXTURES.write_text(json.dumps(js_fixtures(), ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURES}")


def test_undo_after_play_to_the_end_pauses_and_takes_one_step_back():
    """It did nothing: the deal played itself again at once."""
    widget = PetitsPas(["bot:auto"], seed=SEED, bot_delay=0)
    try:
        widget.wait(30)
        end = widget.state.ply
        assert widget.state.is_terminal() and widget.can_undo
        send(widget, {"type": "undo"})
        time.sleep(0.2)  # a bot that still played would have moved by now
        assert widget.seats == ["human"] and widget.state.ply == end - 1
        assert not widget.state.is_terminal() and widget.can_redo
        send(widget, {"type": "redo"})
        assert widget.state.ply == end and widget.state.is_terminal()
    finally:
        widget.close()
