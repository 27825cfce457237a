"""What a seat makes of the server's messages, whatever carries them (tables/seat_knowledge.py):
a move whose answer a lost connection took away is answered by the `joined` that follows
(the journal's last move of the seat, by id and ply), or sent again; a link the server will
not seat stops the seat for good."""

import dataclasses
import json

from ludotheque.engines.table_view import View
from ludotheque.tables import protocol
from ludotheque.tables.seat_knowledge import SeatKnowledge

TOKEN = "ab" * 16


def joined(last_id=None, last_ply=None, version=protocol.PROTOCOL):
    message = {"type": "joined", "version": version, "table": 1, "seat": 0, "game": "nains"}
    return json.dumps({**message, "last_id": last_id, "last_ply": last_ply})


def view(ply):
    """A view of the server's shape (every field of View), at `ply`."""
    shown = {field.name: None for field in dataclasses.fields(View)}
    shown["observation"] = {"ply": ply}
    return json.dumps({"type": "view", "view": shown, "public": {}})


def test_a_move_the_journal_holds_is_answered_when_the_seat_joins_again():
    known = SeatKnowledge(TOKEN)
    known.receive(joined())
    known.receive(view(4))
    asked, text = known.act("discard 3", None)
    assert json.loads(text) == {"type": "act", "action": "discard 3", "ply": 4, "id": asked}
    known.receive(joined(last_id=asked, last_ply=4))  # the connection was lost, then back
    assert known.answers[asked] == {"type": "acted", "id": asked}
    assert known.unanswered() == []
    assert known.joins == 2


def test_a_move_the_journal_does_not_hold_is_sent_again_and_an_old_sessions_id_is_not_it():
    known = SeatKnowledge(TOKEN)
    known.receive(view(6))
    asked, text = known.act("play R2B0", None)
    known.receive(joined(last_id=asked, last_ply=2))  # the same id, from an earlier session
    assert asked not in known.answers
    assert known.unanswered() == [text]
    known.receive(json.dumps({"type": "acted", "id": asked}))
    assert known.forget(asked) == {"type": "acted", "id": asked}
    assert known.unanswered() == []


def test_an_answer_to_a_move_given_up_on_is_not_kept():
    known = SeatKnowledge(TOKEN)
    known.receive(view(0))
    asked, _text = known.act("c1-c2/d4", None)
    assert known.forget(asked) is None  # its sender stopped waiting
    known.receive(json.dumps({"type": "refused", "id": asked, "code": "stale", "message": "late"}))
    assert known.answers == {} and known.unanswered() == []


def test_a_link_the_server_will_not_seat_stops_saying_so_and_other_refusals_are_notices():
    for code in ("bad-token", "table-closed"):
        known = SeatKnowledge(TOKEN)
        told = known.receive(json.dumps({"type": "refused", "code": code, "message": "no"}))
        assert "does not seat this link" in known.failure, code
        assert (told["type"], told["code"]) == ("notice", code)
    known = SeatKnowledge(TOKEN)
    told = known.receive(json.dumps({"type": "refused", "code": "flood", "message": "slow"}))
    assert (told["type"], told["code"]) == ("notice", "flood") and known.failure is None
    assert list(known.notices) == [told]
    told = known.receive(joined(version=protocol.PROTOCOL + 1))
    assert "version" in known.failure and known.joins == 0 and told["code"] == "version"
