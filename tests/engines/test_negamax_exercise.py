"""The negamax exercise (`strategie.negamax`) says "right" to a right negamax however it is
written, and "not right", in the pupil's language and naming the mistake, to each way of
getting it wrong that a class meets: no change of sign, one turn short or too deep, the
finished game forgotten or tested too late, the position changed, an exception, no score,
a search that never ends, and a function that knows only the positions shown."""

from __future__ import annotations

import dataclasses

import pytest

from ludotheque.classroom.exercises import NotRight, check, exercise, mark, practice
from ludotheque.classroom.exercises.negamax import (
    CHANGED,
    ENDLESS,
    HIDDEN,
    MISSED_HIDDEN,
    MISTAKES,
    NO_TURN,
    SHOWN,
    SLOW,
    TERMINAL,
    mistaken_score,
    negamax,
    reference_score,
    shown_positions,
)

NEGAMAX = "strategie.negamax"
SIGN, SHORT, DEEP = (mistake.message for mistake in MISTAKES)


def child(state, turn):
    after = state.clone()
    after.apply(turn)
    return after


def pupils_negamax(etat, profondeur):
    """As a pupil writes it, with the lesson's pieces."""
    if etat.is_terminal():
        return -1
    if profondeur == 0:
        return 0
    return max(-pupils_negamax(child(etat, tour), profondeur - 1) for tour in etat.legal_actions())


def with_a_loop(etat, profondeur):
    """Right too: a loop, a float, the depth checked by `<`."""
    if etat.is_terminal():
        return -1.0
    if profondeur < 1:
        return 0.0
    meilleur = -float("inf")
    for tour in etat.legal_actions():
        meilleur = max(meilleur, -with_a_loop(child(etat, tour), profondeur - 1))
    return meilleur


def no_sign(etat, profondeur):
    if etat.is_terminal():
        return -1
    if profondeur == 0:
        return 0
    return max(no_sign(child(etat, tour), profondeur - 1) for tour in etat.legal_actions())


def one_short(etat, profondeur):
    if etat.is_terminal():
        return -1
    if profondeur <= 1:
        return 0
    return max(-one_short(child(etat, tour), profondeur - 1) for tour in etat.legal_actions())


def one_deep(etat, profondeur):
    if etat.is_terminal():
        return -1
    if profondeur < 0:
        return 0
    return max(-one_deep(child(etat, tour), profondeur - 1) for tour in etat.legal_actions())


def depth_first(etat, profondeur):
    """The depth tested before the end of the game: a finished game at depth 0 scores 0."""
    if profondeur == 0:
        return 0
    if etat.is_terminal():
        return -1
    return max(-depth_first(child(etat, tour), profondeur - 1) for tour in etat.legal_actions())


def no_end(etat, profondeur):
    """No terminal case: max() of no turn raises."""
    if profondeur == 0:
        return 0
    return max(-no_end(child(etat, tour), profondeur - 1) for tour in etat.legal_actions())


def no_end_with_a_floor(etat, profondeur):
    """No terminal case, a loop from -2: a finished game scores -2."""
    if profondeur == 0:
        return 0
    meilleur = -2
    for tour in etat.legal_actions():
        meilleur = max(meilleur, -no_end_with_a_floor(child(etat, tour), profondeur - 1))
    return meilleur


def in_place(etat, profondeur):
    """Plays on the position itself."""
    if etat.is_terminal():
        return -1
    if profondeur == 0:
        return 0
    meilleur = -1
    for tour in etat.legal_actions():
        etat.apply(tour)
        meilleur = max(meilleur, -in_place(etat, profondeur - 1))
    return meilleur


def typo(etat, profondeur):
    if etat.is_terminal():
        return -1
    return max(-typo(child(etat, tour), profondeur - 1) for tour in etat.legal_moves())


def endless(etat, profondeur):
    """The depth never lowered, the end never tested: it recurses until Python stops it."""
    return -endless(etat, profondeur)


def to_the_end(etat, profondeur):
    """The depth ignored: searches to the end of the game."""
    if etat.is_terminal():
        return -1
    return max(-to_the_end(child(etat, tour), profondeur) for tour in etat.legal_actions())


def no_return(etat, profondeur):
    if etat.is_terminal():
        return -1
    if profondeur == 0:
        return 0
    max(-no_return(child(etat, tour), profondeur - 1) or 0 for tour in etat.legal_actions())


SHOWN_SCORES = {(str(case.position()), case.depth): reference_score(case) for case in SHOWN}


def learnt_by_heart(etat, profondeur):
    """Right on the positions shown (their scores written in) and on finished games, 0
    elsewhere."""
    return -1 if etat.is_terminal() else SHOWN_SCORES.get((str(etat), profondeur), 0)


