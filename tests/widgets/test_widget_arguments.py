"""A game widget's constructor refuses a wrong argument in one line, in the widget's language,
naming the argument, the value and the fix, raised from the widget's own `__init__`: a
`Sorciere(["human", "bot:3"])` refused deep in ipywidgets ends in 72 lines of traceback saying
"...got a list"."""

import gc
import subprocess
import sys
import traceback

import pytest
import traitlets

from ludotheque.widgets import Nains, PetitsPas, Sorciere, Sortileges
from ludotheque.widgets.arguments import ArgumentError, ArgumentTypeError

GAMES = [Sorciere, Sortileges, Nains, PetitsPas]

# (widget, positional args, keyword args, error, words in French, words in English)
WRONG = [
    # -- Sorcière -----------------------------------------------------------------------
    (
        Sorciere,
        (["human", "bot:3"],),  # the README's Sortilèges line, for Sorcière
        {},
        ValueError,
        ["seats :", '["human", "bot:3"]', "2 places", "se joue ici à 3", 'options={"players": 2}'],
        ["seats:", '["human", "bot:3"]', "2 seats", "played here by 3", 'options={"players": 2}'],
    ),
    (
        Sorciere,
        (["human", "bot:2", "bot:3", "bot:4", "bot:1"],),
        {},
        ValueError,
        ["5 places", "donnez 3 places", "2 ou 4"],
        ["5 seats", "give 3 seats", "2 or 4"],
    ),
    (
        Sorciere,
        ("human",),
        {},
        TypeError,
        ["seats :", '"human"', "n'est pas une liste", 'seats=["human", "bot:2", "bot:3"]'],
        ["seats:", '"human"', "is not a list", 'seats=["human", "bot:2", "bot:3"]'],
    ),
    (
        Sorciere,
        (["human", "bot:9", "bot:2"],),
        {},
        ValueError,
        ["seats[1] :", '"bot:9"', "niveau", '"bot:5" (anticipation)'],
        ["seats[1]:", '"bot:9"', "level", '"bot:5" (lookahead)'],
    ),
    (
        Sorciere,
        (),
        {"options": {"player": 2}},
        ValueError,
        ["options :", "pas d'option", '"player"', 'vouliez-vous dire "players"'],
        ["options:", "no option", '"player"', 'did you mean "players"'],
    ),
    (
        Sorciere,
        (["human", "bot:3"],),
        {"players": 2},
        TypeError,
        ["players :", "option du jeu", 'options={"players": 2}'],
        ["players:", "option of the game", 'options={"players": 2}'],
    ),
    (
        Sorciere,
        (),
        {"risk_view": "yes"},
        TypeError,
        ["risk_view :", '"yes"', "True ou False", "risk_view=True"],
        ["risk_view:", '"yes"', "True or False", "risk_view=True"],
    ),
    # -- Sortilèges ---------------------------------------------------------------------
    (
        Sortileges,
        (["human"],),
        {},
        ValueError,
        ["seats :", '["human"]', "1 place,", "donnez 2 places"],
        ["seats:", '["human"]', "1 seat,", "give 2 seats"],
    ),
    (
        Sortileges,
        ("human", "bot:2"),
        {},
        TypeError,
        ["seats :", "dans une liste", 'Sortileges(["human", "bot:2"])'],
        ["seats:", "in one list", 'Sortileges(["human", "bot:2"])'],
    ),
    (
        Sortileges,
        (["human", "bot:6"],),
        {},
        ValueError,
        ["seats[1] :", '"bot:6"', '"bot:1" (hasard)'],
        ["seats[1]:", '"bot:6"', '"bot:1" (random)'],
    ),
    (
        Sortileges,
        (["human", 3],),
        {},
        TypeError,
        ["seats[1] :", "3", "ni un texte", 'vouliez-vous dire "bot:3"'],
        ["seats[1]:", "3", "neither a text", 'did you mean "bot:3"'],
    ),
    (
        Sortileges,
        (),
        {"options": {"file": 5}},
        ValueError,
        ["options :", '"file"', '"files" (Colonnes)'],
        ["options:", '"file"', '"files" (Files)'],
    ),
    (
        Sortileges,
        (),
        {"seat": ["human", "bot:1"]},
        TypeError,
        ["seat :", "ne prend pas d'argument seat", "vouliez-vous dire seats"],
        ["seat:", "takes no argument seat", "did you mean seats"],
    ),
    # -- Tir de tuyau -------------------------------------------------------------------
    (
        Nains,
        (["human", "bot:1", "bot:2"],),
        {},
        ValueError,
        ["seats :", '["human", "bot:1", "bot:2"]', "3 places", "donnez 2 places"],
        ["seats:", '["human", "bot:1", "bot:2"]', "3 seats", "give 2 seats"],
    ),
    (
        Nains,
        ("bot:2",),
        {},
        TypeError,
        ["seats :", '"bot:2"', "n'est pas une liste"],
        ["seats:", '"bot:2"', "is not a list"],
    ),
    (
        Nains,
        (["human", "bot:7"],),
        {},
        ValueError,
        ["seats[1] :", '"bot:7"', '"bot:4"'],
        ["seats[1]:", '"bot:7"', '"bot:4"'],
    ),
    (
        Nains,
        (),
        {"options": {"contre": 1}},
        ValueError,
        ['options["contre"] :', "1", "choisissez False ou True"],
        ['options["contre"]:', "1", "choose False or True"],
    ),
    (
        Nains,
        (),
        {"options": ["contre"]},
        TypeError,
        ["options :", '["contre"]', "pas un dict", 'options={"contre": False}'],
        ["options:", '["contre"]', "not a dict", 'options={"contre": False}'],
    ),
    # -- A Petits Pas -------------------------------------------------------------------
    (
        PetitsPas,
        (["human", "human"],),
        {},
        ValueError,
        ["seats :", "2 places", "donnez 1 place,", 'seats=["human"]'],
        ["seats:", "2 seats", "give 1 seat,", 'seats=["human"]'],
    ),
    (
        PetitsPas,
        (["robot"],),
        {},
        ValueError,
        ["seats[0] :", '"robot"', '"bot:auto" (automatique)'],
        ["seats[0]:", '"robot"', '"bot:auto" (automatic)'],
    ),
    (
        PetitsPas,
        (),
        {"take": "lower"},
        TypeError,
        ["take :", 'options={"take": "lower"}'],
        ["take:", 'options={"take": "lower"}'],
    ),
    (
        PetitsPas,
        (),
        {"options": {"takes": "lower"}},
        ValueError,
        ['"takes"', 'vouliez-vous dire "take"'],
        ['"takes"', 'did you mean "take"'],
    ),
    (
        PetitsPas,
        (),
        {"deck": 3},
        ValueError,
        ["deck=3 :", "refusé par les règles", "52"],
        ["deck=3:", "refused by the rules", "52"],
    ),
]

