"""Two screens, one game, one of them the offline site: a pupil in the JupyterLite site
(Pyodide's Python has no sockets) sits at a table server's table with `Nains(join=link)`,
which joins through the page's WebSocket (tables/relay.py, js/src/kit/relay.js), and plays
Tir de tuyau to the end with the mouse against another screen (a `RemoteSeat` here). The
server is killed (SIGKILL) mid-game and restarted: the page opens its socket again by
itself and the game goes on from the same ply.

Every frame the page received from the table server is kept: none holds the other hand, the
seed or the other seat's token; nor does the widget's state in the site's kernel; the page
sends its own seat's token only. The page
asks no other host than the site and the table server. Leaves test-output/lite_table.png.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from labserver import nains_board, step_nains
from litesite import SITE, offline_page, open_notebook, served_site
from ludotheque.tables import RemoteSeat, open_table, start_server

pytestmark = pytest.mark.browser

SEED = 40_776_215_930_481_662_187
"""Long enough that its digits cannot turn up by chance in a frame (a session id, a date)."""
MATCH_SECONDS = 300
KILL_AT = 10
"""The ply after which the server is killed."""


def install_cell() -> str:
    """The site's own first cell of index.ipynb: ludotheque installed from the site."""
    notebook = json.loads((SITE / "files" / "index.ipynb").read_text())
    return "".join(next(c for c in notebook["cells"] if c["cell_type"] == "code")["source"])


def other_screen(seat: RemoteSeat, rng: random.Random) -> None:
    """The other pupil: goes on at a round's end, plays a legal move on their turn."""
    view = seat.view
    if view["waiting"]:
        seat.go_on()
    elif view["can_act"]:
        seat.play(rng.choice(view["observation"]["legal"]))


def gist(payload) -> str:
    """A frame's type and ply, for a failure's timeline (no token, no hand)."""
    try:
        message = json.loads(str(payload))
        view = message.get("view") or {}
        ply = view.get("observation", {}).get("ply", message.get("ply", ""))
        return f"{message.get('type')} {ply}".strip()
    except (ValueError, AttributeError):
        return "" if payload is None else "?"


def back_at_the_same_ply(
    page, other: RemoteSeat, killed: int, frames: list[str], before: int
) -> None:
    """Wait until the page has joined again (a `joined` among the `frames` it received
    from index `before` on, the kill's) and both screens show one ply, at least the kill's:
    the journal's. Until it has joined, the page still shows the ply it had and a click
    there is refused ("reconnecting: try again"), so an equal ply alone does not say it is
    back. The other screen's view is read afresh (its view follows its own `joined`)."""
    deadline = time.monotonic() + 30
    while True:
        rejoined = any('"type":"joined"' in frame for frame in frames[before:])
        journaled, shown = other.view["observation"]["ply"], nains_board(page)["ply"]
        if rejoined and journaled == shown >= killed:
            return
        if time.monotonic() > deadline:
            raise AssertionError(
                f"30 s after the restart: page joined again {rejoined}, shows ply {shown}, "
                f"the journal {journaled} (killed at ply {killed})"
            )
        time.sleep(0.1)


def play_a_match(page, base: str, link: str, other: RemoteSeat, servers: list, frames: list):
    """Join in the site's kernel, play to the end with the mouse (the other screen playing
    meanwhile), the server killed and restarted once (`servers`: the latest last); returns
    what the kernel holds at the end, the ply of the kill and how many frames the page had
    received then."""
    rng = random.Random(SEED)
    notebook, _ready = open_notebook(page, base, "index.ipynb")
    notebook.run_code(install_cell() + '\nprint("installed")', timeout=180)
    notebook.run_code(
        f"from ludotheque.widgets import Nains\npartie = Nains(join={link!r})\npartie",
        timeout=120,
    )
    page.locator(".nn").first.wait_for(state="visible", timeout=90_000)
    started, killed = time.monotonic(), None
    while step_nains([page]) or not other.view["observation"]["terminal"]:
        assert time.monotonic() - started < MATCH_SECONDS, nains_board(page)
        other_screen(other, rng)
        ply = nains_board(page)["ply"]
        if killed is None and ply >= KILL_AT:
            servers[-1].kill()  # SIGKILL: nothing acknowledged may be lost
            killed, before = ply, len(frames)
            servers.append(servers[-1].restart(timeout=15))
            other.wait_joined(2)
            back_at_the_same_ply(page, other, killed, frames, before)
        time.sleep(0.05)
    final = notebook.run_json(
        "import json\n"
        "print(json.dumps({'seat': partie.viewer, 'over': partie.observation['terminal'],"
        " 'ply': partie.observation['ply'], 'state': json.dumps(partie.get_state(),"
        " default=str)}))"
    )
    return final, killed, before


def test_a_pupil_in_the_offline_site_plays_a_table_through_the_page(
    playwright_instance, output_dir, tmp_path
):
    servers = [start_server(tmp_path / "tables.sqlite")]
    links = open_table(servers[0], "nains", options={"rounds": 1}, seed=SEED)
    tokens = [link.rsplit("#", 1)[1] for link in links["seats"]]
    other = RemoteSeat(links["seats"][1])
    frames: list[str] = []
    sent: list[str] = []
    sockets: list[str] = []
    outside: list[str] = []
    errors: list[str] = []

    timeline: list[str] = []  # what each socket did, and when: said only on a failure
    started = time.monotonic()

    def watch(socket):
        number = len(sockets)
        sockets.append(socket.url)

        def noted(what: str, payload=None) -> None:
            timeline.append(f"{time.monotonic() - started:.2f}s #{number} {what} {gist(payload)}")

        def received(payload) -> None:
            frames.append(str(payload))
            noted("<", payload)

        def said(payload) -> None:
            sent.append(str(payload))
            noted(">", payload)

        noted("opened")
        socket.on("framereceived", received)
        socket.on("framesent", said)
        socket.on("close", lambda _socket: noted("closed"))

    try:
        with served_site() as base, offline_page(playwright_instance, base, outside) as page:
            page.on("websocket", watch)
            page.on("pageerror", lambda error: errors.append(error.message))
            try:
                final, killed, before = play_a_match(
                    page, base, links["seats"][0], other, servers, frames
                )
            except Exception as failure:
                page.screenshot(path=str(output_dir / "lite_table_failure.png"))
                said = page.locator(".jp-OutputArea-output").all_inner_texts()[-2:]
                raise AssertionError(
                    f"{failure!r}; errors: {errors}; sockets: {sockets}; frames: {frames[:2]}; "
                    f"sent: {len(sent)}; last outputs: {said}; sockets' timeline: {timeline[-40:]}"
                ) from None
            page.screenshot(path=str(output_dir / "lite_table.png"))
    finally:
        other.close()
        servers[-1].kill()
    assert killed is not None
    assert any('"type":"joined"' in frame for frame in frames[before:]), "the page rejoined"
    assert final["seat"] == 0 and final["over"]
    assert final["ply"] == other.view["observation"]["ply"]
    assert sockets and all(url.startswith(servers[0].address) for url in sockets), sockets
    assert outside == [], f"the page asked other hosts: {outside[:10]}"
    assert not [error for error in errors if "blob:" in error], f"a widget threw: {errors}"
    for carried in ("".join(frames), final["state"]):
        assert carried, "nothing recorded"
        assert '"hands"' not in carried and "secret_gnomes" not in carried
        assert str(SEED) not in carried
        assert tokens[1] not in carried
    assert tokens[0] in "".join(sent) and tokens[1] not in "".join(sent)
