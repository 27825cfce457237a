"""`ablation.compare`: two bots on the same deals from the same seats, as the exercise plays
them; the paired difference is what the notebooks print under each solution bot."""

from __future__ import annotations

import random

import pytest

from ludotheque.classroom.exercises.ablation import Comparison, compare


def first_legal(observation):
    return observation["legal"][0]


def biggest_pull(observation):
    """Plays the card listed last (pulls sort after squirrels): another deterministic bot."""
    return observation["legal"][-1]


def test_a_bot_against_itself_wins_the_same_games_and_differs_by_nothing():
    same = compare("nains.bot", first_legal, first_legal, "2", deals=4, lang="en")
    assert same.bot == same.other and len(same.bot) == 8
    assert same.difference == (0.0, 0.0, 0.0)
    assert "paired difference against level 2: +0.0 points" in str(same)


def test_the_paired_difference_is_the_mean_of_the_game_by_game_gaps():
    result = Comparison("3", bot=(1, 1, 0, 1), other=(0, 1, 0, 0), lang="fr")
    mean, low, high = result.difference
    assert mean == pytest.approx(0.5) and low < mean < high
    text = str(result)
    assert "avec l'idée  3/4 = 75,0 %" in text and "sans l'idée  1/4 = 25,0 %" in text
    assert "écart apparié contre le niveau 3 : +50,0 points" in text


def test_two_bots_on_the_same_deals_replay_identically():
    first = compare("nains.bot", first_legal, biggest_pull, "2", deals=3)
    again = compare("nains.bot", first_legal, biggest_pull, "2", deals=3)
    assert first == again


def test_only_a_bot_exercise_can_be_compared():
    with pytest.raises(ValueError, match="not a bot exercise"):
        compare("nains.pull_now", first_legal, random.choice, "2", deals=1)
