"""Tir de tuyau: one test (or a few) per rule of docs/rules/nains.md.

Positions are arranged by hand on a real state's table (hands, teams, hose), then moves go
through the checked `apply`, as a player's would.
"""

from collections import Counter

import pytest

from ludotheque.engines.core import OMNISCIENT, GameOverError, IllegalActionError, NotationError
from ludotheque.engines.nains import CARDS, DEFAULT_DECK, FENCE, INDEX, Move, Nains, pull_values
from ludotheque.engines.nains.cards import bonnet_choices
from ludotheque.engines.nains.rules import DISCARD, PHASE_CHOOSE, PHASE_OVER, PHASE_PLAY, PLAY

ALL_COUNTERS = dict(contre=True, surcontre=True, sursurcontre=True)
R, B, Y, G = range(4)


def cards(*codes):
    return sorted(INDEX[c] for c in codes)


def arranged(
    hands=(("S1", "S2", "+R", "+B", "G2"), ("S1", "S2", "+Y", "+G", "R2")),
    teams=((R,), (B,)),
    hose=0,
    to_move=0,
    seed=1,
    **options,
):
    """A state in the play phase of round 1 with the given hands, teams and hose."""
    state = Nains(**options).new_game(seed=seed, first=to_move)
    state.apply("gnome red")
    state.apply("gnome blue")
    t = state.table
    # put the dealt cards back in the pile, then hand out the wanted ones from it
    for hand in t.hands:
        t.draw.extend(hand)
        hand.clear()
    for seat, codes in enumerate(hands):
        for code in codes:
            t.draw.remove(INDEX[code])
        t.hands[seat] = cards(*codes)
    t.teams = [list(teams[0]), list(teams[1])]
    t.supply = [7 - sum(team.count(c) for team in t.teams) for c in range(4)]
    t.hose, t.to_move = hose, to_move
    return state


def texts(state):
    return [str(m) for m in state.legal_actions()]


# -- the components (docs/rules/nains.md#components) --------------------------------------
def test_the_default_deck_has_55_cards_of_the_documented_kinds():
    kinds = Counter(CARDS[c].kind for c in DEFAULT_DECK)
    assert len(DEFAULT_DECK) == 55 and kinds == {"gnome": 20, "pull": 24, "squirrel": 11}
    codes = Counter(CARDS[c].code for c in DEFAULT_DECK)
    assert [codes[f"+{x}"] for x in "RBYGM"] == [4] * 5
    assert [codes[f"S{n}"] for n in (1, 2, 3)] == [5, 4, 2]
    pulls = [CARDS[c] for c in DEFAULT_DECK if CARDS[c].kind == "pull"]
    assert sum(0 <= p.two < 4 and 0 <= p.zero < 4 for p in pulls) == 12  # colour pairs
    assert sum(p.two == 4 for p in pulls) == 4 and sum(p.zero == 4 for p in pulls) == 4  # bonnets
    assert sum(p.zero < 0 for p in pulls) == 4  # one colour raised, none at 0
    assert len({p.code for p in pulls}) == 24  # each pull card is unique


def test_a_match_starts_with_five_cards_each_and_the_secret_choice():
    state = Nains().new_game(seed=4, first=1)
    t = state.table
    assert [len(h) for h in t.hands] == [5, 5] and len(t.draw) == 45 and t.discards == []
    assert t.phase == PHASE_CHOOSE and state.current_player() == 1  # the starter chooses first
    assert texts(state) == ["gnome red", "gnome blue", "gnome yellow", "gnome green"]


# -- the secret first gnome (docs/rules/nains.md#secret-choice) -----------------------------
def test_the_first_gnomes_are_committed_before_either_is_revealed():
    state = Nains().new_game(seed=4, first=0)
    state.apply("gnome green")
    assert state.events[-1] == [{"type": "chosen", "seat": 0}]
    other = state.observation(1)
    assert other["chosen"] == [True, False] and other["teams"] == [[], []]
    assert "my_gnome" not in other
    twin = Nains().new_game(seed=4, first=0)
    twin.apply("gnome red")
    assert twin.observation(1) == other and twin.observation(None) == state.observation(None)
    assert other["moves"] == ["gnome ?"] and state.observation(None)["moves"] == ["gnome ?"]
    assert state.observation(0)["moves"] == ["gnome green"]
    assert state.observation(0)["my_gnome"] == "green"
    assert state.current_player() == 1
    state.apply("gnome green")  # both may choose the same colour
    assert state.events[-1][-1] == {"type": "reveal", "gnomes": ["green", "green"]}
    assert state.observation(1)["moves"] == ["gnome green", "gnome green"]
    assert state.table.teams == [[G], [G]] and state.table.supply == [7, 7, 7, 5]
    assert state.table.phase == PHASE_PLAY and state.current_player() == 0  # the starter plays


