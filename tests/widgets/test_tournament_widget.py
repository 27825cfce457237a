"""The class tournament's widget: it shows what the engine's results say, runs
in the background and stops on demand with no process left, answers bad intents with a
notice, refuses writes from the browser, and never sends a seed, a hidden hand or where a
student's file lies."""

import multiprocessing
import pathlib
import time

import pytest
import traitlets

from ludotheque.widgets import GameWidget, Tournament
from ludotheque.widgets import tournament as tournament_widget
from ludotheque.widgets.tournament import DETAIL_LIMIT
from tournament_processes import a_bot_started, no_bot_left
from widget_wire import Wire, browser_write, send

SEED = 918273645546372819
LEGAL = "def choose(observation):\n    return observation['legal'][0]\n"
CRASH = "def choose(observation):\n    return observation['nothing here']\n"
LOOP = "def choose(observation):\n    while True:\n        pass\n"


def bots(folder: pathlib.Path, **sources: str) -> dict[str, str]:
    """Students' bot files in `folder`, as entrants (name -> path)."""
    folder.mkdir(exist_ok=True)
    entrants = {}
    for name, source in sources.items():
        (folder / f"{name}.py").write_text(source)
        entrants[name] = str(folder / f"{name}.py")
    return entrants


@pytest.fixture(scope="module")
def nains(tmp_path_factory):
    """A finished Tir de tuyau tournament between two levels and two students' files (one
    crashes), watched on the wire from the start."""
    folder = tmp_path_factory.mktemp("eleves") / "classe"
    entrants = {"un": "bot:1", "deux": "bot:2", **bots(folder, legal=LEGAL, crash=CRASH)}
    with pytest.MonkeyPatch.context() as patch:
        # every game published as it finishes: on a fast machine the 12 games end within
        # one publication interval, and the progress would go out once
        patch.setattr(tournament_widget, "PUBLISH_SECONDS", 0.0)
        widget = Tournament("nains", entrants, seed=SEED, seconds=0.05, lang="en")
        wire = Wire(widget)
        widget.start()
        widget.wait(timeout=50)
    yield widget, wire, folder
    widget.close()


def test_the_leaderboard_is_the_engines_standings(nains):
    widget, _wire, _folder = nains
    results = widget.results
    assert widget.status == "done" and results.complete
    assert widget.progress == {"done": 12, "total": 12, "forfeits": len(results.forfeits())}
    standings = results.standings()
    assert [row["entrant"] for row in widget.standings] == [row["entrant"] for row in standings]
    for shown, truth in zip(widget.standings, standings, strict=True):
        for key in ("games", "points", "forfeits"):
            assert shown[key] == truth[key], key
        for key in ("points_low", "points_high", "rating", "low", "high"):
            assert shown[key] == pytest.approx(truth[key], abs=1e-3), key
    assert widget.standings[0]["rank"] == 1
    assert widget.standings[-1]["entrant"] == "crash"  # it forfeits every game
    table = results.crosstable()
    order = widget.crosstable["order"]
    for i, row in enumerate(order):
        for j, column in enumerate(order):
            cell = widget.crosstable["cells"][i][j]
            assert cell is None if i == j else cell == table[row][column]
    assert [game["index"] for game in widget.games] == sorted(results.games)


def test_the_leaderboard_fills_as_games_finish(nains):
    _widget, wire, _folder = nains
    done = [
        message["state"]["progress"]["done"]
        for message in wire.messages
        if "progress" in message.get("state", {})
    ]
    assert len(set(done)) >= 2 and done == sorted(done) and done[-1] == 12, done


def test_nothing_sent_holds_a_seed_a_hand_or_a_students_folder(nains):
    widget, wire, folder = nains
    board = widget.replay(0)
    board_wire = Wire(board)
    record = widget.results.games[0].record
    for ply in range(len(record["actions"]) + 1):  # every position of the replay
        send(board, {"type": "review", "ply": ply})
        assert set(board.review["observation"]).isdisjoint({"hand", "hands", "secret_gnomes"})
    sent = wire.everything() + board_wire.everything()
    seeds = [str(SEED)] + [str(game.record["seed"]) for game in widget.results.games.values()]
    assert not [seed for seed in seeds if seed in sent]
    assert '"hand"' not in sent and '"hands"' not in sent and "secret_gnomes" not in sent
    assert str(folder) not in sent and str(folder.parent) not in sent
    crashes = [f for game in widget.games for f in game["forfeits"] if f["entrant"] == "crash"]
    assert crashes and all(f["kind"] == "exception" for f in crashes)
    assert 'File "crash.py", line 2, in choose' in crashes[0]["detail"]
    assert all(len(f["detail"]) <= DETAIL_LIMIT + 1 for f in crashes)
    # the teacher's explicit "show every hand" is the board's own switch
    send(board, {"type": "omniscient", "value": True})
    assert "hands" in board.review["observation"]


