"""The gauntlet's opponents (tests/benchmarks/gauntlet_opponents.py) and its runner
(gauntlet_sortileges.py): every opponent answers a legal turn, each plays its style where a
position shows it, and the runner plays a whole game against each cheap one. Here rather
than beside them: pytest does not collect tests/benchmarks/."""

import argparse
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import gauntlet_opponents as opponents  # noqa: E402
import gauntlet_sortileges as runner  # noqa: E402

from ludotheque.engines.bots import Deadline  # noqa: E402
from ludotheque.engines.sortileges import Sortileges  # noqa: E402
from ludotheque.engines.sortileges.fast import FastSearchBot  # noqa: E402

GAME = Sortileges()


def positions():
    """The start, openings of a few seeds, and a crowded endgame."""
    yield GAME.new_game(seed=0, first=0)
    for seed in (1, 2, 3):
        yield runner.opening(GAME, seed, 10, first=seed % 2)
    crowded = [s for s in GAME.board.names if s[0] in "abc" and s not in ("c1", "b2", "c2")]
    yield GAME.new_game(seed=0, first=1, witches=["c2", "d7"], spells=crowded)


MAKERS = {name: opponents.OPPONENTS[name] for name in opponents.CHEAP} | {
    "mcts5": opponents.mcts(5),  # mcts1k and mcts10k's maker, with a test's budget
    "independent": opponents.Independent,  # on the clock given: 0.05 s here
}


@pytest.mark.parametrize("name", MAKERS)
def test_every_opponent_answers_a_legal_turn(name):
    bot = MAKERS[name](7, 0.05)
    for state in positions():
        turn = bot(state, Deadline(0.05))
        assert state.is_legal(turn), (bot, str(state), turn)


def test_the_wall_builder_spells_next_to_the_other_witch_when_it_can():
    bot, walled = opponents.WallBuilder(), 0
    for state in positions():
        spelled, mover, other = state.position()
        turn = bot(state)
        target = GAME.board.index[turn.target]
        near = GAME.spells(spelled, target, other) & GAME.board.neighbours[other]
        if near:
            walled += 1
            assert GAME.board.index[turn.spell] in opponents.squares_of(near), (str(state), turn)
    assert walled >= 3


def test_one_turn_that_blocks_the_other_witch_is_found_by_every_planner():
    # Fasderat on a8 has one free neighbour left, b8: spelling it wins
    state = GAME.new_game(seed=0, first=0, witches=["c3", "a8"], spells=["a7", "b7"])
    for name in (
        "greedy",
        "mobility1",
        "mobility2",
        "mobility3",
        "territory",
        "wall",
        "independent",
    ):
        turn = opponents.OPPONENTS[name](0, 0.2)(state)
        state_after = state.clone()
        state_after.apply(turn)
        assert state_after.winner() == 0, (name, turn)


def test_the_independent_opponent_refuses_a_board_it_was_not_written_for():
    state = Sortileges(files=5, ranks=5).new_game(seed=0, first=0)
    with pytest.raises(ValueError, match="standard board"):
        opponents.Independent(0, 0.05)(state)


def test_the_mobility_searches_see_their_depth():
    bot = opponents.MobilitySearch(3, 1, 1, opponents.tie_first)
    bot(GAME.new_game(seed=0, first=0))
    shallow = opponents.MobilitySearch(1, 1, 1, opponents.tie_first)
    shallow(GAME.new_game(seed=0, first=0))
    assert bot.nodes > 20 * shallow.nodes > 0


@pytest.mark.parametrize("name", opponents.CHEAP)
def test_the_runner_plays_a_game_against_each_cheap_opponent(name):
    record = runner.play_game(GAME, name, seed=1, level5_seat=1, seconds=0.01)
    assert record["winner"] in ("level5", "opponent")
    assert record["plies"] == runner.OPENING + len(record["turns"])
    assert abs(record["level5_turns"] - record["opponent_turns"]) <= 1
    row = runner.table([record], [name])[0]
    assert (row["games"], row["wins"]) == (1, record["winner"] == "level5")


def test_on_node_budgets_a_game_is_a_function_of_its_opening_alone():
    """Level 5 and level 3 on nodes, no clock: the same game twice, whatever the load (the
    caller's clock is not read: a spent one would cut the search otherwise)."""
    records = [
        runner.play_game(GAME, "level3", 2, 1, seconds=0.0001, nodes=3_000, opponent_nodes=500)
        for _ in range(2)
    ]
    assert records[0]["turns"] == records[1]["turns"]
    fewer = runner.play_game(GAME, "level3", 2, 1, 0.0001, nodes=3_000, opponent_nodes=100)
    assert fewer["turns"] != records[0]["turns"]


