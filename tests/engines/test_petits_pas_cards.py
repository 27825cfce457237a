"""Card and deck texts, reading options and `play_out`'s input checks: each error says
what is wrong."""

import pytest

from ludotheque.engines.core import NotationError
from ludotheque.engines.petits_pas import (
    SWITCHES,
    Card,
    DeckError,
    PetitsPas,
    Reading,
    parse_card,
    parse_deck,
    play_out,
    single_switches,
)
from ludotheque.engines.petits_pas.cards import DECK

DECK_TEXTS = [str(card) for card in DECK]


def test_every_card_prints_and_parses_back():
    assert len(set(DECK)) == 52
    assert [parse_card(str(card)) for card in DECK] == list(DECK)
    assert [card.deck_index for card in DECK] == list(range(52))


@pytest.mark.parametrize(
    "text, card",
    [
        ("10H", Card(10, "H")),
        ("TH", Card(10, "H")),
        ("th", Card(10, "H")),
        (" qs ", Card(12, "S")),
        ("AD", Card(1, "D")),
        ("KC", Card(13, "C")),
    ],
)
def test_card_texts(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "suit"),
        ("10", "suit"),
        ("1H", "rank"),
        ("11H", "rank"),
        ("10X", "suit"),
        ("H", "rank"),
        ("ZZ", "suit"),
        (10, "text"),
    ],
)
def test_bad_card_texts_say_what_is_wrong(text, says):
    with pytest.raises(NotationError, match=says):
        parse_card(text)


def test_labels_use_symbols_and_french_court_cards():
    assert [parse_card(t).label("fr") for t in ("JH", "QS", "KC", "10D", "AH")] == [
        "V♥",
        "D♠",
        "R♣",
        "10♦",
        "A♥",
    ]
    assert [parse_card(t).label("en") for t in ("JH", "QS", "KC")] == ["J♥", "Q♠", "K♣"]


def test_a_deck_may_be_one_string_and_use_t_for_ten():
    texts = " ".join(DECK_TEXTS).replace("10", "T")
    assert parse_deck(texts) == list(DECK)


@pytest.mark.parametrize(
    "deck, says",
    [
        (DECK_TEXTS[:51], r"51 cards instead of 52; missing KC"),
        (DECK_TEXTS[:51] + ["AS"], r"AS appear\(s\) more than once"),
        (DECK_TEXTS[:30] + ["11H"] + DECK_TEXTS[31:], r"card 31: '11H' is not a card"),
        (DECK_TEXTS + ["2S"], "more than once"),
        ([], "0 cards instead of 52"),
        (52, "a deck is a list of 52 card texts"),
    ],
)
def test_play_out_rejects_bad_decks_saying_what_is_wrong(deck, says):
    with pytest.raises(DeckError, match=says) as caught:
        play_out(deck)
    assert isinstance(caught.value, ValueError)


def test_play_out_takes_texts_or_cards_and_the_reading_by_keywords():
    assert play_out(DECK_TEXTS) == play_out(list(DECK))
    assert 0 <= play_out(DECK_TEXTS, take="lower", ace="high") <= 52


@pytest.mark.parametrize(
    "switches, says",
    [
        ({"take": "all"}, r"take='all' is not a reading; choose one of 'one', 'lower'"),
        ({"ace": None}, r"ace=None is not a reading"),
        ({"adjacent": "meet"}, r"adjacent='meet'"),
        ({"colour": "red"}, r"unknown switch\(es\) \['colour'\]"),
    ],
)
def test_readings_reject_bad_values(switches, says):
    with pytest.raises(ValueError, match=says):
        play_out(DECK_TEXTS, **switches)
    with pytest.raises(ValueError):
        PetitsPas(**switches)
    with pytest.raises(ValueError):
        Reading.of(switches)


def test_each_switch_lists_the_default_reading_first_and_the_game_takes_them_all():
    """`single_switches` and the options panel rely on it: the first value is the default."""
    assert all(list(option.choices)[0] == option.default for option in SWITCHES.values())
    assert PetitsPas.option_specs is SWITCHES and PetitsPas().reading == Reading()
    readings = list(single_switches())
    assert len(readings) == 1 + sum(len(option.choices) - 1 for option in SWITCHES.values())
    assert all(PetitsPas(**reading.changes()).reading == reading for reading in readings)


def test_reading_text_names_what_changed():
    assert str(Reading()) == "default"
    assert str(Reading(take="lower", ace="high")) == "take=lower, ace=high"
    assert Reading.of({"take": "lower"}, ace="high") == Reading(take="lower", ace="high")
