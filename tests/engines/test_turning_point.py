"""The review exercise of the strategy lab ("Où ai-je perdu ?", `classroom/exercises/
turning_point.py`): at the turning point of a reviewed game, every turn that keeps the win is
right (the solver's own list, found here by another route), a losing one is refused saying
how fast the other witch wins and never which turn wins, and what is no turn, or no turning
point, is answered clearly in both languages. The sample game is the one the bots play and
the review finds its turning point."""

import re

import pytest

from ludotheque.classroom.exercises.turning_point import (
    SAMPLE,
    SAMPLE_SEAT,
    check_turning_point,
    judge_turning_point,
    proven_turning_point,
    sample_game,
)
from ludotheque.engines.bots import play_match
from ludotheque.engines.core import Game
from ludotheque.engines.review import review, turning_point
from ludotheque.engines.sortileges import AlphaBetaBot, GreedyBot, Sortileges
from ludotheque.engines.sortileges.solver import Solver
from ludotheque.engines.sortileges.toolkit import as_turn

TURNING_PLY = 8
"""The sample's turning point (the notebook prints it: the 9th move, b3-b4/b2)."""


@pytest.fixture(scope="module")
def record():
    return sample_game().to_json()


@pytest.fixture(scope="module")
def entries(record):
    return review(record, seconds=1.0)


def winning_turns(state):
    """The turns after which the witch to move still wins, by the solver's own turn values
    (not the checker's route: one search of the position, every turn valued)."""
    solver = Solver(state.game, table_bits=20)
    spelled, mover, other = state.position()
    board = state.game.board
    return {
        str(as_turn(board, mover, turn))
        for turn, score in solver.turn_values(spelled, mover, other, exact=True)
        if score > 0
    }


def test_the_sample_is_the_game_the_seeded_bots_play():
    game = Sortileges(files=SAMPLE["files"], ranks=SAMPLE["ranks"])
    bots = [GreedyBot(SAMPLE["seed"]), AlphaBetaBot(None, max_depth=3)]
    played = play_match(game, bots, seed=SAMPLE["seed"], first=SAMPLE["first"])
    assert [str(turn) for turn in played.history] == SAMPLE["turns"]
    assert played.returns()[SAMPLE_SEAT] < 0, "the reviewed witch lost"


def test_the_review_finds_the_samples_turning_point_and_so_does_the_solver_alone(record, entries):
    found = turning_point(entries, SAMPLE_SEAT)
    assert found is not None and found["ply"] == TURNING_PLY
    assert found["played"] == SAMPLE["turns"][TURNING_PLY]
    assert proven_turning_point(record, entries, SAMPLE_SEAT) == found
    # Without the proofs (the browser's smaller budget), the solver confirms a blunder that
    # threw a win away: the review's, or an earlier one it could not prove (the 7th move).
    estimated = [{**entry, "exact": False} for entry in entries]
    for seat in (0, 1):
        fallback = proven_turning_point(record, estimated, seat)
        assert fallback is not None and fallback["exact"] and fallback["seat"] == seat
        assert fallback["label"] == "blunder" and fallback["ply"] <= TURNING_PLY
        assert fallback["value_before"] > 0 > fallback["value_after"]
        position = sample_game().replayed(fallback["ply"])
        assert fallback["played"] not in winning_turns(position)
        assert winning_turns(position), "she could have kept the win"
        if fallback["ply"] == TURNING_PLY:
            assert fallback["value_before"] == found["value_before"]
            assert fallback["value_after"] == found["value_after"]
    assert proven_turning_point(record, [], SAMPLE_SEAT) is None


def test_every_turn_that_keeps_the_win_is_right_and_every_other_wrong(record, entries):
    position = sample_game().replayed(TURNING_PLY)
    keeping = winning_turns(position)
    assert 2 <= len(keeping) < len(position.legal_actions()) / 4  # more than the review's best
    assert turning_point(entries, SAMPLE_SEAT)["best"] in keeping
    for turn in position.legal_actions():
        verdict = judge_turning_point(record, TURNING_PLY, str(turn), "en")
        assert verdict.status == ("right" if str(turn) in keeping else "wrong"), (turn, verdict)
    assert judge_turning_point(record, TURNING_PLY, position.legal_actions()[0], "en").status in (
        "right",
        "wrong",
    )  # a Turn reads as its notation


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "après b3-b4/b2, Fasderat gagne en 3 tours de jeu"),
        ("en", "after b3-b4/b2, Fasderat wins in 3 plies"),
    ],
)
def test_a_losing_turn_says_how_fast_the_other_wins_and_not_which_turn_wins(record, lang, said):
    verdict = judge_turning_point(record, TURNING_PLY, "b3-b4/b2", lang)
    assert verdict.status == "wrong" and said in verdict.message and verdict.hint
    shown = str(verdict) + verdict._repr_html_()
    for turn in winning_turns(sample_game().replayed(TURNING_PLY)):
        assert turn not in shown
    right = judge_turning_point(record, TURNING_PLY, "b3-b2/d1", lang)
    assert right.passed and ("8 tours de jeu" if lang == "fr" else "8 plies") in right.message


