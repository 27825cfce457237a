"""Levels 4 and 5: the search is alpha-beta's promise kept (same scores as a plain negamax),
the compiled kernel is the readable search bit for bit, the table tells bounds from exact
scores, the endgame is exact, and the clock is obeyed."""

import math
import threading
import time

import pytest

from ludotheque.engines.bots import Deadline, RandomBot, SearchCancelled, play_match
from ludotheque.engines.core import GameOverError
from ludotheque.engines.sortileges import AlphaBetaBot, Sortileges, bot_for_level, warm_up
from ludotheque.engines.sortileges.evaluation import (
    DEFAULT_WEIGHTS,
    Evaluator,
    Features,
    Geometry,
    linear,
)
from ludotheque.engines.sortileges.fast import FastSearchBot
from ludotheque.engines.sortileges.regions import ExactEndgame
from ludotheque.engines.sortileges.search import FULL_WIDTH_FREE, SearchBot, free_squares
from ludotheque.engines.sortileges.solver import Solver
from ludotheque.engines.sortileges.toolkit import BIG, WIN, as_turn, candidate_turns, position_key
from sortileges_search_checks import (
    SLACK,
    check_windows,
    far_spell_wins,
    missed_by_candidates,
    plain_negamax,
)

GAME = Sortileges()


@pytest.fixture(autouse=True, scope="module")
def compiled():
    warm_up()


def games(count=3, first_seed=0):
    return [
        play_match(GAME, [RandomBot(seed), RandomBot(seed + 9)], seed=seed)
        for seed in range(first_seed, first_seed + count)
    ]


def search_negamax(state, depth):
    """The tree levels 4 and 5 search (without the exact endgame), searched plainly."""
    evaluator = Evaluator(GAME)

    geo = Geometry.of(GAME.board.files, GAME.board.ranks).packed

    def turns(*position):
        full_width = free_squares(GAME, *position) <= FULL_WIDTH_FREE
        return candidate_turns(GAME, *position, full_width, geo)

    def score(spelled, mover, other, ply):
        return evaluator.score(spelled, mover, other)

    return plain_negamax(GAME, score, turns, *state.position(), depth)


def test_both_searches_win_where_only_a_far_spell_wins():
    solver = Solver(GAME)
    for state in far_spell_wins(GAME):
        wins = {
            turn for turn, sign in solver.turn_values(*state.position(), exact=False) if sign > 0
        }
        for bot in (SearchBot(None, max_depth=5), FastSearchBot(None, max_depth=5)):
            assert bot.search_root(state, Deadline()) in wins
            assert bot.score > WIN / 2


def test_both_searches_score_as_plain_negamax_does():
    compared = 0
    for final in games():
        for ply in range(8, final.ply, 4):
            state = final.replayed(ply)
            depth = 2 if ply < 16 else 3
            expected = search_negamax(state, depth)
            for bot in (
                SearchBot(None, max_depth=depth, exact_endgame=False),
                FastSearchBot(None, max_depth=depth, exact_endgame=False),
            ):
                bot(state)
                if bot.depth == depth:
                    assert bot.score == expected, (type(bot).__name__, state.to_json())
                    compared += 1
    assert compared >= 6


class ScriptedChildren(SearchBot):
    """The root pass over scripted children: each `negamax` call takes the next answer (the
    child's score, so the root sees its negation); None stops the clock there."""

    def __init__(self, answers):
        super().__init__(None)
        self.answers = list(answers)
        self.windows = []

    def negamax(self, spelled, mover, other, depth, ply, alpha, beta):
        self.windows.append((-beta, -alpha))  # as the root sees it
        answer = self.answers.pop(0)
        if answer is None:
            raise SearchCancelled
        return answer


@pytest.mark.parametrize(
    ("answers", "kept"),
    [
        ([-1.0, -5.0, None], 1),  # the second turn beat the first: kept though unfinished
        ([-1.0, 0.0, None], 0),  # it did not: the first stays
    ],
)
def test_later_root_turns_get_a_null_window_and_one_that_beats_it_is_kept(answers, kept):
    state = GAME.new_game(seed=0, first=0)
    turns = list(candidate_turns(GAME, *state.position()))[:3]
    bot = ScriptedChildren(answers)
    bot._prepare(GAME)
    with pytest.raises(SearchCancelled) as stopped:
        bot._root_pass(turns, *state.position(), 3, False)
    assert stopped.value.args[0] == (-answers[kept], turns[kept])
    assert bot.windows[1][1] - bot.windows[1][0] < 1e-3  # the second turn's null window
    assert bot.windows[0] == (-math.inf, math.inf)


