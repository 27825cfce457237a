"""The first-turn table cut into pieces: the same values on one process, a process pool and
a Dask cluster, as the solver's own `turn_values`; and a stopped run resumes from its journal."""

import json
from concurrent.futures import ProcessPoolExecutor

import pytest

from ludotheque.engines.sortileges.proof import first_turn_table
from ludotheque.engines.sortileges.solver import Solver, start_game


def solver_values(files, ranks, exact=True):
    game = start_game(files, ranks)
    spelled, mover, other = game.new_game(seed=0, first=0).position()
    return dict(Solver(game, table_bits=18).turn_values(spelled, mover, other, exact=exact))


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(2) as executor:
        yield executor


@pytest.mark.parametrize("files, ranks", [(3, 3), (3, 4), (4, 4)])
def test_one_process_gives_the_solvers_turn_values(files, ranks):
    table = first_turn_table(files, ranks, table_bits=18)
    assert table.values == solver_values(files, ranks)
    assert table.complete and table.cost.computed == table.pieces


def test_the_counts_and_the_fastest_win_of_4x4():
    table = first_turn_table(4, 4, table_bits=18)
    fastest, turns = table.fastest_win()
    assert len(table.winning()) == 31 and len(table.values) == 65
    assert fastest == 13  # the plies of the whole game: the fastest first turn is the best
    summary = table.to_dict()
    assert summary["winning_first_turns"] == 31
    assert summary["fastest_win"] == {"plies": 13, "turns": [table.names[t] for t in turns]}
    assert list(summary["turns"].values())[0] == {"wins": True, "plies": 13}


def test_mirror_images_are_one_piece():
    # 3×3, houses b1 and b3: the left-right mirror keeps them, so a1 and c1 steps pair up
    table = first_turn_table(3, 3, table_bits=16)
    assert table.pieces < len(table.values)
    assert table.values == solver_values(3, 3)


@pytest.mark.parametrize("depth", [1, 2])
@pytest.mark.parametrize("exact", [True, False])
def test_a_process_pool_gives_the_one_process_table(pool, depth, exact):
    here = first_turn_table(3, 4, exact=exact, depth=depth, table_bits=16)
    there = first_turn_table(3, 4, pool, exact=exact, depth=depth, table_bits=16)
    assert there.values == here.values == solver_values(3, 4, exact)


def test_replies_as_pieces_on_4x4(pool):
    table = first_turn_table(4, 4, pool, depth=2, table_bits=18)
    assert table.values == solver_values(4, 4)
    assert table.pieces > 10 * len(table.values)  # a piece per reply class


def test_a_sign_only_table_skips_the_replies_of_refuted_turns():
    table = first_turn_table(4, 4, exact=False, depth=2, table_bits=18)
    assert table.values == solver_values(4, 4, exact=False)
    assert table.cost.computed < table.pieces
    assert table.fastest_win() == (None, [])  # no plies without exact values


def test_the_same_table_on_a_dask_cluster(dask_executor):
    exact = first_turn_table(3, 4, dask_executor, table_bits=16)
    replies = first_turn_table(4, 4, dask_executor, exact=False, depth=2, table_bits=16)
    assert exact.values == solver_values(3, 4)
    assert replies.values == solver_values(4, 4, exact=False)


def test_a_stopped_run_resumes_from_its_journal(tmp_path):
    journal = tmp_path / "3x4.jsonl"
    full = first_turn_table(3, 4, table_bits=16, journal=journal)
    lines = journal.read_text().splitlines()
    assert len(lines) == full.pieces
    kept = lines[: len(lines) // 2]
    # a run stopped mid-write leaves a line cut short: it is skipped
    journal.write_text("\n".join(kept) + "\n" + lines[-1][:20])
    resumed = first_turn_table(3, 4, table_bits=16, journal=journal)
    assert resumed.values == full.values
    assert resumed.cost.from_journal == len(kept)
    assert resumed.cost.computed == full.pieces - len(kept)
    again = first_turn_table(3, 4, table_bits=16, journal=journal)
    assert again.cost.computed == 0 and again.values == full.values


def test_an_exact_journal_answers_a_sign_only_table(tmp_path):
    journal = tmp_path / "3x3.jsonl"
    first_turn_table(3, 3, table_bits=16, journal=journal)
    signs = first_turn_table(3, 3, exact=False, table_bits=16, journal=journal)
    assert signs.cost.computed == 0 and signs.values == solver_values(3, 3, exact=False)
    assert all(json.loads(line)["board"] == "3x3" for line in journal.read_text().splitlines())


def test_a_node_limit_leaves_pieces_unfinished_and_out_of_the_journal(tmp_path):
    journal = tmp_path / "4x4.jsonl"
    table = first_turn_table(4, 4, table_bits=16, node_limit=100_000, journal=journal)
    assert not table.complete
    unfinished = sum(value is None for value in table.values.values())
    assert 0 < unfinished < len(table.values)
    summary = table.to_dict()
    assert summary["winning_first_turns"] is None
    assert summary["first_turns_valued"] == len(table.values) - unfinished
    assert table.cost.unfinished > 0 and table.cost.computed + table.cost.unfinished <= table.pieces
    assert len(journal.read_text().splitlines()) < table.pieces


def test_named_first_turns_alone_are_proven_by_their_replies():
    truth = solver_values(4, 4, exact=False)
    every = first_turn_table(4, 4, exact=False, depth=2, table_bits=16)
    win = next(turn for turn, value in truth.items() if value > 0)
    loss = next(turn for turn, value in truth.items() if value < 0)
    asked = [every.names[win], every.names[loss]]
    table = first_turn_table(4, 4, exact=False, depth=2, table_bits=16, first_turns=asked)
    assert {turn for turn, value in table.values.items() if value is not None} == {win, loss}
    assert table.values[win] == truth[win] and table.values[loss] == truth[loss]
    assert table.pieces < every.pieces and not table.complete
    assert table.to_dict()["first_turns_valued"] == 2


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="depth"):
        first_turn_table(3, 3, depth=3)
    with pytest.raises(ValueError, match="in_flight"):
        first_turn_table(3, 3, in_flight=0)
    with pytest.raises(ValueError, match="not first turns of this board: \\['b1-b2/z9'\\]"):
        first_turn_table(3, 3, first_turns=["b1-b2/z9"])
    with pytest.raises(ValueError, match="none given"):
        first_turn_table(3, 3, first_turns=[])
    with pytest.raises(TypeError, match="not one string"):
        first_turn_table(3, 3, first_turns="b1-a2/c1")