def test_choosing_is_only_for_the_start_of_a_round():
    state = arranged()
    with pytest.raises(IllegalActionError, match="already chosen"):
        state.apply("gnome red")
    fresh = Nains().new_game(seed=1, first=0)
    with pytest.raises(IllegalActionError, match="secret"):
        fresh.apply("play S1")


# -- add a gnome (docs/rules/nains.md#add-a-gnome) ------------------------------------------
def test_add_a_gnome_joins_the_back_and_costs_two_slabs():
    state = arranged(hands=(("+Y", "S1"), ("S1",)), to_move=0)
    state.apply("play +Y")
    t = state.table
    assert t.teams[0] == [R, Y] and t.hose == -2 and t.supply[Y] == 6
    assert t.discards[-1] == INDEX["+Y"] and t.to_move == 1
    state.apply("play S1")  # seat 1 ... and the other direction for seat 1
    state2 = arranged(hands=(("S1",), ("+G",)), to_move=1)
    state2.apply("play +G")
    assert state2.table.teams[1] == [B, G] and state2.table.hose == 2


def test_a_multicolour_gnome_needs_a_colour_from_the_supply():
    state = arranged(hands=(("+M", "S1"), ("S1",)))
    assert [m for m in texts(state) if m.startswith("play +M")] == [
        "play +M red",
        "play +M blue",
        "play +M yellow",
        "play +M green",
    ]
    with pytest.raises(IllegalActionError, match="needs a colour"):
        state.apply("play +M")
    state.table.supply[Y] = 0
    assert "play +M yellow" not in texts(state)
    with pytest.raises(IllegalActionError, match="no yellow gnome"):
        state.apply("play +M yellow")
    state.apply("play +M blue")
    assert state.table.teams[0] == [R, B]


def test_seven_gnomes_per_colour_at_most():
    state = arranged(hands=(("+R", "S1"), ("S1",)), teams=((R, R, R, R), (R, R, R)))
    assert state.table.supply[R] == 0
    assert "play +R" not in texts(state)
    with pytest.raises(IllegalActionError, match="no red gnome"):
        state.apply("play +R")


# -- pull (docs/rules/nains.md#pull) --------------------------------------------------------
def test_pull_values_two_zero_and_one():
    assert pull_values(CARDS[INDEX["R2B0"]], -1) == [2, 0, 1, 1]
    assert pull_values(CARDS[INDEX["G2"]], -1) == [1, 1, 1, 2]
    assert pull_values(CARDS[INDEX["M2Y0"]], B) == [1, 2, 0, 1]
    assert pull_values(CARDS[INDEX["R2M0"]], G) == [2, 1, 1, 0]


def test_the_stronger_team_pulls_by_the_difference():
    # R2B0: seat 0 (R, Y, Y) = 2+1+1 = 4; seat 1 (B, G) = 0+1 = 1: three slabs toward seat 0
    state = arranged(hands=(("R2B0", "S1"), ("S1",)), teams=((R, Y, Y), (B, G)), to_move=0)
    state.apply("play R2B0")
    assert state.table.hose == 3
    pull = state.events[-1][0]
    assert pull["power"] == [4, 1] and pull["diff"] == 3 and pull["toward"] == 0
    assert state.observation(1)["last_pull"]["values"] == {
        "red": 2,
        "blue": 0,
        "yellow": 1,
        "green": 1,
    }


def test_a_pull_can_help_the_other_team():
    state = arranged(hands=(("B2R0", "S1"), ("S1",)), teams=((R,), (B, B)), to_move=0)
    state.apply("play B2R0")  # seat 0 = 0, seat 1 = 4: four slabs toward seat 1
    assert state.table.hose == -4 and state.events[-1][0]["toward"] == 1


def test_equal_power_moves_nothing():
    state = arranged(hands=(("Y2", "S1"), ("S1",)), teams=((R, G), (B, G)), hose=2)
    state.apply("play Y2")
    assert state.table.hose == 2 and state.events[-1][0]["diff"] == 0
    assert state.events[-1][0]["toward"] is None