def test_the_compiled_search_is_the_readable_one_bit_for_bit():
    """Same scores and same chosen turn at every depth, with the exact endgame on."""
    compared = 0
    for final in games(2, first_seed=20):
        for ply in range(0, final.ply, 3):
            state = final.replayed(ply)
            for depth in (1, 2, 3):
                readable = SearchBot(None, max_depth=depth)
                fast = FastSearchBot(None, max_depth=depth, exact_free=9)
                turns = readable(state), fast(state)
                if readable.depth == fast.depth == depth:
                    assert readable.score == fast.score, state.to_json()
                    assert turns[0] == turns[1]
                    compared += 1
    assert compared >= 10


class RoomyFastSearchBot(FastSearchBot):
    """The compiled search with a table four times larger: no entry of these small trees is
    lost to a hash collision (at the default size, 4 of this game's plies 4..20 did)."""

    TABLE_BITS = 22


def test_both_searches_walk_the_same_tree():
    """Same nodes at depth 4, so the same turns tried in the same order, killers included
    (a second killer that cuts off again moves to the front in both; the readable search
    left it second, and 4 of these 5 positions had different trees)."""
    for ply in range(12, 21, 2):
        state = games(1, first_seed=30)[0].replayed(ply)
        readable, fast = (
            SearchBot(None, max_depth=4),
            RoomyFastSearchBot(None, max_depth=4, exact_free=9),
        )
        assert readable(state) == fast(state)
        assert readable.nodes == fast.nodes, ply


@pytest.mark.parametrize(
    "make",
    [
        lambda: SearchBot(None, max_depth=1, keep_table=True),
        lambda: FastSearchBot(None, max_depth=1),
    ],
    ids=["readable", "fast"],
)
def test_the_table_tells_bounds_from_exact_scores(make):
    """Narrow windows on one shared table: a fail low is an upper bound, a fail high a lower
    bound, inside the window the exact score (alpha-beta's promise)."""
    final = games(1, first_seed=3)[0]
    for ply in range(6, min(final.ply, 24), 3):
        state, depth = final.replayed(ply), 2
        exact = search_negamax(state, depth)
        bot = make()
        bot.exact_endgame = False
        if isinstance(bot, FastSearchBot):
            bot.exact_free = -1
        bot(state)  # readies the bot; the windows below share its table
        check_windows(bot, state.position(), depth, exact, [(exact - 3, exact + 3)])


def test_win_scores_in_the_table_are_stored_relative_to_the_node():
    bot = SearchBot(None, max_depth=1)
    bot(GAME.new_game(seed=0, first=0))
    bot._store(0, 2, 45, 3, WIN - 7, 0, None, ply=4)  # a win 3 turns below a node at ply 4
    assert bot.transpositions[position_key(0, 2, 45)][1] == WIN - 3


def layout(game, witches, spells=(), first=0):
    return game.new_game(seed=0, first=first, witches=list(witches), spells=list(spells))


def test_the_exact_endgame_decides_small_separated_regions():
    """4×4, a spelled wall on rank 2: Têtdevache (b1) has 3 free squares, Fasderat (c4) 7.
    Both searches must give the solver's exact value and a turn that keeps it."""
    game = Sortileges(files=4, ranks=4)
    state = layout(game, ["b1", "c4"], ["a2", "b2", "c2", "d2"])
    spelled, mover, other = state.position()
    exact = Solver(game, table_bits=16).value(spelled, mover, other)
    expected = WIN - (BIG - exact) if exact > 0 else -(WIN - (BIG + exact))
    assert ExactEndgame(game).value(spelled, mover, other) == expected
    for bot in (SearchBot(1.0), FastSearchBot(1.0)):
        turn = bot(state)
        assert bot.score == expected
        after = state.clone()
        after.apply(turn)
        follow = Solver(game, table_bits=16).value(*after.position())
        assert (follow > 0) == (exact < 0)  # the turn keeps the result


