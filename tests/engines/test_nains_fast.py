"""Tir de tuyau's compiled playouts play the readable playout's moves, move for move, and the
deduction level's compiled inner loop gives the readable one's results."""

import random

import pytest

from ludotheque.engines.nains import CARDS, Nains
from ludotheque.engines.nains.deduction import readable_deals
from ludotheque.engines.nains.policies import playout, playout_cap, search_moves
from ludotheque.engines.nains.revealed import Revealed
from ludotheque.engines.nains.streams import PlayoutRandom, below, shuffle, stream

np = pytest.importorskip("numpy")
pytest.importorskip("numba")
fast = pytest.importorskip("ludotheque.engines.nains.fast")

GAME = Nains(contre=True, surcontre=True, sursurcontre=True)


def positions(games, seed=0):
    """Every position (first-gnome choices included) of `games` seeded matches played half
    at random, half by the playout policy, with all three counters on."""
    for g in range(games):
        state = GAME.new_game(seed=seed + g, first=g % 2)
        rng = random.Random(seed + g)
        while not state.is_terminal():
            yield state.table.copy()
            moves = state.legal_actions()
            state.apply(rng.choice(moves) if rng.random() < 0.5 else moves[0])


def test_the_generator_draws_alike_as_python_and_through_random():
    rng = PlayoutRandom(7)
    state = stream(7)
    for n in (1, 2, 4, 55):
        state, value = below(state, n)
        assert rng.randrange(n) == value and 0 <= value < n
    items, twin = list(range(40)), list(range(40))
    state = shuffle(items, len(items), state)
    rng.shuffle(twin)
    assert items == twin != list(range(40)) and rng.getstate() == state
    assert len({PlayoutRandom(seed).random() for seed in range(1000)}) == 1000


def test_the_compiled_playout_plays_the_readable_moves_on_thousands_of_deals():
    """Same moves, same winner, same length, from every kind of position, with and without
    random moves in the policy (eps), to the round's end or on through the next rounds to
    the match's end (whole_match)."""
    checked = reshuffled = later_rounds = 0
    for i, table in enumerate(positions(70)):
        seed, eps, whole = 1000 + i, (0.0, 0.1, 0.5)[i % 3], i % 2 == 0
        moves: list = []
        world = table.copy()
        winner, played = playout(world, table.round, PlayoutRandom(seed), eps, moves, whole)
        compiled = fast.playout(table, seed, eps, record=True, whole_match=whole)
        assert compiled == (winner, played, moves), i
        if whole and played < playout_cap(table.target, whole):
            assert world.winner == winner, i  # the match's winner, not the round's
        checked += 1
        reshuffled += len(world.discards) < len(table.discards)
        later_rounds += world.round > table.round and whole
    assert checked >= 3000 and reshuffled > 20 and later_rounds > 500


def test_the_compiled_search_gives_the_readable_results():
    """Deals weighted by a table's revelations (with and without a first gnome to match,
    with and without a discard's kept cards), every candidate, the same playouts (to the
    round's end or the match's)."""
    weights = [1.0] * len(CARDS)
    weights[3], weights[20], weights[31] = 0.05, 0.3, 0.6
    kept = tuple(0.1 if card % 3 == 0 else 1.0 for card in range(len(CARDS)))
    revealed = Revealed(
        weights, (1.0, -0.5, 0.0, 2.0), 1, 0.1, kept_weights=kept, kept=3, since=(4, 9)
    )
    secret = 0
    for i, table in enumerate(positions(3, seed=50)):
        other_chose = table.phase == "choose" and table.choices[1 - table.to_move] >= 0
        if i % 9 and not other_chose:
            continue
        secret += other_chose
        unseen = table.draw + table.hands[1 - table.to_move]
        candidates = search_moves(table)
        args = (table, unseen, revealed if i % 2 else Revealed(weights), 16, candidates, i, 5, 6)
        options = {"lead": 0.5, "whole_match": i % 4 < 2}
        compiled, steps = fast.search_deals(*args, **options)
        readable, readable_steps = readable_deals(*args, **options)
        assert np.array_equal(compiled, np.array(readable)) and steps == readable_steps
    assert secret >= 3


def test_compiled_playouts_are_many_times_faster():
    """A loose floor (the machine may be loaded): the benchmark prints the real rate."""
    import time

    table = next(t for t in positions(1, seed=3) if t.phase == "play")
    candidates = search_moves(table)
    unseen = table.draw + table.hands[1 - table.to_move]
    fast.warm_up()
    started = time.perf_counter()
    results, _ = fast.search_deals(table, unseen, Revealed.nothing(), 16, candidates, 1, 0, 200)
    assert results.size / (time.perf_counter() - started) > 10_000


def test_the_match_reward_is_the_round_reward_only_when_the_round_decides_the_match():
    """In a round that ends the match either way (1-1), scoring the match won gives the
    round won, deal for deal; earlier, the rounds after it change some results."""
    differ, deciding = [], 0
    for table in positions(8, seed=70):
        if table.phase != "play":
            continue
        unseen = table.draw + table.hands[1 - table.to_move]
        args = (table, unseen, Revealed.nothing(), 16, search_moves(table), 3, 0, 4)
        by_match, _ = fast.search_deals(*args, whole_match=True)
        by_round, _ = fast.search_deals(*args, whole_match=False)
        if table.wins == [1, 1]:
            assert np.array_equal(by_match, by_round)
            deciding += 1
        else:
            differ.append(not np.array_equal(by_match, by_round))
    assert deciding > 20 and sum(differ) > len(differ) / 4
