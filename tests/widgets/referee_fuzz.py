"""A standing fuzz of the referee: hostile intents, trait writes and student bots against
every game widget, with the invariants checked after each step.

Used twice: `test_referee_fuzz.py` runs a few hundred steps per game in the suite, and
`tests/benchmarks/bench_referee_fuzz.py` runs many more and prints the counts. Seeded: the
same seed makes the same attacks (bots think in threads, so the games may differ).

Invariants, after every step:
- nothing leaks: in a game with secrets every observation sent (live or reviewed) is the
  human seat's (0) or the public one, unless the game was over, and never every hand; the
  secret seed never appears in anything sent (a deal's number only once the deal is over);
- a refusal changes nothing (the state's JSON, seed and actions, is the same) and always
  raises a new notice; a trait write changes nothing at all;
- no exception escapes the handlers; threads stay few.
"""

from __future__ import annotations

import json
import random
import threading
from dataclasses import dataclass, field

from ludotheque.widgets import GameWidget
from widget_wire import Wire, browser_write, send

MAX_EXTRA_THREADS = 6
"""Slots (bot, hint, analysis), their searches, a warm-up: never more whatever is sent."""
GAMES = GameWidget.registry
"""Every game widget, each made with its default seats (a human, then bots)."""
HOSTILE = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    2.0,
    10**400,
    -(10**30),
    1e308,
    float("nan"),
    float("inf"),
    "",
    "zzz",
    "human",
    "bot:1",
    "bot:zzz",
    "\ud800",
    "x" * 5000,
    [],
    [0],
    ["human", "human"],
    {},
    {"seat": 1},
    {"hand": ["S3"]},
    {"files": 4},
]
TYPES = [
    "act",
    "new",
    "undo",
    "redo",
    "hint",
    "seat",
    "lang",
    "speed",
    "review",
    "ready",
    "omniscient",
    "analysis",
    "risk",
    "replay",
    "zzz",
    None,
    3,
    ["act"],
]
FIELDS = ["action", "ply", "seat", "value", "on", "seed", "options"]


@dataclass
class Counts:
    steps: int = 0
    intents: int = 0
    writes: int = 0
    refusals: int = 0
    moves: int = 0
    games_over: int = 0
    leaks: list = field(default_factory=list)
    escaped: list = field(default_factory=list)
    corrupt: list = field(default_factory=list)
    silent: list = field(default_factory=list)
    peak_threads: int = 0

    def failures(self) -> list:
        return self.leaks + self.escaped + self.corrupt + self.silent


def hostile_intent(rng: random.Random, widget) -> dict:
    """Mostly near-valid intents (the ones that find bugs), some pure junk."""
    obs = widget.observation
    legal = obs.get("legal") or ["step"]
    roll = rng.random()
    if roll < 0.25:
        return {"type": "act", "action": rng.choice(legal), "ply": obs["ply"]}
    if roll < 0.35:
        return {
            "type": "act",
            "action": rng.choice(legal + ["pull 0@0.5", "play S3", "c1-c2"]),
            "ply": rng.choice([obs["ply"], obs["ply"] - 1, obs["ply"] + 1]),
        }
    if roll < 0.6:
        kind = rng.choice(
            [
                "undo",
                "redo",
                "hint",
                "review",
                "seat",
                "lang",
                "speed",
                "new",
                "ready",
                "omniscient",
                "analysis",
                "risk",
                "replay",
            ]
        )
        values = {
            "review": {"ply": rng.choice([None, 0, obs["ply"], obs["ply"] + 1])},
            "seat": {
                "seat": rng.randrange(-1, 4),
                "value": rng.choice(["human", "bot:1", "bot:2", "bot:zzz"]),
            },
            "lang": {"value": rng.choice(["fr", "en", "de"])},
            "speed": {"value": rng.choice([0, 0.1, 5, 99, -1])},
            "new": {
                "options": rng.choice(
                    [{}, {"players": 2}, {"rounds": 1}, {"files": 5}, {"take": "lower"}]
                )
            },
            "omniscient": {"value": rng.random() < 0.5},
            "analysis": {"on": rng.random() < 0.5},
            "risk": {"value": rng.random() < 0.5},
            "replay": {"seed": rng.choice([5, "12", -1, 2**128])},
        }
        return {"type": kind, **values.get(kind, {})}
    intent = {"type": rng.choice(TYPES)}
    for name in rng.sample(FIELDS, rng.randrange(0, 4)):
        intent[name] = rng.choice(HOSTILE)
    return intent if rng.random() < 0.95 else rng.choice(HOSTILE)


