"""`GameWidget.replay(record)`: a recorded game to step through, in which nobody plays and
no secret is shown unless the teacher asks for every hand."""

import random

import pytest

from ludotheque.engines.core import OMNISCIENT, Game
from ludotheque.widgets import Nains, Sortileges
from widget_wire import Wire, act, send


def played(name, seed, **options):
    """A finished game's record, played at random."""
    state, rng = Game.by_name(name, **options).new_game(seed), random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_replay_opens_at_the_start_and_steps_through_the_moves():
    game = played("sortileges", 4)
    widget = Sortileges(["human", "bot:1"], bot_delay=0)
    widget.replay(game.to_json(), names=["Alice", "Bob"])
    assert widget.replaying and widget.review["ply"] == 0
    assert widget.review["observation"] == game.replayed(0).observation(None)
    assert widget.observation == game.observation(None)  # the end, as a spectator sees it
    assert widget.names == ["Alice", "Bob"] and widget.viewer is None
    assert not widget.thinking and not widget.can_undo and not widget.can_redo
    send(widget, {"type": "review", "ply": 3})
    assert widget.review["observation"] == game.replayed(3).observation(None)
    widget.close()


def test_nobody_plays_in_a_replay_until_a_new_game():
    game = played("sortileges", 5)
    record = game.to_json()
    record["actions"] = record["actions"][:6]  # a game cut short (a forfeit)
    widget = Sortileges(["bot:1", "bot:1"], bot_delay=0)
    widget.replay(record)
    assert not widget.thinking and widget.state.ply == 6
    for intent in (
        {"type": "undo"},
        {"type": "hint"},
        {"type": "seat", "seat": 0, "value": "human"},
    ):
        send(widget, intent)
        assert widget.notice["code"] == "replay", intent
    send(widget, {"type": "review", "ply": None})
    act(widget, "a1-a2/a3")
    assert widget.notice["code"] == "replay" and widget.state.ply == 6
    with pytest.raises(Exception, match="recorded game"):
        widget.play(widget.state.legal_actions()[0])
    widget.new_game(seed=1)
    assert not widget.replaying and widget.names == ["Têtdevache", "Fasderat"]
    widget.close()


def test_a_replay_of_the_wrong_game_or_a_bad_record_changes_nothing():
    widget = Sortileges(["human", "bot:1"], seed=3, bot_delay=0)
    before = widget.state.to_json()
    bad = [played("nains", 1).to_json(), {"game": "sortileges"}, {**before, "actions": ["zz"]}]
    for record in bad:
        with pytest.raises(ValueError):
            widget.replay(record)
    with pytest.raises(ValueError):
        widget.replay(before, names=["one"])
    assert widget.state.to_json() == before and not widget.replaying
    widget.close()


def test_a_replay_of_a_game_with_secrets_shows_hands_only_when_asked():
    game = played("nains", 7)
    widget = Nains(["human", "bot:1"], bot_delay=0)
    wire = Wire(widget)
    widget.replay(game.to_json())
    for ply in range(0, game.ply + 1, 5):
        send(widget, {"type": "review", "ply": ply})
    assert '"hands"' not in wire.everything()

    send(widget, {"type": "omniscient", "value": True})  # the teacher: show every hand
    assert widget.review["observation"] == game.replayed(game.ply // 5 * 5).observation(OMNISCIENT)
    send(widget, {"type": "review", "ply": 2})
    assert widget.review["observation"] == game.replayed(2).observation(OMNISCIENT)
    assert "hands" in widget.observation
    widget.close()


def test_a_second_replay_after_every_hand_was_shown_opens_at_its_start():
    long, short = played("nains", 7), played("nains", 8)
    record = short.to_json()
    record["actions"] = record["actions"][:1]  # a game cut short by a forfeit
    widget = Nains(["human", "bot:1"], bot_delay=0)
    widget.replay(long.to_json())
    send(widget, {"type": "review", "ply": long.ply})
    send(widget, {"type": "omniscient", "value": True})
    widget.replay(record)
    assert widget.review["ply"] == 0 and not widget.omniscient
    assert "hands" not in widget.review["observation"]
    widget.close()
