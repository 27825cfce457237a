"""Random whole games: conservation of cards and candies, seeded replay, JSON round trip,
and the observation never showing a face-down card."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.engines.core import SEED_BITS, State
from ludotheque.engines.sorciere import Sorciere

SEEDS = st.integers(0, 2**SEED_BITS - 1)  # any seed a game may draw


def check(state):
    roof = sum(z is not None for z in state.roof.z)
    piles = sum(len(p) for p in state.piles)
    held = state.held is not None
    assert roof + piles + held + len(state.aside) == 36
    assert sum(c is not None for c in state.slot_card) == roof
    assert state.reserve + sum(state.candies) == 5 and state.reserve >= 1 or state.is_terminal()
    assert state.reserve + sum(state.candies) == 5
    assert all(state.roof.support(i) >= 1 for i in state.roof.present()) or state.phase == "scored"
    secret = json.dumps([state.observation(s) for s in (None, *range(state.game.players))])
    # A face-down card's identity never shows: the observation of each seat does not change
    # when the face-down cards change places (and they do, once two of them are left).
    world = state.resample(None, random.Random(state.ply))
    assert json.dumps([world.observation(s) for s in (None, *range(state.game.players))]) == secret
    hidden = [i for i, c in enumerate(state.slot_card) if c is not None and i not in state.known]
    assert sorted(world.slot_card[i] for i in hidden) == sorted(state.slot_card[i] for i in hidden)


def play(state, data, limit=400):
    check(state)
    while not state.is_terminal() and state.ply < limit:
        state.apply(data.draw(st.sampled_from(state.legal_actions())))
        check(state)
    return state


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=SEEDS, data=st.data())
def test_random_games_conserve_cards_and_candies(players, seed, data):
    state = play(Sorciere(players=players).new_game(seed), data)
    if state.is_terminal():
        assert sorted(state.returns())[-1] == 1.0 and state.candies[state.winner()] == 2


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, data=st.data(), dexterity=st.floats(0, 1))
def test_seeded_replay_and_json_round_trip_give_the_same_game(seed, data, dexterity):
    state = Sorciere().new_game(seed)
    while not state.is_terminal() and state.ply < 120:
        action = data.draw(st.sampled_from(state.legal_actions()))
        text = str(action)
        if text.startswith("pull"):
            text = f"{text}@{dexterity}"
        state.apply(text)
    again = State.from_json(json.loads(json.dumps(state.to_json())))
    replay = Sorciere().new_game(seed)
    for text in state.observation(None)["moves"]:
        replay.apply(text)
    for copy in (again, replay):
        assert copy.history == state.history
        assert copy.slot_card == state.slot_card and copy.results == state.results
        assert copy.observation(0) == state.observation(0)


def test_the_collapse_is_drawn_from_the_seed():
    outcomes = set()
    for seed in range(30):
        state = Sorciere().new_game(seed, first=0)
        state.apply("pull 0@0")
        outcomes.add(state.events[-1][0]["collapse"])
    assert outcomes == {True, False}
