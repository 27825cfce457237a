"""Every game as a PettingZoo AEC environment (ludotheque.interop.pettingzoo): PettingZoo's
own API and seed tests, masks equal to the legal action ids, observations that hold no
hidden card, and a game through the environment that is the engine's game."""

import pickle
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ludotheque.engines.core import Game
from ludotheque.interop.pettingzoo import agent_observation, env


def variants(cls):
    """The default game, and the one with every option a UI offers at its last value (a
    table of 4 for Sorcière, counters on for Tir de tuyau)."""
    far = {name: list(spec.choices)[-1] for name, spec in cls.option_specs.items() if spec.choices}
    yield "", cls()
    if far != {name: cls.option_defaults[name] for name in far}:
        yield "-far", cls(**far)


GAMES = [
    pytest.param(game, id=name + suffix)
    for name, cls in sorted(Game.discover().items())
    for suffix, game in variants(cls)
]
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",  # a dict with the mask, as in PettingZoo's classics
    "Observation space for each agent probably should be",
)


def random_game(environment, seed):
    """Play a seeded random game through `environment`, choosing among the masked ids; the
    ids played, and each agent's total reward."""
    environment.reset(seed=seed)
    rng, played = random.Random(seed), []
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        played.append(action)
        environment.step(action)
    return played, totals


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_and_seed_tests_pass(game):
    """PettingZoo's api_test plays beyond a whole random game (agents emptied at the end,
    rewards accumulated, spaces held to); seed_test plays two envs seeded alike. No warning
    but the two that every env with a dict observation gets."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game), num_cycles=200)
        seed_test(lambda: env(game), num_cycles=100)
    messages = {str(warning.message) for warning in caught}
    unexpected = {message for message in messages if not message.startswith(EXPECTED_WARNINGS)}
    assert not unexpected


@pytest.mark.parametrize("game", GAMES)
def test_agents_are_the_seats_and_the_spaces_the_integer_interface(game):
    environment = env(game)
    assert len(environment.possible_agents) == game.players
    assert [name.rsplit("_", 1)[1] for name in environment.possible_agents] == [
        str(seat) for seat in range(game.players)
    ]
    space = environment.observation_space(environment.possible_agents[0])
    assert space["observation"].shape == game.observation_shape()
    assert space["action_mask"].shape == (game.num_distinct_actions(),)
    assert environment.action_space(environment.possible_agents[-1]).n == (
        game.num_distinct_actions()
    )


def test_agent_names_are_the_seat_names_in_ascii():
    assert env("sortileges").possible_agents == ["tetdevache_0", "fasderat_1"]
    assert env("sorciere", players=4).possible_agents == [
        "hansel_0",
        "gretel_1",
        "jorinde_2",
        "joringel_3",
    ]
    assert env("petits_pas").possible_agents == ["player_0"]


@pytest.mark.parametrize("game", GAMES)
def test_the_mask_is_the_legal_ids_of_the_agent_to_move_and_nobody_elses(game):
    environment = env(game)
    for seed in (1, 2):
        environment.reset(seed=seed)
        rng = random.Random(seed)
        for agent in environment.agent_iter():
            state = environment.game_state
            if environment.terminations[agent] or environment.truncations[agent]:
                assert not any(
                    environment.observe(a)["action_mask"].any() for a in environment.agents
                )
                environment.step(None)
                continue
            for other in environment.agents:
                mask = np.flatnonzero(environment.observe(other)["action_mask"]).tolist()
                assert mask == (state.legal_action_ids() if other == agent else [])
            environment.step(rng.choice(state.legal_action_ids()))


@pytest.mark.parametrize("game", GAMES)
def test_a_game_through_the_env_is_the_engines_game(game):
    """Same seed, same ids: the engine alone reaches the same position and returns; the
    rewards the env hands out add up to them."""
    for seed in (3, 4):
        played, totals = random_game(env(game), seed)
        state = game.new_game(seed)
        for action_id in played:
            state.apply(state.action_from_id(action_id))
        if state.is_terminal():
            assert list(totals.values()) == state.returns()
        else:  # a capped game stopped at its cap: no winner
            assert state.ply == game.max_game_length() and not any(totals.values())


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_replays_and_unseeded_resets_follow_from_it(game):
    one, two = env(game), env(game)
    first = random_game(one, 11)
    assert one.game_state.seed == 11 and random_game(two, 11) == first
    one.reset(seed=11)
    two.reset(seed=11)
    one.reset()
    two.reset()
    assert one.game_state.seed == two.game_state.seed != 11


def hidden_facts(state):
    """Everything a state holds but its generator and bookkeeping, as bytes."""
    keep = {k: v for k, v in vars(state).items() if k not in ("rng", "resampled", "redo_stack")}
    return pickle.dumps(keep)


@pytest.mark.parametrize("game", GAMES)
def test_worlds_that_differ_only_in_hidden_cards_look_the_same_to_the_agent(game):
    """Every third ply of a game, a world resampled for a seat (`State.resample`: what it
    cannot know dealt again) gives that seat's agent the same observation and mask; for a
    game with secrets the worlds do differ."""
    environment, rng, differ = env(game), random.Random(5), 0
    environment.reset(seed=5)
    for _ in environment.agent_iter():
        state = environment.game_state
        if state.is_terminal() or state.ply >= game.max_game_length():
            break
        for seat in range(game.players) if state.ply % 3 == 0 else ():
            world = state.resample(seat, rng)
            seen, guessed = agent_observation(state, seat), agent_observation(world, seat)
            assert np.array_equal(seen["observation"], guessed["observation"])
            assert np.array_equal(seen["action_mask"], guessed["action_mask"])
            differ += hidden_facts(world) != hidden_facts(state)
        environment.step(rng.choice(state.legal_action_ids()))
    assert bool(differ) == type(game).hidden_information


@pytest.mark.parametrize("game", GAMES)
def test_a_game_at_its_length_cap_is_truncated_without_reward(game):
    """An env stops a game after max_game_length decisions (the cap of a game such as Tir
    de tuyau that could go on for ever): truncated for everyone, no reward, agents leave."""
    short = type("Short", (type(game),), {"max_game_length": lambda self: 2})(**game.options)
    environment = env(short)
    played, totals = random_game(environment, 6)
    assert len(played) <= 2 and environment.agents == []
    if not environment.game_state.is_terminal():
        assert len(played) == 2 and not any(totals.values())


def test_bad_actions_are_refused_with_the_legal_ids():
    environment = env("sortileges")
    environment.reset(seed=1)
    legal = environment.game_state.legal_action_ids()
    illegal = next(i for i in range(environment.game.num_distinct_actions()) if i not in legal)
    with pytest.raises(ValueError, match=f"action id {illegal} is not legal for"):
        environment.step(illegal)
    for wrong in (True, 1.0, "3", None):
        with pytest.raises(ValueError, match="an action is a whole number"):
            environment.step(wrong)
    environment.step(np.int64(legal[0]))
    assert environment.game_state.ply == 1


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="unknown game 'echecs'"):
        env("echecs")
    with pytest.raises(ValueError, match="unknown option"):
        env("nains", colours=3)
    with pytest.raises(ValueError, match="render_mode must be one of"):
        env("nains", render_mode="human")
    with pytest.raises(RuntimeError, match="call reset"):
        env("nains").step(0)
    with pytest.raises(ValueError, match="seed"):
        env("nains").reset(seed=-1)


def test_ansi_shows_the_table_and_rgb_array_draws_it():
    text = env("sortileges", render_mode="ansi")
    text.reset(seed=2)
    first = text.render()
    assert first.startswith("Sortilèges, move 0; to move: ") and " a b c d e f" in first
    frames = env("sortileges", render_mode="rgb_array")
    frames.reset(seed=2)
    frame = frames.render()
    assert frame.shape == (600, 800, 3) and frame.dtype == np.uint8
    assert 0 < (frame < 128).mean() < 0.1  # dark text on white
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert env("sortileges").render() is None


def test_a_one_player_patience_plays_to_its_end():
    environment = env("petits_pas", render_mode="ansi")
    played, totals = random_game(environment, 21)
    assert environment.agents == [] and environment.game_state.is_terminal()
    assert totals == {"player_0": environment.game_state.returns()[0]}
    assert len(played) == environment.game_state.ply and "result:" in environment.render()
