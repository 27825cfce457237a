"""The games in OpenSpiel (ludotheque.interop.openspiel, docs/interop.md): OpenSpiel's own
API test on every registered game, observations that hide what they must, action ids and
texts, chance outcomes against our engines' seeded frequencies, parameters, and bots both
ways."""

import random

import numpy as np
import pytest
from scipy import stats

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("ludotheque.interop.openspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from ludotheque.engines.bots import RandomBot, play_match  # noqa: E402
from ludotheque.engines.chance import Chance, Unfolding  # noqa: E402
from ludotheque.engines.nains import Nains  # noqa: E402
from ludotheque.engines.petits_pas import PetitsPas  # noqa: E402
from ludotheque.engines.sorciere import Sorciere  # noqa: E402
from ludotheque.engines.sorciere.rules import Pull  # noqa: E402
from ludotheque.engines.sortileges import Sortileges  # noqa: E402
from ludotheque.engines.sortileges import bot_for_level as sortileges_bot  # noqa: E402
from toy_games.race import Race  # noqa: E402

RACE = openspiel.register(Race)
QUICK = {  # the shortest variant of each game: OpenSpiel's test replays every prefix
    "python_ludotheque_nains": {"rounds": 1},
    "python_ludotheque_sorciere": {"players": 2},
    "python_ludotheque_sortileges": {"files": 4, "ranks": 4},
}
SIGNIFICANCE = 0.001
"""A frequency test fails when data this far from the model would arise in 1 run of 1000."""


def loaded(name):
    return pyspiel.load_game(name, QUICK.get(name, {}))


def random_states(game, rng, count):
    """States met along random games (chance by its probabilities), decisions only."""
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
            else:
                found.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
    return found


def test_importing_registers_every_game_of_the_collection():
    names = set(pyspiel.registered_names())
    assert {
        "python_ludotheque_sortileges",
        "python_ludotheque_nains",
        "python_ludotheque_sorciere",
        "python_ludotheque_petits_pas",
    } <= names
    assert set(openspiel.GAMES) <= names and RACE in names


@pytest.mark.parametrize("name", [*openspiel.GAMES, RACE])
def test_openspiel_random_simulation_with_serialisation(name):
    pyspiel.random_sim_test(loaded(name), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "chance", "information", "players"),
    [
        ("sortileges", "DETERMINISTIC", "PERFECT_INFORMATION", (2, 2)),
        ("nains", "EXPLICIT_STOCHASTIC", "IMPERFECT_INFORMATION", (2, 2)),
        ("sorciere", "EXPLICIT_STOCHASTIC", "PERFECT_INFORMATION", (2, 4)),
        ("petits_pas", "EXPLICIT_STOCHASTIC", "PERFECT_INFORMATION", (1, 1)),
    ],
)
def test_the_game_type_says_the_truth(name, chance, information, players):
    kind = pyspiel.load_game(f"python_ludotheque_{name}").get_type()
    assert kind.chance_mode == getattr(pyspiel.GameType.ChanceMode, chance)
    assert kind.information == getattr(pyspiel.GameType.Information, information)
    assert (kind.min_num_players, kind.max_num_players) == players
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL


def test_parameters_are_the_games_options():
    board = pyspiel.load_game("python_ludotheque_sortileges(files=5,ranks=4,houses=c1/c4)")
    assert board.engine.options == {"files": 5, "ranks": 4, "houses": ("c1", "c4")}
    assert board.num_distinct_actions() == 8 * 21
    assert board.new_initial_state().observation_tensor(0)[:20].count(1.0) == 1  # own witch
    witch = pyspiel.load_game("python_ludotheque_sorciere", {"players": 4})
    assert witch.num_players() == 4 and witch.engine == Sorciere(players=4)
    gnomes = pyspiel.load_game("python_ludotheque_nains(contre=True,rounds=3)")
    assert gnomes.engine == Nains(contre=True, rounds=3)
    reading = pyspiel.load_game("python_ludotheque_petits_pas(ace=high,take=lower)")
    assert reading.engine == PetitsPas(ace="high", take="lower")
    assert reading.num_players() == 1
    with pytest.raises(ValueError, match="players must be one of"):
        pyspiel.load_game("python_ludotheque_sorciere(players=5)")


@pytest.mark.parametrize("name", [*openspiel.GAMES, RACE])
def test_every_legal_action_reads_back_from_its_text(name):
    """Every legal action through our notation; a few through OpenSpiel's own lookup
    (which reads every legal action's text for each one)."""
    rng = random.Random(1)
    for state in random_states(pyspiel.load_game(name), rng, 30):
        player, legal = state.current_player(), state.legal_actions()
        for action in legal:
            assert state.action_from_text(state.action_to_string(player, action)) == action
        for action in rng.sample(legal, min(3, len(legal))):
            assert state.string_to_action(player, state.action_to_string(player, action)) == action


