"""The static pictures and the live boards read their shared values from one JSON file per
game in widgets/pictures/ (and kit.json for the seat marks): the picture draws what the
file holds (change a value, the picture changes), the JS bundle imports the same file, and
what the observation carries (Tir de tuyau's `fence`) is read from the observation."""

import json
import random
import re
from importlib import import_module
from importlib.resources import files
from pathlib import Path

import pytest

from ludotheque.engines.nains import Nains
from ludotheque.engines.petits_pas import PetitsPas
from ludotheque.engines.sorciere import Sorciere
from ludotheque.engines.sortileges import Sortileges
from ludotheque.widgets import pictures

GAMES = {"nains": Nains, "petits_pas": PetitsPas, "sorciere": Sorciere, "sortileges": Sortileges}
JS = Path(__file__).resolve().parents[2] / "js" / "src"


def observation(name, moves=4, seed=3):
    """The public observation after `moves` random moves of a seeded game (fewer if it ends)."""
    state = GAMES[name]().new_game(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state.observation(None)


@pytest.mark.parametrize("name", [*GAMES, "kit"])
def test_the_picture_and_the_bundle_read_the_same_file(name):
    shipped = files("ludotheque.widgets.pictures").joinpath(f"{name}.json")
    loaded = json.loads(shipped.read_text("utf-8"))
    used = pictures.KIT if name == "kit" else import_module(f"{pictures.__name__}.{name}").BOARD
    assert used == loaded
    folder = JS / ("kit" if name == "kit" else name)
    importers = [
        path.name
        for path in folder.glob("*.js")
        if re.search(rf'from "(\.\./)+widgets/pictures/{name}\.json"', path.read_text("utf-8"))
    ]
    assert importers, f"nothing in {folder} imports widgets/pictures/{name}.json"


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("sortileges", ("colours", "plate")),
        ("sortileges", ("words", "fr", "status.win")),
        ("petits_pas", ("colours", "face")),
        ("petits_pas", ("words", "fr", "board.stock")),
        ("sorciere", ("colours", "floor")),
        ("sorciere", ("words", "fr", "round.title")),
        ("nains", ("colours", "hose")),
        ("nains", ("words", "fr", "board.score")),
    ],
)
def test_a_value_changed_in_the_file_changes_the_picture(name, path, monkeypatch):
    module = import_module(f"{pictures.__name__}.{name}")
    seen = observation(name, moves=10_000 if path[-1] == "status.win" else 4)
    before = module.picture(seen, "fr")
    *parents, key = path
    holder = module.BOARD
    for part in parents:
        holder = holder[part]
    marker = "#123456" if parents == ["colours"] else "Mot changé"
    monkeypatch.setitem(holder, key, marker)
    after = module.picture(seen, "fr")
    assert after != before
    assert marker in after


def test_a_seat_colour_changed_in_the_kit_changes_every_picture(monkeypatch):
    module = import_module(f"{pictures.__name__}.sortileges")
    seen = observation("sortileges")
    monkeypatch.setitem(pictures.OKABE_ITO, "vermillion", "#123456")
    assert 'fill="#123456"' in module.picture(seen, "en")


@pytest.mark.parametrize("fence", [8, 6])
def test_tir_de_tuyau_draws_as_many_slabs_as_the_observation_says(fence):
    module = import_module(f"{pictures.__name__}.nains")
    seen = {**observation("nains", moves=0), "fence": fence, "hose": 0}
    svg = module.picture(seen, "en")
    slab = re.compile(r'<rect [^>]*height="10" rx="2" fill="#c4c8c0"')
    assert len(slab.findall(svg)) == 2 * fence
