"""Click-to-render latency of every game widget in a real JupyterLab.

Starts one `jupyter lab` with one scratch notebook per game (the human seat against a bot of
`--bot` level with no bot delay; A Petits Pas has no opponent), opens each in turn in
Debian's Chromium and plays `--turns` of the human's actions with the mouse: a Sortilèges
turn (step, then spell), a Tir de tuyau card (or its use, a discard, the secret first gnome),
a Sorcière pull (a drag), put-back or "next round", an A Petits Pas step. For each action it
times, on the page's own clock, the event that sends the intent (the click, or the end of
the drag) up to the first frame where the board shows the next ply: the player's own move,
not the bot's reply (browser -> kernel -> engine -> trait sync -> redraw).

The page's kernel WebSocket is watched too, so each action is split into: before the send
(the board's handler), the pickup (to the server and the kernel, up to the kernel's "busy"
status coming back), the kernel (the referee's work, to the last message before the board
changes), the redraw (from that message's arrival to the changed board) and the frame
(style, layout, paint). Last, an echo widget (a click sent up, a number sent back, no game)
measures the floor that Jupyter, the browser and the machine put under every game.

Prints the median and 95th percentile per game, and writes them to
test-output/bench_latency.txt. The machine is shared: run it more than once.

    .venv/bin/python tests/benchmarks/bench_latency.py [--game nains] [--turns 30] [--seed 1]

A script run by `make bench`, not a test: pytest does not collect tests/benchmarks.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pathlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE.parent / "browser"))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from labserver import (  # noqa: E402
    JupyterServer,
    NotebookPage,
    SortilegesBoard,
    chromium,
    write_notebook,
)

# Every message on a kernel's WebSocket, timed on the page's clock (before any page script).
WATCH_WEBSOCKETS = """(() => {
    const log = window.__ludoWs = {out: [], in: []};
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
        constructor(url, protocols) {
            super(url, protocols);
            if (!String(url).includes('/api/kernels/')) return;
            this.addEventListener('message', () => log.in.push(performance.now()));
        }
        send(data) {
            if (String(this.url).includes('/api/kernels/')) log.out.push(performance.now());
            return super.send(data);
        }
    };
})();"""

# Arm a probe on a board element that carries `data-ply`: the time of the next event in its
# widget that sends an intent (a click, or a pointerup ending a drag), and of the first frame
# after the board shows a ply beyond the current one (both on the page's own clock).
PROBE_JS = """(board) => {
    const ply = () => Number(board.dataset.ply);
    const root = board.closest('.ludo') || board.parentElement;
    const start = ply();
    const probe = window.__ludoProbe = {start, click: null, dom: null, render: null};
    const mark = () => { if (probe.click === null) probe.click = performance.now(); };
    for (const type of ['pointerup', 'click']) {
        root.addEventListener(type, mark, {capture: true, once: true});
    }
    const observer = new MutationObserver(() => {
        if (probe.click === null || probe.dom !== null || !(ply() > start)) return;
        probe.dom = performance.now();
        observer.disconnect();
        requestAnimationFrame(() => { probe.render = performance.now(); });
    });
    observer.observe(root, {subtree: true, childList: true, attributes: true,
                             characterData: true});
}"""

# The probe's times, split with the WebSocket log: {total, handler, pickup, kernel, redraw,
# frame}. The kernel's first answer is its "busy" status, sent as it takes the message up.
READ_PROBE_JS = """() => {
    const p = window.__ludoProbe, ws = window.__ludoWs;
    const sent = ws.out.find((t) => t >= p.click) ?? p.click;
    const got = ws.in.filter((t) => t <= p.dom).at(-1) ?? p.dom;
    const busy = Math.min(ws.in.find((t) => t >= sent) ?? got, got);
    return {total: p.render - p.click, handler: sent - p.click, pickup: busy - sent,
            kernel: got - busy, redraw: p.dom - got, frame: p.render - p.dom};
}"""
PARTS = ("handler", "pickup", "kernel", "redraw", "frame")

SCOPE = "const widget = board.closest('.ludo'), status = widget?.querySelector('.ludo-status');"
"""What a predicate on the board may read: its `widget` and the `status` line (if any)."""
STATUS_OVER = "['win', 'draw', 'lost'].includes(status?.dataset.state)"
NEXT_SHOWN = "Boolean(widget?.querySelector('.ludo-continue')?.checkVisibility())"


@dataclasses.dataclass(frozen=True)
class Bench:
    """One game's notebook cell, its board element (the one with `data-ply`), and how to
    tell that the human may act again (JS of `board`, its `widget` and the `status` line)."""

    source: str
    board: str
    ready_js: str
    act: Callable[[Page, Probe, random.Random], str]


class Probe:
    """The probe on one widget's board: arm it before the action that sends the intent."""

    def __init__(self, page: Page, board_selector: str):
        self.page = page
        self.board = page.locator(board_selector).first

    def arm(self) -> None:
        self.board.evaluate(PROBE_JS)

    def read(self, timeout: float = 30.0) -> dict[str, float]:
        self.page.wait_for_function(
            "() => window.__ludoProbe && window.__ludoProbe.render", timeout=timeout * 1000
        )
        return self.page.evaluate(READ_PROBE_JS)

    def wait(self, predicate_js: str, timeout: float = 30.0) -> None:
        self.page.wait_for_function(
            f"(board) => {{ {SCOPE} return {predicate_js}; }}",
            arg=self.board.element_handle(),
            timeout=timeout * 1000,
        )

    def over(self) -> bool:
        return self.board.evaluate(f"(board) => {{ {SCOPE} return {STATUS_OVER}; }}")