def test_on_node_budgets_the_independent_opponent_plays_the_same_game_twice():
    """On `--opponent-nodes` the independent reads no clock (its own is three quarters of
    `seconds`, here far too short to search at all): the same game twice, and another on
    another budget. Against its clock two runs of 130 games differed in 27."""
    records = [
        runner.play_game(GAME, "independent", 4, 0, 0.0001, nodes=2_000, opponent_nodes=600)
        for _ in range(2)
    ]
    assert records[0]["turns"] == records[1]["turns"]
    fewer = runner.play_game(GAME, "independent", 4, 0, 0.0001, nodes=2_000, opponent_nodes=150)
    assert fewer["turns"] != records[0]["turns"]


def test_the_mirror_is_level_5_on_both_seats():
    """Against `MIRROR` both seats play level 5 on the same budget: which seat is called
    level 5's changes the label of the result, not the game."""
    games = [runner.play_game(GAME, runner.MIRROR, 3, seat, 0.0001, nodes=2_000) for seat in (0, 1)]
    assert games[0]["turns"] == games[1]["turns"]
    assert games[0]["winner"] != games[1]["winner"]
    against_level3 = runner.play_game(
        GAME, "level3", 3, 0, 0.0001, nodes=2_000, opponent_nodes=2_000
    )
    assert against_level3["turns"] != games[0]["turns"]


def test_default5_is_level_5_as_it_is_against_the_variant():
    """Against `DEFAULTS` the other seat plays level 5 with its defaults: the same game as
    the mirror when level 5 is left as it is, another when its weights change."""
    plain = runner.play_game(GAME, runner.DEFAULTS, 3, 0, 0.0001, nodes=2_000)
    mirrored = runner.play_game(GAME, runner.MIRROR, 3, 0, 0.0001, nodes=2_000)
    assert plain["turns"] == mirrored["turns"]
    variant = runner.evaluation_weights("mobility=0.1,territory=3")
    against_defaults, against_itself = (
        runner.play_game(GAME, name, 3, 0, 0.0001, nodes=2_000, weights=variant)
        for name in (runner.DEFAULTS, runner.MIRROR)
    )
    assert against_defaults["turns"] != against_itself["turns"]
    assert against_defaults["turns"] != plain["turns"]


def test_default5_on_its_own_budget_is_more_nodes_against_fewer():
    """`--opponent-nodes` gives `DEFAULTS` its own budget (what more nodes buy): the same
    game as on the shared budget when both are equal, another when they differ."""
    shared = runner.play_game(GAME, runner.DEFAULTS, 3, 0, 0.0001, nodes=2_000)
    equal, fewer = (
        runner.play_game(GAME, runner.DEFAULTS, 3, 0, 0.0001, nodes=2_000, opponent_nodes=n)
        for n in (2_000, 300)
    )
    assert equal["turns"] == shared["turns"]
    assert fewer["turns"] != shared["turns"]


def test_even_openings_are_those_level_5_scores_within_the_band():
    seeds, scanned = runner.even_openings(GAME, 0, 3, (-13.0, -5.0), runner.OPENING, 2_000)
    assert len(seeds) == 3 and scanned == seeds[-1] + 1
    for seed in range(scanned):
        bot = FastSearchBot(None, threads=1, max_nodes=2_000)
        bot(runner.opening(GAME, seed, runner.OPENING, first=0))
        assert (-13.0 <= bot.score <= -5.0) == (seed in seeds)
    assert scanned > 3  # some opening was left out


@pytest.mark.parametrize("text", ["x", "-5", "1,2,3", "5,-5", "nan,1", "-inf,0"])
def test_a_band_that_is_not_two_finite_ordered_numbers_is_refused(text):
    assert runner.score_band("-13,-5") == (-13.0, -5.0)
    with pytest.raises(argparse.ArgumentTypeError, match="LOW"):
        runner.score_band(text)


def test_the_table_counts_wins_with_wilson_intervals():
    games = [
        {"opponent": "wall", "winner": w, "level5_seat": i % 2, "plies": 30}
        | dict.fromkeys(TIMES, 1)
        for i, w in enumerate(["level5"] * 9 + ["opponent"])
    ]
    (row,) = runner.table(games, ["wall", "random"])
    assert (row["games"], row["wins"], row["target"]) == (10, 9, 0.97)
    assert row["by_seat"] == [[5, 5], [4, 5]]  # the loss was the tenth game, on seat 1
    assert row["wilson"] == pytest.approx([0.5958, 0.9821], abs=1e-4)
    assert runner.TARGETS["level3"] == 0.90 and "level4" not in runner.TARGETS
    assert runner.TARGETS["independent"] == 0.95


TIMES = ("level5_seconds", "level5_turns", "opponent_seconds", "opponent_turns")
