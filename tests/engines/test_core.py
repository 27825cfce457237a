"""The shared engine core (engines/core.py, engines/bots.py) on the toy game of
tests/toy_games/race.py and on cases only a real game shows. What every game must do is
checked on every registered game by test_engine_conformance.py."""

import importlib
import random
import sys
import threading
import time

import pytest

from ludotheque.engines.bots import (
    Bot,
    BotError,
    Deadline,
    FunctionBot,
    RandomBot,
    as_bot,
    play_match,
)
from ludotheque.engines.core import (
    LANGS,
    MAX_TEXT,
    QUOTE,
    SEED_BITS,
    Game,
    GameOverError,
    NotationError,
    Option,
    State,
    quote,
)
from ludotheque.engines.nains import Move, Nains
from ludotheque.engines.sorciere import Pull, Sorciere
from ludotheque.engines.sortileges import Sortileges, Turn
from toy_games.race import Add, Race


def played(game, plies, seed=1):
    """A game after `plies` random actions (fewer if it ends first)."""
    state, bot = game.new_game(seed), RandomBot(seed)
    while state.ply < plies and not state.is_terminal():
        state.apply(bot(state))
    return state


def snapshot(state):
    return state.to_json(), [state.observation(seat) for seat in (None, *range(state.game.players))]


# -- seeds ----------------------------------------------------------------------------------
def test_a_drawn_seed_has_128_bits_so_the_cards_seen_cannot_be_searched_back_to_it():
    seeds = [Race().new_game().seed for _ in range(16)]
    assert all(type(seed) is int and 0 <= seed < 2**SEED_BITS for seed in seeds)
    assert max(seeds) >= 2**64  # 16 draws all below 2**64: a chance of 2**-1024
    assert len(set(seeds)) == 16


@pytest.mark.parametrize("seed", [True, 1.0, float("nan"), -1, 2**SEED_BITS, "7", [7]], ids=repr)
def test_a_seed_is_a_whole_number_below_2_to_the_128(seed):
    with pytest.raises(ValueError, match="a seed is a whole number"):
        Race().new_game(seed)
    with pytest.raises(ValueError, match="a seed is a whole number"):
        State.from_json({"game": "toy_race", "seed": seed})


def test_who_starts_is_drawn_from_the_seed_unless_given():
    assert {Race().new_game(seed).current_player() for seed in range(30)} == {0, 1}
    assert {Race().new_game(seed, first=1).current_player() for seed in range(30)} == {1}


# -- errors ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "game, alias, meant",
    [
        (Sortileges(), Turn("C1", "c2", "d5"), "c1-c2/d5"),
        (Nains(), Move(0, -1, True), "gnome blue"),  # a bool where the colour index goes
        (Nains(), Move(0, -1.0, 1), "gnome blue"),
        (Sorciere(), Pull(14, True), "pull 14@1"),
        (Sorciere(), Pull(True, 0.5), "pull 1"),
        (Race(), Add(True), "+1"),
    ],
    ids=repr,
)
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


@pytest.mark.parametrize(
    "value, shown",
    [
        ("x" * 10**6, "'" + "x" * QUOTE + "…'"),
        ("\ud800 lone surrogate", "'? lone surrogate'"),
        (10**5000, "a number too long to quote"),
        (-12, "-12"),
        (True, "True"),
        (float("nan"), "nan"),
        (None, "None"),
        ([[[]]] * 10**5, "a list"),
        ({"a": 1}, "a dict"),
    ],
    ids=lambda value: type(value).__name__,
)
def test_a_refusal_quotes_any_input_short_and_printable(value, shown):
    text = quote(value)
    assert text == shown and text.encode("utf-8")


# -- what the core derives from a game's hooks ----------------------------------------------
def test_legality_and_its_reason_come_from_one_refusal():
    state = Race().new_game(seed=1)
    assert state.refusal(Add(1)) is None and state.is_legal(Add(1))
    assert state.why_illegal(Add(1)) == "it is legal now"
    assert state.refusal(Add(3)) == state.why_illegal(Add(3)) == "not legal now"
    assert not state.is_legal(Add(3))
    refused = Sortileges().new_game(seed=1, first=0)
    assert refused.why_illegal(Turn("c1", "c3", "d5")) == refused.refusal(Turn("c1", "c3", "d5"))
    assert "next to" in refused.why_illegal(Turn("c1", "c3", "d5"))


def test_returns_come_from_the_winner():
    state = Race(goal=12).new_game(seed=3, first=0)
    assert state.returns() == [0.0, 0.0] and state.winner() is None
    while not state.is_terminal():
        state.apply("+2")
    winner = state.winner()
    assert state.returns() == [1.0 if seat == winner else -1.0 for seat in (0, 1)]
    four = play_match(Sorciere(players=4), [RandomBot(seat) for seat in range(4)], seed=2)
    assert sorted(four.returns()) == [-1.0, -1.0, -1.0, 1.0]
    assert four.returns()[four.winner()] == 1.0


def test_a_game_without_a_result_hook_says_which_to_write():
    class Endless(type(Race().new_game(1))):
        winner = State.winner

    with pytest.raises(NotImplementedError, match="winner\\(\\) or returns\\(\\)"):
        Endless(Race(), 1, {}).returns()


