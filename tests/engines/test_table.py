"""The referee as a plain object (`engines.table.Table`), with no widget: who may act, what
the person at the screen sees, the curtain of a hot seat with secrets, bots that fail, and
refusals that change nothing. The widget tests (tests/widgets/) check the same table through
the browser's intents."""

import time

import pytest

from ludotheque.engines.bots import as_bot, bots_of
from ludotheque.engines.core import OMNISCIENT, Game, GameOverError, RulesError
from ludotheque.engines.table import HUMAN, Table, fallback_move
from ludotheque.engines.table_view import View
from refused_imports import run_refusing

SEED = 424_242


def make_table(name, seats, custom=None, bot_delay=0.0, **start):
    game = Game.by_name(name)
    state = game.new_game(SEED, **start)
    views, notices = [], []
    levels = tuple(bots_of(type(game)).LEVELS)
    table = Table(
        state,
        seats,
        levels=(*levels, *(custom or {})),
        publish=views.append,
        notify=lambda level, code, **params: notices.append((code, params)),
        custom_bots=custom,
        bot_seconds=0.05,
        bot_delay=bot_delay,
    )
    table.start()
    return table, views, notices


def test_a_table_of_bots_plays_to_the_end_and_a_seed_replays_it():
    games = []
    for _ in range(2):
        table, views, _ = make_table("sortileges", ["bot:1", "bot:2"], first=0)
        table.wait(60)
        assert table.state.is_terminal() and isinstance(views[-1], View)
        assert not views[-1].can_act and not views[-1].thinking
        games.append(table.state.history)
        table.close()
    assert games[0] == games[1] and len(games[0]) > 4


def test_only_the_human_to_move_may_act_and_a_refusal_changes_nothing():
    table, views, _ = make_table("sortileges", [HUMAN, "bot:1"], bot_delay=30.0, first=0)
    view = views[-1]
    assert view.viewer == 0 and view.can_act and view.curtain is None
    move = view.observation["legal"][0]
    before = table.state.to_json()
    with pytest.raises(RulesError) as stale:
        table.act(move, ply=3)
    assert stale.value.code == "stale"
    with pytest.raises(RulesError):
        table.act("not a move", ply=0)
    assert table.state.to_json() == before and len(views) == 1
    table.act(move, ply=0)
    assert views[-1].thinking and not views[-1].can_act  # the bot's turn: nothing offered
    with pytest.raises(RulesError) as out_of_turn:
        table.act(str(table.state.legal_actions()[0]), ply=1)
    assert out_of_turn.value.code == "not-your-turn" and table.state.ply == 1
    table.bot_delay = 0.0
    table.change_seats([HUMAN, "bot:1"])  # the same seats: the bot starts again, now
    table.wait(30)
    assert table.state.ply == 2 and views[-1].can_act
    table.close()


def test_looking_back_shows_the_past_and_offers_no_move():
    table, views, _ = make_table("sortileges", [HUMAN, HUMAN], first=0)
    table.act(views[-1].observation["legal"][0], ply=0)
    table.look_back(0)
    assert views[-1].review["ply"] == 0 and not views[-1].can_act
    with pytest.raises(RulesError):
        table.act(views[-1].observation["legal"][0], ply=1)
    table.look_back(None)
    assert views[-1].review == {} and views[-1].can_act
    with pytest.raises(RulesError):
        table.look_back(5)


def test_a_hot_seat_with_secrets_shows_no_hand_until_the_player_says_they_are_there():
    table, views, _ = make_table("nains", [HUMAN, HUMAN], first=0)
    view = views[-1]
    assert view.curtain == 0 and view.viewer is None and not view.can_act
    assert view.observation == table.state.observation(None)  # the public view only
    with pytest.raises(RulesError) as hidden:
        table.act("anything", ply=0)
    assert hidden.value.code == "not-your-turn"
    table.ready()
    view = views[-1]
    assert view.curtain is None and view.viewer == 0 and view.can_act
    assert view.observation == table.state.observation(0)
    with pytest.raises(RulesError) as omniscient:
        table.set_omniscient(True)  # a human sits here: never every hand
    assert omniscient.value.code == "hands-private"


def test_a_bot_that_fails_is_told_and_a_legal_move_that_replays_is_played_for_it():
    def crashes(observation):
        raise ZeroDivisionError("oops")

    def illegal(observation):
        return "z9-z9/z9"

    for function, said in ((crashes, "ZeroDivisionError"), (illegal, "z9")):
        table, views, notices = make_table(
            "sortileges", ["bot:student", "bot:1"], custom={"student": as_bot(function)}, first=0
        )
        deadline = time.monotonic() + 30
        while table.state.ply < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        table.close()
        state = table.state
        assert notices and notices[0][0] == "bot" and said in notices[0][1]["message"]
        start = Game.by_name("sortileges").new_game(SEED, first=0)
        assert state.history[0] == fallback_move(start)  # the same in every process


def test_omniscience_only_where_no_human_sits_and_none_sat():
    table, views, _ = make_table("nains", ["bot:1", "bot:1"], first=0)
    table.close()  # the bots stop: the position stays
    table.set_omniscient(True)
    assert views[-1].omniscient and views[-1].observation == table.state.observation(OMNISCIENT)
    table.change_seats([HUMAN, "bot:1"])
    assert not views[-1].omniscient  # a human sits down: the hands are hidden again
    with pytest.raises(RulesError):
        table.check_person_may_step("taking back")  # every hand was shown: no going back


def test_a_finished_game_refuses_moves():
    table, views, _ = make_table("sortileges", ["bot:1", "bot:1"], first=0)
    table.wait(60)
    with pytest.raises(GameOverError):
        table.act("a1-a2/a3", ply=table.state.ply)
    with pytest.raises(GameOverError):
        table.ask_hint(lambda position, deadline: {})


def test_the_table_imports_nothing_of_jupyter():
    jupyter = {"ipywidgets", "anywidget", "traitlets", "ipykernel", "IPython", "comm"}
    done = run_refusing(jupyter, "from ludotheque.engines.table import Table\nprint('ok')")
    assert done.stdout.strip() == "ok", done.stderr
