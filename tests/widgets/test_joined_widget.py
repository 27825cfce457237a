"""A game widget that sits at a table server's table (`Nains(join=link)`): two widgets, as on
two pupils' computers, play Tir de tuyau to the end, each synced only its own seat's view;
what a table of several screens does not offer is refused with a notice."""

import json
import random
import time

import pytest

from ludotheque.engines.core import RulesError
from ludotheque.tables import open_table
from ludotheque.widgets import Nains, Sortileges
from ludotheque.widgets.arguments import ArgumentError
from widget_wire import Wire, act, send


def test_two_widgets_play_tir_de_tuyau_each_synced_only_its_own_hand(server):
    links = open_table(server, "nains", options={"rounds": 1}, seed=21)
    widgets = [Nains(join=links["seats"][0]), Nains(join=links["seats"][1], lang="en")]
    wires = [Wire(widget) for widget in widgets]
    rng = random.Random(2)
    synced: list[list[dict]] = [[], []]
    for _ in range(400):
        if widgets[0].observation["terminal"]:
            break
        for seat, widget in enumerate(widgets):
            if widget.waiting:
                send(widget, {"type": "continue"})
            if widget.can_act:
                if rng.random() < 0.5:  # a click in the browser...
                    act(widget, rng.choice(widget.observation["legal"]))
                else:  # ...or a line of Python
                    widget.play(rng.choice(widget.observation["legal"]), wait=False)
            synced[seat].append(json.loads(json.dumps(widget.get_state(), default=str)))
    assert widgets[0].observation["terminal"] and widgets[1].observation["terminal"]
    for seat, widget in enumerate(widgets):
        assert widget.viewer == seat and widget.curtain is None
        for state in synced[seat]:
            observation = state["observation"]
            assert observation["seat"] == seat and "hands" not in observation
        everything = wires[seat].everything()
        assert '"hands"' not in everything and '"secret_gnomes"' not in everything
        widget.close()


def test_what_a_remote_table_does_not_offer_is_refused_with_a_notice(server):
    links = open_table(server, "nains", seed=3)
    widget = Nains(join=links["seats"][0])
    assert widget.game_info["remote"] is True and widget.relay == ""  # the kernel's socket
    for intent in ({"type": "undo"}, {"type": "hint"}, {"type": "new"}):
        send(widget, intent)
        assert widget.notice["code"] == "remote-table", intent
    with pytest.raises(RulesError):
        widget.new_game()
    with pytest.raises(RuntimeError, match="stays on the table server"):
        widget.state  # noqa: B018 - the property raises
    widget.close()


def test_a_link_is_joined_only_by_its_own_game_and_alone(server):
    links = open_table(server, "nains", seed=3)
    with pytest.raises(ArgumentError, match="table of 'nains'"):
        Sortileges(join=links["seats"][0])
    for given in ({"seats": ["human", "human"]}, {"seed": 0}, {"options": {}}, {"first": 0}):
        with pytest.raises(ArgumentError, match="give only join="):
            Nains(join=links["seats"][0], **given)
    with pytest.raises(ValueError, match="join link"):
        Nains(join="http://example.org/")


def test_play_from_python_returns_once_the_server_answered_not_when_the_other_plays(server):
    links = open_table(server, "sortileges", seed=5)
    widgets = [Sortileges(join=link) for link in links["seats"]]
    mover = widgets[0] if widgets[0].can_act else widgets[1]
    started = time.monotonic()
    mover.play(mover.observation["legal"][0])  # wait=True: no bot to wait for here
    assert time.monotonic() - started < 5
    assert mover.observation["ply"] == 1 and not mover.can_act
    for widget in widgets:
        widget.close()
