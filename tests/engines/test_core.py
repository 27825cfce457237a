"""The shared engine protocol (engines/core.py, engines/bots.py), on a toy game and on
Sortilèges: whatever a game adds, these behaviours must hold for every game."""

import json
from dataclasses import dataclass

import pytest

from ludotheque.engines.bots import (Bot, BotError, FunctionBot, RandomBot, as_bot,
                                     play_match)
from ludotheque.engines.core import (MAX_TEXT, QUOTE, SEED_BITS, TERMINAL, Game,
                                     GameOverError, IllegalActionError, NotationError,
                                     RulesError, State, quote)
from ludotheque.engines.nains import Move, Nains
from ludotheque.engines.sorciere import Pull, Sorciere
from ludotheque.engines.sortileges import Sortileges, Turn


# -- a toy game: small enough to see through, random enough to test replay ----------------
@dataclass(frozen=True)
class Add:
    amount: int

    def __str__(self):
        return f"+{self.amount}"


class RaceState(State):
    """Players add 1 or 2 to a total, then the wind (the seeded generator) may add 1; who
    brings the total to the goal wins. Who starts is drawn too."""

    def setup(self, first=None):
        self.total = 0
        self.to_move = self.rng.randrange(2) if first is None else first
        self.winner = None

    def current_player(self):
        return TERMINAL if self.winner is not None else self.to_move

    def legal_actions(self):
        return [] if self.winner is not None else [Add(1), Add(2)]

    def do_apply(self, action):
        wind = self.rng.randrange(2)
        self.total += action.amount + wind
        if self.total >= self.game.options["goal"]:
            self.winner = self.to_move
        else:
            self.to_move = 1 - self.to_move
        return [{"type": "add", "amount": action.amount, "wind": wind}]

    def returns(self):
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    def observe(self, seat):
        return {"total": self.total}


class Race(Game):
    name = "toy_race"
    title = {"fr": "Course", "en": "Race"}
    option_defaults = {"goal": 12}
    state_class = RaceState

    def parse_action(self, text):
        if not (isinstance(text, str) and text[:1] == "+" and text[1:].isdigit()):
            raise NotationError(f"{text!r}: write +1 or +2", text=text)
        return Add(int(text[1:]))


# Each game with a text that parses but is never legal, and one that does not parse.
GAMES = [
    pytest.param(Race(), "+3", "three", id="toy"),
    pytest.param(Sortileges(), "c1-c3/d5", "c1-c9/d5", id="sortileges"),
    pytest.param(Sortileges(files=4, ranks=3), "b1-b3/a2", "b1:b2", id="sortileges-4x3"),
    pytest.param(Nains(contre=True, surcontre=True, sursurcontre=True, rounds=1), "contre +R",
                 "gnome purple", id="nains"),
]


def played(game, plies, seed=1):
    """A game after `plies` random actions (fewer if it ends first)."""
    state, bot = game.new_game(seed), RandomBot(seed)
    while state.ply < plies and not state.is_terminal():
        state.apply(bot(state))
    return state


def snapshot(state):
    return state.to_json(), [state.observation(seat) for seat in (None, *range(state.game.players))]


# -- state protocol -----------------------------------------------------------------------
@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_apply_takes_text_or_action_and_records_it(game, illegal, malformed):
    state = game.new_game(seed=3)
    first = state.legal_actions()[0]
    assert state.apply(str(first)) == first
    second = state.legal_actions()[-1]
    assert state.apply(second) == second
    assert state.history == [first, second] and state.ply == 2 and len(state.events) == 2
    assert state.observation()["moves"] == [str(first), str(second)]


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_undo_goes_back_exactly_and_redo_forward(game, illegal, malformed):
    state = played(game, 4)
    before, last = snapshot(state), state.history[-1]
    earlier = state.replayed(state.ply - 1)
    assert state.undo() == last
    assert snapshot(state) == snapshot(earlier)
    assert state.redo() == last
    assert snapshot(state) == before


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_a_new_action_after_undo_forgets_redo(game, illegal, malformed):
    state = played(game, 3)
    state.undo()
    state.apply(state.legal_actions()[0])
    with pytest.raises(RulesError, match="nothing to redo") as no_redo:
        state.redo()
    fresh = game.new_game(seed=0)
    with pytest.raises(RulesError, match="nothing to undo") as no_undo:
        fresh.undo()
    assert no_redo.value.code == no_undo.value.code == "nothing"


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_replayed_rebuilds_each_earlier_position(game, illegal, malformed):
    state = game.new_game(seed=5)
    bot, seen = RandomBot(5), [snapshot(state)]
    for _ in range(4):
        state.apply(bot(state))
        seen.append(snapshot(state))
    assert [snapshot(state.replayed(ply)) for ply in range(5)] == seen
    with pytest.raises(ValueError):
        state.replayed(5)


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_a_clone_is_independent(game, illegal, malformed):
    state = played(game, 2)
    before = snapshot(state)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert snapshot(state) == before and copy.ply == state.ply + 1
    assert copy.game is state.game
    copied = snapshot(copy)
    state.apply(state.legal_actions()[-1])
    assert snapshot(copy) == copied


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_json_round_trip_rebuilds_the_same_state(game, illegal, malformed):
    state = played(game, 5)
    text = json.dumps(state.to_json())
    again = State.from_json(json.loads(text))
    assert again.game == game and snapshot(again) == snapshot(state)
    assert again.rng.random() == state.rng.random()  # even the generator is where it was


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_a_seed_and_the_actions_replay_the_game(game, illegal, malformed):
    state = played(game, 6, seed=21)
    replay = game.new_game(21)
    for action in state.history:
        replay.apply(str(action))
    assert snapshot(replay) == snapshot(state)
    firsts = {game.new_game(seed).current_player() for seed in range(30)}
    assert firsts == {0, 1}  # who starts is drawn, and each seed draws the same again


