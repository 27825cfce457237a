"""Every game, found not listed: the promises of the shared protocol (engines/core.py,
engines/bots.py), checked on seeded random games of each registered game.

The games are those `Game.discover()` finds (each package under ludotheque.engines) and
the toy games of tests/toy_games (imported by tests/conftest.py): a new game gets every
test here without an edit to this file. Each game runs with its default options and with
every offered option at its last value.
"""

import functools
import inspect
import json
import math
import random

import pytest

from ludotheque.engines.bots import (
    BotError,
    Deadline,
    RandomBot,
    as_bot,
    bots_of,
    checked_level,
    play_match,
)
from ludotheque.engines.chance import Chance, Unfolding
from ludotheque.engines.core import (
    LANGS,
    OMNISCIENT,
    SEED_BITS,
    Game,
    GameOverError,
    IllegalActionError,
    NotationError,
    RulesError,
    State,
    same_value,
)

REGISTRY = Game.discover()
SEEDS = (1, 2)
MAX_PLIES = 400
"""Random games longer than this are cut (none of the games' random games comes near)."""


def variants(cls):
    """The default game, and the one with every option a UI offers at its last value."""
    far = {name: list(spec.choices)[-1] for name, spec in cls.option_specs.items() if spec.choices}
    yield "", cls()
    if far != {name: cls.option_defaults[name] for name in far}:
        yield "-far", cls(**far)


GAME_CLASSES = [pytest.param(cls, id=name) for name, cls in sorted(REGISTRY.items())]
GAMES = [
    pytest.param(game, id=name + suffix)
    for name, cls in sorted(REGISTRY.items())
    for suffix, game in variants(cls)
]


def seats(state):
    """Every point of view: a spectator, the omniscient view, each seat."""
    return (None, OMNISCIENT, *range(state.game.players))


def snapshot(state):
    return state.to_json(), [state.observation(seat) for seat in seats(state)]


@functools.cache
def random_game(game, seed):
    """A whole game between random players (cached: callers replay, never change it)."""
    state, bot = game.new_game(seed), RandomBot(seed)
    while not state.is_terminal() and state.ply < MAX_PLIES:
        state.apply(bot(state))
    return state