# every game alike: (keyword args, error, words in French, words in English)
EVERY_GAME = [
    ({"seed": "2026"}, TypeError, ['seed : "2026"', "seed=2026"], ['seed: "2026"', "seed=2026"]),
    ({"seed": -1}, ValueError, ["seed : -1", "hors des bornes"], ["seed: -1", "out of range"]),
    ({"bot_seconds": 0}, ValueError, ["bot_seconds : 0", "au plus 60"], ["bot_seconds: 0"]),
    ({"bot_delay": float("nan")}, ValueError, ["bot_delay : nan"], ["bot_delay: nan"]),
    ({"bot_delay": "1"}, TypeError, ['bot_delay : "1"'], ['bot_delay: "1"']),
    ({"sed": 1}, TypeError, ["sed :", "vouliez-vous dire seed"], ["sed:", "did you mean seed"]),
]  # fmt: skip


def refusal(make, *args, **kwargs) -> BaseException:
    """The error making the widget raises, checked for what every refusal shares."""
    with pytest.raises((ArgumentError, ArgumentTypeError)) as caught:
        widget = make(*args, **kwargs)
        widget.close()
    error = caught.value
    message = str(error)
    assert "\n" not in message and len(message) < 400, message
    frames = traceback.extract_tb(error.__traceback__)
    # this test's frame, the game's __init__ if it has one, the base's __init__: no traitlets
    assert len(frames) <= 3, traceback.format_tb(error.__traceback__)
    assert frames[-1].name == "__init__" and frames[-1].filename.endswith("base.py")
    assert error.__cause__ is None and error.__suppress_context__
    kind = "TypeError" if isinstance(error, TypeError) else "ValueError"
    assert error._render_traceback_() == [f"{kind}: {message}"]  # IPython shows this line
    return error