def test_the_toy_wind_really_is_random_so_replay_is_tested():
    totals = set()
    for seed in range(10):
        state = Race().new_game(seed, first=0)
        for _ in range(3):
            state.apply("+1")
        totals.add(state.observation()["total"])
    assert len(totals) > 1


# -- seeds ----------------------------------------------------------------------------------
def test_a_drawn_seed_has_128_bits_so_the_cards_seen_cannot_be_searched_back_to_it():
    seeds = [Race().new_game().seed for _ in range(16)]
    assert all(type(seed) is int and 0 <= seed < 2**SEED_BITS for seed in seeds)
    assert max(seeds) >= 2**64  # 16 draws all below 2**64: a chance of 2**-1024
    assert len(set(seeds)) == 16


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_the_largest_seed_deals_and_replays_like_any_other(game, illegal, malformed):
    state = played(game, 5, seed=2**SEED_BITS - 1)
    again = State.from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(again) == snapshot(state) and again.seed == 2**SEED_BITS - 1


@pytest.mark.parametrize("seed", [True, 1.0, float("nan"), -1, 2**SEED_BITS, "7", [7]], ids=repr)
def test_a_seed_is_a_whole_number_below_2_to_the_128(seed):
    with pytest.raises(ValueError, match="a seed is a whole number"):
        Race().new_game(seed)
    with pytest.raises(ValueError, match="a seed is a whole number"):
        State.from_json({"game": "toy_race", "seed": seed})


# -- errors ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_refusals_are_rules_errors_with_a_code(game, illegal, malformed):
    state = game.new_game(seed=2)
    before = snapshot(state)
    with pytest.raises(NotationError) as bad_text:
        state.apply(malformed)
    with pytest.raises(IllegalActionError) as bad_move:
        state.apply(illegal)
    assert (bad_text.value.code, bad_move.value.code) == ("malformed", "illegal")
    assert isinstance(bad_text.value, ValueError) and isinstance(bad_move.value, RulesError)
    assert bad_move.value.params == {"action": illegal}
    assert snapshot(state) == before  # a refusal changes nothing


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_after_the_end_every_action_is_refused_as_game_over(game, illegal, malformed):
    state = play_match(game, [RandomBot(1), RandomBot(2)], seed=4)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == [] and sorted(state.returns()) == [-1.0, 1.0]
    with pytest.raises(GameOverError) as caught:
        state.apply(illegal)
    assert caught.value.code == "game-over"


class Fragile(Exception):
    pass


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_an_apply_that_fails_half_way_leaves_the_state_exactly_as_it_was(game, illegal, malformed):
    state = played(game, 4)
    state.undo()
    before, redo = snapshot(state), list(state.redo_stack)
    position = state.rng.getstate()
    carry_out = state.do_apply

    def half_way(action):
        carry_out(action)  # the state is changed, its generator has moved on...
        raise Fragile("...and then something breaks")

    state.do_apply = half_way
    with pytest.raises(Fragile):
        state.apply(state.legal_actions()[0])
    assert snapshot(state) == before and state.rng.getstate() == position
    assert state.redo_stack == redo and state.do_apply.__func__ is type(state).do_apply
    state.redo()  # and the game goes on from there
    assert state.ply == 4


