"""Levels 4 and 5: the search is alpha-beta's promise kept (same scores as a plain negamax),
the compiled kernel is the readable search bit for bit, the table tells bounds from exact
scores, the endgame is exact, and the clock is obeyed."""

import math
import threading
import time

import pytest

from ludotheque.engines.bots import Deadline, RandomBot, play_match
from ludotheque.engines.sortileges import AlphaBetaBot, Sortileges
from ludotheque.engines.sortileges.evaluation import (DEFAULT_WEIGHTS, WIN, Evaluator, Features,
                                                      Geometry, linear)
from ludotheque.engines.sortileges.fast import FastSearchBot, warm_up
from ludotheque.engines.sortileges.regions import ExactEndgame
from ludotheque.engines.sortileges.search import FULL_WIDTH_FREE, SearchBot, candidates
from ludotheque.engines.sortileges.solver import BIG, Solver

GAME = Sortileges()
SLACK = 0.3


@pytest.fixture(autouse=True, scope="module")
def compiled():
    warm_up()


def games(count=3, first_seed=0):
    return [play_match(GAME, [RandomBot(seed), RandomBot(seed + 9)], seed=seed)
            for seed in range(first_seed, first_seed + count)]


def plain_negamax(game, evaluator, spelled, mover, other, depth, ply=0):
    """The tree levels 4 and 5 search, without pruning, table, ordering or endgame."""
    if not game.steps(spelled, mover, other):
        return ply - WIN
    if depth == 0:
        return evaluator.score(spelled, mover, other)
    free = (game.board.full & ~(spelled | 1 << mover | 1 << other)).bit_count()
    return max(-plain_negamax(game, evaluator, spelled if spell is None else spelled | 1 << spell,
                              other, target, depth - 1, ply + 1)
               for target, spell in candidates(game, spelled, mover, other,
                                               full_width=free <= FULL_WIDTH_FREE))


def test_both_searches_score_as_plain_negamax_does():
    evaluator, compared = Evaluator(GAME), 0
    for final in games():
        for ply in range(8, final.ply, 4):
            state = final.replayed(ply)
            depth = 2 if ply < 16 else 3
            expected = plain_negamax(GAME, evaluator, *state.position(), depth)
            for bot in (SearchBot(None, max_depth=depth, exact_endgame=False),
                        FastSearchBot(None, max_depth=depth, exact_endgame=False)):
                bot(state)
                if bot.depth == depth:
                    assert bot.score == expected, (type(bot).__name__, state.to_json())
                    compared += 1
    assert compared >= 6


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


@pytest.mark.parametrize("make", [lambda: SearchBot(None, max_depth=1, keep_table=True),
                                  lambda: FastSearchBot(None, max_depth=1)],
                         ids=["readable", "fast"])
def test_the_table_tells_bounds_from_exact_scores(make):
    """Narrow windows on one shared table: a fail low is an upper bound, a fail high a lower
    bound, inside the window the exact score (alpha-beta's promise)."""
    final = games(1, first_seed=3)[0]
    evaluator = Evaluator(GAME)
    for ply in range(6, min(final.ply, 24), 3):
        state, depth = final.replayed(ply), 2
        exact = plain_negamax(GAME, evaluator, *state.position(), depth)
        bot = make()
        bot.exact_endgame = False
        if isinstance(bot, FastSearchBot):
            bot.exact_free = -1
        bot(state)  # readies the bot; the windows below share its table
        windows = [(exact + 0.5, math.inf), (-math.inf, exact - 0.5),
                   (exact - 0.5, exact + 0.5), (-math.inf, math.inf), (exact - 3, exact + 3)]
        for low, high in windows:
            score = bot.negamax(*state.position(), depth, 0, low, high)
            if score <= low:
                assert exact <= score
            elif score >= high:
                assert exact >= score
            else:
                assert score == exact


def test_win_scores_in_the_table_are_stored_relative_to_the_node():
    bot = SearchBot(None, max_depth=1)
    bot(GAME.new_game(seed=0, first=0))
    bot._store(0, 2, 45, 3, WIN - 7, 0, None, ply=4)   # a win 3 turns below a node at ply 4
    assert bot.table[0 << 12 | 2 << 6 | 45][1] == WIN - 3


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


def test_full_width_near_the_end_and_the_safety_net():
    state = layout(GAME, ["c1", "d7"], ["c6", "d6", "e6", "c7", "e7", "c8", "e8"])
    spelled, mover, other = state.position()
    turns = candidates(GAME, spelled, mover, other)
    assert turns and all(spell is not None for _, spell in turns)
    assert len({spell for _, spell in turns}) > 30  # nothing near Fasderat: every square
    few = layout(GAME, ["b2", "e6"], [n for n in GAME.board.names
                                      if n not in ("c1", "d8", "b2", "e6", "a1", "b3", "e5",
                                                   "f6", "a8", "f1", "a5", "b5")])
    spelled, mover, other = few.position()
    full = {(t, s) for t, s in candidates(GAME, spelled, mover, other, full_width=True)}
    legal = {(GAME.board.index[t.target], None if t.spell is None else GAME.board.index[t.spell])
             for t in few.legal_actions()}
    assert full == legal


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


@pytest.mark.parametrize("make", [AlphaBetaBot, SearchBot, FastSearchBot],
                         ids=["level3", "readable", "fast"])
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
    assert set(summary["steps"]) == set(n for n in range(GAME.board.size)
                                        if GAME.steps(spelled, mover, other) >> n & 1)
    assert summary["pv"][0] == summary["best"]
    assert summary["steps"][summary["best"][0]] == summary["score"] == max(summary["steps"].values())


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


def test_level_5_beats_random_every_time():
    for seed in range(4):
        final = play_match(GAME, [FastSearchBot(0.05), RandomBot(seed)], seed=seed,
                           first=seed % 2)
        assert final.returns()[0] > 0


def test_a_students_evaluation_plays():
    def mobility_only(f: Features) -> float:
        return f.my_steps - f.their_steps

    bot = SearchBot(None, max_depth=2, evaluate=mobility_only)
    state = GAME.new_game(seed=0, first=0)
    assert state.is_legal(bot(state))
