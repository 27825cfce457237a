"""The games play with the required dependencies only (anywidget, ipywidgets, traitlets), as
in JupyterLite: in a Python where an import hook refuses every package of the
extras, the engines and widgets import, every level of every game is built, one seeded game
per game is played bot against bot, A Petits Pas' estimate runs (and counts what the
compiled one counts), the analysis overlay searches, Sortilèges' exact solver values a
puzzle's turns as the compiled one does (and judges an exercise), each game widget is built,
Sortilèges' level 5 says it plays as level 4, and the tournament names its extra. With
every extra refused, `Game.discover()` finds the four games and imports nothing built on the
engines. tests/test_wheel.py checks a real install."""

import importlib.metadata
import json
from concurrent.futures import ThreadPoolExecutor

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from ludotheque.classroom.puzzles import PUZZLES
from ludotheque.engines.petits_pas import estimate
from ludotheque.engines.sortileges.solver import Solver
from refused_imports import run_refusing

REFUSED = ("numpy", "numba", "scipy", "tqdm", "cloudpickle", "openskill")

PROGRAM = """
    import json

    import ludotheque.widgets as widgets
    from ludotheque.engines.bots import bots_of, play_match
    from ludotheque.engines.extras import MissingExtra
    from ludotheque.engines.core import Game
    from ludotheque.engines.petits_pas import estimate

    report = {"levels": {}, "games": {}, "widgets": {}}
    for game_class in Game.discover().values():  # every game found, a new one included
        bots = bots_of(game_class)
        report["levels"][game_class.name] = {
            level: type(bots.bot_for_level(level, seed=1, seconds=0.01)).__name__
            for level in bots.LEVELS
        }
        game = game_class()
        players = [bots.bot_for_level(bots.LEVELS[-1], seed=seat, seconds=0.01)
                   for seat in range(game.players)]
        final = play_match(game, players, seed=3)
        report["games"][game_class.name] = {"plies": final.ply, "returns": final.returns()}
    report["estimate"] = list(estimate(1500, seed=8, progress=True).cards_left)
    from ludotheque.engines.sortileges.analysis import analyse

    report["overlay"] = analyse(Game.by_name("sortileges").new_game(seed=1), seconds=0.05)["status"]
    from ludotheque.classroom.exercises import check
    from ludotheque.classroom.puzzles import PUZZLES
    from ludotheque.engines.sortileges.solver import Solver

    lab = PUZZLES["lab-4x4"]
    report["solver"] = {
        "lab": Solver(lab.game, table_bits=16).turn_values(*lab.state().position()),
        "winning_turn": check("sortileges.winning_turn", "c3-b4/c3").status,
    }
    for name in widgets.__all__:
        widget_class = getattr(widgets, name)
        if widget_class is not widgets.GameWidget:
            widget = widget_class()
            report["widgets"][name] = widget.game_info["levels"]
    try:
        widgets.Tournament
    except MissingExtra as error:
        report["tournament"] = str(error)
    report["loaded"] = sorted(REFUSED & {name.partition(".")[0] for name in sys.modules})
    print(json.dumps(report))
    """


def test_the_games_play_without_the_extras():
    result = run_refusing(REFUSED, PROGRAM)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["loaded"] == []
    assert report["levels"]["sortileges"]["5"] == "SearchBot"  # level 4's, not numba's
    assert report["overlay"] == "done"  # the analysis overlay searches without numba
    lab = PUZZLES["lab-4x4"]  # the exact solver answers in plain Python, as compiled
    compiled = Solver(lab.game, table_bits=16).turn_values(*lab.state().position())
    assert report["solver"]["lab"] == [[list(turn), score] for turn, score in compiled]
    assert report["solver"]["winning_turn"] == "right"
    assert set(report["levels"]) >= {"nains", "petits_pas", "sorciere", "sortileges"}
    assert all(report["levels"].values())
    for name, game in report["games"].items():
        assert game["plies"] > 0 and len(game["returns"]) >= 1, name
    with ThreadPoolExecutor(1) as thread:
        compiled = estimate(1500, seed=8, executor=thread, progress=False, compiled=True)
    assert report["estimate"] == list(compiled.cards_left)
    assert {"Sortileges", "PetitsPas", "Sorciere", "Nains"} <= set(report["widgets"])
    level_5 = report["widgets"]["Sortileges"]["5"]
    assert "numba" in level_5["en"] and "search" in level_5["en"]
    assert "numba" in level_5["fr"] and "recherche" in level_5["fr"]
    assert "numba" not in report["widgets"]["Sortileges"]["4"]["en"]
    assert "'tournament' extra" in report["tournament"] and "cloudpickle" in report["tournament"]


DISCOVER = """
    import json

    from ludotheque.engines.core import Game

    games = Game.discover()
    print(json.dumps({
        "games": sorted(games),
        "loaded": sorted(REFUSED & {name.partition(".")[0] for name in sys.modules}),
        "above": sorted(
            name for name in sys.modules
            if name.startswith("ludotheque.") and name.split(".")[1] != "engines"
        ),
    }))
    """


def every_extras_modules() -> set[str]:
    """The top-level modules of every package an extra brings (pyproject.toml's
    optional-dependencies, as installed), and of the packages named in its brackets, such as
    dask[distributed]'s."""
    modules_of: dict[str, set[str]] = {}
    for module, distributions in importlib.metadata.packages_distributions().items():
        for distribution in distributions:
            modules_of.setdefault(canonicalize_name(distribution), set()).add(module)
    found = set()
    for requirement in map(Requirement, importlib.metadata.requires("ludotheque") or []):
        optional = requirement.marker is not None and "extra" in str(requirement.marker)
        if not optional or canonicalize_name(requirement.name) == "ludotheque":
            continue  # a required package, or an extra that gathers other extras
        for name in {requirement.name, *requirement.extras}:
            found |= modules_of.get(canonicalize_name(name), {name.replace("-", "_")})
    return found


def test_discovery_finds_the_four_games_with_every_extra_refused():
    """Discovery imports only the games, which need no extra: not the tournament (cloudpickle,
    openskill), nor the adapters (OpenSpiel, PettingZoo), nor anything above the engines."""
    refused = every_extras_modules()
    assert {"numpy", "numba", "scipy", "tqdm", "cloudpickle", "openskill"} <= refused
    assert {"dask", "distributed", "pyspiel", "pettingzoo", "matplotlib"} <= refused
    result = run_refusing(refused, DISCOVER, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report == {
        "games": ["nains", "petits_pas", "sorciere", "sortileges"],
        "loaded": [],
        "above": [],
    }
