"""Tir de tuyau over many random games: conservation (55 cards, 28 gnomes), seeded replay,
JSON round trip, and what each seat's observation holds after every move."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.engines.bots import RandomBot
from ludotheque.engines.core import OMNISCIENT, SEED_BITS, State
from ludotheque.engines.nains import CARDS, GNOMES_PER_COLOUR, HeuristicBot, Nains, NainsRandomBot

OPTIONS = [{}, dict(contre=True, surcontre=True, sursurcontre=True)]


def check_invariants(state):
    t = state.table
    assert len(t.draw) + len(t.discards) + len(t.hands[0]) + len(t.hands[1]) == 55
    for colour in range(4):
        on_teams = sum(team.count(colour) for team in t.teams)
        assert t.supply[colour] + on_teams == GNOMES_PER_COLOUR
        assert t.supply[colour] >= 0
    assert all(1 <= len(hand) <= 5 for hand in t.hands)
    assert -8 < t.hose < 8 or (state.is_terminal() and abs(t.hose) == 8)  # stops at the fence


def random_game(seed, options, bots=None, check=check_invariants):
    rng = random.Random(seed)
    state = Nains(**options).new_game(seed=seed)
    bots = bots or [NainsRandomBot(seed), RandomBot(seed + 1) if seed % 2 else HeuristicBot(seed)]
    while not state.is_terminal():
        assert state.ply < 3000
        move = bots[state.current_player()](state)
        state.apply(move)
        if check:
            check(state)
    return state, rng


@pytest.mark.parametrize("options", OPTIONS, ids=["plain", "counters"])
def test_cards_and_gnomes_are_conserved_over_many_games(options):
    counters = 0
    for seed in range(120):
        state, _ = random_game(seed, options)
        assert state.table.winner in (0, 1) and max(state.table.wins) == 2
        counters += sum(
            str(m).startswith(("contre", "surcontre", "sursurcontre")) for m in state.history
        )
    if options:
        assert counters > 10  # the counters really were played


def test_the_same_seed_and_moves_replay_the_game_exactly():
    state, _ = random_game(7, OPTIONS[1], check=None)
    replay = State.from_json(json.loads(json.dumps(state.to_json())))
    assert replay.history == state.history
    assert [replay.observation(s) for s in (0, 1, None)] == [
        state.observation(s) for s in (0, 1, None)
    ]
    again, _ = random_game(7, OPTIONS[1], check=None)
    assert again.history == state.history


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**SEED_BITS - 1), plies=st.integers(0, 150), counters=st.booleans())
def test_observations_hold_only_what_the_seat_may_know(seed, plies, counters):
    game = Nains(**OPTIONS[counters])
    state, bot = game.new_game(seed=seed), NainsRandomBot(seed)
    while state.ply < plies and not state.is_terminal():
        state.apply(bot(state))
        t = state.table
        for seat in (0, 1, None):
            view = state.observation(seat)
            assert json.loads(json.dumps(view)) == view
            assert "hands" not in view and "secret_gnomes" not in view
            if seat is None:
                assert "hand" not in view
            else:
                assert view["hand"] == [CARDS[c].code for c in t.hands[seat]]
                assert (seat == state.current_player()) == bool(view["legal"])
            # the draw pile appears only as a count
            assert view["draw_count"] == len(t.draw)
            assert not set(view) & {"draw", "deck", "seed", "rng"}
        # a seat's view does not change when what it cannot see is dealt again (the other
        # hand, the draw pile, a first gnome still secret)
        for seat in (0, 1, None):
            world = state.resample(seat, random.Random(seed))
            assert world.observation(seat) == state.observation(seat)
        every = state.observation(OMNISCIENT)
        assert every["hands"] == [[CARDS[c].code for c in h] for h in t.hands]