def test_a_game_clicked_opens_on_its_board_below_the_leaderboard(nains):
    widget, _wire, _folder = nains
    game = widget.results.games[3]
    send(widget, {"type": "open", "game": 3})
    board = widget.board
    assert widget.selected == 3 and board is not None, widget.notice
    assert isinstance(board, GameWidget.registry["nains"])
    assert board.replaying and board.review["ply"] == 0 and board.names == list(game.seats)
    assert widget._box.children == (widget, board)
    assert board.state.to_json() == game.record
    widget.lang = "fr"
    assert board.lang == "fr"
    bundle, _ = widget._repr_mimebundle_()
    assert bundle["text/plain"] == "Tournament(game='nains', entrants=4, games=12)"


def test_bad_intents_and_browser_writes_change_nothing(nains):
    widget, _wire, _folder = nains
    before = {name: value for name, value in widget.get_state().items() if name != "notice"}
    bad = [
        ("not an object", "malformed"),
        ({"type": "play"}, "malformed"),
        ({"type": "open"}, "malformed"),
        ({"type": "open", "game": "1"}, "malformed"),
        ({"type": "open", "game": True}, "malformed"),
        ({"type": "open", "game": 1.0}, "malformed"),
        ({"type": "open", "game": 999}, "no-game"),
        ({"type": "open", "game": -1}, "no-game"),
        ({"type": "lang", "value": "de"}, "malformed"),
        ({"type": "stop"}, "not-running"),
        ({"type": "start"}, "over"),
    ]
    for intent, code in bad:
        send(widget, intent)
        assert widget.notice["code"] == code, intent
    browser_write(widget, {"status": "running", "standings": [], "selected": 0})
    after = {name: value for name, value in widget.get_state().items() if name != "notice"}
    assert after == before
    with pytest.raises(traitlets.TraitError):
        widget.standings = []


def test_stop_cancels_the_run_and_leaves_no_process(tmp_path):
    # two looping entrants: every game has a bot that lives its 3 s, so one is caught alive
    entrants = bots(tmp_path / "bots", boucle=LOOP, legal=LEGAL, tourne=LOOP)
    widget = Tournament("sortileges", entrants, seconds=3.0, games_per_pair=4)
    began = time.monotonic()
    widget.start()  # the kernel is not held
    assert time.monotonic() - began < 1.0 and widget.status == "running"
    assert a_bot_started(widget._run.tag, wait=60), ("no bot started", widget.progress)
    began = time.monotonic()
    send(widget, {"type": "stop"})  # the browser's Stop: returns at once
    widget.wait(timeout=10)
    assert time.monotonic() - began < 5.0
    assert widget.status == "stopped" and not widget.results.complete
    assert widget.progress["done"] == len(widget.results.games)
    assert no_bot_left(widget._run.tag), time.monotonic() - began
    assert not multiprocessing.active_children()  # the pool's workers are gone too
    finished = set(widget.results.games)

    # started again, it goes on; the teacher interrupting wait() stops it too
    widget.start()
    interrupt_once(widget._thread)
    with pytest.raises(KeyboardInterrupt):
        widget.wait()
    assert widget.status == "stopped" and finished <= set(widget.results.games)
    assert not multiprocessing.active_children()
    widget.close()


def interrupt_once(thread):
    """The thread's next join raises KeyboardInterrupt, as when the teacher stops the cell."""
    join = thread.join

    def interrupted(timeout=None):
        thread.join = join
        raise KeyboardInterrupt

    thread.join = interrupted


def test_students_bots_without_a_jail_are_announced_not_hidden(tmp_path, monkeypatch):
    """Where bubblewrap cannot run, the widget says which protections students' bots lack
    (and says nothing where they are jailed, or where only levels play)."""
    from ludotheque.classroom.tournament import jail

    entrants = bots(tmp_path / "classe", legal=LEGAL)
    jailed = Tournament("sortileges", {"un": "bot:1", **entrants}, seconds=0.05)
    assert jailed.info["unjailed"] == (
        [] if jail.unavailable() is None else ["namespaces", "network", "files", "processes"]
    )
    monkeypatch.setattr(jail, "BWRAP", "/nonexistent/bwrap")
    jail.unavailable.cache_clear()
    try:
        with pytest.warns(jail.SandboxWarning, match="not jailed"):
            bare = Tournament("sortileges", {"un": "bot:1", **entrants}, seconds=0.05)
        assert bare.info["unjailed"] == ["namespaces", "network", "files", "processes"]
        assert Tournament("sortileges", {"un": "bot:1", "deux": "bot:2"}).info["unjailed"] == []
    finally:
        jail.unavailable.cache_clear()