def verdict(answer, lang="en", **changes):
    declared = exercise(NEGAMAX)
    return (
        dataclasses.replace(declared, **changes).judge(answer, lang)
        if changes
        else (declared.judge(answer, lang))
    )


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("answer", [pupils_negamax, with_a_loop, negamax], ids=lambda f: f.__name__)
def test_a_right_negamax_is_right_on_the_shown_and_the_hidden_positions(answer, lang):
    result = check(NEGAMAX, answer, lang)
    assert result.passed, str(result)
    assert str(len(SHOWN) + len(HIDDEN)) in result.message and str(len(HIDDEN)) in result.message
    mark(NEGAMAX, answer, lang)  # silent


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    ("answer", "said"),
    [(no_sign, SIGN), (one_short, SHORT), (one_deep, DEEP)],
    ids=["no sign", "one turn short", "one turn deep"],
)
def test_the_known_mistakes_are_named(answer, said, lang):
    result = verdict(answer, lang)
    assert result.status == "wrong" and result.message == said[lang]
    assert result.hint
    with pytest.raises(NotRight):
        mark(NEGAMAX, answer, lang)


@pytest.mark.parametrize("answer", [depth_first, no_end_with_a_floor], ids=lambda f: f.__name__)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_finished_game_scored_wrong_is_named(answer, lang):
    result = verdict(answer, lang)
    finished = {"fr": "partie finie", "en": "a finished game"}[lang]
    assert result.status == "wrong" and result.message.startswith(TERMINAL[lang][:20])
    assert finished in result.message


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_missing_terminal_case_that_raises_says_where_and_why(lang):
    result = verdict(no_end, lang)
    assert result.status == "wrong" and "ValueError" in result.message
    assert result.message.endswith(NO_TURN[lang])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_function_that_plays_on_the_position_it_is_given_is_told_so(lang):
    result = verdict(in_place, lang)
    assert result.status == "wrong" and result.message.startswith(CHANGED[lang][:25])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_exception_is_shown_with_its_type_and_the_position(lang):
    result = verdict(typo, lang)
    assert result.status == "wrong" and "AttributeError" in result.message
    assert "legal_moves" in result.message and " A " in result.message
    endless_result = verdict(endless, lang)
    assert "RecursionError" in endless_result.message
    assert endless_result.message.endswith(ENDLESS[lang])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_search_that_ignores_the_depth_is_stopped_and_told_too_slow(lang):
    result = verdict(to_the_end, lang, seconds=0.5)
    assert result.status == "wrong" and result.message.startswith(SLOW[lang][:10])
    assert {"fr": "0,5 s", "en": "0.5 s"}[lang] in result.message


def test_no_score_and_no_function_are_not_right():
    result = verdict(no_return, "fr")
    assert result.status == "wrong" and "NoneType" in result.message and "return" in result.message
    for answer in (None, 0, "negamax"):
        assert verdict(answer, "en").status == "invalid"
        with pytest.raises(NotRight):
            mark(NEGAMAX, answer)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_function_that_knows_only_the_shown_positions_fails_on_the_hidden_ones(lang):
    result = verdict(learnt_by_heart, lang)
    assert result.status == "wrong"
    assert result.message.startswith(MISSED_HIDDEN[lang][:25])
    with pytest.raises(NotRight):
        mark(NEGAMAX, learnt_by_heart, lang)


def test_every_known_mistake_shows_on_the_shown_and_on_the_hidden_positions():
    for number in range(len(MISTAKES)):
        for cases in (SHOWN, HIDDEN):
            assert any(
                case.small and mistaken_score(number, case) != reference_score(case)
                for case in cases
            ), (number, cases)
    assert {reference_score(case) for case in HIDDEN} == {-1, 0, 1}
    assert any(case.position().is_terminal() for case in HIDDEN)


def test_the_notebook_can_show_each_position_and_the_pupil_may_try_it():
    shown = shown_positions()
    assert [(name, depth) for name, _, depth in shown] == [(c.name, c.depth) for c in SHOWN]
    for (_, position, depth), case in zip(shown, SHOWN, strict=True):
        assert pupils_negamax(position, depth) == reference_score(case)


def test_the_practice_check_keeps_its_full_verdict_whatever_the_versions_tried():
    def versions():
        for _ in range(5):  # a function defined anew at each run of the cell

            def attempt(etat, profondeur):
                return no_sign(etat, profondeur)

            yield attempt

    results = [check(NEGAMAX, attempt, "en") for attempt in versions()]
    assert all(r.message == SIGN["en"] for r in results)
    assert practice.tries(NEGAMAX) == 1
    assert check(NEGAMAX, pupils_negamax, "en").passed
