"""'Review the game' at a table of Tir de tuyau, a game with private hands: the review is
computed once, for every seat, and each view holds only the entries of the seat whose hand
it shows (a seat's entries judge from its own hand: `best` may name a card the other seat
never saw); every seat's where every hand may be shown, none in the public view."""

import time

from ludotheque.engines.bots import bots_of
from ludotheque.engines.core import OMNISCIENT
from ludotheque.engines.nains import Nains
from ludotheque.engines.nains.policies import heuristic_move
from ludotheque.engines.table import HUMAN, Table

SEED = 424_242
REVIEW_SECONDS = 1.0
"""The review's total budget: each decision gets the least share (0.05 s)."""


def make_table(seats):
    """A one-round match (a short review) at a table whose views are kept."""
    state = Nains(rounds=1).new_game(SEED, first=0)
    views = []
    table = Table(
        state,
        seats,
        levels=tuple(bots_of(Nains).LEVELS),
        publish=views.append,
        notify=lambda level, code, **params: None,
        bot_seconds=0.05,
        bot_delay=0.0,
    )
    table.start()
    return table, views


def play_to_the_end(table):
    """Every human move by the rule of thumb, a hot seat's curtain lifted first."""
    deadline = time.monotonic() + 120
    while True:
        table.wait(60)
        state = table.state
        if state.is_terminal():
            return state
        assert time.monotonic() < deadline, "the match did not end in time"
        if table.curtain is not None:
            table.ready()
        table.act(heuristic_move(state.table), state.ply)


def reviewed(table, views):
    table.ask_game_review(REVIEW_SECONDS)
    deadline = time.monotonic() + 120
    while views[-1].game_review.get("status") != "done":
        assert time.monotonic() < deadline, "the review did not end in time"
        time.sleep(0.02)
    return views[-1].game_review


def seats_of(review):
    return {entry["seat"] for entry in review["entries"]}


def test_against_a_bot_the_view_holds_only_the_humans_entries():
    table, views = make_table([HUMAN, "bot:2"])
    final = play_to_the_end(table)
    review = reviewed(table, views)
    assert views[-1].viewer == 0 and not views[-1].omniscient
    every = table._game_review["entries"]  # computed once, for both seats
    assert {entry["seat"] for entry in every} == {0, 1}
    assert review["entries"] == [entry for entry in every if entry["seat"] == 0]
    assert review["entries"] and seats_of(review) == {0}
    assert review["withheld"] == len(every) - len(review["entries"])
    assert len(review["entries"]) <= final.movers.count(0)
    table.look_back(3)  # other views of the same table say the same
    assert seats_of(views[-1].game_review) == {0}
    table.close()


def test_a_hot_seat_shows_a_seats_entries_only_with_its_hand():
    table, views = make_table([HUMAN, HUMAN])
    play_to_the_end(table)
    review = reviewed(table, views)
    # at the end of a hot seat nobody is called to the screen: the public view, no entry
    assert views[-1].viewer is None and views[-1].observation["seat"] is None
    assert review["status"] == "done" and review["entries"] == []
    assert review["withheld"] == len(table._game_review["entries"]) > 0
    assert {entry["seat"] for entry in table._game_review["entries"]} == {0, 1}
    assert table._review_shown(0)["entries"] == [
        entry for entry in table._game_review["entries"] if entry["seat"] == 0
    ]
    table.change_seats(["bot:2", "bot:2"])  # both players gone, the game over: all may show
    assert views[-1].game_review["entries"] == []  # the review is kept, still public
    table.set_omniscient(True)
    assert views[-1].observation["seat"] == OMNISCIENT
    assert views[-1].game_review["entries"] == table._game_review["entries"]
    assert "withheld" not in views[-1].game_review
    table.close()


def test_a_recorded_game_shows_the_entries_once_every_hand_is_shown():
    table, views = make_table(["bot:2", "bot:1"])
    final = play_to_the_end(table)
    table.replay(final, None)
    review = reviewed(table, views)
    assert review["entries"] == []  # a spectator sees no hand
    table.set_omniscient(True)
    assert seats_of(views[-1].game_review) == {0, 1}
    table.close()


def test_the_widget_syncs_no_entry_of_the_other_seat():
    from ludotheque.widgets import Nains as NainsWidget

    widget = NainsWidget(
        ["human", "bot:2"],
        seed=SEED,
        first=0,
        bot_delay=0,
        bot_seconds=0.05,
        options={"rounds": 1},
    )
    try:
        assert widget.game_info["reviewable"]
        play_to_the_end(widget.table)
        widget.table.ask_game_review(REVIEW_SECONDS)
        deadline = time.monotonic() + 120
        while widget.game_review.get("status") != "done":
            assert time.monotonic() < deadline, "the review did not end in time"
            time.sleep(0.02)
        synced = widget.get_state()
        assert {entry["seat"] for entry in synced["game_review"]["entries"]} == {0}
        assert synced["viewer"] == 0
    finally:
        widget.close()


def test_a_watched_game_of_bots_shows_the_entries_only_with_every_hand():
    from ludotheque.widgets import Nains as NainsWidget

    watch = NainsWidget(
        ["bot:1", "bot:2"], seed=1, bot_delay=0, bot_seconds=0.05, options={"rounds": 1}
    )
    try:
        watch.wait(120)
        watch.table.ask_game_review(REVIEW_SECONDS)
        deadline = time.monotonic() + 120
        while watch.game_review.get("status") != "done":
            assert time.monotonic() < deadline, "the review did not end in time"
            time.sleep(0.02)
        assert watch.game_review["entries"] == [] and watch.game_review["withheld"] > 0
        watch.table.set_omniscient(True)
        assert {entry["seat"] for entry in watch.get_state()["game_review"]["entries"]} == {0, 1}
    finally:
        watch.close()
