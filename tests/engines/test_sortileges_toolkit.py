"""The Sortilèges search toolkit: the turns each search tries and their order, the win-score
and window arithmetic, keys; and its compiled blocks, the readable ones bit for bit."""

import random

import numpy as np
import pytest

from ludotheque.engines.bots import RandomBot, play_match
from ludotheque.engines.sortileges import Sortileges, toolkit, toolkit_kernels
from ludotheque.engines.sortileges.evaluation import Geometry
from ludotheque.engines.sortileges.solver import Solver
from ludotheque.engines.sortileges.toolkit import (
    EXACT,
    LOWER,
    UPPER,
    WIN,
    as_turn,
    bound_of,
    candidate_turns,
    child_window,
    every_turn,
    first_then,
    from_child,
    relative_to_node,
    relative_to_root,
    search_again,
    settled,
    steps_by_room,
    waiting_spell,
)
from sortileges_search_checks import far_spell_wins

GAME = Sortileges()
HOUSES = {"c1", "d8"}


def layout(witches, spells=(), game=GAME):
    return game.new_game(seed=0, first=0, witches=list(witches), spells=list(spells))


def as_pairs(state):
    index = state.game.board.index
    return [
        (index[t.target], None if t.spell is None else index[t.spell])
        for t in state.legal_actions()
    ]


def positions(game, count=40, seed=0):
    """Positions of random games on `game`'s board, every few plies."""
    found = []
    while len(found) < count:
        final = play_match(game, [RandomBot(seed), RandomBot(seed + 1)], seed=seed)
        found += [final.replayed(ply) for ply in range(0, final.ply, 3)]
        seed += 1
    return [state for state in found[:count] if not state.is_terminal()]


def test_the_safety_net_offers_far_spells_when_none_near_can_be_cast():
    # Fasderat's free neighbours are only her house, and Têtdevache leaves her own house
    state = layout(["c1", "d7"], ["c6", "d6", "e6", "c7", "e7", "c8", "e8"])
    turns = list(candidate_turns(GAME, *state.position()))
    assert turns and all(spell is not None for _, spell in turns)
    assert len({spell for _, spell in turns}) > 30  # every free square far from Fasderat


def test_candidate_spells_are_next_to_the_other_witch_or_the_square_left():
    state = positions(GAME, 12)[-1]
    spelled, mover, other = state.position()
    near = GAME.board.neighbours[other] | 1 << mover
    turns = list(candidate_turns(GAME, spelled, mover, other))
    assert set(turns) < set(as_pairs(state))
    assert all(spell is None or near >> spell & 1 for _, spell in turns)


def test_levels_4_and_5_try_the_spells_with_most_room_first():
    """Each step's spells in the order of the other witch's room on them (her best ways on
    first, ties in square order); levels 2 and 3 keep the squares' order."""
    geo = Geometry.of(GAME.board.files, GAME.board.ranks).packed
    reordered = 0
    for state in positions(GAME, 30):
        spelled, mover, other = state.position()
        for level_geo in (geo, None):
            turns = list(candidate_turns(GAME, spelled, mover, other, geo=level_geo))
            for target in dict.fromkeys(t for t, _ in turns):
                spells = [s for t, s in turns if t == target and s is not None]
                if level_geo is None:
                    assert spells == sorted(spells)
                    continue
                keys = [(-GAME.steps(spelled, s, target).bit_count(), s) for s in spells]
                assert keys == sorted(keys)
                reordered += spells != sorted(spells)
    assert reordered  # the room, not the squares' order that it may happen to match


def test_levels_4_and_5_try_the_far_spell_that_alone_wins():
    solver, geo = Solver(GAME), Geometry.of(GAME.board.files, GAME.board.ranks).packed
    for state in far_spell_wins(GAME):
        position = state.position()
        wins = {turn for turn, sign in solver.turn_values(*position, exact=False) if sign > 0}
        assert wins and not wins & set(candidate_turns(GAME, *position))  # levels 2 and 3
        assert wins & set(candidate_turns(GAME, *position, geo=geo))


