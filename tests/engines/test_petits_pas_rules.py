"""Every line of the default reading and every switch, each shown on a hand-built deck.

A `Table` deals any list of cards, so each example uses only the cards it needs: the first
four are the row, the rest the stock in order. Rows are written one text per place, a pile's
cards bottom to top ("QH 9H" is 9♥ on Q♥).
"""

import pytest

from ludotheque.engines.core import GameOverError
from ludotheque.engines.petits_pas import Reading, Table, parse_cards


def table(cards: str, **switches) -> Table:
    return Table(parse_cards(cards), Reading(**switches))


def row(table: Table) -> list[str]:
    return [" ".join(str(card) for card in pile) for pile in table.places]


def kinds(events) -> list[str]:
    return [event["kind"] for event in events]


# -- default reading (docs/rules/petits_pas.md#default-reading) ----------------------------
def test_first_four_cards_are_dealt_left_to_right():
    t = table("2S 3H 4D 5C 6S 7S")
    assert row(t) == ["2S", "3H", "4D", "5C"]
    assert len(t.stock) == 2 and t.result is None


def test_take_jumps_over_other_suits_and_both_piles_leave_then_gaps_refill_left_to_right():
    t = table("5H 2S 3D 9H KC QD JS")
    events = t.step()
    assert events[0] == {
        "kind": "take",
        "card": "9H",
        "from": 3,
        "over": ["3D", "2S"],
        "meets": "5H",
        "to": 0,
        "pile": ["9H"],
        "taken": [{"place": 0, "pile": ["5H"]}],
    }
    assert events[1] == {
        "kind": "refill",
        "deals": [{"card": "KC", "to": 0}, {"card": "QD", "to": 3}],
        "stock": 1,
    }
    assert row(t) == ["KC", "2S", "3D", "QD"]
    assert [str(c) for c in t.out] == ["9H", "5H"]


def test_an_immediate_neighbour_of_the_suit_is_simply_met():
    t = table("2S 3D 5H 9H KC QD JS")
    events = t.step()
    assert events[0]["kind"] == "take" and events[0]["over"] == [] and events[0]["to"] == 2
    assert row(t) == ["2S", "3D", "KC", "QD"]


def test_a_lower_card_covers_the_pile_it_meets_and_has_jumped():
    t = table("KH 2S 3D 9H 4C 5C")
    events = t.step()
    assert events[0] == {
        "kind": "cover",
        "card": "9H",
        "from": 3,
        "over": ["3D", "2S"],
        "meets": "KH",
        "to": 0,
    }
    assert row(t) == ["KH 9H", "2S", "3D", "4C"]  # its place refilled where it was
    assert [str(c) for c in t.jumped] == ["9H"]


def test_no_card_of_its_suit_blocks_and_a_card_is_dealt_in_a_fifth_place():
    t = table("2S 3D 4C 9H 5C 6D 7S")
    events = t.step()
    assert events == [
        {
            "kind": "blocked",
            "card": "9H",
            "from": 3,
            "over": ["4C", "3D", "2S"],
            "reason": "no-suit",
        },
        {"kind": "deal", "card": "5C", "to": 4, "stock": 2},
    ]
    assert row(t) == ["2S", "3D", "4C", "9H", "5C"]
    # 5C takes 4C: the empty fifth place goes, the gap in the middle is refilled in place
    events = t.step()
    assert kinds(events) == ["take", "close", "refill"]
    assert events[1] == {"kind": "close", "places": [4], "why": "extra"}
    assert row(t) == ["2S", "3D", "6D", "9H"]


def test_extra_places_on_the_right_go_while_the_row_has_more_than_four():
    t = table("2S 3S 4S KH 5D 9D 7C")
    t.step()  # KH blocked: 5D in a fifth place
    t.step()  # 5D blocked: 9D in a sixth place
    events = t.step()  # 9D takes its neighbour 5D
    assert events[1] == {"kind": "close", "places": [4, 5], "why": "extra"}
    assert row(t) == ["2S", "3S", "4S", "KH"]


def test_a_jumped_card_never_moves_again_while_the_stock_lasts():
    # QH blocked, 9H dealt covers it, 6S takes 5S and 2H refills the left: a lower heart
    # left of 9H, which has jumped and may not jump again onto it
    t = table("5S 3D 4C QH 9H 6S 2H 7D 8D")
    t.step()
    assert kinds(t.step())[:1] == ["cover"]
    assert row(t) == ["5S", "3D", "4C", "QH 9H"]
    assert t.step()[0]["reason"] == "jumped"  # blocked: 6S dealt, which takes 5S
    t.step()
    assert row(t) == ["2H", "3D", "4C", "QH 9H"]
    events = t.step()
    assert events[0] == {"kind": "blocked", "card": "9H", "from": 3, "over": [], "reason": "jumped"}
    assert events[1]["card"] == "7D"