def test_the_bonnet_is_a_colour_chosen_by_the_player_but_not_the_other_one_on_the_card():
    card = CARDS[INDEX["M2B0"]]
    assert bonnet_choices(card) == [R, Y, G]
    state = arranged(hands=(("M2B0", "S1"), ("S1",)), teams=((Y, Y), (B, R)))
    assert [m for m in texts(state) if "M2B0" in m and m.startswith("play")] == [
        "play M2B0 red",
        "play M2B0 yellow",
        "play M2B0 green",
    ]
    with pytest.raises(IllegalActionError, match="cannot be blue"):
        state.apply("play M2B0 blue")
    with pytest.raises(IllegalActionError, match="needs a colour"):
        state.apply("play M2B0")
    state.apply("play M2B0 yellow")  # yellow 2, blue 0: 4 against 1
    assert state.table.hose == 3 and state.events[-1][0]["bonnet"] == "yellow"


def test_a_card_without_bonnet_names_no_colour():
    state = arranged(hands=(("R2B0", "S1"), ("S1",)))
    with pytest.raises(IllegalActionError, match="names no colour"):
        state.apply("play R2B0 red")


# -- squirrels (docs/rules/nains.md#squirrels) ----------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3])
def test_squirrels_pull_toward_the_player_one_slab_each(n):
    state = arranged(hands=((f"S{n}", "+R"), (f"S{n}", "+R")))
    state.apply(f"play S{n}")
    assert state.table.hose == n
    state.apply(f"play S{n}")
    assert state.table.hose == 0


# -- discard and draw (docs/rules/nains.md#turn) --------------------------------------------
def test_discard_and_draw_costs_one_slab():
    state = arranged(hands=(("S1", "S2", "+R", "+B", "G2"), ("S1",)))
    state.apply("discard S2,+R")  # any order in the text
    t = state.table
    assert len(t.hands[0]) == 5 and t.hose == -1
    assert sorted(t.discards) == cards("S2", "+R")
    assert state.events[-1][0] == {"type": "discard", "seat": 0, "cards": ["+R", "S2"]}
    assert state.history[-1] == Move.parse("discard +R,S2")


def test_every_part_of_the_hand_may_be_discarded():
    state = arranged(hands=(("S1", "S1", "S2", "+R", "G2"), ("S1",)))
    discards = [m for m in texts(state) if m.startswith("discard")]
    assert len(discards) == 3 * 2 * 2 * 2 - 1  # two S1 alike: 23 different parts
    assert "discard S1,S1,S2,+R,G2" not in discards  # codes in card order
    assert "discard +R,G2,S1,S1,S2" in discards


def test_an_empty_hand_draws_five():
    state = arranged(hands=(("S1",), ("S1", "S2")))
    state.apply("play S1")
    assert len(state.table.hands[0]) == 5
    assert {"type": "draw", "seat": 0, "count": 5} in state.events[-1]


def test_an_empty_draw_pile_is_refilled_from_the_shuffled_discards():
    state = arranged(hands=(("S1",), ("S1", "S2")))
    t = state.table
    t.discards, t.draw = t.draw[2:], t.draw[:2]
    state.apply("play S1")
    assert len(t.hands[0]) == 5 and len(t.draw) + len(t.discards) + 7 == 55
    assert any(e["type"] == "reshuffle" for e in state.events[-1])


# -- forged moves (docs/rules/nains.md#notation) --------------------------------------------
@pytest.mark.parametrize(
    "text, why",
    [
        ("play S3", "no S3 in your hand"),
        ("discard S1,S1", "does not hold 2 cards S1"),
        ("play +G", "no \\+G in your hand"),
    ],
)
def test_a_card_not_in_hand_is_refused(text, why):
    state = arranged(hands=(("S1", "S2", "+R"), ("S3", "+G")))
    with pytest.raises(IllegalActionError, match=why):
        state.apply(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "play",
        "play X9",
        "play S1 purple",
        "discard",
        "gnome",
        "gnome red blue",
        "hop S1",
        "play S1 red blue",
        42,
    ],
)
def test_malformed_texts_are_notation_errors(text):
    with pytest.raises(NotationError):
        Nains().parse_action(text)


