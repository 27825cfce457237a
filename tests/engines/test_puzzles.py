"""Sortilèges puzzles: every number stated is the solver's, every checker verdict too, and the
puzzles come easiest first."""

import re

import pytest

from ludotheque.classroom.puzzles import (
    PUZZLES,
    check_puzzle,
    puzzle,
    puzzle_start,
    solver_for,
    turn_outcome,
)
from ludotheque.engines.sortileges.solver import plies
from ludotheque.engines.sortileges.toolkit import as_turn


def solved(found):
    """Each legal turn's text with (wins, plies to the end, this turn included), by the
    solver's own `turn_values` (not the checker's path)."""
    state = found.state()
    position = state.position()
    values = solver_for(found.files, found.ranks).turn_values(*position)
    board = found.game.board
    return {str(as_turn(board, position.mover, turn)): (v > 0, plies(v)) for turn, v in values}


@pytest.fixture(scope="module")
def outcomes():
    return {puzzle_id: solved(found) for puzzle_id, found in PUZZLES.items()}


def test_at_least_ten_puzzles_small_boards_and_6x8_endgames():
    assert len(PUZZLES) >= 10
    boards = {(p.files, p.ranks) for p in PUZZLES.values()}
    assert (6, 8) in boards and any(f * r < 48 for f, r in boards)


def test_puzzles_come_easiest_first():
    keys = [p.difficulty_key() for p in PUZZLES.values()]
    assert keys == sorted(keys)
    assert keys[0][0] < keys[-1][0]


@pytest.mark.parametrize("puzzle_id", list(PUZZLES))
def test_the_stated_numbers_are_the_solvers(puzzle_id, outcomes):
    found, turns = PUZZLES[puzzle_id], outcomes[puzzle_id]
    wins = [length for won, length in turns.values() if won]
    assert len(turns) == found.turns == len(found.state().legal_actions())
    assert len(wins) == found.winning
    assert min(wins) == found.plies


@pytest.mark.parametrize("puzzle_id", list(PUZZLES))
def test_the_checker_accepts_the_fastest_wins_and_refuses_a_losing_turn(puzzle_id, outcomes):
    found, turns = PUZZLES[puzzle_id], outcomes[puzzle_id]
    fastest = [t for t, (won, length) in turns.items() if won and length == found.plies]
    for turn in fastest:
        assert check_puzzle(puzzle_id, turn, "en").passed
    losing = [t for t, (won, _) in turns.items() if not won]
    if losing:
        for lang in ("fr", "en"):
            refused = check_puzzle(puzzle_id, losing[0], lang)
            assert refused.status == "wrong" and refused.hint
            assert not any(turn in str(refused) + refused._repr_html_() for turn in fastest)
        assert "loses" in str(check_puzzle(puzzle_id, losing[0], "en"))
    slower = [t for t, (won, length) in turns.items() if won and length > found.plies]
    if slower:
        close = check_puzzle(puzzle_id, slower[0], "fr")
        assert close.status == "close" and str(turns[slower[0]][1]) in close.message


def test_the_checker_counts_plies_as_the_solver_does():
    found = puzzle("lab-4x4")
    state = found.state()
    assert turn_outcome(state, "b3-b2/b3") == (True, 3)
    assert check_puzzle("lab-4x4", state.game.parse_action("b3-b2/b3")).passed
    assert check_puzzle("lab-4x4", "b3-b2/c3", "en").status == "close"


def test_a_malformed_or_illegal_turn_is_invalid_and_says_why():
    malformed = check_puzzle("lab-4x4", "b3 to b2", "en")
    assert malformed.status == "invalid" and "not a turn" in malformed.message
    illegal = check_puzzle("lab-4x4", "b3-d1/c1", "fr")
    assert illegal.status == "invalid" and "pas un tour permis" in illegal.message
    with pytest.raises(ValueError, match="lab-4x4"):
        check_puzzle("nope", "b3-b2/b3")


def test_a_puzzle_opens_as_its_position_from_its_start_arguments():
    from ludotheque.engines.sortileges import Sortileges

    found = puzzle("endgame-1")
    start = puzzle_start("endgame-1")
    state = Sortileges(**start.pop("options")).new_game(seed=3, **start)
    assert state.position() == found.state().position()
    assert found.statement("en").startswith("6 × 8: Têtdevache to move wins in 1 ply")


def test_the_teachers_guide_lists_every_puzzle_as_it_is():
    from pathlib import Path

    guide = (Path(__file__).parents[2] / "docs" / "teaching.md").read_text(encoding="utf-8")
    rows = [
        line for line in guide.splitlines() if re.fullmatch(r"\| `[\w-]+` \| \d+ × \d+ \|.*", line)
    ]
    listed = [row.split("|")[1].strip(" `") for row in rows]
    assert listed == list(PUZZLES)
    for row, found in zip(rows, PUZZLES.values(), strict=True):
        cells = [cell.strip() for cell in row.split("|")[1:-1]]
        assert cells[1] == f"{found.files} × {found.ranks}"
        assert cells[3] == str(found.plies) and cells[4] == f"{found.winning} / {found.turns}"
        assert cells[5] == "★" * min(5, found.winner_turns)
