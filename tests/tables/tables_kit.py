"""What the table server's tests share: a raw connection that keeps every frame, two seats
playing random moves."""

import contextlib
import json
import random
import time

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ludotheque.tables import RemoteSeat


class Frames:
    """A raw connection with a token, keeping every frame the server sent it."""

    def __init__(self, link: str):
        address, token = link.rsplit("#", 1)
        self._stack = contextlib.ExitStack()
        self.connection = self._stack.enter_context(connect(address.rstrip("/"), open_timeout=10))
        self.connection.send(json.dumps({"type": "join", "token": token}))
        self.texts: list[str] = []

    def drain(self, quiet: float = 0.3) -> list[dict]:
        """Every frame until none comes for `quiet` seconds or the server closes."""
        while True:
            try:
                self.texts.append(self.connection.recv(quiet))
            except (TimeoutError, ConnectionClosed):
                return [json.loads(text) for text in self.texts]

    def close(self) -> None:
        self._stack.close()


def play_turns(seats: list[RemoteSeat], rng: random.Random, plies: int | None = None) -> None:
    """The seats play random legal moves (and go on at a round's end) until the game ends,
    or `plies` more moves were acknowledged."""
    played, went_on = 0, set()
    deadline = time.monotonic() + 120
    while not seats[0].observation["terminal"] and (plies is None or played < plies):
        assert time.monotonic() < deadline, "the game did not end"
        moved = False
        for seat in seats:
            view = seat.view
            ply = view["observation"]["ply"]
            if view["waiting"]:
                if ply not in went_on:  # once: the server's next view says it went on
                    went_on.add(ply)
                    seat.go_on()
            elif view["can_act"] and not view["observation"]["terminal"]:
                seat.play(rng.choice(view["observation"]["legal"]))
                played, moved = played + 1, True
        if not moved:
            time.sleep(0.02)