@pytest.mark.parametrize("make", [SearchBot, FastSearchBot], ids=["readable", "fast"])
def test_the_budget_is_kept(make):
    state = games(1, first_seed=5)[0].replayed(4)
    bot = make(seconds=None)
    started = time.monotonic()
    turn = bot(state, Deadline(0.3))
    elapsed = time.monotonic() - started
    assert 0.25 <= elapsed < 0.3 + SLACK and state.is_legal(turn)
    bot = make(seconds=0.2)
    started = time.monotonic()
    bot(state)
    assert 0.15 <= time.monotonic() - started < 0.2 + SLACK


@pytest.mark.parametrize(
    "make", [AlphaBetaBot, SearchBot, FastSearchBot], ids=["level3", "readable", "fast"]
)
def test_cancel_stops_the_search_at_once(make):
    state, cancel, answer = games(1, first_seed=6)[0].replayed(2), threading.Event(), []
    bot = make(seconds=None)
    thinker = threading.Thread(target=lambda: answer.append(bot(state, Deadline(None, cancel))))
    thinker.start()
    time.sleep(0.3)
    cancelled = time.monotonic()
    cancel.set()
    thinker.join(timeout=5)
    assert time.monotonic() - cancelled < SLACK
    assert answer and state.is_legal(answer[0])


def test_analyse_scores_every_step_square_and_gives_a_line():
    state = games(1, first_seed=7)[0].replayed(6)
    summary = FastSearchBot(None, max_depth=3).analyse(state)
    spelled, mover, other = state.position()
    assert set(summary["steps"]) == set(
        n for n in range(GAME.board.size) if GAME.steps(spelled, mover, other) >> n & 1
    )
    assert summary["pv"][0] == summary["best"]
    best_step = summary["best"][0]
    assert summary["steps"][best_step] == summary["score"] == max(summary["steps"].values())


def test_analyse_keeps_to_its_own_time_and_to_the_callers_and_refuses_a_finished_game():
    """`analyse` is called directly, not through `choose`: it caps its budget itself."""
    state, bot = GAME.new_game(seed=1, first=0), FastSearchBot(0.2)
    for seconds, allowed in ((None, 0.2), (0.1, 0.1)):
        started = time.monotonic()  # the caller's clock starts now, not before the first run
        depth = bot.analyse(state, None if seconds is None else Deadline(seconds))["depth"]
        assert time.monotonic() - started < allowed + SLACK
        assert depth >= 1 or time.monotonic() - started >= allowed  # none done: out of time
    over = GAME.new_game(
        seed=0, first=0, witches=["c1", "a8"], spells=["b1", "d1", "b2", "c2", "d2"]
    )
    with pytest.raises(GameOverError, match="over"):
        bot.analyse(over)


def test_features_and_the_linear_evaluation_agree():
    evaluator = Evaluator(GAME)
    student = Evaluator(GAME, evaluate=linear(DEFAULT_WEIGHTS))
    for final in games(2, first_seed=30):
        for ply in range(0, final.ply, 3):
            position = final.replayed(ply).position()
            features = evaluator.features(*position)
            assert isinstance(features, Features)
            assert student.score(*position) == pytest.approx(evaluator.score(*position))


def test_voronoi_on_an_empty_board_splits_it_fairly():
    geometry = Geometry.of(6, 8)
    board = GAME.board
    a, b = board.index["c1"], board.index["d8"]
    mine, theirs, met = geometry.voronoi(board.full & ~(1 << a | 1 << b), a, b)
    assert met and mine.bit_count() == theirs.bit_count()
    assert not mine & theirs


