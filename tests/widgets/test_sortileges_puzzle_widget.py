"""A Sortilèges puzzle opens on the widget as its position, the student to move."""

from ludotheque.classroom.puzzles import puzzle
from ludotheque.widgets import Sortileges


def test_a_puzzle_opens_with_the_student_to_move_against_the_strongest_level():
    found = puzzle("small-2")  # Fasderat to move
    widget = Sortileges.from_puzzle("small-2", bot_delay=0, bot_seconds=0.2)
    try:
        assert widget.seats == ["bot:5", "human"]
        assert widget.state.position() == found.state().position()
        assert widget.observation["files"] == found.files and widget.observation["to_move"] == 1
    finally:
        widget.close()


def test_a_puzzle_played_out_against_a_bot_ends_with_the_winning_line():
    widget = Sortileges.from_puzzle("endgame-1", ["human", "bot:1"], lang="en", bot_delay=0)
    try:
        legal = [str(turn) for turn in widget.state.legal_actions()]
        assert "c3-b4/c3" in legal
        widget.play("c3-b4/c3")
        assert widget.state.winner() == 0
    finally:
        widget.close()