def test_at_the_end_of_the_stock_a_jumped_pile_takes_and_lone_cards_leave():
    t = table("5S 3D 4C QH 9H 6S 2H")
    for _ in range(4):
        t.step()
    assert row(t) == ["2H", "3D", "4C", "QH 9H"] and not t.stock and t.result is None
    events = t.step()
    assert events[0]["kind"] == "take" and events[0]["pile"] == ["QH", "9H"]
    assert events[0]["taken"] == [{"place": 0, "pile": ["2H"]}]
    assert events[1] == {"kind": "close", "places": [0, 3], "why": "stock-empty"}
    assert row(t) == ["3D", "4C"]
    events = t.step()
    assert events[0] == {"kind": "exit", "card": "4C", "from": 1, "over": ["3D"], "pile": ["4C"]}
    events = t.step()
    assert kinds(events) == ["exit", "close", "won"]
    assert t.result == "won" and t.cards_left() == 0 and len(t.out) == 7


def test_gaps_close_up_once_the_stock_runs_out_during_a_refill():
    t = table("5H 2S 3D 9H KC")
    events = t.step()
    assert events[1:] == [
        {"kind": "refill", "deals": [{"card": "KC", "to": 0}], "stock": 0},
        {"kind": "close", "places": [3], "why": "stock-empty"},
    ]
    assert row(t) == ["KC", "2S", "3D"]


def test_while_the_stock_lasts_a_lower_card_covers_a_higher_one():
    t = table("9D 2S 3C KH 8D 4S")
    t.step()  # KH blocked: 8D dealt, 4S still in the stock
    assert t.step()[0] == {
        "kind": "cover",
        "card": "8D",
        "from": 4,
        "over": ["KH", "3C", "2S"],
        "meets": "9D",
        "to": 0,
    }


def test_the_books_end_9d_left_of_8d_is_lost_nothing_covers_once_the_stock_is_empty():
    t = table("9D 2S 3C KH 8D")
    events = t.step()
    assert events == [
        {
            "kind": "blocked",
            "card": "KH",
            "from": 3,
            "over": ["3C", "2S", "9D"],
            "reason": "no-suit",
        },
        {"kind": "deal", "card": "8D", "to": 4, "stock": 0},
        {
            "kind": "blocked",
            "card": "8D",
            "from": 4,
            "over": ["KH", "3C", "2S"],
            "meets": "9D",
            "reason": "higher",
        },
        {"kind": "lost", "left": 5},
    ]
    assert t.result == "lost" and t.cards_left() == 5
    with pytest.raises(GameOverError):
        t.step()


def test_won_when_no_card_is_left():
    t = table("2S 5S 3H 9H")
    assert kinds(t.step()) == ["take", "close"]
    assert kinds(t.step()) == ["take", "close", "won"]
    assert t.result == "won"


def test_a_deal_decided_at_the_start_is_over_at_once():
    assert table("KH 2S 3D 9H").result == "lost"  # 9H meets KH with no stock: nothing covers


# -- adjacent (docs/rules/petits_pas.md#reading-adjacent) -----------------------------------
@pytest.mark.parametrize(
    "adjacent, first", [("meets", "take"), ("blocks", "blocked"), ("book", "take")]
)
def test_adjacent_one_neighbour_of_the_suit(adjacent, first):
    t = table("2S 3D 5H 9H 6C 7C", adjacent=adjacent)
    events = t.step()
    assert events[0]["kind"] == first
    if first == "blocked":
        assert events[0]["reason"] == "neighbour" and events[0]["meets"] == "5H"
        assert events[1] == {"kind": "deal", "card": "6C", "to": 4, "stock": 1}


@pytest.mark.parametrize(
    "adjacent, first", [("meets", "take"), ("blocks", "blocked"), ("book", "blocked")]
)
def test_adjacent_two_neighbours_of_the_suit_the_books_example(adjacent, first):
    assert table("2S 5H 7H 9H 6C", adjacent=adjacent).step()[0]["kind"] == first


def test_adjacent_blocks_still_jumps_over_other_suits():
    assert table("5H 3D 2S 9H 6C", adjacent="blocks").step()[0]["kind"] == "take"


def test_adjacent_blocks_also_at_the_end_of_the_stock():
    assert table("2S 3D 5H 9H").result is None
    assert table("2S 3D 5H 9H", adjacent="blocks").result == "lost"


# -- nowhere (docs/rules/petits_pas.md#reading-nowhere) -------------------------------------
def test_nowhere_far_left_jumps_to_a_new_place_on_the_left_once():
    t = table("2S 3D 4C 9H 5C 6D", nowhere="far-left")
    events = t.step()
    assert events == [
        {"kind": "far-left", "card": "9H", "from": 3, "over": ["4C", "3D", "2S"], "to": 0},
        {"kind": "close", "places": [4], "why": "extra"},
    ]
    assert row(t) == ["9H", "2S", "3D", "4C"] and [str(c) for c in t.jumped] == ["9H"]
    for _ in range(3):
        assert t.step()[0]["kind"] == "far-left"
    assert row(t) == ["2S", "3D", "4C", "9H"]
    assert t.step()[0]["reason"] == "jumped"  # its one jump is spent


