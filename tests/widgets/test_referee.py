"""The referee against the audit's three adversaries (docs/protocol.md, "Threat model"): a
student with the browser's developer tools, a second viewer of the same notebook, a
student's bot that misbehaves. One test (or a few) per defect the audit reproduced."""

import json
import threading
import time

import pytest
import traitlets

from ludotheque.engines.bots import Bot
from ludotheque.engines.nains import CARDS
from ludotheque.widgets import Nains, PetitsPas, Sorciere, Sortileges
from widget_wire import Wire, act, browser_write, send

SEED = 424_242
WIDGETS = {
    "sortileges": lambda: Sortileges(
        ["human", "bot:1"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.05
    ),
    "nains": lambda: Nains(["human", "bot:1"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.05),
    "sorciere": lambda: Sorciere(["human", "bot:1", "bot:2"], seed=SEED, first=0, bot_delay=0),
    "petits_pas": lambda: PetitsPas(seed=SEED, bot_delay=0),
}
HOSTILE = [
    None,
    True,
    1,
    -1,
    10**400,
    1e308,
    float("nan"),
    "zzz",
    "\ud800",
    [],
    ["zzz"],
    {},
    {"seat": 1, "hand": ["S3"]},
    "x" * 100_000,
]


def snapshot(widget):
    return json.dumps(widget.state.to_json())


def synced(widget):
    return sorted(name for name in widget.trait_names(sync=True) if not name.startswith("_"))


def hand(widget, seat):
    return sorted(CARDS[c].code for c in widget.table.live.table.hands[seat])


# -- the browser writes nothing (r1, r4, r11; every trait of every game:
#    test_widget_conformance.py) -------------------------------------------------------
@pytest.fixture
def nains_duel():
    """Tir de tuyau against a heuristic bot, both first gnomes chosen: the human to move."""
    widget = Nains(["human", "bot:2"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.05)
    act(widget, "gnome red")
    widget.wait()
    yield widget
    widget.close()


def test_a_forged_viewer_shows_nothing_in_review_nor_in_a_hint(nains_duel):
    """r1: against a bot, write viewer = 1, ask for a review or a hint: no bot card."""
    widget, wire = nains_duel, Wire(nains_duel)
    act(widget)
    widget.wait()
    browser_write(widget, {"viewer": 1})
    send(widget, {"type": "review", "ply": widget.observation["ply"]})
    assert widget.review["observation"]["seat"] == 0
    send(widget, {"type": "review", "ply": None})
    widget.bot_delay = 5  # the bot waits: its turn is open to a hint
    act(widget)
    assert widget.table.live.current_player() == 1
    browser_write(widget, {"viewer": 1, "seats": ["bot:1", "human"]})
    send(widget, {"type": "hint"})
    assert widget.notice["code"] == "not-your-turn" and widget.hint == {}
    assert widget.thinking  # the bot still thinks
    bot_cards = hand(widget, 1)
    for message in wire.messages:
        for obs in (
            message.get("state", {}).get("observation"),
            (message.get("state", {}).get("review") or {}).get("observation"),
        ):
            assert not obs or obs["seat"] == 0 and "hands" not in obs
    assert "hand" not in json.dumps(widget.hint) and not any(
        c in json.dumps(widget.hint) for c in bot_cards
    )


def test_forged_traits_neither_wedge_the_seats_nor_block_the_player():
    """r11: levels = ["zzz"] with matching seats; thinking/hint/notice/review forged."""
    widget = Sorciere(["human", "bot:2", "bot:3"], seed=1, first=0, bot_delay=0)
    try:
        browser_write(widget, {"levels": ["zzz"], "seats": ["bot:zzz"] * 3})
        browser_write(
            widget,
            {
                "thinking": True,
                "review": {"ply": 0},
                "hint": {"action": "x"},
                "notice": {"id": 99, "code": "bot"},
            },
        )
        assert widget.seats == ["human", "bot:2", "bot:3"] and widget.levels[:4] == list("1234")
        assert not widget.thinking and widget.review == {} and widget.notice == {}
        act(widget, widget.observation["legal"][0])
        assert widget.state.ply >= 1 and widget.notice == {}
    finally:
        widget.close()


def test_output_traits_are_written_by_the_referee_only():
    widget = Sortileges(["human", "human"], seed=1)
    try:
        for name, value in [
            ("observation", {}),
            ("viewer", 1),
            ("hint", {"action": "x"}),
            ("thinking", True),
            ("notice", {}),
            ("levels", ["9"]),
        ]:
            with pytest.raises(traitlets.TraitError):
                setattr(widget, name, value)
        assert widget.observation == widget.state.observation(0)
    finally:
        widget.close()


@pytest.mark.parametrize(
    "value, delay",
    [
        (float("nan"), None),
        (float("inf"), None),
        (True, None),
        ("3", None),
        (10**400, 5.0),
        (-1, 0.0),
        (2.5, 2.5),
    ],
)
def test_the_bot_pause_is_finite_and_clamped(value, delay):
    """r4: speed NaN was stored, 10**400 raised, a written 1e9 made the bot wait 31 years."""
    widget = Sortileges(["human", "bot:1"], seed=1, bot_delay=0.6)
    try:
        send(widget, {"type": "speed", "value": value})
        if delay is None:
            assert widget.notice["code"] == "malformed" and widget.bot_delay == 0.6
        else:
            assert widget.notice == {} and widget.bot_delay == delay
        widget.bot_delay = 1e9  # from Python: clamped too
        assert widget.bot_delay == 5.0
        with pytest.raises(traitlets.TraitError):
            widget.bot_delay = float("nan")
    finally:
        widget.close()


# -- hidden information: the curtain and the all-hands view (r2, r3) -----------------------
@pytest.fixture
def hot_seat():
    """Two humans at Tir de tuyau, seat 1 just moved: the curtain calls seat 0."""
    widget = Nains(["human", "human"], seed=SEED, first=0, bot_delay=0)
    for _ in range(4):
        send(widget, {"type": "ready"})
        act(widget, ["gnome red", "gnome blue", None, None][widget.state.ply])
    assert widget.curtain == 0 and widget.observation["seat"] is None
    yield widget
    widget.close()


@pytest.mark.parametrize(
    "intent",
    [
        {"type": "undo"},
        {"type": "redo"},
        {"type": "hint"},
        {"type": "review", "ply": 1},
        {"type": "seat", "seat": 1, "value": "bot:1"},
        {"type": "seat", "seat": 0, "value": "bot:1"},
    ],
)
def test_nothing_but_ready_works_under_the_curtain(hot_seat, intent):
    before = snapshot(hot_seat)
    send(hot_seat, intent)
    assert hot_seat.notice["code"] == "not-your-turn" and snapshot(hot_seat) == before
    assert hot_seat.curtain == 0 and hot_seat.observation["seat"] is None
    assert hot_seat.seats == ["human", "human"] and hot_seat.review == {}


def test_after_an_undo_the_curtain_falls_again(hot_seat):
    """r3: undo went back to seat 1's turn and showed seat 1's hand, remembered as revealed."""
    send(hot_seat, {"type": "ready"})
    send(hot_seat, {"type": "undo"})
    assert hot_seat.state.current_player() == 1
    assert hot_seat.curtain == 1 and hot_seat.observation["seat"] is None
    assert "hand" not in hot_seat.observation


def test_sides_are_fixed_once_a_hand_was_shown(hot_seat):
    """r3: seat 1 un-seats itself so seat 0 is the only human and gets shown at once."""
    send(hot_seat, {"type": "ready"})
    send(hot_seat, {"type": "seat", "seat": 1, "value": "bot:1"})
    assert hot_seat.notice["code"] == "hands-private" and hot_seat.seats == ["human", "human"]
    duel = Nains(["human", "bot:1"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.05)
    try:
        send(duel, {"type": "seat", "seat": 1, "value": "bot:3"})  # a bot for a bot: fine
        assert duel.seats == ["human", "bot:3"]
        send(duel, {"type": "seat", "seat": 0, "value": "bot:1"})
        assert duel.notice["code"] == "hands-private" and duel.seats == ["human", "bot:3"]
    finally:
        duel.close()


def test_no_peek_through_the_spectator_view(nains_duel):
    """r2: un-seat, turn every hand on, read, sit again."""
    widget, wire = nains_duel, Wire(nains_duel)
    widget.bot_delay = 5
    widget.seats = ["bot:1", "bot:2"]  # even from Python: this game had a human
    send(widget, {"type": "omniscient", "value": True})
    assert widget.notice["code"] == "hands-private" and not widget.omniscient
    assert '"hands"' not in wire.everything()


def test_every_hand_is_shown_to_spectators_of_bots_and_at_the_end():
    watch = Nains(["bot:1", "bot:1"], seed=SEED, bot_delay=0, bot_seconds=0.05)
    try:
        send(watch, {"type": "omniscient", "value": True})
        assert watch.omniscient and "hands" in watch.observation
    finally:
        watch.close()
    game = Nains(["human", "bot:1"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.05)
    try:
        while not game.state.is_terminal():
            act(game)
            game.wait()
        game.seats = ["bot:1", "bot:1"]
        send(game, {"type": "omniscient", "value": True})
        assert game.omniscient and "hands" in game.observation
    finally:
        game.close()


# -- every request bounded (r5, r6) -------------------------------------------------------
def test_a_flood_of_hints_costs_one_search():
    widget = Sortileges(["human", "bot:4"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.3)
    try:
        base = threading.active_count()
        peak = 0
        for _ in range(200):
            send(widget, {"type": "hint"})
            peak = max(peak, threading.active_count())
        assert peak <= base + 2  # the hint slot's thread, and the search it waits for
        deadline = time.monotonic() + 30
        while not widget.hint and time.monotonic() < deadline:
            time.sleep(0.02)
        assert widget.hint["ply"] == 0 and widget.hint["action"] in widget.observation["legal"]
        assert widget.notice == {}
    finally:
        widget.close()


def test_a_hint_during_the_bots_turn_is_refused_and_leaves_the_bot_alone():
    """r6: the hint turned `thinking` off and replaced the bot's thread: wait() returned early."""
    widget = Sortileges(["bot:1", "human"], seed=SEED, first=0, bot_delay=0.5)
    try:
        assert widget.thinking
        send(widget, {"type": "hint"})
        assert widget.notice["code"] == "not-your-turn" and widget.thinking
        widget.wait(10)
        assert widget.state.ply == 1 and not widget.thinking
    finally:
        widget.close()


# -- student bots contained (r9) ----------------------------------------------------------
class Illegal(Bot):
    name = "illegal"

    def choose(self, state, deadline=None):
        return state.game.parse_action("a1-a2/a3")


class Nothing(Bot):
    name = "nothing"

    def choose(self, state, deadline=None):
        return None


@pytest.mark.parametrize(
    "bot", [Illegal(), Nothing(), lambda obs: 42, lambda obs: "zz", lambda obs: 1 / 0]
)
def test_a_bot_answering_nonsense_is_reported_and_the_game_goes_on(bot):
    widget = Sortileges(["human", bot], seed=7, first=0, bot_delay=0)
    try:
        act(widget)
        widget.wait(10)
        assert (
            widget.notice["code"] == "bot"
            and "random legal move" in widget.notice["params"]["message"]
        )
        assert widget.state.ply == 2 and widget.state.current_player() == 0
    finally:
        widget.close()


def test_a_bot_that_never_answers_is_abandoned_once_and_the_game_goes_on():
    release = threading.Event()
    calls = []

    def never(observation):
        calls.append(observation["ply"])
        release.wait(60)
        return observation["legal"][0]

    base = threading.active_count()
    widget = Sortileges(["human", never], seed=7, first=0, bot_delay=0, bot_seconds=0.1)
    try:
        act(widget)
        widget.wait(10)  # 0.1 s budget + grace, then a random move
        assert widget.state.ply == 2 and "did not answer" in widget.notice["params"]["message"]
        for _ in range(10):  # every new game gives it the move again
            widget.new_game(seed=1, first=1)
            widget.wait(10)
        assert widget.state.ply == 1 and "still busy" in widget.notice["params"]["message"]
        assert calls == [1]  # asked once; never again while its call still runs
        assert threading.active_count() <= base + 3  # its stuck call, the slot, the warm-up
    finally:
        widget.close()
        release.set()


# -- nothing escapes the handler; notices are short and sendable (r10) --------------------
DEEP = "x"
for _ in range(3000):
    DEEP = [DEEP]


@pytest.mark.parametrize(
    "intent",
    [
        {"type": ["act"]},
        {"type": {"a": 1}},
        {"type": "zzz", "x": DEEP},
        {"type": "act", "x": DEEP},
        {"type": "act", "action": "\ud800", "ply": 0},
        {"type": "act", "action": "x" * 10**7, "ply": 0},
        {"type": "act", "action": "c1-c2", "ply": 10**400},
        {"type": "seat", "seat": 10**400, "value": "x"},
        {"type": "new", "options": {"files": True}},
        {"type": "new", "options": {"files": 6.0}},
        {"type": "review", "ply": -(10**400)},
        {"type": "lang", "value": "\ud800" * 50},
    ],
)
def test_no_intent_escapes_and_every_notice_is_short_and_sendable(intent):
    widget = Sortileges(["human", "human"], seed=1, first=0)
    wire = Wire(widget)
    try:
        before = snapshot(widget)
        send(widget, intent)
        assert widget.notice["code"] in ("malformed", "stale") and snapshot(widget) == before
        text = json.dumps(widget.notice, ensure_ascii=False)
        assert len(text) < 600
        text.encode("utf-8")  # a lone surrogate would fail here, and on the way to the browser
        assert len(json.dumps(wire.messages)) < 2000
    finally:
        widget.close()


def test_options_are_checked_by_type_not_by_equality():
    """r10: 1 == True and 2.0 == 2, so contre=1, rounds=true and players=2.0 slipped by."""
    nains = Nains(["human", "human"], seed=1)
    sorciere = Sorciere(["human", "human", "human"], seed=1)
    try:
        for widget, options in [
            (nains, {"contre": 1}),
            (nains, {"rounds": True}),
            (nains, {"contre": 0}),
            (sorciere, {"players": 2.0}),
            (sorciere, {"players": True}),
        ]:
            before = (snapshot(widget), dict(widget.options))
            send(widget, {"type": "new", "options": options})
            assert widget.notice["code"] == "malformed"
            assert (snapshot(widget), dict(widget.options)) == before
        send(sorciere, {"type": "new", "options": {"players": 2}})
        assert sorciere.options["players"] == 2 and sorciere.seats == ["human", "human"]
    finally:
        nains.close()
        sorciere.close()


# -- found by review: the all-hands view, the end of a game, bots' names, answers ---------
def test_a_spectator_who_saw_every_hand_cannot_sit_down_mid_game():
    watch = Nains(["bot:1", "bot:1"], seed=5, first=0, bot_delay=0.3, bot_seconds=0.05)
    try:
        send(watch, {"type": "omniscient", "value": True})
        assert "hands" in watch.observation
        send(watch, {"type": "seat", "seat": 0, "value": "human"})
        assert watch.notice["code"] == "hands-private" and watch.seats == ["bot:1", "bot:1"]
    finally:
        watch.close()


def test_after_a_look_at_every_hand_the_game_cannot_be_taken_back(nains_duel):
    widget = nains_duel
    while not widget.state.is_terminal():
        act(widget)
        widget.wait()
    send(widget, {"type": "undo"})  # before any peek: fine
    assert widget.notice == {} and not widget.state.is_terminal()
    send(widget, {"type": "redo"})
    assert widget.state.is_terminal()
    send(widget, {"type": "seat", "seat": 0, "value": "bot:1"})  # the game is over: allowed
    send(widget, {"type": "omniscient", "value": True})
    assert widget.omniscient and "hands" in widget.observation
    before = snapshot(widget)
    for intent in ({"type": "undo"}, {"type": "redo"}):
        send(widget, intent)
        assert widget.notice["code"] == "hands-private" and snapshot(widget) == before
    send(widget, {"type": "omniscient", "value": False})
    send(widget, {"type": "seat", "seat": 0, "value": "human"})
    send(widget, {"type": "undo"})
    assert widget.notice["code"] == "hands-private" and widget.state.is_terminal()
    send(widget, {"type": "new"})
    widget.wait()  # a new deal may give the bot the first move
    assert widget.state.ply <= 1 and widget.observation["seat"] == 0


def test_switching_sides_after_the_end_cannot_lead_back_into_the_game(nains_duel):
    widget = nains_duel
    while not widget.state.is_terminal():
        act(widget)
        widget.wait()
    widget.seats = ["bot:1", "human"]  # the other side's hand, now that it is over
    assert widget.curtain == 1
    send(widget, {"type": "ready"})
    assert widget.observation["seat"] == 1
    send(widget, {"type": "undo"})
    assert widget.notice["code"] == "hands-private" and widget.state.is_terminal()


def test_students_bots_with_the_same_name_keep_their_own_seats():
    calls = []

    def named(tag):
        return lambda obs: (calls.append(tag), obs["legal"][0])[1]

    def level_2(observation):  # named like a built-in level
        calls.append("student")
        return observation["legal"][0]

    level_2.__name__ = "2"
    widget = Sortileges([named("a"), named("b")], seed=1, first=0, bot_delay=0)
    other = Sortileges(["bot:2", level_2], seed=1, first=0, bot_delay=0)
    try:
        assert widget.seats == ["bot:<lambda>", "bot:<lambda>-2"]
        widget.wait(30)
        assert {"a", "b"} <= set(calls)
        assert other.seats == ["bot:2", "bot:2-2"] and other.levels[-1] == "2-2"
        assert other.game_info["levels"]["2"]["en"] == "greedy"
        same = named("same")
        assert Sortileges([same, same], seed=1).seats == ["bot:<lambda>", "bot:<lambda>"]
    finally:
        widget.close()
        other.close()


def test_a_pathological_answer_costs_the_budget_not_the_game():
    release = threading.Event()

    class Weird:
        def __str__(self):
            release.wait(60)
            return "x"

    class Careless(Bot):
        name = "careless"

        def decide(self, state, deadline):
            return Weird()

    widget = Sortileges(["human", Careless()], seed=1, first=0, bot_delay=0, bot_seconds=0.05)
    try:
        act(widget)
        widget.wait(10)
        assert widget.state.ply == 2 and "did not answer" in widget.notice["params"]["message"]
    finally:
        release.set()
        widget.close()


def test_a_browser_update_that_is_not_an_object_is_refused_quietly(nains_duel):
    before = snapshot(nains_duel)
    for state in (5, None, ["viewer"]):
        nains_duel._handle_msg(
            {"content": {"data": {"method": "update", "state": state}}, "buffers": []}
        )
    assert snapshot(nains_duel) == before and nains_duel.viewer == 0
