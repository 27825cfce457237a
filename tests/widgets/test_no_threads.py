"""Widgets where no thread can start (Pyodide, in the JupyterLite site): `tasks.THREADS`
off and `Thread.start` raising as it does there. A bot still answers a human's move, on the
event loop and only once the move's own message is handled; Python's `wait()` still works."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from ludotheque.widgets import Sortileges, tasks
from widget_wire import send


@pytest.fixture
def no_threads(monkeypatch):
    """Threads refused as in Pyodide; an event loop of our own, driven by the test."""

    def refuse(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(tasks, "THREADS", False)
    monkeypatch.setattr(threading.Thread, "start", refuse)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield loop
    asyncio.set_event_loop(None)
    loop.close()


def run_loop_until(loop, done, seconds=10.0):
    async def poll():
        while not done():
            await asyncio.sleep(0.01)

    loop.run_until_complete(asyncio.wait_for(poll(), seconds))


def test_the_bot_answers_on_the_event_loop_after_the_human_move_is_shown(no_threads):
    duel = Sortileges(["human", "bot:2"], seed=7, first=0, bot_delay=0.1, bot_seconds=0.2)
    move = duel.observation["legal"][0]
    send(duel, {"type": "act", "action": move, "ply": 0})
    # the intent's handler returned with the human's move published, the bot not yet asked
    assert duel.observation["ply"] == 1 and duel.thinking
    run_loop_until(no_threads, lambda: duel.state.ply == 2)
    assert str(duel.state.history[0]) == move
    assert duel.observation["ply"] == 2 and not duel.thinking
    assert duel.notice == {}, duel.notice  # a real answer, not the random fallback
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