@pytest.mark.parametrize(
    ("turn", "said"),
    [
        ("zz", "'zz' is not a turn"),
        ("c1", "'c1' is not a turn"),
        (None, "None is not an action"),
        (42, "42 is not an action"),
        (["b3-b2/d1"], "a list is not an action"),
        ("b3-a5/b2", "a5 is not next to b3"),
    ],
)
def test_what_is_no_legal_turn_is_answered_saying_why(record, turn, said):
    verdict = judge_turning_point(record, TURNING_PLY, turn, "en")
    assert verdict.status == "invalid" and "not a legal turn here" in verdict.message
    assert said in verdict.message
    french = judge_turning_point(record, TURNING_PLY, turn, "fr")
    assert french.status == "invalid" and "ce n'est pas un tour permis ici" in french.message


@pytest.mark.parametrize("ply", [99, -1, 12, "8", 8.0, True, None])
def test_a_ply_that_is_no_move_of_the_game_is_refused_naming_the_range(record, ply):
    verdict = judge_turning_point(record, ply, "b3-b2/d1", "en")
    assert verdict.status == "invalid" and "from 0 to 11" in verdict.message
    assert "tournant" in judge_turning_point(record, ply, "b3-b2/d1", "fr").message


def test_a_position_with_no_win_left_is_no_turning_point(record):
    verdict = judge_turning_point(record, 10, "b4-c5/b3", "en")  # Têtdevache already lost
    assert verdict.status == "invalid" and "no win left to keep" in verdict.message
    assert "plus de victoire" in judge_turning_point(record, 10, "b4-c5/b3", "fr").message
    # The winner's moves have a win to keep: Fasderat's 10th move keeps it.
    assert judge_turning_point(record, 9, "c3-c4/c3", "en").passed


def test_the_record_may_be_a_state_and_must_be_sortileges():
    final = sample_game()
    assert judge_turning_point(final, TURNING_PLY, "b3-b2/d1", "en").passed
    assert len(final.history) == len(SAMPLE["turns"])  # the pupil's state is not changed
    other_game = Game.by_name("sorciere").new_game(1)
    with pytest.raises(ValueError, match="a record of Sortilèges"):
        judge_turning_point(other_game, 0, "b3-b2/d1", "en")
    with pytest.raises(ValueError, match="lang must be one of fr, en"):
        judge_turning_point(final, TURNING_PLY, "b3-b2/d1", "de")
    assert judge_turning_point(final, TURNING_PLY, "b3-b2/d1", " EN ").lang == "en"


def test_the_practice_check_counts_distinct_turns_and_stops_judging_after_six(record):
    position = sample_game().replayed(TURNING_PLY)
    keeping = winning_turns(position)
    losing = [str(t) for t in position.legal_actions() if str(t) not in keeping]
    for _ in range(2):  # the same turn again is no new try
        first = check_turning_point(record, TURNING_PLY, losing[0], "en")
        assert first.status == "wrong" and not first.details
    for turn in losing[1:3]:
        assert not check_turning_point(record, TURNING_PLY, turn, "en").details
    fourth = check_turning_point(record, TURNING_PLY, losing[3], "fr")
    assert fourth.status == "wrong" and re.search(r"4 tours différents essayés", fourth.details[0])
    assert check_turning_point(record, TURNING_PLY, "zz", "en").status == "invalid"  # no try
    for turn in losing[4:6]:
        assert check_turning_point(record, TURNING_PLY, turn, "en").status == "wrong"
    late = check_turning_point(record, TURNING_PLY, sorted(keeping)[0], "en")
    assert late.status == "withheld" and "7 different turns" in late.message
    assert check_turning_point(record, TURNING_PLY, losing[0], "en").status == "wrong"  # kept
    # Another game's turning point has its own count.
    assert check_turning_point(record, 9, "c3-c4/c3", "en").passed


def test_a_position_too_large_to_settle_quickly_is_answered_not_waited_for(record, monkeypatch):
    import ludotheque.classroom.exercises.turning_point as module

    for compiled in (True, False):  # the limit of either kernel, made small: the test stays fast
        monkeypatch.setitem(module.JUDGE_LIMITS, compiled, 300_000)
    verdict = judge_turning_point(record, 0, "c1-c2/c4", "en")  # the opening: no proof yet
    assert verdict.status == "invalid" and "too many squares are free" in verdict.message
    assert "trop de cases libres" in judge_turning_point(record, 0, "c1-c2/c4", "fr").message
    assert judge_turning_point(record, TURNING_PLY, "b3-b2/d1", "en").passed  # it needs far fewer
