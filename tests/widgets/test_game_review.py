"""'Review the game' in the widget (engines/review.py through the table): offered once a
game is over, refused before (a review of a live game would be a hint for every move),
computed in the background, forgotten when the game changes."""

import time

from ludotheque.widgets import Nains, Sortileges
from toy_games.race import RaceWidget
from widget_wire import Wire, send


def until(predicate, seconds=60.0):
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)


def finished_game():
    widget = Sortileges(["bot:2", "bot:1"], seed=3, bot_delay=0, bot_seconds=0.05)
    widget.wait(60)
    assert widget.state.is_terminal()
    return widget


def test_a_finished_game_is_reviewed_in_the_background_and_sent_once():
    widget = finished_game()
    wire = Wire(widget)
    assert widget.game_info["reviewable"] and widget.game_review == {}
    send(widget, {"type": "game_review"})
    assert widget.game_review["status"] in ("thinking", "done")
    until(lambda: widget.game_review.get("status") == "done")
    review = widget.game_review
    assert [entry["ply"] for entry in review["entries"]] == list(range(widget.state.ply))
    assert {entry["label"] for entry in review["entries"]} <= {
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    }
    assert 0.05 <= review["seconds"] <= 0.5
    send(widget, {"type": "game_review"})  # asked again: the same review, no new work
    assert widget.game_review == review and widget.notice == {}
    assert any("game_review" in str(message) for message in wire.messages)
    send(widget, {"type": "new"})
    assert widget.game_review == {}  # a new game forgets the last one's review
    widget.close()


def test_a_live_game_is_not_reviewed_and_a_game_without_a_review_says_so():
    live = Sortileges(["human", "bot:1"], seed=3, first=0)
    send(live, {"type": "game_review"})
    assert live.notice["code"] == "not-over" and live.game_review == {}
    live.close()
    toy = RaceWidget(["bot:1", "bot:1"], seed=1, bot_delay=0, bot_seconds=0.05)
    assert not toy.game_info["reviewable"]  # tests/toy_games: a game with no review module
    toy.wait(60)
    send(toy, {"type": "game_review"})
    assert toy.notice["code"] == "no-review" and toy.game_review == {}
    toy.close()


def test_a_seat_changed_while_the_review_thinks_does_not_leave_it_thinking_for_ever():
    widget = finished_game()
    send(widget, {"type": "game_review"})
    send(widget, {"type": "seat", "seat": 0, "value": "bot:1"})  # cancels the task under way
    assert widget.game_review.get("status") != "thinking"
    send(widget, {"type": "game_review"})  # asked again: it runs again
    until(lambda: widget.game_review.get("status") == "done")
    done = widget.game_review
    send(widget, {"type": "seat", "seat": 1, "value": "bot:2"})  # a finished review is kept
    assert widget.game_review == done
    widget.close()


def test_a_game_with_private_hands_is_reviewed_but_shows_a_seat_only_its_own_entries():
    """Each seat's entries judge from its own hand (their `best` may name a card the other
    never saw): a watched game between bots shows none until every hand is shown, then all
    (tests/engines/test_table_review.py checks human seats)."""
    watch = Nains(["bot:1", "bot:1"], seed=1, bot_delay=0, bot_seconds=0.05, options={"rounds": 1})
    watch.wait(120)
    send(watch, {"type": "game_review"})
    until(lambda: watch.game_review.get("status") == "done", 120)
    assert watch.game_review["entries"] == [] and watch.game_review["withheld"] > 0
    watch.omniscient = True
    assert {entry["seat"] for entry in watch.game_review["entries"]} == {0, 1}
    watch.close()