def test_a_seats_tensor_and_information_state_stay_the_same_when_hidden_cards_change():
    """Tir de tuyau: a world resampled for a seat keeps that seat's tensor and information
    state string; the other seat's tensor (its hand) does change, at least sometimes."""
    game, changed = pyspiel.load_game("python_ludotheque_nains"), 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for state in random_states(game, random.Random(2), 30)[::3]:
        seat = state.current_player()
        world = state.resample_from_infostate(seat, sampler)
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        changed += world.observation_tensor(1 - seat) != state.observation_tensor(1 - seat)
    assert changed


class Recording(Chance):
    """The seeded generator, noting the outcome of each chance event the rules draw."""

    def __init__(self, seed):
        super().__init__(seed)
        self.seen = []

    def happens(self, probability, what):
        happened = super().happens(probability, what)
        self.seen.append(int(happened))
        return happened

    def reveal(self, cards, at, among=None, kind=int, name=str):
        card = super().reveal(cards, at, among, kind, name)
        self.seen.append(kind(card))
        return card


def seeded_outcomes(play, samples, events):
    """The first `events` chance outcomes of `play(rng)` under `samples` seeds."""
    found = []
    for seed in range(samples):
        rng = Recording(seed)
        play(rng)
        found.append(tuple(rng.seen[:events]))
    return found


def assert_frequencies_match(observed, model):
    """A chi-square test of observed outcomes against the model's probabilities."""
    outcomes = sorted(model)
    counts = np.array([observed.count(outcome) for outcome in outcomes], dtype=float)
    expected = np.array([model[outcome] for outcome in outcomes]) * len(observed)
    assert sum(counts) == len(observed), "the engine drew an outcome the model does not list"
    assert expected.min() >= 5, "too few samples for a chi-square test"
    assert stats.chisquare(counts, expected).pvalue > SIGNIFICANCE


@pytest.mark.parametrize(("cls", "samples"), [(Nains, 3000), (PetitsPas, 2600)])
def test_the_first_card_dealt_follows_the_chance_nodes_probabilities(cls, samples):
    game = cls()
    start = {"first": 0} if cls is Nains else {}
    node = Unfolding.start(game, **start).outcomes
    assert node is not None and np.isclose(sum(o.probability for o in node), 1.0)
    model = {(o.id,): o.probability for o in node}
    observed = seeded_outcomes(lambda rng: game.state_class(game, 0, start, rng), samples, 1)
    assert_frequencies_match(observed, model)


def test_a_pull_collapses_and_shows_faces_as_the_chance_nodes_say():
    """Sorcière: the roof's collapse on a risky pull at a shaky hand, then the face pulled,
    as chance nodes, against the seeded engine dealing whole games."""
    game, pull = Sorciere(players=2), Pull(14, 0.0)
    unfolding = Unfolding.action(Unfolding.start(game, first=0).result, pull)
    collapse = {o.id: o.probability for o in unfolding.outcomes}
    assert set(collapse) == {0, 1} and 0.05 < collapse[1] < 0.95
    unfolding.choose(0)
    faces = {o.id: o.probability for o in unfolding.outcomes}
    model = {(1,): collapse[1]} | {(0, face): collapse[0] * p for face, p in faces.items()}

    def play(rng):
        game.state_class(game, 0, {"first": 0}, rng).apply(pull)

    assert_frequencies_match(seeded_outcomes(play, 2400, 2), model)


def test_an_openspiel_mcts_plays_a_seat_of_our_game_loop():
    """MCTS through `OpenSpielBot` in `play_match`, at either seat: it must beat random
    play on 4×4 (it would not if the adapter gave it the wrong seat's returns)."""

    def make(game, seat):
        rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seat))
        return mcts.MCTSBot(game, 2, 60, rollouts, random_state=np.random.RandomState(seat))

    game, wins = Sortileges(files=4, ranks=4), 0
    for seed in range(4):
        seat = seed % 2
        players = [RandomBot(seed), RandomBot(seed)]
        players[seat] = openspiel.OpenSpielBot(make, seed=seed)
        final = play_match(game, players, seed=seed, first=0)
        wins += final.winner() == seat
    assert wins >= 3


def test_openspiel_ismcts_plays_tir_de_tuyau_from_resampled_worlds():
    """ISMCTS needs `resample_from_infostate` (it checks each world's information state
    against the root's): it answers a legal move at each seat of a match under way."""

    def make(game, seat):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seat))
        return ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(1))

    bot, state = openspiel.OpenSpielBot(make, seed=4), Nains(rounds=1).new_game(6)
    for _ in range(12):
        state.apply(bot(state) if state.current_player() == 0 else RandomBot(5)(state))
    assert state.ply == 12 and state.observation(0)["phase"] == "play"


def test_our_bot_plays_as_a_pyspiel_bot():
    game = pyspiel.load_game("python_ludotheque_sortileges(files=4,ranks=4)")
    ours = openspiel.EngineBot(sortileges_bot("3"), seconds=0.05)
    uniform = pyspiel.make_uniform_random_bot(1, 7)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [ours, uniform], 7)
    assert returns == [1.0, -1.0]