def positions(game, seed):
    """Fresh states at a few plies of a random game: the start, early, middle, late, end."""
    final = random_game(game, seed)
    plies = sorted({0, 1, final.ply // 3, final.ply // 2, final.ply - 1, final.ply} - {-1})
    return [final.replayed(ply) for ply in plies]


def seen_actions(game):
    """Every action played in the random games: candidates that are legal somewhere."""
    return {str(action) for seed in SEEDS for action in random_game(game, seed).history}


def is_label(label):
    return (
        isinstance(label, dict)
        and tuple(label) == LANGS
        and all(isinstance(text, str) and text.strip() for text in label.values())
    )


# -- metadata ---------------------------------------------------------------------------------
@pytest.mark.parametrize("cls", GAME_CLASSES)
def test_the_metadata_is_complete_and_json(cls):
    info = cls.describe()
    assert json.loads(json.dumps(info)) == info
    assert info["name"] == cls.name and is_label(cls.title)
    assert 1 <= cls.min_players <= cls.max_players
    assert tuple(cls.seat_names) == LANGS
    assert all(len(names) == cls.max_players and all(names) for names in cls.seat_names.values())
    assert isinstance(cls.hidden_information, bool) and isinstance(cls.chance, bool)
    assert not cls.private_information or cls.hidden_information  # a secret is hidden
    assert set(cls.option_defaults) == set(cls.option_specs) == set(info["options"])
    for name, spec in cls.option_specs.items():
        assert is_label(spec.label), name
        for value, label in (spec.choices or {}).items():
            assert is_label(label), (name, value)
            game = cls(**{name: value})  # every value offered is taken
            assert game.options[name] == value
            assert cls.min_players <= game.players <= cls.max_players


@pytest.mark.parametrize("cls", GAME_CLASSES)
def test_an_option_value_not_offered_is_refused(cls):
    for name, spec in cls.option_specs.items():
        if spec.choices:
            with pytest.raises(ValueError, match=f"{name} must be one of"):
                cls(**{name: "not a value of any option"})
    with pytest.raises(ValueError, match="unknown option"):
        cls(no_such_option=1)


def test_every_game_package_holds_its_game_in_rules_py():
    """One layout per game: the package `ludotheque.engines.<name>` registers the game
    `<name>` from its `rules.py`."""
    packages = {
        name for name, cls in REGISTRY.items() if cls.__module__.startswith("ludotheque.engines.")
    }
    assert {"nains", "petits_pas", "sorciere", "sortileges"} <= packages
    for name in packages:
        assert REGISTRY[name].__module__ == f"ludotheque.engines.{name}.rules"


# -- bots -----------------------------------------------------------------------------------
@pytest.mark.parametrize("cls", GAME_CLASSES)
def test_the_bot_levels_are_labelled(cls):
    offered = bots_of(cls)
    assert tuple(offered.LEVEL_LABELS) == offered.LEVELS and offered.LEVELS
    assert all(is_label(label) for label in offered.LEVEL_LABELS.values())


@pytest.mark.parametrize("cls", GAME_CLASSES)
def test_every_level_makes_a_bot_that_plays_and_refuses_a_finished_game(cls):
    offered = bots_of(cls)
    assert list(inspect.signature(offered.bot_for_level).parameters)[:3] == [
        "level",
        "seed",
        "seconds",
    ]
    game = cls()
    start = random_game(game, 1).replayed(1)
    final = random_game(game, 1)
    for level in offered.LEVELS:
        bot = offered.bot_for_level(level, seed=3, seconds=0.05)
        assert start.is_legal(bot.choose(start.clone(), Deadline(0.05))), level
        with pytest.raises(GameOverError):
            bot.choose(final)
    with pytest.raises(ValueError, match="levels are"):
        offered.bot_for_level("no such level")


# -- random games -------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_reads_back_from_its_text_and_applies(game, seed):
    state = game.new_game(seed)
    bot = RandomBot(seed)
    while True:
        legal = state.legal_actions()
        assert (legal == []) == state.is_terminal()
        for action in legal:
            assert same_value(game.canonical(str(action)), action), action
            assert same_value(game.canonical(action), action) and state.is_legal(action)
            after = state.clone()
            assert after.apply(str(action)) == action
            assert after.history[-1] == action and after.ply == state.ply + 1
        if state.is_terminal() or state.ply >= MAX_PLIES:
            break
        state.apply(bot(state))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_observations_are_json_and_legal_actions_go_to_the_mover_only(game, seed):
    for state in positions(game, seed):
        mover = state.current_player()
        for seat in seats(state):
            view = state.observation(seat)
            assert json.loads(json.dumps(view)) == view
            assert (view["game"], view["ply"], view["terminal"]) == (
                game.name,
                state.ply,
                state.is_terminal(),
            )
            assert view["legal"] == (
                [str(a) for a in state.legal_actions()] if seat == mover else []
            )


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_a_clone_is_independent(game, seed):
    for state in positions(game, seed):
        if state.is_terminal():
            continue
        before = snapshot(state)
        copy = state.clone()
        assert copy.game is state.game and snapshot(copy) == before
        copy.apply(copy.legal_actions()[0])
        assert snapshot(state) == before
        copied = snapshot(copy)
        state.apply(state.legal_actions()[-1])
        assert snapshot(copy) == copied


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_json_and_a_seeded_replay_rebuild_the_same_state(game, seed):
    for state in positions(game, seed):
        again = State.from_json(json.loads(json.dumps(state.to_json())))
        assert again.game == game and snapshot(again) == snapshot(state)
        assert again.rng.getstate() == state.rng.getstate()  # even the generator
        replay = game.new_game(seed, **state.start)
        for action in state.history:
            replay.apply(str(action))
        assert snapshot(replay) == snapshot(state)


@pytest.mark.parametrize("game", GAMES)
def test_the_largest_seed_deals_and_replays_like_any_other(game):
    state, bot = game.new_game(2**SEED_BITS - 1), RandomBot(0)
    for _ in range(5):
        if not state.is_terminal():
            state.apply(bot(state))
    again = State.from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(again) == snapshot(state) and again.seed == 2**SEED_BITS - 1


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_undo_goes_back_exactly_and_redo_forward(game, seed):
    for state in positions(game, seed)[1:]:
        before, last = snapshot(state), state.history[-1]
        earlier = state.replayed(state.ply - 1)
        assert state.undo() == last and snapshot(state) == snapshot(earlier)
        assert state.redo() == last and snapshot(state) == before
        state.undo()
        state.apply(state.legal_actions()[0])
        with pytest.raises(RulesError, match="nothing to redo") as caught:
            state.redo()
        assert caught.value.code == "nothing"
    with pytest.raises(RulesError, match="nothing to undo"):
        game.new_game(seed).undo()


@pytest.mark.parametrize("game", GAMES)
def test_an_apply_that_fails_half_way_leaves_the_state_exactly_as_it_was(game):
    state = random_game(game, 1).replayed(min(4, random_game(game, 1).ply - 1))
    state.undo()
    before, redo, position = snapshot(state), list(state.redo_stack), state.rng.getstate()
    carry_out = state.do_apply

    def half_way(action):
        carry_out(action)  # the state is changed, its generator has moved on...
        raise RuntimeError("...and then something breaks")

    state.do_apply = half_way
    with pytest.raises(RuntimeError, match="something breaks"):
        state.apply(state.legal_actions()[0])
    assert snapshot(state) == before and state.rng.getstate() == position
    assert state.redo_stack == redo and "do_apply" not in vars(state)
    state.redo()  # and the game goes on from there


# -- refusals -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_refuse_what_is_not_legal_now_and_nothing_changes(game):
    """`refusal` (hence `is_legal`) agrees with `legal_actions` on every action seen in the
    random games, and `apply` refuses the others with a reason, changing nothing."""
    candidates = [game.parse_action(text) for text in sorted(seen_actions(game))]
    refused = 0
    for seed in SEEDS:
        for state in positions(game, seed):
            legal = set(state.legal_actions())
            for action in candidates:
                assert state.is_legal(action) == (action in legal), (state.ply, action)
            before = snapshot(state)
            for action in [a for a in candidates if a not in legal][:5]:
                error = GameOverError if state.is_terminal() else IllegalActionError
                with pytest.raises(error) as caught:
                    state.apply(str(action))
                assert caught.value.params == {"action": str(action)}
                assert caught.value.code == ("game-over" if state.is_terminal() else "illegal")
                if not state.is_terminal():
                    assert state.why_illegal(action) != "it is legal now"
                refused += 1
            with pytest.raises(NotationError) as caught:
                state.apply("?")
            assert caught.value.code == "malformed"
            assert snapshot(state) == before
    assert refused  # at least the finished games refused something


@pytest.mark.parametrize("game", GAMES)
def test_after_the_end_every_action_is_refused_and_each_seat_has_a_result(game):
    final = random_game(game, 1)
    assert final.is_terminal(), "a random game should end"
    assert final.legal_actions() == []
    returns = final.returns()
    assert len(returns) == game.players and all(r in (-1.0, 0.0, 1.0) for r in returns)
    assert final.observation(None)["returns"] == returns
    with pytest.raises(GameOverError) as caught:
        final.apply(random_game(game, 1).history[-1])
    assert caught.value.code == "game-over"


# -- chance and secrets ---------------------------------------------------------------------
def diverges(one, two, actions):
    """Whether two states, given the same actions, ever look different to any seat (or
    only one of them takes an action; where neither does, their shared future ends)."""
    for action in [None, *actions]:
        if action is not None:
            if one.is_legal(action) != two.is_legal(action):
                return True
            if not one.is_legal(action):
                return False
            one.apply(action)
            two.apply(action)
        if [one.observation(s) for s in seats(one)] != [two.observation(s) for s in seats(two)]:
            return True
    return False


@pytest.mark.parametrize("game", GAMES)
def test_chance_is_declared_truly(game):
    """Without chance two seeds that draw the same first player give the same game; with
    chance some do not."""
    starts = [game.new_game(seed) for seed in range(12)]
    pairs = [
        (a, b)
        for a in starts
        for b in starts
        if a.seed < b.seed and a.current_player() == b.current_player()
    ][:12]
    differ = [
        diverges(a.clone(), b.clone(), random_game(game, a.seed).history[:30]) for a, b in pairs
    ]
    assert pairs and any(differ) == type(game).chance


@pytest.mark.parametrize("game", GAMES)
def test_a_resampled_world_shows_each_seat_exactly_what_it_saw(game):
    """For random positions and each seat, `resample` gives a world whose observation for
    that seat is the original's. Then both play the same future with the same chance
    draws: for a game without secrets nothing ever differs; for a game with secrets the
    hidden part must differ at least sometimes (so that the first check means something)."""
    rng, differ = random.Random(5), 0
    for seed in SEEDS:
        final = random_game(game, seed)
        for state in positions(game, seed):
            for seat in (None, *range(game.players)):
                world = state.resample(seat, rng)
                assert world.resampled and not state.resampled
                assert world.observation(seat) == state.observation(seat), (state.ply, seat)
                truth, draws = state.clone(), rng.getrandbits(64)
                truth.rng, world.rng = random.Random(draws), random.Random(draws)
                differ += diverges(truth, world, final.history[state.ply : state.ply + 20])
    assert bool(differ) == type(game).hidden_information


@pytest.mark.parametrize("game", GAMES)
def test_seats_see_different_things_only_with_private_information(game):
    """Private information (a hand of one's own) shows as two seats' observations that
    differ on a key both have (not only in what the seat to move is offered: `legal`,
    Sortilèges' `turns`); without it, a curtain in hot seat would hide nothing."""

    def differ_on_shared_keys(state, seat):
        mine, theirs = state.observation(0), state.observation(seat)
        return any(mine[key] != theirs[key] for key in set(mine) & set(theirs) - {"seat", "legal"})

    differ = any(
        differ_on_shared_keys(state, seat)
        for seed in SEEDS
        for state in positions(game, seed)
        for seat in range(1, game.players)
    )
    assert differ == type(game).private_information


@pytest.mark.parametrize("game", GAMES)
def test_a_resampled_world_is_not_saved_or_replayed(game):
    world = random_game(game, 1).replayed(1).resample(0, random.Random(1))
    for guess in (world.to_json, world.undo, lambda: world.replayed(0)):
        with pytest.raises(RuntimeError, match="resampled world"):
            guess()
    assert world.clone().resampled


# -- players ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_plain_function_of_the_observation_plays_through_as_bot(game):
    seen = []

    def first_legal(observation):
        seen.append(observation)
        return observation["legal"][0]

    players = [first_legal] + [RandomBot(seat) for seat in range(1, game.players)]
    state = play_match(game, players, seed=6)
    assert state.is_terminal() and seen
    assert all(view["seat"] == 0 == view["to_move"] for view in seen)
    for answer in ("?", "x" * 10**5):
        with pytest.raises(BotError) as caught:
            as_bot(lambda observation, answer=answer: answer)(game.new_game(1))
        assert caught.value.code == "bot" and len(str(caught.value)) < 400


@pytest.mark.parametrize("game", GAMES)
def test_play_match_is_reproducible_and_checks_the_seats(game):
    def bots():
        return [RandomBot(7 + seat) for seat in range(game.players)]

    one, two = play_match(game, bots(), seed=9), play_match(game, bots(), seed=9)
    assert one.history == two.history and one.is_terminal()
    with pytest.raises(ValueError, match="players"):
        play_match(game, bots() + [RandomBot(0)])


def test_a_level_is_a_name_of_the_levels_or_its_number():
    assert checked_level("2", ("1", "2"), "Toy") == checked_level(2, ("1", "2"), "Toy") == "2"
    for wrong in ("3", True, 2.0, None, "x" * 1000):
        with pytest.raises(ValueError, match="Toy bot levels are 1, 2, not") as caught:
            checked_level(wrong, ("1", "2"), "Toy")
        assert len(str(caught.value)) < 100


# -- the integer interface (docs/interop.md) --------------------------------------------------
def id_walk(game, seed, plies=None):
    """The positions of a game played by random action ids (the integer interface's own
    way to play), whole or cut at `plies`."""
    state, rng = game.new_game(seed), random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal() and len(states) <= (plies or MAX_PLIES):
        state.apply(state.action_from_id(rng.choice(state.legal_action_ids())))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("game", GAMES)
def test_action_ids_round_trip_for_every_legal_action(game):
    """In every position of random games: each legal action has its own id in range and
    reads back as itself; every id offered reads as a legal action and back."""
    size, positions_seen = game.num_distinct_actions(), 0
    for seed in range(4):
        for state in id_walk(game, seed)[:-1]:
            legal = state.legal_actions()
            ids = [state.action_id(action) for action in legal]
            assert len(set(ids)) == len(ids) and all(0 <= i < size for i in ids)
            assert all(
                same_value(state.action_from_id(i), a) for i, a in zip(ids, legal, strict=True)
            )
            offered = state.legal_action_ids()
            assert offered == sorted(set(offered)) and set(ids) <= set(offered)
            for i in offered:
                action = state.action_from_id(i)
                assert state.is_legal(action) and state.action_id(action) == i
            positions_seen += 1
    assert positions_seen > 4 * 5


@pytest.mark.parametrize("game", GAMES)
def test_a_game_ends_within_its_max_length(game):
    """Games played by random ids end within `max_game_length()`; a cap (`capped_length`)
    is far above them too."""
    lengths = [len(id_walk(game, seed)) - 1 for seed in range(6)]
    assert max(lengths) <= game.max_game_length()
    assert not type(game).capped_length or 2 * max(lengths) <= game.max_game_length()


@pytest.mark.parametrize("game", GAMES)
def test_observation_tensors_have_the_fixed_shape_and_follow_the_game(game):
    size = math.prod(game.observation_shape())
    tensors = set()
    for state in id_walk(game, 3):
        for seat in (None, *range(game.players)):
            tensor = state.observation_tensor(seat)
            assert len(tensor) == size and all(math.isfinite(x) for x in tensor)
            assert all(type(x) is float for x in tensor)
            tensors.add(tuple(tensor))
    assert len(tensors) > 2  # the tensor says something about the position


def tensor_diverges(one, two, seat, actions):
    """Whether two states, given the same actions, ever give `seat` different tensors."""
    for action in actions:
        if not (one.is_legal(action) and two.is_legal(action)):
            return False
        one.apply(action)
        two.apply(action)
        if one.observation_tensor(seat) != two.observation_tensor(seat):
            return True
    return False


@pytest.mark.parametrize("game", GAMES)
def test_observation_tensors_are_the_same_in_worlds_that_differ_only_in_hidden_cards(game):
    """A world resampled for a seat gives it the same tensor; for a game with secrets the
    same future then tells the worlds apart, at least sometimes (cards come to light): the
    tensor does show what the seat comes to see."""
    rng, differ = random.Random(8), 0
    walk = id_walk(game, 4)
    future = [walk[ply + 1].history[-1] for ply in range(len(walk) - 1)]
    for ply in range(0, len(walk) - 1, 3):
        state = walk[ply]
        for seat in range(game.players):
            world = state.resample(seat, rng)
            assert world.observation_tensor(seat) == state.observation_tensor(seat)
            draws = rng.getrandbits(64)
            truth, world.rng = state.clone(), Chance(draws)
            truth.rng = Chance(draws)
            differ += tensor_diverges(truth, world, seat, future[ply : ply + 20])
    assert bool(differ) == type(game).hidden_information


def chance_nodes(unfolding, rng, game):
    """Take random outcomes (by their probabilities) until the step is whole; check each
    node's outcomes on the way; return how many nodes there were."""
    nodes = 0
    while unfolding.outcomes is not None:
        ids = [outcome.id for outcome in unfolding.outcomes]
        probabilities = [outcome.probability for outcome in unfolding.outcomes]
        assert len(set(ids)) == len(ids) and all(0 <= i < game.max_chance_outcomes() for i in ids)
        assert all(p > 0 for p in probabilities) and math.isclose(sum(probabilities), 1.0)
        assert all(outcome.text for outcome in unfolding.outcomes)
        unfolding.choose(rng.choices(ids, probabilities)[0])
        nodes += 1
    return nodes


@pytest.mark.parametrize("game", GAMES)
def test_explicit_chance_enumerates_outcomes_and_plays_whole_games(game):
    """Under explicit chance every draw of the rules is a chance node whose outcomes are
    enumerated with probabilities summing to 1; games play to their end that way; a game
    without chance (who moves first given) has no chance node at all."""
    start = {"first": 0} if "first" in inspect.signature(game.state_class.setup).parameters else {}
    rng, nodes = random.Random(2), 0
    for _ in range(2):
        unfolding = Unfolding.start(game, **start)
        nodes += chance_nodes(unfolding, rng, game)
        state = unfolding.result
        while not state.is_terminal():
            assert state.ply < game.max_game_length()
            action = state.action_from_id(rng.choice(state.legal_action_ids()))
            unfolding = Unfolding.action(state, action)
            nodes += chance_nodes(unfolding, rng, game)
            state = unfolding.result
            assert state.history[-1] == action
    assert bool(nodes) == type(game).chance