def test_a_move_object_with_an_index_alias_is_refused_and_changes_nothing():
    """Move(PLAY, -1) names CARDS[-1], an S3: it must not pass for 'play S3' (it used to
    pass the rules, then fail half-way with a stray entry in `movers`)."""
    state = arranged(hands=(("S3", "S1", "+R"), ("S2", "+G")))
    before, movers = state.to_json(), list(state.movers)
    for forged in (
        Move(PLAY, -1),
        Move(PLAY, INDEX["S3"] - len(CARDS)),
        Move(PLAY, (0, 1)),
        Move(PLAY, len(CARDS)),
        Move(PLAY, True),
        Move(DISCARD, (INDEX["S1"], -1)),
        Move(DISCARD, (INDEX["S3"], INDEX["S1"])),
        Move(9, INDEX["S3"]),
    ):
        assert not state.is_legal(forged) and state.why_illegal(forged)
        with pytest.raises(NotationError):
            state.apply(forged)
    assert state.to_json() == before and state.movers == movers
    assert state.apply(Move(PLAY, INDEX["S3"])) == Move(PLAY, INDEX["S3"])
    assert repr(Move(PLAY, -1)) == "Move(1, -1, -1)"  # a bot's bad answer shows as it is


@pytest.mark.parametrize(
    "text", ["play \u017f3", "play S\U0001d7d1", "gnome r\u0435d", "play S3" + " " * 200]
)
def test_a_move_is_written_in_ascii_within_200_characters(text):
    assert "play \u017f3".upper() == "PLAY S3"  # what a Unicode-aware reading would take
    with pytest.raises(NotationError, match="ASCII"):
        Nains().parse_action(text)


def test_every_legal_move_reads_back_from_its_text():
    state = arranged(hands=(("+M", "M2B0", "S1", "R2", "+R"), ("S1",)), **ALL_COUNTERS)
    for move in state.legal_actions():
        assert Nains().parse_action(str(move)) == move


# -- rounds and match (docs/rules/nains.md#round-end) ---------------------------------------
def test_a_round_ends_at_the_fence_the_loser_starts_and_hands_are_kept():
    state = arranged(hands=(("S3", "S1"), ("+R", "S2")), hose=FENCE - 3, to_move=0)
    state.apply("play S3")
    t = state.table
    assert t.wins == [1, 0] and t.round == 2 and t.hose == 0
    assert t.phase == PHASE_CHOOSE and t.starter == 1 and state.current_player() == 1
    assert t.teams == [[], []] and t.supply == [7] * 4
    assert t.hands == [cards("S1"), cards("+R", "S2")]
    garden = {"hose": FENCE, "teams": [["red"], ["blue"]]}  # as the round ended, for the view
    ended = {"type": "round", "round": 1, "winner": 0, "wins": [1, 0], **garden}
    assert ended in state.events[-1]


def test_adding_a_gnome_near_the_fence_can_lose_the_round():
    state = arranged(hands=(("+R", "S1"), ("S1",)), hose=-(FENCE - 2), to_move=0)
    state.apply("play +R")
    assert state.table.wins == [0, 1]


def test_two_round_wins_end_the_match():
    state = arranged(hands=(("S3", "S1"), ("S1", "S2")), hose=FENCE - 1, to_move=0)
    state.table.wins = [1, 0]
    state.apply("play S3")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.table.phase == PHASE_OVER and state.observation(1)["winner"] == 0
    with pytest.raises(GameOverError):
        state.apply("play S1")


def test_rounds_option_sets_the_wins_needed():
    state = arranged(hands=(("S3", "S1"), ("S1",)), hose=FENCE - 1, rounds=1)
    state.apply("play S3")
    assert state.is_terminal()


# -- optional counters (docs/rules/nains.md#counters) ---------------------------------------
def added_red(to_move=0, **options):
    """Seat 0 has just added a red gnome; seat 1 holds cards to answer."""
    state = arranged(
        hands=(("+R", "+M", "+R", "S1", "S1"), ("+R", "+R", "+M", "+B", "S1")),
        to_move=to_move,
        **options,
    )
    state.apply("play +R")
    return state


def test_counters_are_off_by_default():
    state = added_red()
    assert not any(m.startswith("contre") for m in texts(state))
    with pytest.raises(IllegalActionError, match="contre is off"):
        state.apply("contre +R")


def test_contre_removes_the_gnome_just_added_on_the_very_next_turn():
    state = added_red(contre=True)
    assert [m for m in texts(state) if m.startswith("contre")] == ["contre +R", "contre +M"]
    with pytest.raises(IllegalActionError, match="red or multicolour"):
        state.apply("contre +B")
    with pytest.raises(IllegalActionError, match="names no colour"):
        state.apply("contre +M red")
    state.apply("contre +M")
    t = state.table
    assert t.teams == [[R], [B]] and t.supply[R] == 6 and t.hose == -2  # the slabs stay lost
    assert state.events[-1][0] == {
        "type": "contre",
        "seat": 1,
        "card": "+M",
        "colour": "red",
        "hose": -2,
    }


