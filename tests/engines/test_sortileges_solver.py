"""The solver and the exact endgame against a brute-force minimax that shares no code with them.

The brute force works on (file, rank) pairs and Python sets straight from the rules' words,
visits every turn (no pruning, no candidate restriction) and memoises positions; it returns
who wins and after how many turns, the winner hurrying, the loser holding out.
"""

import functools
import random

import pytest

from ludotheque.engines.sortileges import Sortileges
from ludotheque.engines.sortileges.regions import ExactEndgame, race_winner, separated
from ludotheque.engines.sortileges.solver import BIG, Solver, house_symmetries, plies, solve
from ludotheque.engines.sortileges.toolkit import WIN


def brute_force(files, ranks, houses):
    field = [(f, r) for r in range(ranks) for f in range(files)]

    @functools.cache
    def value(spelled, mover, other):
        """(mover wins, turns until the loser is blocked)."""
        outcomes = []
        for to in field:
            if max(abs(to[0] - mover[0]), abs(to[1] - mover[1])) != 1:
                continue
            if to in spelled or to == other:
                continue
            spellable = [
                s for s in field if s not in houses and s not in spelled and s not in (to, other)
            ]
            for spell in spellable or [None]:
                after = spelled | {spell} if spell else spelled
                won, turns = value(frozenset(after), other, to)
                outcomes.append((not won, turns + 1))
        if not outcomes:
            return False, 0
        wins = [turns for won, turns in outcomes if won]
        if wins:
            return True, min(wins)
        return False, max(turns for _, turns in outcomes)

    return value


def coordinates(game, square):
    return game.board.coordinates(square)


def naive(game, spelled, mover, other):
    squares = frozenset(coordinates(game, s) for s in range(game.board.size) if spelled >> s & 1)
    return squares, coordinates(game, mover), coordinates(game, other)


def as_outcome(score, big):
    return score > 0, big - abs(score)


@pytest.mark.parametrize("files, ranks", [(3, 3), (3, 4), (4, 3)])
def test_the_solver_agrees_with_brute_force_from_the_start(files, ranks):
    game = Sortileges(files=files, ranks=ranks)
    houses = frozenset(coordinates(game, h) for h in game.houses)
    truth = brute_force(files, ranks, houses)
    spelled, mover, other = game.new_game(seed=0, first=0).position()
    solver = Solver(game, table_bits=16)
    assert as_outcome(solver.value(spelled, mover, other), BIG) == truth(
        *naive(game, spelled, mover, other)
    )
    solution = solve(files, ranks, table_bits=16)
    assert solution.winner == (
        "first" if truth(*naive(game, spelled, mover, other))[0] else "second"
    )
    assert solution.plies == truth(*naive(game, spelled, mover, other))[1]


def random_positions(game, count, spells, seed):
    """Legal-looking positions: witches on two free squares, `spells` random spells."""
    rng = random.Random(seed)
    free = [s for s in range(game.board.size) if s not in game.houses]
    positions = []
    while len(positions) < count:
        chosen = rng.sample(free, spells)
        spelled = sum(1 << s for s in chosen)
        open_squares = [s for s in range(game.board.size) if not spelled >> s & 1]
        mover, other = rng.sample(open_squares, 2)
        positions.append((spelled, mover, other))
    return positions


@pytest.mark.parametrize("files, ranks, spells", [(3, 3, 2), (3, 4, 3), (4, 4, 7), (4, 4, 8)])
def test_the_solver_and_the_exact_endgame_agree_with_brute_force_everywhere(files, ranks, spells):
    game = Sortileges(files=files, ranks=ranks)
    houses = frozenset(coordinates(game, h) for h in game.houses)
    truth = brute_force(files, ranks, houses)
    solver, endgame = Solver(game, table_bits=16), ExactEndgame(game)
    for spelled, mover, other in random_positions(game, 25, spells, seed=files * ranks + spells):
        expected = truth(*naive(game, spelled, mover, other))
        assert as_outcome(solver.value(spelled, mover, other), BIG) == expected
        assert solver.wins(spelled, mover, other) == expected[0]
        assert as_outcome(endgame.value(spelled, mover, other), WIN) == expected


def test_a_small_table_loses_speed_not_exactness():
    game = Sortileges(files=3, ranks=4)
    spelled, mover, other = game.new_game(seed=0, first=0).position()
    big, tiny = Solver(game, table_bits=16), Solver(game, table_bits=4)
    assert big.value(spelled, mover, other) == tiny.value(spelled, mover, other)


def test_first_turn_values_are_consistent_with_the_value():
    game = Sortileges(files=3, ranks=4)
    spelled, mover, other = game.new_game(seed=0, first=0).position()
    solver = Solver(game, table_bits=16)
    value = solver.value(spelled, mover, other)
    turns = solver.turn_values(spelled, mover, other)
    assert turns[0][1] == value
    assert plies(value) == 9  # docs/sortileges.md's table: 3×4, first witch wins in 9 turns


