"""Random whole games (hypothesis picks every turn): what must hold in every position."""

import dataclasses
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.engines.core import SEED_BITS, State
from ludotheque.engines.sortileges import Sortileges, Turn

BOARDS = st.sampled_from([(6, 8), (6, 8), (6, 8), (5, 5), (4, 6), (7, 4), (3, 3), (2, 3)])
SEEDS = st.integers(0, 2**SEED_BITS - 1)  # any seed a game may draw


def check_position(state):
    view = state.observation(None)
    size = view["files"] * view["ranks"]
    spells, houses, witches = view["spells"], view["houses"], view["witches"]
    free = [name for name in state.game.board.names if name not in spells and name not in houses]
    assert len(set(spells)) == len(spells) and not set(spells) & set(houses)
    assert len(spells) + len(free) + len(houses) == size
    assert witches[0] != witches[1] and not set(witches) & set(spells)
    assert view["terminal"] == (state.legal_actions() == [])


def play_randomly(state, data):
    """Play to the end, each turn drawn by hypothesis; check every position on the way."""
    check_position(state)
    while not state.is_terminal():
        turn = data.draw(st.sampled_from(state.legal_actions()))
        state.apply(turn)
        assert state.observation(None)["last"]["to"] == turn.target
        check_position(state)
    return state


@settings(max_examples=40, deadline=None)
@given(board=BOARDS, seed=SEEDS, data=st.data())
def test_random_games_keep_the_invariants_and_end_in_time(board, seed, data):
    files, ranks = board
    state = play_randomly(Sortileges(files=files, ranks=ranks).new_game(seed), data)
    assert state.ply <= files * ranks + 2  # 50 turns on 6×8: 46 spells and a few without
    assert sorted(state.returns()) == [-1.0, 1.0]
    winner = state.observation(None)["winner"]
    if state.ply:  # she who could no longer step lost just after the winner's turn
        assert winner == state.observation(None)["last"]["seat"]


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_json_round_trip_and_seeded_replay_give_the_same_game(seed, data):
    state = play_randomly(Sortileges().new_game(seed), data)
    assert state.ply <= 50
    again = State.from_json(json.loads(json.dumps(state.to_json())))
    replay = Sortileges().new_game(seed)
    for text in state.observation(None)["moves"]:
        replay.apply(text)
    for copy in (again, replay):
        assert copy.history == state.history
        assert all(copy.observation(seat) == state.observation(seat) for seat in (0, 1, None))
    ply = data.draw(st.integers(0, state.ply))
    assert state.replayed(ply).observation(0) == again.replayed(ply).observation(0)


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_is_legal_agrees_with_legal_actions_for_any_turn(seed, data):
    """The fast `is_legal` against the list, on legal turns with one part changed at random."""
    state = Sortileges().new_game(seed)
    for _ in range(data.draw(st.integers(0, 45))):
        if state.is_terminal():
            break
        state.apply(data.draw(st.sampled_from(state.legal_actions())))
    legal = state.legal_actions()
    assert all(state.is_legal(turn) for turn in legal)
    names = st.sampled_from([*state.game.board.names, "z9"])
    near_misses = [legal[0]] if legal else [Turn("c1", "c2", "d5")]
    for _ in range(12):
        turn = data.draw(st.sampled_from(near_misses))
        part = data.draw(st.sampled_from(["origin", "target", "spell"]))
        new = data.draw(names | st.none()) if part == "spell" else data.draw(names)
        turn = dataclasses.replace(turn, **{part: new})
        assert state.is_legal(turn) == (turn in legal), turn
        near_misses.append(turn)
