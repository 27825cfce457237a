"""The referee of a table whose seats each have their own screen (`Table(own_screens=True)`,
what the table server hosts): each seat's view is its own, nobody else moves for it, and no
curtain falls between turns since no two seats share a screen."""

import pytest

from ludotheque.engines.bots import bots_of
from ludotheque.engines.core import OMNISCIENT, Game, RulesError
from ludotheque.engines.table import Table


def table_of(game: str, seats: list[str], seed: int = 5, **options) -> Table:
    state = Game.by_name(game, **options).new_game(seed)
    table = Table(
        state,
        seats,
        levels=tuple(bots_of(type(state.game)).LEVELS),
        publish=lambda view: None,
        notify=lambda level, code, **params: None,
        bot_delay=0.0,
        bot_seconds=0.05,
        own_screens=True,
    )
    table.start()
    return table


def test_each_seat_sees_its_own_hand_and_no_curtain_falls():
    table = table_of("nains", ["human", "human"])
    state = table.state
    for seat in (0, 1):
        view = table.view_for(seat)
        assert view.observation == state.observation(seat)
        assert view.curtain is None and view.viewer == seat
        assert view.can_act == (state.current_player() == seat)
        assert not view.can_undo and not view.omniscient
    watcher = table.view_for(None)
    assert watcher.observation == state.observation(None) and not watcher.can_act
    assert "hand" not in watcher.observation and "hands" not in watcher.observation


def test_a_seat_moves_only_on_its_own_turn_at_the_ply_it_saw():
    table = table_of("nains", ["human", "human"])
    state = table.state
    mover = state.current_player()
    move = str(state.legal_actions()[0])
    with pytest.raises(RulesError) as refused:
        table.act_for(1 - mover, move, state.ply)
    assert refused.value.code == "not-your-turn"
    with pytest.raises(RulesError) as refused:
        table.act_for(mover, move, state.ply + 1)
    assert refused.value.code == "stale"
    assert table.state.ply == state.ply  # nothing changed
    table.act_for(mover, move, state.ply)
    assert table.state.ply == state.ply + 1


def test_a_watcher_sees_every_hand_only_where_the_local_rules_show_them_all():
    """As at one screen (`Table.omniscient_allowed`): in a game between bots; never while a
    human is seated, even once the game is over."""
    people = table_of("nains", ["human", "human"], rounds=1)
    while not people.state.is_terminal():
        state = people.state
        if people.view_for(0).waiting:
            people.go_on()
            continue
        people.act_for(state.current_player(), str(state.legal_actions()[0]), state.ply)
    final = people.state
    assert people.view_for(None).observation == final.observation(None)
    assert not people.view_for(None).omniscient
    bots = table_of("nains", ["bot:1", "bot:1"], rounds=1)
    bots.wait(60)
    assert bots.view_for(None).observation == bots.state.observation(OMNISCIENT)
    assert bots.view_for(None).omniscient and not bots.view_for(0).omniscient
