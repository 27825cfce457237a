"""'Review the game' in the A Petits Pas widget: a finished deal is offered its review, the
`game_review` intent computes the win chance card by card in the background (the default
budget of the widget's review), and a click on a moment looks back at the position where
that card lies on the table."""

import time

from ludotheque.engines.review import decided
from ludotheque.widgets import PetitsPas
from widget_wire import Wire, send


def until(predicate, seconds=60.0):
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)


def test_a_finished_deal_is_reviewed_card_by_card_and_a_moment_is_looked_back_at():
    widget = PetitsPas(seed=4, bot_delay=0)
    assert widget.game_info["reviewable"]
    send(widget, {"type": "game_review"})
    assert widget.notice["code"] == "not-over" and widget.game_review == {}
    widget.finish()
    assert widget.state.is_terminal()
    wire = Wire(widget)
    send(widget, {"type": "game_review"})
    until(lambda: widget.game_review.get("status") == "done")
    review = widget.game_review
    entries = review["entries"]
    assert [entry["dealt"] for entry in entries] == list(range(1, 53))
    assert review["proves"] and 0.05 <= review["seconds"] <= 0.5
    won = widget.state.table.result == "won"
    assert entries[-1]["chance_after"] == (1.0 if won else 0.0) and entries[-1]["exact"]
    assert all("label" not in entry and 0 <= entry["chance_after"] <= 1 for entry in entries)
    point = decided(entries)
    assert point is not None and point["card_name"]["fr"].startswith(("l", "la ", "le "))
    assert any("game_review" in str(message) for message in wire.messages)
    send(widget, {"type": "review", "ply": point["ply"]})  # the panel's click
    places = widget.review["observation"]["places"]
    assert point["card"] in [card for pile in places for card in pile]
    send(widget, {"type": "review", "ply": None})
    send(widget, {"type": "new"})
    assert widget.game_review == {}
    widget.close()
