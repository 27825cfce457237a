"""Sorcière bots: legal, reproducible, reading public facts only, each doing its job."""

import pytest

from ludotheque.engines.bots import play_match
from ludotheque.engines.sorciere import (
    LEVELS,
    CarefulBot,
    ExpectedValueBot,
    GreedyBot,
    Pull,
    Put,
    RandomSorciereBot,
    Sorciere,
    bot_for_level,
    collapse_probability,
    tournament,
    with_dexterity,
)
from sorciere_setup import fresh, put_back_pending


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_whole_games_reproducibly(level):
    def bots():
        return [bot_for_level(level, seed) for seed in (1, 2, 3)]

    one = play_match(Sorciere(), bots(), seed=5)
    two = play_match(Sorciere(), bots(), seed=5)
    assert one.is_terminal() and one.history == two.history


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        bot_for_level("9")


def test_careful_pulls_the_lowest_risk():
    state = fresh()
    action = CarefulBot(1)(state)
    risks = [collapse_probability(state, s) for s in range(36)]
    assert risks[action.slot] == min(risks)


def test_bots_pull_with_their_own_dexterity():
    assert CarefulBot(1, dexterity=0.9)(fresh()).dexterity == 0.9
    assert with_dexterity(lambda observation: "pull 3@1", 0.4)(fresh()) == Pull(3, 0.4)


def test_greedy_remembers_a_put_back_treat_and_avoids_it():
    state = put_back_pending()
    state.apply("put 15")  # a known chocolate on top of the roof
    state.piles[1] = list(state.piles[0])  # seat 1 (to move) also tops chocolate
    del state.roof.probability  # real risks again
    assert GreedyBot(1)(state).slot != 15


def test_bots_do_not_read_face_down_cards():
    # Two states equal in public facts, different underneath: every bot answers the same.
    one, two = fresh(seed=1), fresh(seed=2)
    for level in LEVELS:
        assert bot_for_level(level, 7)(one) == bot_for_level(level, 7)(two)


def test_expected_value_bot_puts_back_where_the_next_player_is_worst_off():
    state = put_back_pending()
    del state.roof.probability
    bot = ExpectedValueBot(1)
    chosen = bot(state)
    assert isinstance(chosen, Put)

    def next_best(slot):
        roof = state.roof.copy()
        roof.put(slot)
        return min(roof.probability(k) for k in roof.present())

    assert next_best(chosen.slot) == max(next_best(s) for s in state.put_slots())


def test_a_student_function_enters_the_tournament():
    def first_card(observation):
        return observation["legal"][0]

    table = tournament(
        {"random": RandomSorciereBot, "careful": CarefulBot, "mine": first_card}, games=6, seed=1
    )
    assert {row["bot"] for row in table} == {"random", "careful", "mine"}
    assert sum(row["wins"] for row in table) == 6
