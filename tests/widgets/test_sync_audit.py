"""Hidden information is a security property: the browser gets the viewer's observation
and UI settings, nothing else. Dump everything that crosses and look for the secrets."""

import json

import anywidget

from ludotheque.widgets import Sortileges
from ludotheque.widgets.base import VIEW_TRAITS
from widget_wire import Wire, send

SYNCED = {
    "observation",
    "review",
    "seats",
    "levels",
    "names",
    "viewer",
    "lang",
    "thinking",
    "bot_delay",
    "hint",
    "notice",
    "options",
    "game_info",
    "can_act",
    "can_undo",
    "can_redo",
    "waiting",
    "replaying",
    "private_information",
    "curtain",
    "omniscient",
    "game_review",
    "relay",
}  # private_information, curtain, omniscient: games with secrets (nains); relay: a table
# server's address, for a seat joined through the page (no token: that travels in a frame)
SEED = 918_273_645


def test_only_the_observation_and_ui_settings_are_synced():
    widget = Sortileges(["human", "bot:1"], seed=SEED, first=0, bot_delay=0, bot_seconds=0.05)
    base = set(anywidget.AnyWidget.class_trait_names(sync=True))
    own = {name for name in widget.trait_names(sync=True) if name not in base and name[0] != "_"}
    assert own == SYNCED
    assert set(VIEW_TRAITS) == SYNCED  # the list the JS kit reads (widgets/view_traits.json)
    assert widget.observation == widget.state.observation(0)
    widget.close()


def test_the_seed_never_crosses_to_the_browser():
    widget = Sortileges(["human", "bot:2"], seed=SEED, bot_delay=0, bot_seconds=0.05)
    wire = Wire(widget)
    widget.send_state()
    for _ in range(4):
        widget.wait()
        if widget.state.is_terminal():
            break
        send(
            widget,
            {
                "type": "act",
                "action": widget.observation["legal"][0],
                "ply": widget.observation["ply"],
            },
        )
    send(widget, {"type": "review", "ply": 1})
    send(widget, {"type": "act", "action": "nonsense", "ply": 0})
    send(widget, {"type": "hint"})
    widget.wait()
    dump = wire.everything()
    assert len(wire.messages) > 5
    assert str(SEED) not in dump and '"seed"' not in dump
    assert widget.state.seed == SEED
    widget.close()


def test_observation_is_plain_json():
    widget = Sortileges(seed=5)
    assert json.loads(json.dumps(widget.observation)) == widget.observation
    widget.close()
