"""What a teacher hands a tournament: levels, files, folders, functions, and the settings;
each mistake refused at once with the name it concerns (no game is played here)."""

from pathlib import Path

import pytest

from ludotheque.classroom.tournament import Tournament
from ludotheque.classroom.tournament.entrants import read_entrants
from ludotheque.engines.sortileges import Sortileges, bot_for_level

EXAMPLES = Path(__file__).resolve().parents[2] / "notebooks" / "bots"


def choose(observation):
    return observation["legal"][0]


def test_a_folder_gives_one_entrant_per_file_named_after_it():
    entrants = read_entrants(Sortileges, EXAMPLES)
    names = [entrant.name for entrant in entrants]
    assert names == sorted(names) and "hasard" in names and "territoire" in names
    assert "_plateau" not in names  # a helper, not a bot
    hasard = entrants[names.index("hasard")]
    assert hasard.kind == "file" and hasard.source == (EXAMPLES / "hasard.py").read_text()
    assert hasard.folder == str(EXAMPLES)


def test_levels_files_and_functions_side_by_side():
    entrants = read_entrants(
        Sortileges, {"n3": "bot:3", "alice": EXAMPLES / "bloqueur.py", "bob": choose}
    )
    assert [(e.name, e.kind, e.isolated) for e in entrants] == [
        ("n3", "level", False),
        ("alice", "file", True),
        ("bob", "function", True),
    ]
    assert entrants[0].level == "3" and entrants[2].function
    assert len({entrant.fingerprint for entrant in entrants}) == 3


@pytest.mark.parametrize(
    ("entrants", "message"),
    [
        ({"x": "bot:9"}, r"x: sortileges bot levels are 1, 2, 3, 4, 5, not .9."),
        ({"x": "missing.py"}, r"x: there is no file 'missing.py'"),
        ({"x": "3"}, r"x: '3' is neither a level \('bot:1'\), a \.py file nor a folder"),
        ({"hasard": "bot:1", "class": EXAMPLES}, r"two entrants are named 'hasard'"),
        ({"": "bot:1"}, r"an entrant's name is a text"),
    ],
)
def test_mistakes_are_refused_with_the_name_they_concern(entrants, message):
    with pytest.raises(ValueError, match=message):
        read_entrants(Sortileges, entrants)


def test_an_empty_folder_is_refused(tmp_path):
    (tmp_path / "_helper.py").write_text("")
    with pytest.raises(ValueError, match="holds no bot file"):
        read_entrants(Sortileges, {"class": tmp_path})


@pytest.mark.parametrize(
    ("bot", "message"), [(bot_for_level("2"), "built-in Bot object"), (42, "a bot is")]
)
def test_what_is_not_a_bot_is_refused(bot, message):
    with pytest.raises(TypeError, match=message):
        read_entrants(Sortileges, {"x": bot})


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"seconds": 0}, "seconds is a positive number"),
        ({"seed": -1}, "seed is a whole number"),
        ({"memory_mb": 8}, "memory_mb is a whole number"),
        ({"games_per_pair": 3}, "must be even"),
        ({"options": {"size": 9}}, "unknown option"),
    ],
)
def test_bad_settings_say_why(settings, message):
    with pytest.raises(ValueError, match=message):
        Tournament("sortileges", {"a": "bot:1", "b": "bot:2"}, **settings)


def test_an_unknown_game_or_too_few_entrants_say_why():
    with pytest.raises(ValueError, match="unknown game"):
        Tournament("chess", {"a": "bot:1"})
    with pytest.raises(ValueError, match="at least 2 entrants"):
        Tournament("sortileges", {"a": "bot:1"})