def test_near_territory_is_the_territory_within_two_king_steps():
    """A witch in a corner holds 8 squares within two king steps, one in the open 24; a
    square the other witch reaches as soon is nobody's."""
    geometry = Geometry.of(6, 8)
    index = GAME.board.index
    a, b = index["a1"], index["d6"]
    free = GAME.board.full & ~(1 << a | 1 << b)
    cells = geometry.cells(free, a, b)
    assert (cells.my_near.bit_count(), cells.their_near.bit_count()) == (8, 24)
    assert cells.my_near & ~cells.mine == 0 and cells.their_near & ~cells.theirs == 0
    assert cells[:3] == geometry.voronoi(free, a, b)
    a, b = index["a1"], index["c3"]  # b2 is next to both; c1 and a3 two steps from both
    cells = geometry.cells(GAME.board.full & ~(1 << a | 1 << b), a, b)
    assert cells.my_near == 1 << index["b1"] | 1 << index["a2"]
    features = Evaluator(GAME).features(0, a, b)
    assert (features.my_near, features.their_near) == (2, cells.their_near.bit_count())


def test_level_5_beats_random_every_time():
    for seed in range(4):
        final = play_match(GAME, [FastSearchBot(0.05), RandomBot(seed)], seed=seed, first=seed % 2)
        assert final.returns()[0] > 0


def test_a_students_evaluation_plays():
    def mobility_only(f: Features) -> float:
        return f.my_steps - f.their_steps

    bot = SearchBot(None, max_depth=2, evaluate=mobility_only)
    state = GAME.new_game(seed=0, first=0)
    assert state.is_legal(bot(state))


def test_the_compiled_searches_refuse_a_board_their_keys_cannot_hold():
    """A position key is an int64 (spells, then 6 bits per witch): 51 squares at most. On
    7×8 level 5 and the solver say so; level 4, on Python ints, plays."""
    game = Sortileges(files=7, ranks=8)
    state = game.new_game(seed=0, first=0)
    with pytest.raises(ValueError, match="51 squares at most: 7×8 is too large"):
        FastSearchBot(None, max_depth=1)(state)
    with pytest.raises(ValueError, match="51 squares at most: 7×8 is too large"):
        Solver(game)
    assert state.is_legal(SearchBot(None, max_depth=2)(state))


@pytest.mark.parametrize("make", [SearchBot, FastSearchBot], ids=["readable", "fast"])
def test_a_loss_among_candidates_is_checked_by_the_exact_search_before_giving_up(make):
    """The gauntlet's two blunders: without the check both searches play a1 (a far spell)."""
    geo = Geometry.of(GAME.board.files, GAME.board.ranks).packed
    for state, win in zip(missed_by_candidates(GAME), ("b6-b7/b5", "e8-d8/d1"), strict=True):
        assert GAME.parse_action(win) not in {
            as_turn(GAME.board, state.position().mover, turn)
            for turn in candidate_turns(GAME, *state.position(), geo=geo)
        }
        bot = make(None, max_nodes=300_000)
        bot.RESCUE_NODES = (0, 0)  # the check off: the candidates' "proven" loss stands
        assert str(bot(state, Deadline())).endswith("/a1") and bot.score < -WIN / 2
        bot = make(None, max_nodes=300_000)
        assert str(bot(state, Deadline())) == win and bot.score > WIN / 2


@pytest.mark.parametrize(
    ("make", "budget"),
    [(AlphaBetaBot, 2_000), (SearchBot, 2_000), (FastSearchBot, 60_000)],
    ids=["level3", "readable", "fast"],
)
def test_a_node_budget_gives_the_same_turn_on_any_machine_and_is_kept(make, budget):
    """No clock: the turn and the nodes depend on the budget alone (one thread, even for
    level 5), the budget is kept (to the clock's check interval), and more nodes see deeper."""
    state = games(1, first_seed=5)[0].replayed(4)
    runs = []
    for _ in range(2):
        bot = make(None, max_nodes=budget)
        turn = bot(state, Deadline())
        runs.append((str(turn), bot.nodes, bot.depth))
        assert bot.nodes <= budget + 256 and state.is_legal(turn)
    assert runs[0] == runs[1]
    deeper = make(None, max_nodes=budget * 10)
    deeper(state, Deadline())
    assert deeper.depth > runs[0][2]


def test_a_node_budget_must_be_a_positive_whole_number():
    for nodes in (0, -5, 1.5, "many"):
        with pytest.raises(ValueError, match="nodes must be a positive whole number"):
            bot_for_level("5", nodes=nodes)
    assert bot_for_level("5", seconds=None, nodes=1_000).threads == 1
    assert bot_for_level("4", nodes=1_000).max_nodes == 1_000
