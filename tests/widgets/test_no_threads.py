"""Widgets where no thread can start (Pyodide, in the JupyterLite site): `tasks.THREADS`
off and `Thread.start` raising as it does there. A bot still answers a human's move, on the
event loop and only once the move's own message is handled; Python's `wait()` still works."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from ludotheque.classroom.tournament import sandbox, tournament
from ludotheque.engines import extras, tasks
from ludotheque.widgets import Sortileges, Tournament
from ludotheque.widgets import tournament as tournament_widget
from widget_wire import send

BROWSERLESS = {"numpy", "numba", "scipy", "tqdm"}
"""Packages Pyodide's site has not: without them the engines take their pure-Python path."""


class Loop:
    """Stands in for Pyodide's event loop: keeps what is scheduled, runs it when told (a
    real loop could not run here once another test's Playwright has one running)."""

    def __init__(self):
        self.ready = []
        self.timers = []

    def call_soon(self, callback, *args):
        self.ready.append((callback, args))

    def call_later(self, delay, callback, *args):
        """A timer: kept with its delay, run (without waiting) at the next turn."""
        self.timers.append(delay)
        self.ready.append((callback, args))

    def run_until(self, done, turns=100):
        for _ in range(turns):
            if done():
                return
            batch, self.ready = self.ready, []
            for callback, args in batch:
                callback(*args)
        raise AssertionError(f"not done after {turns} turns of the loop")


@pytest.fixture
def no_threads(monkeypatch):
    """Threads refused and numba, numpy, scipy absent, as in Pyodide (numba's kernels would
    start a watchdog thread); an event loop the test turns."""

    def refuse(self):
        raise RuntimeError("can't start new thread")

    loop = Loop()
    monkeypatch.setattr(tasks, "THREADS", False)
    monkeypatch.setattr(threading.Thread, "start", refuse)
    monkeypatch.setattr(asyncio, "get_event_loop", lambda: loop)
    real = extras.installed
    monkeypatch.setattr(
        extras, "installed", lambda module: module not in BROWSERLESS and real(module)
    )
    return loop


def test_the_bot_answers_on_the_event_loop_after_the_human_move_is_shown(no_threads):
    duel = Sortileges(["human", "bot:2"], seed=7, first=0, bot_delay=0.1, bot_seconds=0.2)
    move = duel.observation["legal"][0]
    send(duel, {"type": "act", "action": move, "ply": 0})
    # the intent's handler returned with the human's move published, the bot not yet asked
    assert duel.observation["ply"] == 1 and duel.thinking
    no_threads.run_until(lambda: duel.state.ply == 2)
    assert str(duel.state.history[0]) == move
    assert duel.observation["ply"] == 2 and not duel.thinking
    assert duel.notice == {}, duel.notice  # a real answer, not the random fallback
    duel.close()


def test_the_pause_between_two_bots_moves_is_a_timer_not_a_wait_that_holds_the_kernel(
    no_threads,
):
    duel = Sortileges(["bot:1", "bot:1"], seed=5, first=0, bot_delay=2.0, bot_seconds=0.05)
    start = time.monotonic()
    no_threads.run_until(lambda: duel.state.ply == 3)
    assert time.monotonic() - start < 1.0  # three moves, each after a 2 s pause on a timer
    assert no_threads.timers[:3] == [2.0, 2.0, 2.0]
    assert duel.notice == {}, duel.notice
    duel.close()


def test_wait_from_python_plays_the_bots_without_the_loop(no_threads):
    bots = Sortileges(["bot:1", "bot:2"], seed=3, first=0, bot_delay=0, bot_seconds=0.05)
    bots.wait(timeout=30)
    assert bots.state.is_terminal()
    assert bots.notice == {}, bots.notice
    bots.close()


def test_a_bot_over_its_budget_is_refused_there_too(no_threads):
    def dawdler(observation):  # a student's bot that ignores its budget
        time.sleep(0.7)
        return observation["legal"][0]

    duel = Sortileges([dawdler, "human"], seed=7, first=0, bot_delay=0, bot_seconds=0.05)
    duel.wait(timeout=30)  # limit: 1.5 x 0.05 s + 0.5 s of grace, passed
    assert duel.state.ply == 1
    assert "did not answer within" in duel.notice["params"]["message"], duel.notice
    duel.close()


def test_wait_analysis_from_python_runs_the_analysis_without_the_loop(no_threads):
    duel = Sortileges(["human", "human"], seed=7, first=0, bot_seconds=0.2)
    duel.show_analysis()
    assert duel.observation["analysis"]["status"] == "thinking"
    analysis = duel.wait_analysis(timeout=10)  # done, or failed with a notice: not waiting
    assert analysis.get("status") != "thinking" and analysis["ply"] == 0, analysis
    duel.close()


def test_a_tournament_plays_one_game_per_turn_of_the_loop(no_threads, monkeypatch, tmp_path):
    """With no process either, the engine plays the bots in the kernel: `start` returns
    having played nothing, each turn of the loop plays one game and shows it, a Stop is
    taken before the next game, and `wait()` plays the rest: the engine's own results."""
    monkeypatch.setattr(sandbox, "PROCESSES", False)
    monkeypatch.setattr(tournament_widget, "PUBLISH_SECONDS", 0.0)
    (tmp_path / "first.py").write_text(
        "def choose(observation):\n    return observation['legal'][0]\n"
    )
    entrants = {"un": "bot:1", "deux": "bot:2", "first": tmp_path / "first.py"}
    settings = {"seed": 3, "seconds": 0.05, "options": {"files": 4, "ranks": 4}}
    widget = Tournament("sortileges", entrants, **settings)
    widget.start()
    assert widget.status == "running" and not widget.results.games
    no_threads.run_until(lambda: widget.results.games)
    assert len(widget.results.games) == 1 and widget.progress["done"] == 1
    send(widget, {"type": "stop"})  # the browser's Stop, between two games
    no_threads.run_until(lambda: widget.status != "running")
    assert widget.status == "stopped" and len(widget.results.games) == 1
    widget.start()
    results = widget.wait()
    assert widget.status == "done" and widget.progress["done"] == 6
    assert (
        results.to_json()
        == tournament("sortileges", entrants, **settings, progress=False).to_json()
    )
    widget.close()


def test_a_games_review_runs_a_few_decisions_per_turn_of_the_loop(no_threads):
    """The offline site's kernel answers clicks while a game is reviewed: each turn of the
    loop judges `REVIEW_PART` decisions; the review ends the same as in one piece."""
    from ludotheque.engines.review import review
    from ludotheque.engines.table import REVIEW_PART

    duel = Sortileges(["bot:2", "bot:1"], seed=3, first=0, bot_delay=0, bot_seconds=0.05)
    duel.wait(timeout=60)
    plies = duel.state.ply
    assert plies > 2 * REVIEW_PART
    send(duel, {"type": "game_review"})
    turns = 0

    def done():
        nonlocal turns
        turns += 1
        return duel.game_review.get("status") == "done"

    no_threads.run_until(done, turns=plies)
    assert turns - 1 == -(-plies // REVIEW_PART)  # one turn of the loop per part
    seconds = duel.game_review["seconds"]
    assert duel.game_review["entries"] == review(duel.state, seconds=seconds)
    duel.close()