# -- one human action per game ------------------------------------------------------------
def act_sortileges(page: Page, probe: Probe, rng: random.Random) -> str:
    """A turn: a step square, then (unless the step ends the turn) a spell square."""
    board = SortilegesBoard(page, 0)
    step = rng.choice(board.wait_targets("step"))
    probe.arm()
    board.click(step)
    if board.phase() == "spell":
        spell = rng.choice(board.wait_targets("spell"))
        probe.arm()
        board.click(spell)
    return "turn"


def act_nains(page: Page, probe: Probe, rng: random.Random) -> str:
    """The secret first gnome, a playable card (and its use when it has several), or a
    discard of one card when none may be played."""
    if page.locator(".nn").first.get_attribute("data-state") == "choose":
        probe.arm()
        rng.choice(page.locator(".nn-colour").all()).click()
        return "gnome"
    cards = page.locator(".nn-hand button.nn-card:not(.nn-dim)").all()
    if cards:
        probe.arm()
        rng.choice(cards).click()
        options = page.locator(".nn-option").all()
        if options:
            probe.arm()
            rng.choice(options).click()
        return "card"
    page.locator(".nn-discard-start").click()
    page.locator(".nn-hand button.nn-card").first.click()
    probe.arm()
    page.locator(".nn-discard-send").click()
    return "discard"


def act_sorciere(page: Page, probe: Probe, rng: random.Random) -> str:
    """Drag a cookie off the roof (the intent leaves on the pointer's release), or click
    where a card goes back (a round's end is the kit's "Next", pressed by `measure`)."""
    roof = page.locator("svg.sv-roof").first
    phase = roof.get_attribute("data-phase")
    if phase == "put":
        probe.arm()
        rng.choice(roof.locator(".sv-target-put").all()).click()
        return "put"
    card = rng.choice(roof.locator(".sv-card.sv-pullable").all())
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    assert box is not None, "the card to pull is not on the page"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 11):  # a steady pull towards the left wall and beyond
        page.mouse.move(x - step * 18, y + step * 3)
        page.wait_for_timeout(20)
    probe.arm()
    page.mouse.up()
    return "pull"


def act_petits_pas(page: Page, probe: Probe, rng: random.Random) -> str:
    probe.arm()
    page.locator(".pp-step").first.click()
    return "step"


def act_echo(page: Page, probe: Probe, rng: random.Random) -> str:
    probe.arm()
    page.locator(".echo-button").first.click()
    return "click"


ECHO = '''\
import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    """A click sent up, a counter sent back: the same path as a move, with no game."""
    _esm = """export default {{ render({{ model, el }}) {{
        const button = document.createElement("button");
        button.className = "echo-button";
        const show = () => {{ button.dataset.ply = button.textContent = model.get("ply"); }};
        button.onclick = () => model.send({{ type: "act", ply: model.get("ply") }});
        model.on("change:ply", show);
        show();
        el.append(button);
    }} }};"""
    ply = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda _widget, content, _buffers: setattr(self, "ply", self.ply + 1))

Echo()'''
"""The floor under every game: a widget whose click only sends a message and whose answer
only changes a number (browser -> server -> kernel -> server -> browser)."""

