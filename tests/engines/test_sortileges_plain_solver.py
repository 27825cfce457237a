"""Sortilèges' exact solver in plain Python (for JupyterLite, which has no numba) searches the
tree the compiled kernel searches: the same values, turn values and node counts, on seeded
positions of the small boards and on every puzzle (tests/engines/test_without_extras.py runs it
with numpy and numba refused)."""

import random
from array import array

import pytest

from ludotheque.classroom.puzzles import PUZZLES
from ludotheque.engines.compiled import plain
from ludotheque.engines.sortileges import Sortileges
from ludotheque.engines.sortileges.solver import Solver, _search, solve


def solvers(game: Sortileges, table_bits: int = 16, node_limit: int = 0) -> tuple[Solver, Solver]:
    """The compiled solver and the plain one, each with its own table."""
    return (
        Solver(game, table_bits, node_limit, compiled=True),
        Solver(game, table_bits, node_limit, compiled=False),
    )


def test_the_plain_solver_runs_the_kernel_uncompiled():
    compiled, plain_solver = solvers(Sortileges(files=3, ranks=3))
    assert compiled.search is _search and hasattr(_search, "py_func")
    assert not hasattr(plain_solver.search, "py_func")
    assert plain(_search) is not _search
    assert isinstance(plain_solver.transpositions.keys, array)


@pytest.mark.parametrize("files, ranks", [(3, 3), (3, 4), (4, 3), (4, 4), (5, 4)])
def test_seeded_positions_get_the_compiled_values(files, ranks):
    """Random turns from the start (more on larger boards, so that the rest takes the plain
    solver a second at most), then the value of the position and of every turn from it."""
    game = Sortileges(files=files, ranks=ranks)
    opening = {9: 0, 12: 1, 16: 5, 20: 8}[files * ranks]
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_game(seed=seed, first=seed % 2)
        for _ in range(opening):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        position = state.position()
        compiled, plain_solver = solvers(game)
        assert plain_solver.value(*position) == compiled.value(*position), (seed, state)
        assert plain_solver.turn_values(*position) == compiled.turn_values(*position), seed
        assert plain_solver.nodes == compiled.nodes, seed  # the same tree, node for node


@pytest.mark.parametrize("puzzle_id", list(PUZZLES))
def test_every_puzzle_gets_the_compiled_turn_values(puzzle_id):
    found = PUZZLES[puzzle_id]
    position = found.state().position()
    compiled, plain_solver = solvers(found.game, table_bits=20)
    values = plain_solver.turn_values(*position)
    assert values == compiled.turn_values(*position)
    assert plain_solver.nodes == compiled.nodes
    assert sum(score > 0 for _, score in values) == found.winning  # the puzzle's own count


def test_the_plain_solve_and_its_node_limit_match_the_compiled_ones():
    for files, ranks in [(3, 4), (4, 3)]:
        plain_solution = solve(files, ranks, table_bits=16, compiled=False)
        compiled_solution = solve(files, ranks, table_bits=16, compiled=True)
        for solution in (plain_solution, compiled_solution):
            solution.seconds = solution.cpu_seconds = 0.0
        assert plain_solution == compiled_solution
    stopped = [solve(4, 4, table_bits=12, node_limit=1000, compiled=c) for c in (False, True)]
    assert [s.complete for s in stopped] == [False, False]
    assert stopped[0].positions == stopped[1].positions