def test_a_waiting_spell_only_where_every_near_spell_is_next_to_the_caster():
    geo = Geometry.of(GAME.board.files, GAME.board.ranks).packed
    index, neighbours = GAME.board.index, GAME.board.neighbours
    spelled, mover, other = far_spell_wins(GAME)[0].position()
    near = neighbours[other] | 1 << mover
    for target, far in [("e5", "a1"), ("f5", None)]:  # f5 can spell d4 and d5
        spellable = GAME.spells(spelled, index[target], other)
        bit = waiting_spell(spellable, near, index[target], other, neighbours, geo)
        assert bit == (0 if far is None else 1 << index[far])
        assert (
            toolkit_kernels.waiting_spell(
                spellable, near, index[target], other, np.array(neighbours, np.int64), np.array(geo)
            )
            == bit
        )


def test_full_width_and_every_turn_are_every_legal_turn():
    for state in positions(GAME, 20) + positions(Sortileges(files=4, ranks=4), 20):
        game, position = state.game, state.position()
        legal = sorted(as_pairs(state))
        assert sorted(candidate_turns(game, *position, full_width=True)) == legal
        assert sorted(every_turn(game, *position)) == legal


def test_steps_come_with_most_room_first_and_spells_near_the_other_witch_first():
    for state in positions(GAME, 20):
        spelled, mover, other = state.position()
        room = [
            GAME.steps(spelled, t, other).bit_count()
            for t in steps_by_room(GAME, spelled, mover, other)
        ]
        assert room == sorted(room, reverse=True)
        for ordering in (
            candidate_turns(GAME, spelled, mover, other),
            every_turn(GAME, spelled, mover, other),
        ):
            targets = [target for target, _ in ordering]
            assert list(dict.fromkeys(targets)) == steps_by_room(GAME, spelled, mover, other)
        near = GAME.board.neighbours[other]
        for target in steps_by_room(GAME, spelled, mover, other):
            spells = [s for t, s in every_turn(GAME, spelled, mover, other) if t == target]
            nearness = [s is not None and near >> s & 1 for s in spells]
            assert nearness == sorted(nearness, reverse=True)


def test_first_turns_come_first_and_only_once():
    assert list(first_then([(5, 1), (2, None)], [(1, 2), (2, None), (5, 1), (3, 4)])) == [
        (5, 1),
        (2, None),
        (1, 2),
        (3, 4),
    ]


def test_a_stored_score_answers_only_the_windows_its_bound_covers():
    assert settled(3.0, EXACT, 10.0, 20.0)
    assert settled(25.0, LOWER, 10.0, 20.0) and not settled(15.0, LOWER, 10.0, 20.0)
    assert settled(5.0, UPPER, 10.0, 20.0) and not settled(15.0, UPPER, 10.0, 20.0)
    assert [bound_of(best, 10.0, 20.0) for best in (25.0, 20.0, 15.0, 10.0, 5.0)] == [
        LOWER,
        LOWER,
        EXACT,
        UPPER,
        UPPER,
    ]


def test_win_scores_move_between_root_and_node_and_evaluations_stay():
    for score in (WIN - 7, 7 - WIN, 12.5, -3.0):
        assert relative_to_root(relative_to_node(score, 4), 4) == score
    assert relative_to_node(WIN - 7, 4) == WIN - 3 and relative_to_node(7 - WIN, 4) == 3 - WIN
    assert relative_to_node(12.5, 4) == 12.5


def test_a_null_window_answer_is_searched_again_only_when_it_may_change_the_best():
    alpha, beta = 2.0, 9.0
    assert not search_again(1.5, alpha, beta)  # below alpha: a true upper bound
    assert not search_again(2.0, alpha, beta)
    assert search_again(4.0, alpha, beta)  # inside: the exact score is wanted
    assert not search_again(9.5, alpha, beta)  # a lower bound at or above beta: the cut-off
    for score in (1.5, 2.0, 4.0, 9.0, 9.5):
        assert toolkit_kernels.search_again(score, alpha, beta) == search_again(score, alpha, beta)


