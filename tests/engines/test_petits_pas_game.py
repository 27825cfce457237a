"""A Petits Pas behind the shared Game/State interface: one seat, one action, seeded replay,
observations that never show an undealt card, and events that explain themselves."""

import json
import re

import pytest

from ludotheque.engines.core import Game, GameOverError, NotationError, State
from ludotheque.engines.petits_pas import (
    STEP,
    DeckError,
    PetitsPas,
    explain,
    play_out,
    single_switches,
)
from ludotheque.engines.petits_pas.cards import DECK

CARD_TEXT = re.compile(r'"((?:10|[2-9AJQK])[SHDC])"')


def play_to_end(state: State) -> State:
    while not state.is_terminal():
        state.apply("step")
    return state


def test_one_seat_one_action():
    game = Game.by_name("petits_pas")
    assert isinstance(game, PetitsPas) and game.players == 1
    state = game.new_game(seed=1)
    assert state.current_player() == 0 and state.legal_actions() == [STEP]
    assert game.parse_action(" Step ") == STEP and str(STEP) == "step"
    with pytest.raises(NotationError, match="the only one is 'step'"):
        state.apply("jump")
    assert state.observation(0)["legal"] == ["step"] and state.observation()["players"] == 1


def test_a_deal_plays_to_the_end_with_a_result():
    state = play_to_end(PetitsPas().new_game(seed=3))
    view = state.observation(0)
    assert view["terminal"] and view["result"] in ("won", "lost") and view["legal"] == []
    assert state.returns() == [1.0 if view["result"] == "won" else -1.0]
    assert view["steps"] == state.ply == len(view["moves"])
    assert view["left"] + view["out_count"] == 52 and view["stock"] == 0
    with pytest.raises(GameOverError):
        state.apply("step")


def test_the_seed_shuffles_the_deck_and_a_given_deck_is_dealt_as_given():
    game = PetitsPas()
    assert (
        game.new_game(seed=5).observation()["places"]
        == game.new_game(seed=5).observation()["places"]
    )
    assert (
        game.new_game(seed=5).observation()["places"]
        != game.new_game(seed=6).observation()["places"]
    )
    texts = [str(card) for card in reversed(DECK)]
    state = game.new_game(seed=0, deck=texts)
    assert state.observation()["places"] == [["KC"], ["QC"], ["JC"], ["10C"]]
    assert play_to_end(state).observation()["left"] == play_out(texts)


def test_bad_start_choices_are_refused():
    with pytest.raises(DeckError, match="51 cards"):
        PetitsPas().new_game(seed=0, deck=[str(card) for card in DECK[:51]])
    with pytest.raises(ValueError, match="unknown start choice"):
        PetitsPas().new_game(seed=0, colour="red")


@pytest.mark.parametrize("start", [{}, {"deck": [str(c) for c in DECK[::-1]]}])
def test_seeded_replay_through_json(start):
    state = PetitsPas(take="lower").new_game(seed=11, **start)
    for _ in range(20):
        state.apply("step")
    copy = State.from_json(json.loads(json.dumps(state.to_json())))
    assert copy.observation(0) == state.observation(0)
    assert play_to_end(copy).observation(0) == play_to_end(state).observation(0)


def test_undo_redo_and_clone():
    state = PetitsPas().new_game(seed=8)
    for _ in range(5):
        state.apply("step")
    before = state.observation(0)
    state.apply("step")
    after = state.observation(0)
    twin = state.clone()
    state.undo()
    assert state.observation(0) == before and twin.observation(0) == after
    state.redo()
    assert state.observation(0) == after


def test_no_undealt_card_ever_reaches_an_observation_or_an_event():
    readings = [reading.changes() for reading in single_switches()]
    deals = [(reading, seed) for reading in readings for seed in range(25)]
    deals += [({}, seed) for seed in range(100, 300)]
    for options, seed in deals:
        state = PetitsPas(**options).new_game(seed=seed)
        while True:
            text = json.dumps(state.observation(0))
            undealt = {str(card) for card in state.table.stock}
            assert not undealt & set(CARD_TEXT.findall(text)), (options, seed, state.ply)
            assert "seed" not in text and "deck" not in text
            if state.is_terminal():
                break
            state.apply("step")


def test_observation_shows_the_table_and_counts():
    state = PetitsPas(nowhere="far-left").new_game(seed=4)
    view = state.observation(0)
    assert [len(pile) for pile in view["places"]] == [1, 1, 1, 1]
    assert view["stock"] == 48 and view["out"] == [] and view["out_count"] == 0
    assert view["jumped"] == [] and view["result"] is None and view["steps"] == 0
    assert view["reading"]["nowhere"] == "far-left"
    play_to_end(state)
    view = state.observation(0)
    on_table = {card for pile in view["places"] for card in pile}
    assert set(view["jumped"]) <= on_table
    assert len(on_table) + len(view["out"]) == 52


def test_explanations_in_french_and_english():
    cover = {
        "kind": "cover",
        "card": "10H",
        "from": 4,
        "over": ["3S", "7C"],
        "meets": "JH",
        "to": 1,
    }
    assert explain(cover, "en") == "10♥ jumps over 3♠ and 7♣, meets J♥: covers it"
    assert explain(cover, "fr") == "10♥ saute par-dessus 3♠ et 7♣, rencontre V♥ : la recouvre"
    assert explain(cover) == explain(cover, "fr")
    take = {
        "kind": "take",
        "card": "KS",
        "from": 3,
        "over": [],
        "meets": "QS",
        "to": 2,
        "pile": ["KS"],
        "taken": [{"place": 2, "pile": ["QS"]}, {"place": 0, "pile": ["KD", "5S"]}],
    }
    assert explain(take, "en") == "K♠ meets Q♠: takes it, then 5♠; out they go (4 cards)"
    assert explain({"kind": "lost", "left": 1}, "fr") == "Perdu : 1 carte au tableau"
    with pytest.raises(ValueError, match="language 'de'"):
        explain(cover, "de")


def test_every_event_of_many_deals_has_an_explanation():
    seen = set()
    for reading in single_switches():
        for seed in range(15):
            state = play_to_end(PetitsPas(**reading.changes()).new_game(seed=seed))
            for events in state.events:
                for event in events:
                    for lang in ("fr", "en"):
                        line = explain(event, lang)
                        assert line and "{" not in line
                    seen.add((event["kind"], event.get("reason") or event.get("why")))
    assert {kind for kind, _ in seen} == {
        "take",
        "cover",
        "exit",
        "far-left",
        "blocked",
        "deal",
        "refill",
        "close",
        "won",
        "lost",
    }
