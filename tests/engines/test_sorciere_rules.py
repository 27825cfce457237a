"""Sorcière au pain d'épices: one test per rule of docs/rules/sorciere.md, plus notation."""

import json
import math
import random

import pytest

from ludotheque.engines.core import (
    TERMINAL,
    GameOverError,
    IllegalActionError,
    NotationError,
    State,
)
from ludotheque.engines.sorciere import (
    DEFAULT_DECK,
    DEFAULT_DEXTERITY,
    LAYING_ORDER,
    TREATS,
    Next,
    Pull,
    Put,
    Sorciere,
    parse_action,
)
from ludotheque.engines.sorciere.rules import CANDIES
from sorciere_setup import fresh, put_back_pending, safe, swap_into


# -- components (docs/rules/sorciere.md#components) --------------------------------------
def test_the_deck_is_4_treats_of_9_cards_with_canes_as_data():
    assert len(DEFAULT_DECK) == 36 and len(TREATS) == 4
    for treat in TREATS:
        cards = [c for c in DEFAULT_DECK if c.treat == treat]
        assert len(cards) == 9 and sorted(c.canes for c in cards) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert "chocolate" in TREATS


def test_a_fresh_round_lays_36_face_down_cards_and_5_candies_wait_in_the_reserve():
    state = fresh()
    view = state.observation(0)
    assert sum(slot["z"] is not None for slot in view["slots"]) == 36
    assert all(slot["known"] is None for slot in view["slots"])
    assert view["reserve"] == CANDIES == 5 and view["candies"] == [0, 0, 0]
    assert sorted(c for c in state.slot_card) == list(range(36))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players):
    assert Sorciere(players=players).players == players
    assert fresh(players).observation(None)["players"] == players


@pytest.mark.parametrize("players", [1, 5, "3", True])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ValueError):
        Sorciere(players=players)


# -- who starts (docs/rules/sorciere.md#who-starts) ---------------------------------------
def test_first_player_is_chosen_or_drawn_from_the_seed():
    assert fresh(first=2).current_player() == 2
    drawn = {Sorciere().new_game(seed).current_player() for seed in range(40)}
    assert drawn == {0, 1, 2}
    assert Sorciere().new_game(7).current_player() == Sorciere().new_game(7).current_player()
    with pytest.raises(ValueError):
        Sorciere().new_game(1, first=3)


# -- a turn (docs/rules/sorciere.md#turn) -------------------------------------------------
def test_you_must_pull_a_card_you_may_not_pass():
    state = fresh()
    assert all(isinstance(a, Pull) for a in state.legal_actions())
    assert len(state.legal_actions()) == 36
    with pytest.raises(IllegalActionError):
        state.apply("next")


def test_a_pull_that_does_not_collapse_goes_on_an_empty_pile_treat_up():
    state = fresh()
    safe(state)
    state.apply("pull 14")
    event = state.events[-1][0]
    assert event["collapse"] is False and event["to"] == "pile"
    assert state.observation(1)["piles"][0] == [{"treat": event["treat"], "canes": event["canes"]}]
    assert state.roof.z[14] is None and state.current_player() == 1


def test_a_different_treat_goes_on_the_pile():
    state = fresh()
    safe(state)
    swap_into(state, 14, "chocolate")
    swap_into(state, 15, "gummy")
    state.apply("pull 14")
    state.apply("pull 20")  # seat 1
    state.apply("pull 21")  # seat 2
    state.apply("pull 15")  # seat 0 again: gummy on chocolate
    assert [c["treat"] for c in state.observation(None)["piles"][0]] == ["chocolate", "gummy"]
    assert state.current_player() == 1


def test_the_same_treat_goes_back_on_the_roof_where_the_player_chooses():
    state = fresh()
    safe(state)
    swap_into(state, 14, "chocolate")
    state.apply("pull 14")
    state.apply("pull 20")
    state.apply("pull 21")
    swap_into(state, 15, "chocolate")
    state.apply("pull 15")  # chocolate again for seat 0
    assert state.events[-1][0]["to"] == "hand"
    assert state.current_player() == 0 and state.observation(0)["phase"] == "put"
    assert state.observation(0)["held"]["treat"] == "chocolate"
    slots = {a.slot for a in state.legal_actions()}
    assert slots == {14, 15, 20, 21}  # every empty slot with something to rest on
    with pytest.raises(IllegalActionError, match="first put"):
        state.apply("pull 0")
    state.apply("put 20")
    assert state.roof.z[20] == max(z for z in state.roof.z if z is not None)  # on top
    view = state.observation(2)
    assert view["slots"][20]["known"] == "chocolate"  # known to everyone
    assert len(view["piles"][0]) == 1 and state.current_player() == 1


