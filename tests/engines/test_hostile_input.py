"""Input from anywhere (a saved game, a student's code, a browser's developer tools) against
every game: refused with a ValueError (a RulesError for an action) that quotes it short,
never another exception, never a long wait, never a changed state."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.engines.bots import RandomBot
from ludotheque.engines.core import (
    MAX_ACTIONS,
    MAX_TEXT,
    QUOTE,
    Game,
    NotationError,
    RulesError,
    State,
)

GAMES = sorted(Game.discover())


def saved(name, plies=6, seed=5, **options):
    """A saved game of `name` after a few random actions, as `to_json` writes it."""
    state, bot = Game.by_name(name, **options).new_game(seed), RandomBot(seed)
    while state.ply < plies and not state.is_terminal():
        state.apply(bot(state))
    return json.loads(json.dumps(state.to_json()))


SAVED = {name: saved(name) for name in GAMES}


def refused(data):
    """Load `data`; a refusal must be a ValueError with a short message."""
    try:
        State.from_json(data)
    except ValueError as error:
        assert len(str(error)) < 400, str(error)[:500]
        return error
    return None


# -- options: exact types -----------------------------------------------------------------
@pytest.mark.parametrize(
    "name, options",
    [
        ("nains", {"contre": 1}),
        ("nains", {"surcontre": 0}),
        ("nains", {"rounds": True}),
        ("nains", {"rounds": 2.0}),
        ("nains", {"rounds": "2"}),
        ("sorciere", {"players": 2.0}),
        ("sorciere", {"players": True}),
        ("sortileges", {"files": 6.0}),
        ("sortileges", {"ranks": True}),
        ("sortileges", {"houses": 5}),
        ("sortileges", {"houses": ["c1", ["d8"]]}),
        ("petits_pas", {"take": 1}),
        ("petits_pas", {"ace": True}),
    ],
    ids=repr,
)
def test_an_option_of_the_wrong_type_is_refused_even_when_it_compares_equal(name, options):
    with pytest.raises(ValueError) as caught:
        Game.by_name(name, **options)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    "name, options",
    [
        ("nains", {"contre": True, "rounds": 1}),
        ("sorciere", {"players": 2}),
        ("sortileges", {"files": 6, "ranks": 6}),
        ("petits_pas", {"take": "lower"}),
    ],
    ids=repr,
)
def test_the_same_options_with_their_own_types_are_taken(name, options):
    assert Game.by_name(name, **options).options.items() >= options.items()


@pytest.mark.parametrize(
    "name, first",
    [
        ("nains", True),
        ("nains", 1.0),
        ("sorciere", True),
        ("sorciere", 2.0),
        ("sortileges", True),
        ("sortileges", [0]),
    ],
    ids=repr,
)
def test_the_first_seat_is_a_seat_number_not_a_bool_or_a_float(name, first):
    with pytest.raises(ValueError, match="first must be one of"):
        Game.by_name(name).new_game(1, first=first)


# -- action texts ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "text",
    [
        "x" * (MAX_TEXT + 1),
        "pull " + "9" * 5000,
        "9" * 10**6,
        "step" + "\u2003" * 300,
        "pull \U0001d7cf\U0001d7d5",
        "play \u017f3",
        "c\uff11-c2/d5",
        "\ud800",
    ],
    ids=lambda text: f"{text[:12]!r}×{len(text)}",
)
def test_a_long_or_non_ascii_text_is_malformed_for_every_game_and_quoted_short(name, text):
    state = Game.by_name(name).new_game(seed=1)
    with pytest.raises(NotationError) as caught:
        state.apply(text)
    assert len(str(caught.value)) < 2 * QUOTE + 200 and state.ply == 0
    str(caught.value).encode("utf-8")  # printable: a lone surrogate is not sent on


# -- saved games -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_saved_game_loads_back(name):
    again = State.from_json(SAVED[name])
    assert again.to_json() == SAVED[name]


HOSTILE = [
    ("not an object", ["nains"]),
    ("unknown field", {**SAVED["nains"], "deck": [1, 2]}),
    ("game a list", {**SAVED["nains"], "game": ["nains"]}),
    ("game a module path", {**SAVED["nains"], "game": "sortileges.solver"}),
    ("game unknown", {**SAVED["nains"], "game": "x" * 10**6}),
    ("options a list", {**SAVED["nains"], "options": [["rounds", 2]]}),
    ("option key not a name", {**SAVED["nains"], "options": {"1": 2}}),
    ("option a huge list", {**SAVED["sortileges"], "options": {"houses": ["a1"] * 10**5}}),
    ("option nested", {**SAVED["sortileges"], "options": {"houses": [["c1"], "d8"]}}),
    ("option a huge text", {**SAVED["petits_pas"], "options": {"take": "x" * 10**6}}),
    ("option a NaN", {**SAVED["sorciere"], "options": {"players": float("nan")}}),
    ("ranks 10**5", {**SAVED["sortileges"], "options": {"ranks": 10**5}}),
    ("seed missing", {key: value for key, value in SAVED["nains"].items() if key != "seed"}),
    ("seed NaN", {**SAVED["nains"], "seed": float("nan")}),
    ("seed a float", {**SAVED["nains"], "seed": 5.0}),
    ("seed a bool", {**SAVED["nains"], "seed": True}),
    ("seed 2**128", {**SAVED["nains"], "seed": 2**128}),
    ("seed negative", {**SAVED["nains"], "seed": -5}),
    ("start a list", {**SAVED["nains"], "start": [0]}),
    ("start unknown", {**SAVED["nains"], "start": {"who": 0}}),
    ("witches an int", {**SAVED["sortileges"], "start": {"witches": 5}}),
    ("witches nested", {**SAVED["sortileges"], "start": {"witches": [["a1"], "b2"]}}),
    ("spells a dict", {**SAVED["sortileges"], "start": {"spells": {"a1": 1}}}),
    ("deck short", {**SAVED["petits_pas"], "start": {"deck": ["AS"] * 52}}),
    ("deck of numbers", {**SAVED["petits_pas"], "start": {"deck": list(range(52))}}),
    ("actions a text", {**SAVED["nains"], "actions": "gnome red"}),
    ("too many actions", {**SAVED["petits_pas"], "actions": ["step"] * (MAX_ACTIONS + 1)}),
    ("an action a number", {**SAVED["nains"], "actions": [3]}),
    ("an action 1 MB", {**SAVED["sorciere"], "actions": ["pull " + "1" * 10**6]}),
    ("an action illegal", {**SAVED["sortileges"], "actions": ["a1-a2/a3"]}),
]


@pytest.mark.parametrize("data", [data for _, data in HOSTILE], ids=[why for why, _ in HOSTILE])
def test_a_hostile_saved_game_is_refused_with_a_value_error(data):
    assert refused(data) is not None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
CHOICES = st.sampled_from(
    [
        "first",
        "witches",
        "spells",
        "deck",
        "files",
        "ranks",
        "houses",
        "players",
        "rounds",
        "contre",
        "take",
        "ace",
        "x",
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(GAMES),
    field=st.sampled_from(["game", "options", "seed", "start", "actions"]),
    value=JSON
    | st.dictionaries(CHOICES, JSON, max_size=3)
    | st.lists(st.text(max_size=12), max_size=4),
)
def test_any_value_in_any_field_of_a_saved_game_loads_or_is_a_value_error(name, field, value):
    refused({**SAVED[name], field: value})


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(GAMES),
    text=st.text(max_size=40)
    | st.from_regex(
        r"(pull|put|play|gnome|discard|contre|step|[a-h][0-9]+-[a-h][0-9]+/?)[ -~]{0,12}",
        fullmatch=True,
    ),
)
def test_any_text_is_an_action_or_a_rules_error_and_a_refusal_changes_nothing(name, text):
    state = State.from_json(SAVED[name])
    try:
        state.apply(text)
    except RulesError:
        assert state.to_json() == SAVED[name]