# -- metadata --------------------------------------------------------------------------------
def test_options_are_declared_once_and_their_defaults_derived():
    assert Race.option_defaults == {"goal": 12}
    assert Race.describe()["options"]["goal"] == {
        "default": 12,
        "label": {"fr": "But", "en": "Goal"},
        "choices": [
            {"value": 12, "label": {"fr": "douze", "en": "twelve"}},
            {"value": 21, "label": {"fr": "vingt et un", "en": "twenty-one"}},
        ],
    }
    assert Sortileges.describe()["options"]["files"]["choices"] is None  # set from Python
    assert Race(goal=21).options == {"goal": 21}
    for wrong in (21.0, True, "21", 13):
        with pytest.raises(ValueError, match="goal must be one of 12, 21"):
            Race(goal=wrong)


def test_an_option_default_must_be_one_of_its_choices():
    label = dict.fromkeys(LANGS, "x")
    with pytest.raises(ValueError, match="default must be one of 1, 2, not 3"):
        Option(3, label, {1: label, 2: label})
    assert Option(None, label).choices is None


def test_a_game_declaring_option_defaults_is_told_to_use_option_specs():
    with pytest.raises(TypeError, match="option_specs"):
        type("Old", (Race,), {"option_defaults": {"goal": 12}})


def test_games_are_discovered_found_by_name_and_compared_by_options():
    assert {"nains", "petits_pas", "sorciere", "sortileges", "toy_race"} <= set(Game.discover())
    assert Game.by_name("sortileges", files=5) == Sortileges(files=5)
    assert Game.by_name("toy_race") == Race()
    with pytest.raises(ValueError, match="unknown game"):
        Game.by_name("no_such_game")
    with pytest.raises(ValueError, match="unknown option"):
        Race(speed=3)
    assert Sortileges() == Sortileges(files=6) != Sortileges(files=5)
    assert len({Sortileges(), Sortileges(ranks=8), Race()}) == 2
    assert repr(Sortileges(files=5)) == "Sortileges(files=5)"


def test_a_package_under_the_engines_that_is_no_game_is_refused_by_name(tmp_path, monkeypatch):
    """Every package under ludotheque.engines is a game: a tool put there (as the classroom's
    once were) stops discovery with its name, instead of being imported at every discovery."""
    (tmp_path / "not_a_game").mkdir()
    (tmp_path / "not_a_game" / "__init__.py").write_text('"""A tool, not a game."""\n')
    engines = importlib.import_module("ludotheque.engines")
    monkeypatch.setattr(engines, "__path__", [*engines.__path__, str(tmp_path)])
    try:
        with pytest.raises(ImportError, match=r"ludotheque\.engines\.not_a_game registers no game"):
            Game.discover()
    finally:
        sys.modules.pop("ludotheque.engines.not_a_game", None)
        monkeypatch.delattr(engines, "not_a_game", raising=False)


# -- resampling --------------------------------------------------------------------------------
def test_a_resampled_world_has_a_new_generator_so_chance_is_not_foretold():
    state = played(Race(), 2)
    world = state.resample(0, random.Random(1))
    assert world.rng.getstate() != state.rng.getstate()
    views = [(world.observation(seat), state.observation(seat)) for seat in (None, 0, 1)]
    assert all(mine == theirs for mine, theirs in views)  # no secrets: only the future differs
    assert state.resample(0, random.Random(1)).rng.getstate() == world.rng.getstate()


# -- bots -----------------------------------------------------------------------------------
def test_the_bot_base_refuses_a_finished_game_and_gives_decide_a_deadline():
    seen = []

    class Recorder(Bot):
        def decide(self, state, deadline):
            seen.append(deadline)
            return state.legal_actions()[0]

    state = Race().new_game(seed=1)
    assert Recorder()(state) == Add(1) and isinstance(seen[0], Deadline)
    assert seen[0].remaining() == float("inf")
    with pytest.raises(GameOverError) as caught:
        Recorder()(play_match(Race(), [RandomBot(1), RandomBot(2)], seed=4))
    assert caught.value.code == "game-over" and len(seen) == 1


def test_a_capped_deadline_keeps_the_earlier_end_the_margin_and_the_cancel_flag():
    cancel = threading.Event()
    outer = Deadline(10.0, cancel)
    assert outer.capped(None).seconds == pytest.approx(10.0, abs=0.05)
    assert outer.capped(2.0).seconds == 2.0 and outer.capped(2.0).cancel is cancel
    assert outer.capped(2.0, (0.25, 0.5)).seconds == 1.0  # 2 s less a quarter, less 0.5 s
    assert outer.capped(0.1, (0.0, 1.0)).seconds == 0.0
    assert Deadline().capped(None).seconds is None and Deadline().capped(3.0).seconds == 3.0
    late = Deadline(0.0)
    time.sleep(0.01)
    assert late.capped(5.0).expired()
    cancel.set()
    assert outer.capped(5.0).expired()


def test_a_function_bot_quotes_a_long_answer_short():
    state = Race().new_game(seed=1)
    for answer in ("+3", "+" + "9" * 10**5, "x" * 10**5, ["+1"]):
        with pytest.raises(BotError) as caught:
            as_bot(lambda observation, answer=answer: answer)(state)
        assert caught.value.code == "bot" and len(str(caught.value)) < 2 * QUOTE + 200
    assert state.ply == 0


def test_as_bot_keeps_bots_and_refuses_what_cannot_play():
    bot = RandomBot(0)
    assert as_bot(bot) is bot and isinstance(bot, Bot)
    assert isinstance(as_bot(lambda observation: "+1"), FunctionBot)
    with pytest.raises(TypeError):
        as_bot(42)