def test_nowhere_off_leaves_the_game():
    t = table("2S 3D 4C 9H 5C 6D", nowhere="off")
    events = t.step()
    assert events[0] == {
        "kind": "exit",
        "card": "9H",
        "from": 3,
        "over": ["4C", "3D", "2S"],
        "pile": ["9H"],
    }
    assert row(t) == ["2S", "3D", "4C", "5C"] and [str(c) for c in t.out] == ["9H"]


# -- refill (docs/rules/petits_pas.md#reading-refill) ---------------------------------------
def test_refill_close_up_closes_left_and_deals_on_the_right():
    t = table("5H 2S 3D 9H KC QD JS", refill="close-up")
    events = t.step()
    assert events[1:] == [
        {"kind": "close", "places": [0, 3], "why": "close-up"},
        {"kind": "refill", "deals": [{"card": "KC", "to": 2}, {"card": "QD", "to": 3}], "stock": 1},
    ]
    assert row(t) == ["2S", "3D", "KC", "QD"]


# -- take (docs/rules/petits_pas.md#reading-take) -------------------------------------------
@pytest.mark.parametrize(
    "rule, taken",
    [
        ("one", ["5H"]),
        ("lower", ["5H", "7H", "3H"]),
        ("descending", ["5H"]),
        ("consecutive", ["5H"]),
    ],
)
def test_take_after_a_higher_one(rule, taken):
    events = table("3H 7H 5H 9H 2C 3C 4C 5C", take=rule).step()
    assert [t["pile"][-1] for t in events[0]["taken"]] == taken


@pytest.mark.parametrize(
    "rule, taken",
    [
        ("one", ["8H"]),
        ("lower", ["8H", "4H", "2H"]),
        ("descending", ["8H", "4H", "2H"]),
        ("consecutive", ["8H"]),
    ],
)
def test_take_a_descending_run(rule, taken):
    events = table("2H 4H 8H 9H 2C 3C 4C 5C", take=rule).step()
    assert [t["pile"][-1] for t in events[0]["taken"]] == taken


@pytest.mark.parametrize(
    "rule, taken",
    [
        ("one", ["8H"]),
        ("lower", ["8H", "7H", "6H"]),
        ("descending", ["8H", "7H", "6H"]),
        ("consecutive", ["8H", "7H", "6H"]),
    ],
)
def test_take_consecutive_ranks(rule, taken):
    t = table("6H 7H 8H 9H 2C 3C 4C 5C", take=rule)
    events = t.step()
    assert [t["pile"][-1] for t in events[0]["taken"]] == taken
    assert len(t.out) == len(taken) + 1


def test_take_further_passes_over_other_suits_and_stops_at_a_higher_one():
    events = table("3H 2S 5H 9H 2C 3C 4C 5C", take="lower").step()
    assert [t["place"] for t in events[0]["taken"]] == [2, 0]
    events = table("3H QH 5H 9H 2C 3C 4C 5C", take="lower").step()
    assert [t["place"] for t in events[0]["taken"]] == [2]


# -- endgame (docs/rules/petits_pas.md#reading-endgame) -------------------------------------
END_DECK = "5S 3D 4C QH 9H 6S 2H"  # ends with the stock empty and [2H, 3D, 4C, QH 9H]


def play(t: Table, steps: int) -> Table:
    for _ in range(steps):
        t.step()
    return t


def test_endgame_none_a_jumped_pile_never_moves_again():
    t = play(table(END_DECK, endgame="none"), 3)
    events = t.step()
    assert events[-2:] == [
        {"kind": "blocked", "card": "9H", "from": 3, "over": [], "reason": "jumped"},
        {"kind": "lost", "left": 5},
    ]


def test_endgame_none_covers_and_blocks_as_before_the_end():
    t = table("KH 2S 3D 9H", endgame="none")  # no stock; default: lost at once (9H < KH)
    assert t.result is None
    assert kinds(t.step()) == ["cover", "close", "blocked", "lost"]
    assert row(t) == ["KH 9H", "2S", "3D"]


def test_endgame_take_a_jumped_pile_may_take_but_lone_cards_do_not_leave():
    t = play(table(END_DECK, endgame="take"), 4)
    events = t.step()
    assert events[0]["kind"] == "take" and events[0]["pile"] == ["QH", "9H"]
    assert events[-2:] == [
        {"kind": "blocked", "card": "4C", "from": 1, "over": ["3D"], "reason": "no-suit"},
        {"kind": "lost", "left": 2},
    ]


@pytest.mark.parametrize("endgame, reason", [("exit", "higher"), ("take", "jumped")])
def test_at_the_end_a_jumped_pile_that_meets_a_higher_one_is_stuck(endgame, reason):
    t = play(table("5S 3D 4C QH 9H 6S KH", endgame=endgame), 4)  # KH refills the left last
    assert t.result == "lost"
    assert t.plan() == (("blocked", 3, (2, 1), 0, (), reason))


# -- ace (docs/rules/petits_pas.md#reading-ace) -----------------------------------------------
@pytest.mark.parametrize("ace, first", [("low", "cover"), ("high", "take")])
def test_ace(ace, first):
    assert table("KH 2S 3D AH 5C", ace=ace).step()[0]["kind"] == first
