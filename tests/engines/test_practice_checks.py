"""The practice check remembers the tries (`ludotheque.classroom.exercises.practice`): full
verdicts for three tries, then only right or not yet (and why), then the tries counted; a
puzzle fed turn after turn stops judging them; the marks (the pure judge) never change.
Each test starts with no try remembered (tests/engines/conftest.py)."""

import math
import re

import pytest

from ludotheque.classroom.exercises import EXERCISES, NotRight, check, exercise, mark, practice
from ludotheque.classroom.exercises.kinds import IntervalExercise, NumberExercise
from ludotheque.classroom.puzzles import check_puzzle, judge_puzzle, puzzle

LEGAL_TURNS = "sortileges.legal_turns"
DIRECTIONS = ("too high", "too low", "trop haut", "trop bas", "nearly", "tout près")
NARROWED = {"fr": "4e essai : désormais je dis seulement juste ou pas encore",
            "en": "try 4: from now on I say only right or not yet"}  # fmt: skip


def visible(result) -> str:
    return str(result) + " " + re.sub(r"<[^>]*>", " ", result._repr_html_())


def shows(result, value) -> bool:
    """Whether the number `value` is written anywhere a pupil sees of `result`."""
    forms = {str(int(value)), f"{value:.1f}", f"{value:.2f}"}
    return any(re.search(rf"(?<![\w.]){re.escape(f)}(?![\w])", visible(result)) for f in forms)


def answer() -> int:
    return int(exercise(LEGAL_TURNS)._reference().value)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_directions_and_close_vanish_at_the_fourth_try_and_the_right_answer_still_passes(lang):
    right = answer()
    first = [check(LEGAL_TURNS, right + k, lang) for k in (60, 50, 40)]
    assert all(r.status == "wrong" for r in first)
    assert any(d in first[0].message for d in DIRECTIONS)
    assert not first[1].details  # the third warns that the next says less
    assert (
        first[2]
        .details[-1]
        .startswith({"fr": "à partir du prochain", "en": "from your next"}[lang])
    )
    fourth = check(LEGAL_TURNS, right + 2, lang)  # close, were it among the first three
    assert fourth.status == "wrong" and fourth.message.startswith(NARROWED[lang])
    assert not any(d in visible(fourth) for d in DIRECTIONS)
    assert fourth.hint == exercise(LEGAL_TURNS).hints.wrong[lang]  # the far hint, not close's
    for result in (*first, fourth):
        assert not shows(result, right)
    assert check(LEGAL_TURNS, right, lang).passed


def test_the_same_answer_again_is_no_new_try_and_keeps_its_first_verdict():
    right = answer()
    for _ in range(5):  # a cell run five times
        again = check(LEGAL_TURNS, right + 50, "en")
        assert again.status == "wrong" and "too high" in again.message
    assert practice.tries(LEGAL_TURNS) == 1
    assert check(LEGAL_TURNS, float(right + 50), "en").message == again.message  # 345 == 345.0
    check(LEGAL_TURNS, right + 40, "en")
    check(LEGAL_TURNS, right + 30, "en")
    assert check(LEGAL_TURNS, right - 30, "en").message.startswith(NARROWED["en"])
    assert practice.tries(LEGAL_TURNS) == 4
    # the first answer, run again: its verdict then, nothing new
    assert "too high" in check(LEGAL_TURNS, right + 50, "en").message
    assert practice.tries(LEGAL_TURNS) == 4


def test_an_invalid_answer_is_no_try_and_forgetting_starts_afresh():
    for word in ("trois", "quatre", True, 12.5):
        assert check(LEGAL_TURNS, word, "fr").status == "invalid"
    assert practice.tries(LEGAL_TURNS) == 0
    for k in range(1, 5):
        check(LEGAL_TURNS, answer() + 10 * k, "fr")
    assert practice.tries(LEGAL_TURNS) == 4
    practice.forget()
    assert "trop haut" in check(LEGAL_TURNS, answer() + 100, "fr").message


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_from_the_tenth_try_the_message_says_the_tries_are_counted(lang):
    right = answer()
    results = [check(LEGAL_TURNS, right + 7 * k, lang) for k in range(1, 11)]
    counted = {"fr": "vos essais sont comptés", "en": "your tries are counted"}[lang]
    assert counted in results[-1].message and "10" in results[-1].message
    assert counted not in results[-2].message
    assert all(r.status == "wrong" for r in results)
    found = check(LEGAL_TURNS, right, lang)
    assert found.passed and "11" in found.details[-1]


def test_a_binary_search_on_the_directions_no_longer_finds_the_answer():
    """A search that games the checker: bisect [0, 1000] on "too high" / "too low" finds 295
    in 20 calls unless the directions stop at the fourth try, which leaves it guessing."""
    low, high, found = 0, 1000, False
    for _ in range(20):
        guess = (low + high) // 2
        result = check(LEGAL_TURNS, guess, "en")
        if result.passed:
            found = True
            break
        if "too high" in result.message:
            high = guess - 1
        elif "too low" in result.message:
            low = guess + 1
        else:  # no direction: all a search can do is try the next number up
            low += 1
    assert not found


def test_a_choice_counts_its_words_in_either_language_as_one_answer():
    check("petits_pas.last_card", "ace", "en")
    check("petits_pas.last_card", " As ", "fr")
    assert practice.tries("petits_pas.last_card") == 1


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_interval_keeps_saying_too_imprecise_after_the_directions_stop(lang):
    exercise_id = "petits_pas.reading_rate"
    value = exercise(exercise_id)._reference().value
    wide = [(value, value - w, value + w) for w in (0.2, 0.1, 0.05, 0.03)]
    results = [check(exercise_id, interval, lang) for interval in wide]
    imprecise = {"fr": "trop imprécis", "en": "too imprecise"}[lang]
    assert all(r.status == "wrong" and imprecise in r.message.lower() for r in results)
    assert results[3].message.startswith(NARROWED[lang])
    missing = check(exercise_id, (value + 0.03, value + 0.025, value + 0.035), lang)
    assert missing.status == "wrong" and not any(d in missing.message for d in DIRECTIONS)
    for result in (*results, missing):
        assert not shows(result, 100 * value) and not shows(result, value)
    assert check(exercise_id, (value, value - 0.005, value + 0.005), lang).passed