@pytest.mark.parametrize(
    "make, args, kwargs, kind, french, english",
    WRONG,
    ids=[f"{make.__name__}-{i}" for i, (make, *_rest) in enumerate(WRONG)],
)
def test_a_wrong_argument_is_one_line_in_the_widgets_language(
    make, args, kwargs, kind, french, english
):
    error = refusal(make, *args, **kwargs)
    assert isinstance(error, kind)
    for words in french:
        assert words in str(error), (words, str(error))
    error = refusal(make, *args, lang="en", **kwargs)
    assert isinstance(error, kind)
    for words in english:
        assert words in str(error), (words, str(error))
    assert " : " not in str(error)  # no French left in the English line


@pytest.mark.parametrize("make", GAMES, ids=lambda make: make.__name__)
@pytest.mark.parametrize("kwargs, kind, french, english", EVERY_GAME)
def test_every_game_refuses_the_shared_arguments_alike(make, kwargs, kind, french, english):
    error = refusal(make, **kwargs)
    assert isinstance(error, kind)
    assert all(words in str(error) for words in french), str(error)
    error = refusal(make, lang="en", **kwargs)
    assert isinstance(error, kind)
    assert all(words in str(error) for words in english), str(error)


@pytest.mark.parametrize("make", GAMES, ids=lambda make: make.__name__)
@pytest.mark.parametrize(
    "lang, kind", [("de", ValueError), ("english", ValueError), (1, TypeError)]
)
def test_a_bad_language_is_refused_in_both(make, lang, kind):
    error = refusal(make, lang=lang)
    assert isinstance(error, kind)
    for words in ["lang :", "n'est pas une langue", "lang:", "is not a language"]:
        assert words in str(error)
    assert 'lang="fr"' in str(error) and 'lang="en"' in str(error)


def test_a_refused_widget_leaves_nothing_behind():
    """Nothing made, no comm opened, and no "Exception ignored in Widget.__del__" later."""
    seen = []
    hook, sys.unraisablehook = sys.unraisablehook, seen.append
    try:
        refusal(Sorciere, ["human", "bot:3"])
        refusal(Sortileges, options={"files": "six"})
        gc.collect()
    finally:
        sys.unraisablehook = hook
    assert seen == []


def test_the_same_words_when_seats_are_set_later():
    widget = Sorciere(["human", "bot:1", "bot:2"], seed=1, bot_delay=5, lang="en")
    try:
        with pytest.raises(traitlets.TraitError, match=r'gives 2 seats.*options=\{"players": 2\}'):
            widget.seats = ["human", "bot:1"]
        with pytest.raises(traitlets.TraitError, match=r'seats\[1\]: "bot:9"'):
            widget.seats = ["human", "bot:9", "bot:1"]
        widget.seats = ["bot:2", "human", "bot:1"]  # a right list still goes through
        assert widget.seats == ["bot:2", "human", "bot:1"]
    finally:
        widget.close()


def test_right_arguments_still_make_the_widget():
    """Student bots, tuples, a game's own argument and start choices are all still taken."""

    def my_bot(observation):
        return observation["legal"][0]

    widget = Sorciere(("human", my_bot), options={"players": 2}, risk_view=True, seed=3, first=0)
    try:
        assert widget.seats == ["human", "bot:my_bot"] and widget.risk_view
        assert "risk" in widget.observation
    finally:
        widget.close()


def test_a_notebook_shows_one_line():
    """In IPython (a notebook's kernel) the error is its line, not 72 lines of frames."""
    code = (
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "shell.run_cell('from ludotheque.widgets import Sorciere')\n"
        "print('---')\n"
        'shell.run_cell(\'Sorciere(["human", "bot:3"], lang="en")\')\n'
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    shown = result.stdout.split("---\n", 1)[1]
    lines = [line for line in shown.splitlines() if line.strip()]
    assert len(lines) == 1, shown
    assert lines[0].startswith("ValueError: seats:") and 'options={"players": 2}' in lines[0]
