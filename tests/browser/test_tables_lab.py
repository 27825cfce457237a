"""Two screens, one game: two browsers, each with its own JupyterLab kernel, play Tir de tuyau
to the end at one table of the table server (`Nains(join=link)`), with the mouse; the server
is killed (SIGKILL) mid-game and restarted, and both pages go on from the same ply.

Every WebSocket frame each page received is kept: none holds another hand (`hands`, the
hidden first gnomes), the game's seed or the other seat's token. Leaves
test-output/jupyterlab_tables_<seat>.png.
"""

from __future__ import annotations

import time

import pytest

from labserver import NotebookPage, chromium, nains_board, step_nains, write_notebook
from ludotheque.tables import open_table, start_server

pytestmark = pytest.mark.browser

SEED = 20_318_406_517_293_774_051
"""Long enough that its digits cannot turn up by chance in a frame (a session id, a date)."""
MATCH_SECONDS = 240
KILL_AT = 12
"""The ply after which the server is killed."""


def seat_notebook(lab_server, seat: int, link: str) -> str:
    """The seat's notebook reads its link from a file: written in the cell, the link would
    reach the other page too, through IPython's history, which every kernel of one user
    account shares (JupyterLab asks for it; two pupils' computers share none)."""
    (lab_server.root_dir / f"seat{seat}.link").write_text(link)
    return write_notebook(
        lab_server,
        f"tables_seat{seat}.ipynb",
        "from pathlib import Path\nfrom ludotheque.widgets import Nains\n"
        f"partie = Nains(join=Path('seat{seat}.link').read_text())\npartie",
    )


def test_two_browsers_play_one_table_through_a_server_killed_mid_game(
    lab_server, playwright_instance, output_dir, tmp_path
):
    db = tmp_path / "tables.sqlite"
    server = start_server(db)
    links = open_table(server, "nains", options={"rounds": 1}, seed=SEED)
    tokens = [link.rsplit("#", 1)[1] for link in links["seats"]]
    frames: list[list[str]] = [[], []]
    with chromium(playwright_instance) as first, chromium(playwright_instance) as second:
        pages, notebooks = [], []
        for seat, context in enumerate((first, second)):
            page = context.new_page()
            page.on(
                "websocket",
                lambda socket, seat=seat: socket.on(
                    "framereceived",
                    lambda payload: frames[seat].append(
                        payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
                    ),
                ),
            )
            notebook = NotebookPage(
                page, lab_server, seat_notebook(lab_server, seat, links["seats"][seat])
            )
            notebook.open(timeout=120)
            notebook.run_all()
            page.locator(".nn").first.wait_for(state="visible", timeout=90_000)
            notebook.wait_all_run(timeout=120)
            pages.append(page)
            notebooks.append(notebook)
        try:
            started, killed = time.monotonic(), None
            while step_nains(pages):
                assert time.monotonic() - started < MATCH_SECONDS, [nains_board(p) for p in pages]
                ply = nains_board(pages[0])["ply"]
                if killed is None and ply >= KILL_AT:
                    server.kill()  # SIGKILL: nothing acknowledged may be lost
                    killed = ply
                    server = server.restart(timeout=15)
                    for page in pages:  # each page's kernel reconnects, at the same ply
                        page.wait_for_function(
                            f"() => Number(document.querySelector('.nn').dataset.ply) >= {killed}",
                            timeout=30_000,
                        )
                    assert [nains_board(page)["ply"] for page in pages] == [killed, killed]
            assert killed is not None
            final = [
                notebook.run_json(
                    "import json; print(json.dumps({'seat': partie.viewer, "
                    "'ply': partie.observation['ply'], 'over': partie.observation['terminal'], "
                    "'hand_keys': sorted(k for k in partie.observation if 'hand' in k)}))"
                )
                for notebook in notebooks
            ]
            for seat, page in enumerate(pages):
                page.screenshot(path=str(output_dir / f"jupyterlab_tables_{seat}.png"))
        finally:
            server.kill()
    assert [answer["seat"] for answer in final] == [0, 1]
    assert all(answer["over"] for answer in final) and final[0]["ply"] == final[1]["ply"]
    assert all(answer["hand_keys"] == ["hand", "hand_sizes"] for answer in final), final
    for seat in (0, 1):
        everything = "".join(frames[seat])
        assert everything, "no frame recorded"
        assert '\\"hands\\"' not in everything and '"hands"' not in everything
        assert "secret_gnomes" not in everything
        assert str(SEED) not in everything
        at = everything.find(tokens[1 - seat])
        assert at < 0, (seat, everything[max(0, at - 300) : at + 50])