def test_the_marks_use_the_pure_judge_whatever_the_tries():
    right = answer()
    for k in range(1, 13):
        check(LEGAL_TURNS, right + k, "en")
    mark(LEGAL_TURNS, right)  # silent: right
    for miss in (right + 1, right + 50, right - 50):
        with pytest.raises(NotRight) as refused:
            mark(LEGAL_TURNS, miss, "en")
        assert str(refused.value) == f"{LEGAL_TURNS} — answer not accepted"  # no direction
        assert refused.value.result == exercise(LEGAL_TURNS).judge(miss, "en")
    assert "too high" in exercise(LEGAL_TURNS).judge(right + 50, "en").message


# -- puzzles ----------------------------------------------------------------------------
def lab_turns():
    """lab-4x4's legal turns: the losing ones, then the winning ones (the pure judge)."""
    state = puzzle("lab-4x4").state()
    verdicts = {str(t): judge_puzzle("lab-4x4", t, "en").status for t in state.legal_actions()}
    losing = [t for t, status in verdicts.items() if status == "wrong"]
    winning = [t for t, status in verdicts.items() if status in ("right", "close")]
    fastest = [t for t, status in verdicts.items() if status == "right"]
    return losing, winning, fastest


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_puzzle_says_how_many_turns_were_tried_then_stops_judging_them(lang):
    losing, winning, fastest = lab_turns()
    first = [check_puzzle("lab-4x4", t, lang) for t in losing[:3]]
    assert all(r.status == "wrong" and not r.details for r in first)
    middle = [check_puzzle("lab-4x4", t, lang) for t in losing[3:6]]
    assert all(r.status == "wrong" for r in middle)
    assert [r.details[-1].split()[0] for r in middle] == ["4", "5", "6"]
    assert all(("6" in r.details[-1]) for r in middle)
    withheld = check_puzzle("lab-4x4", fastest[0], lang)
    assert withheld.status == "withheld" and not withheld.passed
    assert {"fr": "vous avez essayé 7 tours", "en": "you have tried 7 different turns"}[lang] in (
        withheld.message
    )
    for result in (*first, *middle, withheld):
        assert not any(turn in visible(result) for turn in winning)
    # a turn tried before keeps its verdict; an illegal one is no try
    assert check_puzzle("lab-4x4", losing[0], lang).status == "wrong"
    assert check_puzzle("lab-4x4", "b3-d1/c1", lang).status == "invalid"
    assert practice.tries("puzzle:lab-4x4") == 7


def test_looping_over_the_legal_turns_finds_nothing_but_the_marks_still_do():
    losing, winning, fastest = lab_turns()
    results = [check_puzzle("lab-4x4", t, "en") for t in losing + winning]
    assert not any(r.passed for r in results)
    assert {r.status for r in results[6:]} == {"withheld"}
    assert judge_puzzle("lab-4x4", fastest[0], "en").passed
    assert exercise("strategie.winning_turn").judge(fastest[0], "en").passed
    mark("strategie.winning_turn", fastest[0])


def test_a_turn_exercise_and_its_puzzle_share_the_count_of_turns_tried():
    losing, _, fastest = lab_turns()
    for turn in losing[:3]:
        assert check("strategie.winning_turn", turn, "en").exercise == "strategie.winning_turn"
    for turn in losing[3:6]:
        check_puzzle("lab-4x4", turn, "en")
    late = check("strategie.winning_turn", fastest[0], "en")
    assert late.status == "withheld" and late.exercise == "strategie.winning_turn"
    assert practice.tries("puzzle:lab-4x4") == 7


def test_a_right_turn_within_the_first_six_is_right():
    losing, _, fastest = lab_turns()
    for turn in losing[:5]:
        check_puzzle("lab-4x4", turn, "fr")
    right = check_puzzle("lab-4x4", fastest[0], "fr")
    assert right.passed and "6 tours différents" in right.details[-1]


def far_answers(declared) -> list:
    """Four different answers to a number or interval exercise, all far from its answer."""
    value = declared._reference().value
    if getattr(declared, "probability", False):
        numbers = [0.01 * k if value > 0.5 else 1 - 0.01 * k for k in range(1, 5)]
        if isinstance(declared, IntervalExercise):
            return [(x, x - 0.005, x + 0.005) for x in numbers]
        return numbers
    start = 3 * abs(value) + 100
    return [math.ceil(start) + k for k in range(4)]


@pytest.mark.parametrize(
    "declared",
    [e for e in EXERCISES.values() if isinstance(e, (NumberExercise, IntervalExercise))],
    ids=lambda e: e.id,
)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_number_check_narrows_at_the_fourth_try_without_showing_the_answer(declared, lang):
    value = declared._reference().value
    results = [check(declared.id, answer, lang) for answer in far_answers(declared)]
    assert all(r.status in ("wrong", "close") for r in results[:3]), [str(r) for r in results]
    fourth = results[3]
    assert fourth.status == "wrong" and fourth.message.startswith(NARROWED[lang]), str(fourth)
    assert not any(d in visible(fourth) for d in DIRECTIONS)
    for result in results:
        assert not shows(result, value) and not shows(result, round(value, 2))