@pytest.mark.parametrize("game, alias, meant", [
    (Sortileges(), Turn("C1", "c2", "d5"), "c1-c2/d5"),
    (Nains(), Move(0, -1, True), "gnome blue"),  # a bool where the colour index goes
    (Nains(), Move(0, -1.0, 1), "gnome blue"),
    (Sorciere(), Pull(14, True), "pull 14@1"),
    (Sorciere(), Pull(True, 0.5), "pull 1"),
], ids=repr)
def test_an_action_object_must_be_the_value_its_text_reads_back_to(game, alias, meant):
    state = game.new_game(seed=3, first=0)
    assert state.is_legal(game.parse_action(meant)) and not state.is_legal(alias)
    before = snapshot(state)
    with pytest.raises(NotationError):
        state.apply(alias)
    assert snapshot(state) == before


def test_a_text_longer_than_the_cap_is_malformed_and_quoted_short():
    state = Race().new_game(seed=1)
    for text in ("+1" + " " * MAX_TEXT, "+" + "1" * 10**6, "+\N{MATHEMATICAL BOLD DIGIT ONE}"):
        with pytest.raises(NotationError) as caught:
            state.apply(text)
        assert len(str(caught.value)) < 2 * QUOTE + 80 and state.ply == 0
        assert all(len(str(value)) <= QUOTE + 3 for value in caught.value.params.values())


@pytest.mark.parametrize("value, shown", [
    ("x" * 10**6, "'" + "x" * QUOTE + "…'"),
    ("\ud800 lone surrogate", "'? lone surrogate'"),
    (10**5000, "a number too long to quote"),
    (-12, "-12"), (True, "True"), (float("nan"), "nan"), (None, "None"),
    ([[[]]] * 10**5, "a list"), ({"a": 1}, "a dict"),
], ids=lambda value: type(value).__name__)
def test_a_refusal_quotes_any_input_short_and_printable(value, shown):
    text = quote(value)
    assert text == shown and text.encode("utf-8")


# -- observation envelope ---------------------------------------------------------------------
@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_observation_envelope_is_json_and_legal_only_for_the_mover(game, illegal, malformed):
    state = played(game, 1)
    mover = state.current_player()
    view = state.observation(mover)
    assert json.loads(json.dumps(view)) == view
    assert view["legal"] == [str(a) for a in state.legal_actions()] and view["legal"]
    assert state.observation(1 - mover)["legal"] == [] and state.observation(None)["legal"] == []
    assert (view["game"], view["ply"], view["to_move"], view["terminal"], view["returns"]) == \
        (game.name, 1, mover, False, None)


# -- bots -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_a_plain_function_of_the_observation_plays_through_as_bot(game, illegal, malformed):
    seen = []

    def first_legal(observation):
        seen.append(observation)
        return observation["legal"][0]

    state = play_match(game, [first_legal, RandomBot(3)], seed=6)
    assert state.is_terminal() and seen
    assert all(view["seat"] == 0 == view["to_move"] for view in seen)
    assert isinstance(as_bot(first_legal), FunctionBot)


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_a_function_answering_badly_is_a_bot_error(game, illegal, malformed):
    state = game.new_game(seed=1)
    for answer in (illegal, malformed):
        with pytest.raises(BotError) as caught:
            as_bot(lambda observation, answer=answer: answer)(state)
        assert caught.value.code == "bot"
    assert state.ply == 0


def test_as_bot_keeps_bots_and_refuses_what_cannot_play():
    bot = RandomBot(0)
    assert as_bot(bot) is bot and isinstance(bot, Bot)
    with pytest.raises(TypeError):
        as_bot(42)


@pytest.mark.parametrize("game, illegal, malformed", GAMES)
def test_play_match_is_reproducible_and_checks_the_seats(game, illegal, malformed):
    one = play_match(game, [RandomBot(7), RandomBot(8)], seed=9)
    two = play_match(game, [RandomBot(7), RandomBot(8)], seed=9)
    assert one.history == two.history and one.is_terminal()
    with pytest.raises(ValueError):
        play_match(game, [RandomBot(7)])


# -- games ------------------------------------------------------------------------------------
def test_games_are_found_by_name_with_their_options():
    assert Game.by_name("sortileges", files=5) == Sortileges(files=5)
    assert Game.by_name("toy_race") == Race()
    with pytest.raises(ValueError, match="unknown game"):
        Game.by_name("no_such_game")
    with pytest.raises(ValueError, match="unknown option"):
        Race(speed=3)


def test_games_compare_by_options_and_show_the_changed_ones():
    assert Sortileges() == Sortileges(files=6) != Sortileges(files=5)
    assert len({Sortileges(), Sortileges(ranks=8), Race()}) == 2
    assert repr(Sortileges(files=5)) == "Sortileges(files=5)"