def hostile_write(rng: random.Random, widget) -> dict:
    names = sorted(n for n in widget.trait_names(sync=True) if not n.startswith("_"))
    return {rng.choice(names + ["zzz"]): rng.choice(HOSTILE) for _ in range(rng.randrange(1, 4))}


def snapshot(widget) -> str:
    return json.dumps(widget.table.live.to_json(), default=str)


def run(game: str, steps: int, seed: int, counts: Counts) -> None:
    """`steps` attacks on one widget of `game` (new games as they end)."""
    rng = random.Random(seed)
    widget = GAMES[game](bot_delay=0, bot_seconds=0.05)
    base = threading.active_count()
    wire = Wire(widget)
    try:
        for _ in range(steps):
            _attack(rng, widget, wire, counts, game)
            counts.peak_threads = max(counts.peak_threads, threading.active_count() - base)
            if widget.table.live.is_terminal():
                counts.games_over += 1
                widget.new_game()
    finally:
        widget.close()


def _attack(rng: random.Random, widget, wire: Wire, counts: Counts, game: str) -> None:
    widget.bot_delay = 0  # a fuzzed speed must not slow the run down (Python may set it)
    widget.wait(30)
    counts.steps += 1
    before, notice, ply = snapshot(widget), widget._notice_id, widget.table.live.ply
    over_before = widget.table.live.is_terminal()
    # a drawn seed is secret; a small one was typed by someone (a replay) and is public
    secret = str(widget.table.live.seed) if widget.table.live.seed >= 10**8 else "\0"
    start = len(wire.messages)
    writing = rng.random() < 0.2
    content = hostile_write(rng, widget) if writing else hostile_intent(rng, widget)
    try:
        if writing:
            counts.writes += 1
            browser_write(widget, content)
        else:
            counts.intents += 1
            send(widget, content)
    except Exception as error:  # the very thing this fuzz looks for
        counts.escaped.append(f"{game}: {_short(content)} -> {type(error).__name__}: {error}")
        return
    refused = widget._notice_id != notice and widget.notice.get("level") == "error"
    counts.refusals += refused
    if writing and snapshot(widget) != before:
        counts.corrupt.append(f"{game}: write {_short(content)} changed the game")
    if refused and widget.notice["code"] != "bot" and snapshot(widget) != before:
        counts.corrupt.append(f"{game}: refused {_short(content)} changed the game")
    if not writing and not refused and _is_junk(content, widget):
        counts.silent.append(f"{game}: {_short(content)} neither acted nor said why")
    counts.moves += widget.table.live.ply > ply
    over = over_before or widget.table.live.is_terminal()
    for message in wire.messages[start:]:
        _audit(message, secret, over, game, content, counts, widget.game_class.private_information)


def _is_junk(content, widget) -> bool:
    if not isinstance(content, dict) or content.get("type") not in widget.intents:
        return True
    return any(name not in content for name in widget.intents[content["type"]])


def _audit(
    message: dict, secret: str, over: bool, game: str, content, counts: Counts, secrets: bool
) -> None:
    text = json.dumps(message, default=str)
    if secret in text and game != "petits_pas":
        counts.leaks.append(f"{game}: seed sent after {_short(content)}")
    if game == "petits_pas" and secret in text and not over:
        counts.leaks.append(f"{game}: deal number sent during play after {_short(content)}")
    state = message.get("state") or {}
    for obs in (state.get("observation"), (state.get("review") or {}).get("observation")):
        if not obs:
            continue
        if secrets and obs.get("seat") not in (0, None) and not over:  # seat 0: the human
            counts.leaks.append(f"{game}: seat {obs.get('seat')} shown after {_short(content)}")
        if ("hands" in obs or "secret_gnomes" in obs) and not over:
            counts.leaks.append(f"{game}: every hand shown after {_short(content)}")


def _short(content) -> str:
    return json.dumps(content, default=str)[:120]
