"""Sorcière au pain d'épices at a remote table goes from one round to the next as the
local widget does: at a round's end one `continue`, from either seat, lays the next roof
(the game's `next` is played for the human who starts it), and that seat pulls at once."""

import random
import sqlite3
import time

import pytest

from ludotheque.tables import RemoteSeat, open_table


def until(done, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"{what} within {timeout} s"
        time.sleep(0.02)


def play_to_the_round_end(seats: list[RemoteSeat], rng: random.Random) -> None:
    """Random legal moves until the table rests on the first round's end."""
    deadline = time.monotonic() + 60
    while not seats[0].view["waiting"]:
        assert time.monotonic() < deadline, "the first round did not end"
        for seat in seats:
            view = seat.view
            if view["can_act"]:
                seat.play(rng.choice(view["observation"]["legal"]))
        time.sleep(0.01)


@pytest.mark.parametrize("who", ["starter", "other"])
def test_one_continue_from_either_seat_lays_the_next_roof(server, tmp_path, who):
    links = open_table(server, "sorciere", options={"players": 2}, seed=5)
    seats = [RemoteSeat(link) for link in links["seats"]]
    play_to_the_round_end(seats, random.Random(1))
    until(lambda: all(seat.view["waiting"] for seat in seats), "both seats see the round's end")
    end = seats[0].view["observation"]
    assert end["round"] == 1 and end["phase"] == "scored"
    starter = seats[end["to_move"]]
    other = seats[1 - end["to_move"]]
    assert not starter.view["can_act"]  # the round's end waits for `continue` first

    (starter if who == "starter" else other).go_on()

    view = starter.wait(10)
    assert view["can_act"] and not view["waiting"]
    assert view["observation"]["round"] == 2 and view["observation"]["phase"] == "pull"
    assert all(move.startswith("pull") for move in view["observation"]["legal"])
    until(lambda: other.view["observation"]["round"] == 2, "the other seat sees round 2")
    assert not other.view["waiting"] and not other.view["can_act"]
    with sqlite3.connect(tmp_path / "tables.sqlite") as db:
        (next_move,) = db.execute(
            "select action from moves where table_id = ? and ply = ?",
            (links["table"], end["ply"]),
        ).fetchone()
    assert next_move == "next"  # journaled: a restart replays the new round
    starter.play(view["observation"]["legal"][0])
    assert starter.view["observation"]["ply"] == end["ply"] + 2
    for seat in seats:
        seat.close()
