"""Sortilèges' cheap clone (`SortilegesState.copy_fields`, the core's `State.clone` hook) and
its move lists without a generator: the same positions, ids and turns as before, faster."""

import json
import random

import pytest

from ludotheque.engines.chance import ExplicitChance
from ludotheque.engines.core import Game, State
from ludotheque.engines.sortileges import Sortileges, Turn
from ludotheque.engines.sortileges.board import KING_STEPS, squares_of

GAME = Sortileges()
BOARDS = [(6, 8), (2, 2), (2, 5), (3, 3), (5, 5), (3, 12), (7, 9)]


def played(seed, plies, game=GAME, **start):
    """A game of random turns from `seed`, `plies` long or shorter if it ends first."""
    state = game.new_game(seed, **start)
    rng = random.Random(seed)
    while state.ply < plies and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def snapshot(state):
    """Everything a clone must agree on with its original, as plain values."""
    return json.dumps(
        {
            "views": [state.observation(seat) for seat in (0, 1, None)],
            "json": state.to_json(),
            "ids": state.legal_action_ids(),
            "turns": [str(turn) for turn in state.legal_actions()],
            "position": list(state.position()),
            "fields": [state.witches, state.spells, state.spelled, state.to_move, state.won_by],
            "records": [[str(a) for a in state.history], state.movers, state.events],
            "redo": [str(a) for a in state.redo_stack],
            "rng": state.rng.getstate(),
            "start": state.start,
            "text": str(state),
        },
        sort_keys=True,
    )


# -- the reference: the generator-based move lists this file's speed-ups replaced -------
def reference_ids(state):
    board, stride = state.game.board, state.game.board.size + 1
    file, rank = board.coordinates(state.witches[state.to_move])
    ids = []
    for target, spells in state.turn_squares():
        step = board.coordinates(target)
        base = KING_STEPS.index((step[0] - file, step[1] - rank)) * stride
        if spells:
            ids.extend(base + spell for spell in squares_of(spells))
        else:
            ids.append(base + board.size)
    return sorted(ids)


def reference_turns(state):
    names = state.game.board.names
    origin = names[state.witches[state.to_move]]
    turns = []
    for target, spells in state.turn_squares():
        if spells:
            turns.extend(Turn(origin, names[target], names[s]) for s in squares_of(spells))
        else:
            turns.append(Turn(origin, names[target]))
    return turns


# -- clone ------------------------------------------------------------------------------
@pytest.mark.parametrize("plies", [0, 1, 9, 30])
def test_a_clone_is_the_same_game_as_its_original(plies):
    state = played(11, plies + 1, first=0)
    state.undo()  # a turn to redo, in the clone too
    twin = state.clone()
    assert type(twin) is type(state) and twin.game is state.game
    assert snapshot(twin) == snapshot(state)
    assert twin.to_json() == state.to_json()
    assert twin.legal_action_ids() == state.legal_action_ids()
    assert str(twin.redo()) == str(state.redo())
    assert snapshot(twin) == snapshot(state)


def test_a_clone_plays_on_without_changing_its_original():
    state = played(5, 8)
    before = snapshot(state)
    twin = state.clone()
    rng = random.Random(2)
    while not twin.is_terminal():
        twin.apply(rng.choice(twin.legal_actions()))
    twin.undo()  # the redo stack too
    twin.rng.random()
    twin.start["witches"] = ["a1", "a2"]
    assert snapshot(state) == before
    assert twin.ply > state.ply


def test_the_original_plays_on_without_changing_its_clone():
    state = played(6, 8, first=1)
    state.undo()
    twin = state.clone()
    before = snapshot(twin)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    state.rng.random()
    state.start["first"] = 0
    assert snapshot(twin) == before


def test_a_clone_draws_what_its_original_would_and_only_its_own():
    state = played(9, 3)  # `first` drawn from the seed
    state.rng.random()
    twin = state.clone()
    assert twin.rng is not state.rng and type(twin.rng) is type(state.rng)
    assert [twin.rng.random() for _ in range(5)] == [state.rng.random() for _ in range(5)]
    twin.rng.random()
    assert twin.rng.getstate() != state.rng.getstate()


@pytest.mark.parametrize("seed", range(6))
def test_a_game_played_through_clones_still_replays_from_its_seed(seed):
    state = GAME.new_game(seed)  # `first` drawn from the seed
    rng = random.Random(seed)
    while not state.is_terminal():
        state = state.clone()
        state.apply(rng.choice(state.legal_actions()))
    again = State.from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(again) == snapshot(state)
    middle = state.ply // 2
    assert snapshot(state.clone().replayed(middle)) == snapshot(state.replayed(middle))


def test_a_laid_out_start_is_copied_not_shared():
    state = GAME.new_game(0, first=0, witches=["c3", "d6"], spells=["a1", "f8"])
    twin = state.clone()
    assert twin.start == state.start and twin.start["spells"] is not state.start["spells"]
    assert snapshot(twin.replayed(0)) == snapshot(state.replayed(0))
    twin.start["spells"].append("b2")
    assert state.start["spells"] == ["a1", "f8"]


def test_a_field_copy_fields_leaves_out_is_deep_copied():
    """A subclass or a caller may add a field (the negamax exercise's deadline): it is
    copied deeply, and one that refers to a record refers to the clone's."""
    state = played(4, 5)
    state.notes = {"seen": [1, 2]}
    state.played = state.history
    twin = state.clone()
    assert twin.notes == {"seen": [1, 2]} and twin.notes["seen"] is not state.notes["seen"]
    assert twin.played is twin.history is not state.history
    twin.notes["seen"].append(3)
    assert state.notes == {"seen": [1, 2]}


def test_a_clone_may_draw_from_a_generator_given_to_it():
    for state in (played(3, 4), Game.by_name("nains").new_game(3)):  # own and default clone
        rng = ExplicitChance([1])
        before = state.rng.getstate()
        twin = state.clone(rng)
        assert twin.rng is rng and state.rng is not rng
        assert state.rng.getstate() == before


# -- move lists -------------------------------------------------------------------------
@pytest.mark.parametrize(("files", "ranks"), BOARDS)
def test_legal_ids_and_turns_are_the_references_on_random_positions(files, ranks):
    game = Sortileges(files=files, ranks=ranks)
    rng = random.Random(files * 100 + ranks)
    positions = 0
    for _ in range(12):
        state = game.new_game(rng.getrandbits(64))
        while True:
            ids, turns = state.legal_action_ids(), state.legal_actions()
            assert ids == reference_ids(state)
            assert ids == sorted(state.action_id(turn) for turn in turns)  # the core's default
            assert turns == reference_turns(state)
            assert [state.action_from_id(i) for i in ids] == sorted(turns, key=state.action_id)
            positions += 1
            if state.is_terminal():
                assert ids == turns == []
                break
            state.apply(rng.choice(turns))
    assert positions > 12 * 2


def test_a_turn_without_spell_has_the_no_spell_id():
    # 2×2: houses a1 and b2 under the witches; after a1-b1/a2 only a1 is left to step to,
    # and then nothing to spell
    game = Sortileges(files=2, ranks=2)
    state = game.new_game(0, first=0)
    stride = game.board.size + 1
    assert [str(turn) for turn in state.legal_actions()] == ["a1-b1/a2", "a1-a2/b1"]
    assert state.legal_action_ids() == [4 * stride + 2, 6 * stride + 1]  # right, up
    state.apply("a1-b1/a2")
    assert [str(turn) for turn in state.legal_actions()] == ["b2-a1"]
    assert state.legal_action_ids() == [0 * stride + game.board.size]  # down-left, no spell