def test_a_put_back_card_needs_an_empty_slot_with_support():
    state = put_back_pending()
    with pytest.raises(IllegalActionError, match="already holds"):
        state.apply("put 0")
    state.roof.z = [None] * 36  # white box: an empty roof but slot 15
    state.roof.z[15] = 0
    walls = {s for s in range(36) if min(s // 6, s % 6, 5 - s // 6, 5 - s % 6) == 0}
    assert (
        set(state.put_slots()) == {8, 9, 10, 14, 16, 20, 21, 22} | walls
    )  # middle-back slot far from any card, no wall
    with pytest.raises(IllegalActionError, match="rest on nothing"):
        state.apply("put 28")


def test_known_treats_are_forgotten_when_the_card_is_pulled_again():
    state = put_back_pending()
    state.apply("put 15")
    assert state.known == {15: "chocolate"}
    state.apply("pull 15")  # seat 1 takes the known chocolate
    assert state.known == {} and state.observation(None)["slots"][15]["known"] is None


def test_a_collapse_ends_the_round_at_once_and_the_collapser_cannot_win_it():
    state = fresh()
    safe(state)
    for slot in (14, 20, 21, 15):
        state.apply(f"pull {slot}")
    # seat 1 pulls with certainty of collapse; seat 0 has 2 cards, seat 2 one
    state.piles[0], state.piles[1] = state.piles[1], state.piles[0]  # seat 1 holds the most
    state.roof.probability = lambda slot, dexterity=0.5: 1.0
    state.apply("pull 0")
    events = state.events[-1]
    assert events[0]["collapse"] is True and "treat" not in events[0]
    result = events[1]
    assert result["end"] == "collapse" and result["collapser"] == 1
    assert result["winner"] != 1 and result["winner"] == 2 or result["winner"] is None
    assert state.observation(None)["phase"] == "scored"
    assert state.legal_actions() == [Next()] and state.current_player() == 2  # after collapser


def test_most_cards_takes_a_candy_from_the_reserve():
    state = fresh()
    state.piles = [[0, 1], [2], []]
    events = state._end_round(collapser=None, last=2)
    assert events[0]["winner"] == 0 and state.candies == [1, 0, 0] and state.reserve == 4
    assert state.current_player() == 0  # the player after the one who ended the round


def test_a_tie_is_broken_by_candy_canes():
    state = fresh()
    canes = {card: DEFAULT_DECK[card].canes for card in range(36)}
    no_cane = [c for c in canes if canes[c] == 0]
    two = [c for c in canes if canes[c] == 2]
    state.piles = [[no_cane[0], no_cane[1]], [two[0], no_cane[2]], []]
    assert state.round_score(None)["winner"] == 1


def test_still_tied_nobody_takes_a_candy():
    state = fresh()
    same = [c for c in range(36) if DEFAULT_DECK[c].canes == 1]
    state.piles = [[same[0]], [same[1]], []]
    state._end_round(collapser=None, last=0)
    assert state.candies == [0, 0, 0] and state.reserve == 5


def test_the_collapser_is_out_even_with_the_most_cards():
    state = fresh()
    state.piles = [[0, 1, 2], [3], []]
    assert state.round_score(collapser=0)["winner"] == 1


def test_nobody_wins_a_candy_with_no_card():
    state = fresh()
    state.piles = [[0], [], []]
    assert state.round_score(collapser=0)["winner"] is None


def test_the_round_ends_when_the_last_card_leaves_the_roof():
    state = fresh(players=2)
    safe(state)
    rng = random.Random(3)
    while state.phase != "scored":
        state.apply(rng.choice(state.legal_actions()))
    result = state.results[-1]
    assert result["end"] == "cleared" and result["collapser"] is None
    assert state.roof.count() == 0
    kept = sum(len(p) for p in state.piles) + len(state.aside)
    assert kept == 36


def test_the_last_card_of_the_same_treat_is_set_aside():
    state = fresh(players=2)
    safe(state)
    state.roof.z = [None] * 36
    state.roof.z[0] = 0
    state.slot_card = [None] * 36
    state.slot_card[0] = 0  # chocolate
    state.piles = [[1], [9]]  # seat 0 tops chocolate
    state.apply("pull 0")
    assert state.events[-1][0]["to"] == "aside" and state.aside == [0]
    assert state.phase == "scored"


def test_next_relays_a_shuffled_roof_and_the_same_player_starts():
    state = fresh()
    safe(state)
    state.roof.probability = lambda slot, dexterity=0.5: 1.0
    state.apply("pull 0")
    starter = state.current_player()
    before = list(state.slot_card)
    state.apply("next")
    assert state.round == 2 and state.current_player() == starter
    assert state.roof.count() == 36 and state.piles == [[], [], []] and state.known == {}
    assert state.slot_card != before


def test_first_to_two_candies_wins_the_game():
    state = fresh()
    state.candies = [1, 0, 0]
    state.piles = [[0, 1], [], []]
    events = state._end_round(collapser=None, last=1)
    assert events[-1] == {"type": "game", "winner": 0}
    assert state.current_player() == TERMINAL and state.returns() == [1.0, -1.0, -1.0]
    with pytest.raises(GameOverError):
        state.apply("pull 3")


# -- notation (docs/rules/sorciere.md#notation) ---------------------------------------------
@pytest.mark.parametrize(
    "text, action",
    [
        ("pull 17@0.85", Pull(17, 0.85)),
        ("17@0.85", Pull(17, 0.85)),
        ("pull 17", Pull(17)),
        ("17", Pull(17, DEFAULT_DEXTERITY)),
        (" PULL 3 @ 1 ", Pull(3, 1.0)),
        ("pull 0@0", Pull(0, 0.0)),
        ("pull 5@0.12345", Pull(5, 0.123)),
        ("put 9", Put(9)),
        ("next", Next()),
    ],
)
def test_notation_reads_and_prints(text, action):
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "pull 17@1.01",
        "pull 17@-0.1",
        "pull 17@nan",
        "pull 17@inf",
        "pull 17@abc",
        "pull 36",
        "put 40",
        "pull",
        "17@",
        "take 3",
        "",
        None,
        17,
        ["pull 1"],
        "put 3@0.5",
    ],
)
def test_bad_notation_and_forged_dexterity_are_malformed(text):
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert caught.value.code == "malformed"