GAMES = {
    "sortileges": Bench(
        "from ludotheque.widgets import Sortileges\n"
        'partie = Sortileges(["human", "bot:{bot}"], seed={seed}, first=0, bot_delay=0)\n'
        "partie",
        "svg.sp-board",
        "board.dataset.phase === 'step'",
        act_sortileges,
    ),
    "nains": Bench(
        "from ludotheque.widgets import Nains\n"
        'partie = Nains(["human", "bot:{bot}"], seed={seed}, first=0, bot_delay=0)\n'
        "partie",
        "svg.nn-garden",
        "['choose', 'play'].includes(board.closest('.nn').dataset.state)",
        act_nains,
    ),
    "sorciere": Bench(
        "from ludotheque.widgets import Sorciere\n"
        'partie = Sorciere(["human", "bot:{bot}"], seed={seed}, first=0, bot_delay=0,\n'
        '                  options={{"players": 2}})\n'
        "partie",
        "svg.sv-roof",
        "['pull', 'put'].includes(board.dataset.phase)",
        act_sorciere,
    ),
    "petits_pas": Bench(
        "from ludotheque.widgets import PetitsPas\ndonne = PetitsPas(seed={seed})\ndonne",
        "svg.pp-board",
        "!board.closest('.pp').querySelector('.pp-step').disabled",
        act_petits_pas,
    ),
    "echo": Bench(ECHO, "button.echo-button", "true", act_echo),
}


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def measure(page: Page, bench: Bench, turns: int, rng: random.Random) -> list[dict]:
    """Play `turns` human actions on the open notebook's widget; one probe reading each."""
    probe = Probe(page, bench.board)
    new_game = page.locator('.ludo-button[data-intent="new"]').first
    next_round = page.locator(".ludo-continue").first  # a round's end rests until "Next"
    readings: list[dict] = []
    while len(readings) < turns:
        probe.wait(f"({bench.ready_js}) || {STATUS_OVER} || {NEXT_SHOWN}")
        if probe.over():
            new_game.click()
            probe.wait(f"!({STATUS_OVER})")
            continue
        if next_round.is_visible():
            next_round.click()
            probe.wait(f"!({NEXT_SHOWN})")
            continue
        kind = bench.act(page, probe, rng)
        readings.append({"kind": kind, **probe.read()})
    return readings


def summary(game: str, readings: list[dict]) -> list[str]:
    totals = [r["total"] for r in readings]
    parts = ", ".join(
        f"{part} {statistics.median(ms):.0f}/{percentile(ms, 95):.0f}"
        for part in PARTS
        for ms in [[r[part] for r in readings]]
    )
    kinds = sorted({r["kind"] for r in readings})
    by_kind = "; ".join(
        f"{kind} ×{len(ms)} median {statistics.median(ms):.0f}"
        for kind in kinds
        for ms in [[r["total"] for r in readings if r["kind"] == kind]]
    )
    return [
        f"{game}: median {statistics.median(totals):.1f} ms, 95th percentile "
        f"{percentile(totals, 95):.1f} ms, min {min(totals):.1f}, max {max(totals):.1f} "
        f"over {len(totals)} actions",
        f"  median/95th by part (ms): {parts}; {by_kind}",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        choices=sorted(GAMES),
        action="append",
        help="a game, or echo (default: the four games, then the echo)",
    )
    parser.add_argument("--turns", type=int, default=30, help="actions per game (default 30)")
    parser.add_argument("--bot", default="1", help="the opponent's bot level (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = args.game or list(GAMES)  # the echo last: the floor the games stand on
    lines: list[str] = []

    with tempfile.TemporaryDirectory(prefix="ludo-bench-") as tmp:
        root = pathlib.Path(tmp) / "notebooks"
        root.mkdir()
        started = time.monotonic()
        with (
            JupyterServer(root) as server,
            sync_playwright() as playwright,
            chromium(playwright) as context,
        ):
            print(f"jupyter lab ready in {time.monotonic() - started:.1f} s")
            context.add_init_script(WATCH_WEBSOCKETS)
            for game in games:
                bench = GAMES[game]
                path = write_notebook(
                    server, f"{game}.ipynb", bench.source.format(bot=args.bot, seed=args.seed)
                )
                page = context.new_page()
                view = NotebookPage(page, server, path, ui="lab").open(timeout=120)
                view.run_all()
                page.locator(bench.board).first.wait_for(state="visible", timeout=90_000)
                view.wait_all_run(timeout=60)
                try:
                    readings = measure(page, bench, args.turns, random.Random(args.seed))
                except Exception:
                    page.screenshot(path=str(REPO / "test-output" / f"bench_latency_{game}.png"))
                    print(server.log_tail())
                    raise
                lines += summary(game, readings)
                print(*lines[-2:], sep="\n", flush=True)
                page.close()
            context.close()

    header = (
        f"click-to-render latency, JupyterLab + Chromium headless, {sys.platform}, "
        f"opponent bot:{args.bot}, bot_delay 0 (the board showing the player's own move)"
    )
    output = REPO / "test-output"
    output.mkdir(exist_ok=True)
    (output / "bench_latency.txt").write_text("\n".join([header, *lines]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