@pytest.mark.parametrize("big", [toolkit.BIG, WIN])
def test_a_childs_window_is_exact_for_its_parent(big):
    """For every child score c and parent window (a, b): the parent's view of c falls below,
    inside or above (a, b) exactly as c falls above, inside or below the child's window."""
    scores = [big - d for d in range(1, 8)] + [d - big for d in range(1, 8)]
    for a in scores + [-big - 1]:
        for b in [bound for bound in scores + [big + 1] if bound > a]:
            low, high = child_window(a, b)
            for child in scores:
                seen = from_child(child)
                assert (seen <= a) == (child >= high) and (seen >= b) == (child <= low)
    assert [from_child(child) for child in (big - 2, 2 - big)] == [3 - big, big - 3]


def test_a_candidate_reads_as_a_turn():
    board = GAME.board
    c1, c2, d5 = (board.index[name] for name in ("c1", "c2", "d5"))
    assert str(as_turn(board, c1, (c2, d5))) == "c1-c2/d5"
    assert str(as_turn(board, c1, (c2, None))) == "c1-c2"


# -- the compiled blocks ------------------------------------------------------------------
def random_int64s(count=500, seed=1):
    rng = random.Random(seed)
    return [rng.getrandbits(rng.randrange(1, 64)) for _ in range(count)]


def test_compiled_popcount_and_dilate_are_the_readable_ones():
    for x in random_int64s():
        assert toolkit_kernels.popcount(np.int64(x)) == x.bit_count()
    for files, ranks in [(3, 3), (4, 4), (6, 8), (7, 7)]:
        geometry = Geometry.of(files, ranks)
        geo = np.array([files, geometry.not_first, geometry.not_last, geometry.full], np.int64)
        for x in random_int64s(100, seed=files * ranks):
            mask = x & geometry.full
            assert toolkit_kernels.dilate(np.int64(mask), geo) == geometry.dilate(mask)


def test_compiled_steps_by_room_is_the_readable_one():
    for game in (GAME, Sortileges(files=5, ranks=5)):
        neighbours = np.array(game.board.neighbours, np.int64)
        for state in positions(game, 30):
            spelled, mover, other = state.position()
            order = np.full(10, -1, np.int64)
            n = toolkit_kernels.steps_by_room(
                np.int64(game.steps(spelled, mover, other)),
                np.int64(spelled),
                np.int64(other),
                neighbours,
                game.board.size,
                order,
                2,
            )
            assert list(order[2:n]) == steps_by_room(game, spelled, mover, other)


def test_compiled_keys_turns_and_scores_are_the_readable_ones():
    assert (
        toolkit_kernels.position_key(np.int64(2**47 + 5), 47, 0)
        == toolkit.position_key(2**47 + 5, 47, 0)
        == (2**47 + 5) << 12 | 47 << 6
    )
    assert (
        toolkit_kernels.unpack_turn(toolkit_kernels.pack_turn(46, toolkit.NO_SPELL))
        == toolkit.unpack_turn(toolkit.pack_turn(46, toolkit.NO_SPELL))
        == (46, toolkit.NO_SPELL)
    )
    for solved in (toolkit.BIG - 3, 3 - toolkit.BIG):
        assert toolkit_kernels.search_score(solved) == toolkit.search_score(solved)
    assert toolkit.search_score(toolkit.BIG - 3) == WIN - 3
    assert toolkit.search_score(3 - toolkit.BIG) == 3 - WIN
    for a, b in [(-1, 1), (toolkit.BIG - 5, toolkit.BIG + 1), (-toolkit.BIG - 1, 0)]:
        assert toolkit_kernels.child_window(a, b) == child_window(a, b)
        assert toolkit_kernels.from_child(a) == from_child(a)
    for score in (WIN - 7, 7 - WIN, 12.5):
        assert toolkit_kernels.relative_to_node(score, 4) == relative_to_node(score, 4)
        assert toolkit_kernels.relative_to_root(score, 4) == relative_to_root(score, 4)
    for spellable, near in [(0b1110, 0b0100), (0b1110, 0b0001)]:
        for full_width in (False, True):
            assert toolkit_kernels.candidate_spells(
                spellable, near, full_width
            ) == toolkit.candidate_spells(spellable, near, full_width)
    assert toolkit.candidate_spells(0b1110, 0b0100, False) == 0b0100
    assert toolkit.candidate_spells(0b1110, 0b0001, False) == 0b1110
