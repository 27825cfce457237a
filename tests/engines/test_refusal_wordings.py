"""The rules' refusals are worded in French and in English: every code of every game (and of
the exercises' failures) has both languages with the same placeholders, and the refusals a
player meets are `Reason`s whose English is what they always said and whose French holds no
English sentence."""

from __future__ import annotations

import pickle
import random
import string

import pytest
from language_checks import speaks

from ludotheque.classroom.exercises.play import ANSWERS
from ludotheque.classroom.forfeits import FORFEITS
from ludotheque.engines.core import LANGS, WORDINGS, Game, Reason, RulesError
from ludotheque.engines.nains.rules import COLOUR_NAMES, PLURAL_COLOUR_NAMES, Nains
from ludotheque.engines.sorciere.rules import Sorciere
from ludotheque.engines.sortileges.rules import Sortileges

GAMES = {name: game for name, game in Game.discover().items() if "wordings" in game.__dict__}
WORDING_SETS = {
    "core": WORDINGS,
    "answers": ANSWERS,
    "forfeits": FORFEITS,
    **{name: game.wordings for name, game in GAMES.items()},
}


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def test_every_game_a_pupil_plays_words_its_refusals():
    assert {"sortileges", "sorciere", "nains", "petits_pas"} <= set(GAMES)


@pytest.mark.parametrize("owner", sorted(WORDING_SETS))
def test_every_code_has_both_languages_with_the_same_placeholders(owner):
    for code, label in WORDING_SETS[owner].items():
        assert set(label) == set(LANGS), code
        assert placeholders(label["fr"]) == placeholders(label["en"]), code
        filled = {name: "X" for name in placeholders(label["en"])}
        for lang in LANGS:
            worded = Reason(WORDING_SETS[owner], code, **filled).in_language(lang)
            assert "{" not in worded and speaks(worded, lang), (code, worded)


def test_a_reason_is_its_english_text_and_travels_as_itself():
    reason = Sortileges().new_game(0, first=0).refusal(Sortileges().parse_action("c1-c3/d5"))
    assert isinstance(reason, Reason) and reason.code == "far"
    assert reason == "c3 is not next to c1: a witch steps one square" == reason.in_language("en")
    assert reason.in_language("fr") == (
        "la case c3 n'est pas voisine de c1 : une sorcière fait un pas d'une seule case"
    )
    copied = pickle.loads(pickle.dumps(reason))
    assert copied.code == "far" and copied.in_language("fr") == reason.in_language("fr")


# -- Sortilèges: one turn per rule ---------------------------------------------------------
SORTILEGES_REFUSALS = [  # from the start, Têtdevache on c1 to move, Fasderat on d8
    ("a1-a2/d5", "origin", "la sorcière qui joue est sur la case c1, pas sur a1"),
    ("c1-c3/d5", "far", "la case c3 n'est pas voisine de c1"),
    ("c1-c2", "spell-needed", "après le pas, il faut ensorceler une case"),
    ("c1-c2/c1", "spell-house", "la case c1 est une maison"),
]


@pytest.mark.parametrize(("turn", "code", "french"), SORTILEGES_REFUSALS)
def test_sortileges_says_which_rule_refuses_a_turn_in_both_languages(turn, code, french):
    state = Sortileges().new_game(0, first=0)
    reason = state.refusal(state.game.parse_action(turn))
    assert reason.code == code and reason.in_language("fr").startswith(french)
    with pytest.raises(RulesError) as caught:
        state.apply(turn)
    assert caught.value.reason.in_language("fr") == f"{turn} : {reason.in_language('fr')}"


def test_sortileges_words_the_spelled_squares_and_the_other_witch():
    state = Sortileges().new_game(0, first=0, witches=["c1", "c2"], spells=["b2"])
    for turn, code in (
        ("c1-c2/e5", "step-witch"),
        ("c1-b2/e5", "step-spelled"),
        ("c1-d1/c2", "spell-witch"),
    ):
        reason = state.refusal(state.game.parse_action(turn))
        assert reason.code == code and speaks(reason.in_language("fr"), "fr")
    state.apply("c1-d2/e5")
    reason = state.refusal(state.game.parse_action("c2-c3/e5"))
    assert reason.code == "spell-spelled" and reason.in_language("fr") == (
        "la case e5 est déjà ensorcelée"
    )


@pytest.mark.parametrize("text", ["zzz", "c1-c9/d5", "é"])
def test_a_notation_error_is_worded_in_both_languages(text):
    with pytest.raises(RulesError) as caught:
        Sortileges().parse_action(text)
    reason = caught.value.reason
    assert reason == str(caught.value)
    assert speaks(reason.in_language("fr"), "fr") and speaks(reason.in_language("en"), "en")


# -- the other games: the refusals met in random games --------------------------------------
PROBES = {
    "sorciere": (Sorciere, ["pull 0", "pull 35", "put 0", "put 17", "next", "pull 3@2", "zz"]),
    "nains": (
        Nains,
        ["gnome red", "play R2", "play +R", "play +M", "play R2 red", "play S1 blue", "contre +R"]
        + ["surcontre +B", "discard S1", "discard S1,S1,S1", "play +Y green", "zz", "play Q"],
    ),
}


@pytest.mark.parametrize("name", sorted(PROBES))
def test_the_refusals_met_in_random_games_are_worded_in_both_languages(name):
    game_class, probes = PROBES[name]
    game, rng, codes = game_class(), random.Random(7), set()
    for seed in range(3):
        state = game.new_game(seed)
        while not state.is_terminal():
            for text in probes:
                try:
                    reason = state.refusal(game.parse_action(text))
                except RulesError as error:
                    reason = error.reason
                if reason is None:
                    continue
                codes.add(reason.code)
                assert reason.in_language("en") == reason
                for lang in LANGS:
                    assert speaks(reason.in_language(lang), lang), reason.in_language(lang)
            state.apply(rng.choice(state.legal_actions()))
    assert len(codes) >= 5, codes


def test_tir_de_tuyau_says_its_colours_in_the_refusals_language():
    red, blues = COLOUR_NAMES[0], PLURAL_COLOUR_NAMES[1]
    empty = Nains().reason("supply-empty", colour=red)
    assert empty == "no red gnome is left in the supply"
    assert empty.in_language("fr") == "il ne reste aucun nain rouge dans la réserve"
    short = Nains().reason("counter-supply", colours=blues).in_language("fr")
    assert short == "il ne reste pas deux nains bleus dans la réserve"
