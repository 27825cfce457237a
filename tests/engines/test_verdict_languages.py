"""A verdict speaks only the pupil's language: for every exercise and answers that are no
answer (a word, an illegal turn, a bot that raises, plays an illegal move, answers no text or
computes past its time), the French verdict holds no English reason and the English one no
French; and `lang` is read whatever its case and spaces ("FR", " En")."""

from __future__ import annotations

import time

import pytest
from language_checks import speaks

from ludotheque.classroom.exercises import (
    EXERCISES,
    BotExercise,
    bot_verdict,
    check,
    exercise,
    mark,
    statement,
)
from ludotheque.classroom.puzzles import check_puzzle

BAD_ANSWERS = ("zzz", "a1-a2", "é", None)
"""A word, a turn no puzzle allows (no witch starts on a1), a text no notation reads, nothing."""
ILLEGAL_MOVES = {"sortileges.bot": "a1-a2", "sorciere.bot": "put 0", "nains.bot": "play R2"}
"""A well-formed move the rules refuse at the bot's first turn."""


def said(result) -> str:
    return " ".join([result.message, result.hint or "", *result.details])


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    "exercise_id", [i for i, e in EXERCISES.items() if not isinstance(e, BotExercise)]
)
def test_an_answer_that_is_no_answer_is_told_why_in_the_pupils_language(exercise_id, lang):
    for answer in BAD_ANSWERS:
        result = check(exercise_id, answer, lang)
        assert result.status == "invalid" and speaks(said(result), lang), str(result)


def raises(observation):
    return {}["no such key"]


def no_text(observation):
    return 3


def bad_bots(exercise_id):
    bots = [raises]
    if exercise_id in ILLEGAL_MOVES:
        bots += [lambda observation: ILLEGAL_MOVES[exercise_id], no_text]
    return bots


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    "exercise_id", [i for i, e in EXERCISES.items() if isinstance(e, BotExercise)]
)
def test_a_bot_that_fails_is_told_why_in_the_pupils_language(exercise_id, lang):
    for bot in bad_bots(exercise_id):
        result = exercise(exercise_id).judge(bot, lang, seed=1, way="kernel")
        assert result.status == "invalid" and speaks(said(result), lang), str(result)
        assert bot is not raises or "KeyError: 'no such key'" in result.message  # Python's words


def computes(observation):
    end = time.process_time() + 1
    while time.process_time() < end:
        pass
    return observation["legal"][0]


@pytest.mark.skipif(bot_verdict.default_way() == "kernel", reason="no process can start here")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_bot_in_its_own_process_is_told_its_forfeit_in_the_pupils_language(lang, monkeypatch):
    monkeypatch.setattr(bot_verdict, "MOVE_SECONDS", 0.2)
    declared = exercise("sortileges.bot")
    late = declared.judge(computes, lang, seed=1)
    assert late.status == "invalid" and speaks(late.message, lang), str(late)
    assert ("0,30 s" if lang == "fr" else "0.30 s") in late.message
    for bot in bad_bots("sortileges.bot"):
        result = declared.judge(bot, lang, seed=1)
        assert result.status == "invalid" and speaks(result.message, lang), str(result)


def test_lang_is_read_whatever_its_case_and_spaces():
    assert statement("sortileges.legal_turns", " EN ") == statement("sortileges.legal_turns", "en")
    for lang in ("FR", " fr", "Fr "):
        assert check("sortileges.winning_turn", "zzz", lang).lang == "fr"
        assert check_puzzle("lab-4x4", "zzz", lang).lang == "fr"
        assert exercise("sortileges.bot").judge(42, lang).lang == "fr"
    for exercise_id in EXERCISES:  # an exercise's own judge, whatever its kind
        if exercise(exercise_id).kind != "bot":
            assert exercise(exercise_id).judge("zzz", "FR").lang == "fr", exercise_id
    with pytest.raises(AssertionError, match="réponse non acceptée"):
        mark("sortileges.winning_turn", "zzz", "FR")
    with pytest.raises(ValueError, match=r"^lang must be one of fr, en, not 'de'$"):
        check("sortileges.legal_turns", 3, "de")