def test_node_limit_aborts_and_says_so():
    solution = solve(4, 4, table_bits=12, node_limit=1000)
    assert not solution.complete and solution.winner == "unknown"


def test_separated_regions_and_the_race_estimate():
    game = Sortileges(files=4, ranks=4)
    # a wall on the second file's squares a2..d2 except the witches' way: b1 witch below,
    # c4 witch above, row 2 fully spelled
    wall = sum(1 << game.board.index[name] for name in ("a2", "b2", "c2", "d2"))
    mover, other = game.board.index["b1"], game.board.index["c4"]
    regions = separated(game, wall, mover, other)
    assert regions is not None
    mine, theirs = regions
    assert mine.bit_count() == 3 and theirs.bit_count() == 7
    assert race_winner(3, 7) == 1 and race_winner(4, 4) == 0
    assert separated(game, 0, mover, other) is None


def mirrored(game, spelled, mover, other, image):
    return (
        sum(1 << image[s] for s in range(game.board.size) if spelled >> s & 1),
        image[mover],
        image[other],
    )


@pytest.mark.parametrize("symmetry", [1, 2, 3])
def test_a_mirror_image_is_read_from_the_table_not_searched_again(symmetry):
    # 5×5 with houses c1 and c5: left-right, top-bottom and the half turn keep the houses
    game = Sortileges(files=5, ranks=5)
    image = game.board.symmetries()[symmetry]
    position = (
        sum(
            1 << game.board.index[n] for n in ("a1", "b3", "d2", "e4", "a5", "b5", "d1", "c3", "e2")
        ),
        game.board.index["b2"],
        game.board.index["d4"],
    )
    solver = Solver(game, table_bits=16)
    value = solver.value(*position)
    searched = solver.nodes
    assert searched > 100
    assert solver.wins(*mirrored(game, *position, image)) == (value > 0)
    assert solver.nodes - searched == 1  # the table answered
    assert solver.value(*mirrored(game, *position, image)) == value


def test_only_symmetries_that_keep_the_houses_are_used():
    assert len(house_symmetries(Sortileges(files=5, ranks=5))) == 4  # c1, c5: both mirrors
    assert len(house_symmetries(Sortileges(files=4, ranks=4))) == 2  # b1, c4: the half turn
    assert len(house_symmetries(Sortileges())) == 2  # 6×8, c1, d8: the half turn


def test_squares_out_of_reach_count_but_where_they_are_does_not():
    # 4×4: a wall on rank 3; a4, b4 and d4 (c4 is a house) can only be spelled, never reached
    game = Sortileges(files=4, ranks=4)
    index = game.board.index
    wall = sum(1 << index[n] for n in ("a3", "b3", "c3", "d3"))
    houses = frozenset(coordinates(game, h) for h in game.houses)
    truth = brute_force(4, 4, houses)
    first = (wall | 1 << index["a4"], index["a1"], index["d2"])
    second = (wall | 1 << index["d4"], index["a1"], index["d2"])
    fewer = (wall | 1 << index["d4"] | 1 << index["a4"], index["a1"], index["d2"])
    solver = Solver(game, table_bits=16)
    for position in (first, second, fewer):
        assert as_outcome(solver.value(*position), BIG) == truth(*naive(game, *position))
    solver = Solver(game, table_bits=16)
    solver.wins(*first)
    searched = solver.nodes
    assert searched > 100
    solver.wins(*second)
    assert solver.nodes - searched == 1
    solver.wins(*fewer)
    assert solver.nodes - searched > 10  # one spare spell fewer: another game


@pytest.mark.parametrize("threads", [1, 2])
def test_the_proof_finds_a_winning_first_turn_with_one_or_two_threads(threads):
    solution = solve(
        4, 4, table_bits=18, exact_plies=False, first_turn_values=False, threads=threads
    )
    everything = solve(4, 4, table_bits=18, exact_plies=False)
    assert solution.winner == everything.winner == "first"
    game = Sortileges(files=4, ranks=4)
    after = game.new_game(seed=0, first=0)
    after.apply(solution.best_first_turns[0])
    assert not Solver(game, table_bits=16).wins(*after.position())  # the other witch loses


def test_a_stopped_proof_says_how_far_it_went():
    # 5×4: the first turn tried, c1-b2/b3, loses (about 6.6 M nodes to show it); the second
    # wins (about 8.4 M in all)
    solution = solve(
        5, 4, table_bits=22, exact_plies=False, first_turn_values=False, node_limit=7_000_000
    )
    assert solution.winner == "unknown" and not solution.complete
    assert any(
        note.startswith("first turns shown to lose (1): c1-b2/b3") for note in solution.notes
    ), solution.notes
    assert any("node limit reached while proving c1-b2/c3" in note for note in solution.notes), (
        solution.notes
    )