def test_a_dexterity_forged_around_the_parser_is_still_refused():
    state = fresh()
    for bad in (1.5, -0.2, math.nan, math.inf, "0.5", True):
        with pytest.raises(NotationError, match="dexterity|not an action"):
            state.apply(Pull(3, bad))
        assert not state.is_legal(Pull(3, bad))
    assert state.ply == 0


def test_a_pull_object_keeps_3_decimals_so_a_saved_game_replays_the_same():
    """A bot's own dexterity (0.7312…) is the one the saved text writes (0.731): the reloaded
    game draws the same collapses."""
    assert Pull(3, 0.73125).dexterity == 0.731 and Pull(3, 1).dexterity == 1.0
    rng = random.Random(1)
    for seed in range(20):
        state = Sorciere(players=2).new_game(seed)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            state.apply(Pull(action.slot, rng.random()) if isinstance(action, Pull) else action)
        again = State.from_json(json.loads(json.dumps(state.to_json())))
        assert again.history == state.history and again.events == state.events
        assert again.observation(None) == state.observation(None)


@pytest.mark.parametrize(
    "text",
    [
        "pull \U0001d7cf\U0001d7d5",
        "pull \u0661\u0667",
        "pull 17@0.\U0001d7d6",
        "pull 17@0_5",
        "pull 17@+0.5",
        "pull " + "9" * 5000,
        "pull 1" + "0" * 300 + "@0.5",
    ],
)
def test_slots_and_dexterities_are_ascii_digits_within_200_characters(text):
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert len(str(caught.value)) < 200


def test_pulling_an_empty_slot_is_illegal():
    state = fresh()
    safe(state)
    state.apply("pull 14")
    with pytest.raises(IllegalActionError, match="no card in slot 14"):
        state.apply("pull 14")


def test_dexterity_is_in_the_move_text_and_replays():
    state = fresh(seed=4)
    state.apply("pull 14@0.9")
    if state.phase == "pull" and state.current_player() == 1:
        state.apply("pull 20@0.3")
    again = State.from_json(json.loads(json.dumps(state.to_json())))
    assert again.history == state.history and str(state.history[0]) == "pull 14@0.9"
    assert again.observation(None) == state.observation(None)


def test_the_laying_order_is_corners_then_edges_then_the_middle():
    corners = {0, 5, 30, 35}
    assert set(LAYING_ORDER[:4]) == corners
    rings = [min(s // 6, s % 6, 5 - s // 6, 5 - s % 6) for s in LAYING_ORDER]
    assert rings == sorted(rings) and rings[-4:] == [2, 2, 2, 2]
