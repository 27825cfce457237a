"""The tournament's schedule: every pair meets, seats are balanced, seeds are fixed.

Pure functions of names and numbers: no game is played here."""

import itertools
from collections import Counter

import pytest

from ludotheque.classroom.tournament.schedule import derived_seed, make_schedule
from ludotheque.engines.core import SEED_BITS

NAMES = [f"bot{i}" for i in range(7)]


def meetings(schedule):
    return Counter(
        frozenset(pair) for seating in schedule for pair in itertools.combinations(seating, 2)
    )


@pytest.mark.parametrize("count", [2, 3, 6, 7])
@pytest.mark.parametrize("games_per_pair", [2, 4])
def test_a_round_robin_plays_every_pair_in_both_seats_equally(count, games_per_pair):
    names = NAMES[:count]
    schedule = make_schedule(names, 2, games_per_pair, seed=0)
    assert len(schedule) == count * (count - 1) // 2 * games_per_pair
    for a, b in itertools.combinations(names, 2):
        assert schedule.count((a, b)) == schedule.count((b, a)) == games_per_pair // 2
    seat_zero = Counter(seating[0] for seating in schedule)
    assert set(seat_zero.values()) == {(count - 1) * games_per_pair // 2}


def test_a_round_robin_goes_round_by_round():
    """Each round has everyone playing at most once, so games played never differ by more
    than one game between entrants at the end of a round (a leaderboard fills evenly)."""
    schedule = make_schedule(NAMES, 2, 2, seed=0)
    per_round = len(NAMES) // 2
    for end in range(per_round, len(schedule) + 1, per_round):
        played = Counter(name for seating in schedule[:end] for name in seating)
        assert max(played.values()) - min(played.get(name, 0) for name in NAMES) <= 1
        round_ = schedule[end - per_round : end]
        assert len({name for seating in round_ for name in seating}) == 2 * per_round


def test_two_player_games_need_an_even_number_of_games_per_pair():
    with pytest.raises(ValueError, match="both seats equally"):
        make_schedule(NAMES, 2, 3, seed=0)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("count", [4, 5, 9])
@pytest.mark.parametrize("games_per_pair", [1, 2, 5])
def test_tables_of_three_or_four_meet_everyone_with_seats_balanced(players, count, games_per_pair):
    if count < players:
        pytest.skip("too few entrants")
    names = NAMES[:count] + [f"extra{i}" for i in range(count - len(NAMES))]
    schedule = make_schedule(names, players, games_per_pair, seed=3)
    assert all(len(set(seating)) == players == len(seating) for seating in schedule)
    met = meetings(schedule)
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(names, 2)}
    assert min(met.values()) >= games_per_pair
    for name in names:  # every seat the same number of times: once per table sat at
        seats = Counter(seating.index(name) for seating in schedule if name in seating)
        assert set(seats) == set(range(players)) and len(set(seats.values())) == 1


def test_a_longer_tournament_begins_with_the_shorter_one():
    for players in (2, 3):
        short = make_schedule(NAMES, players, 2, seed=5)
        long = make_schedule(NAMES, players, 6, seed=5)
        assert long[: len(short)] == short and len(long) > len(short)


def test_the_tables_depend_on_the_seed_and_on_nothing_else():
    assert make_schedule(NAMES, 3, 2, seed=1) == make_schedule(NAMES, 3, 2, seed=1)
    assert make_schedule(NAMES, 3, 2, seed=1) != make_schedule(NAMES, 3, 2, seed=2)


@pytest.mark.parametrize(
    ("names", "players", "games_per_pair", "message"),
    [
        (NAMES[:2], 3, 2, "at least 3 entrants"),
        (NAMES, 1, 2, "two or more players"),
        (NAMES, 2, 0, "whole number from 1"),
    ],
)
def test_impossible_schedules_say_why(names, players, games_per_pair, message):
    with pytest.raises(ValueError, match=message):
        make_schedule(names, players, games_per_pair, seed=0)


def test_game_seeds_are_fixed_across_runs_and_machines():
    """No hash randomisation: a tournament replays the same games tomorrow."""
    assert derived_seed(0, 0) == 179174394732665527244905463367782900104
    assert derived_seed(0, 1) != derived_seed(0, 0) != derived_seed(1, 0)
    assert all(0 <= derived_seed(seed, index) < 2**SEED_BITS for seed in (0, 9) for index in (0, 5))