def test_contre_may_be_declined_and_the_card_played_normally():
    state = added_red(contre=True)
    state.apply("play +R")
    assert state.table.teams == [[R, R], [B, R]]


def test_the_contre_window_closes_after_the_next_turn():
    state = added_red(contre=True)
    state.apply("play S1")  # seat 1 lets it pass
    state.apply("play S1")  # seat 0
    with pytest.raises(IllegalActionError, match="right after"):
        state.apply("contre +R")  # too late
    assert state.observation(1)["window"] is None


def test_only_the_other_seat_may_counter():
    state = added_red(contre=True)
    state.apply("play S1")
    with pytest.raises(IllegalActionError, match="right after"):
        state.apply("contre +R")  # seat 0 cannot counter its own gnome


def test_surcontre_places_two_gnomes_without_moving_the_hose_right_after_a_contre():
    state = added_red(**ALL_COUNTERS)
    state.apply("contre +R")
    assert state.observation(0)["window"] == {"kind": "surcontre", "colour": "red", "seat": 0}
    assert [m for m in texts(state) if "contre" in m] == ["surcontre +R", "surcontre +M"]
    state.apply("surcontre +M")
    t = state.table
    assert t.teams == [[R, R, R], [B]] and t.hose == -2 and t.supply[R] == 4


def test_surcontre_needs_its_option_and_two_gnomes_in_the_supply():
    state = added_red(contre=True)
    state.apply("contre +R")
    with pytest.raises(IllegalActionError, match="surcontre is off"):
        state.apply("surcontre +R")
    state = added_red(contre=True, surcontre=True)
    state.apply("contre +R")
    state.table.supply[R] = 1
    with pytest.raises(IllegalActionError, match="not two red"):
        state.apply("surcontre +R")


def test_surcontre_window_is_the_next_turn_only():
    state = added_red(**ALL_COUNTERS)
    state.apply("contre +R")
    state.apply("play S1")  # seat 0 lets it pass
    state.apply("play S1")  # seat 1
    with pytest.raises(IllegalActionError, match="right after"):
        state.apply("surcontre +R")


def test_sursurcontre_takes_the_two_gnomes_into_the_other_team():
    state = added_red(**ALL_COUNTERS)
    state.apply("contre +R")
    state.apply("surcontre +R")
    assert [m for m in texts(state) if "contre" in m] == ["sursurcontre +R", "sursurcontre +M"]
    state.apply("sursurcontre +R")
    t = state.table
    assert t.teams == [[R], [B, R, R]] and t.hose == -2 and t.supply[R] == 4
    assert state.observation(0)["window"] is None  # the chain ends here


def test_sursurcontre_needs_its_option_and_its_moment():
    state = added_red(contre=True, surcontre=True)
    state.apply("contre +R")
    state.apply("surcontre +R")
    with pytest.raises(IllegalActionError, match="sursurcontre is off"):
        state.apply("sursurcontre +R")
    state = added_red(**ALL_COUNTERS)
    state.apply("contre +R")
    state.apply("surcontre +R")
    state.apply("play S1")
    state.apply("play S1")
    with pytest.raises(IllegalActionError, match="right after"):
        state.apply("sursurcontre +R")


def test_a_round_end_closes_any_window():
    state = arranged(hands=(("+R", "S1"), ("+R", "S1")), hose=-(FENCE - 2), contre=True)
    state.apply("play +R")  # seat 0 pulls itself into the fence
    assert state.table.window is None and state.table.phase == PHASE_CHOOSE


# -- observation ----------------------------------------------------------------------------
def test_each_seat_sees_its_hand_counts_and_public_facts_only():
    state = arranged(hands=(("S1", "S2"), ("+R", "G2", "S3")))
    mine, theirs, public = state.observation(0), state.observation(1), state.observation(None)
    assert mine["hand"] == ["S1", "S2"] and theirs["hand"] == ["+R", "G2", "S3"]
    for view in (mine, theirs, public):
        assert view["hand_sizes"] == [2, 3] and view["draw_count"] == 50
        assert "hands" not in view and "draw" not in view and "seed" not in view
    assert "hand" not in public
    assert "S3" not in str(mine) and "S2" not in str(theirs)
    every = state.observation(OMNISCIENT)
    assert every["hands"] == [["S1", "S2"], ["+R", "G2", "S3"]] and "hand" not in every
