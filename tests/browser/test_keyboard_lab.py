"""End to end in a real JupyterLab: a whole game of each of the four games played with the
keyboard alone (docs/keyboard.md), the boards' labels read from the accessibility tree, and
the README's screenshots taken on the way (`make images` copies them into docs/images/).

One scratch notebook holds the four widgets (short games: a 4×4 Sortilèges, two players at
the gingerbread house, bots of level 1 with no pause, fixed seeds), opened once for the module.
Playwright only focuses a board once (as a Tab would); then every move is a key press:
arrows to the square or card, Enter or Space to choose, Space held to pull a cookie, Enter on
"Next" at a round's end. Python is asked at the end whether the game is over.

Writes test-output/images/<game>-round.png (the first end of a round: Sorcière, Tir de
tuyau) and <game>-end.png (the end of the game), cropped to the widget, light theme: a run
leaves the tracked pictures alone, whatever the fonts and timing of the machine.
"""

from __future__ import annotations

import pathlib
import re
import time

import pytest

from labserver import chromium, running_notebook, write_notebook

pytestmark = pytest.mark.browser

IMAGES = pathlib.Path(__file__).resolve().parents[2] / "test-output" / "images"
NOTEBOOK = "keyboard_browser.ipynb"
CELLS = (
    "from ludotheque.widgets import Nains, PetitsPas, Sorciere, Sortileges",
    'sortileges = Sortileges(["human", "bot:1"], seed=1, bot_delay=0, '
    'options={"files": 4, "ranks": 4})\nsortileges',
    'sorciere = Sorciere(["human", "bot:1"], seed=5, bot_delay=0, options={"players": 2})\n'
    "sorciere",
    'nains = Nains(["human", "bot:1"], seed=5, bot_delay=0)\nnains',
    "petits_pas = PetitsPas(seed=21)\npetits_pas",
)
GAME_SECONDS = 120
OVER = "['win', 'lost', 'draw'].includes(w.querySelector('.ludo-status').dataset.state)"
"""JavaScript: the widget `w` says the game is over."""


@pytest.fixture(scope="module")
def table(playwright_instance, lab_server, output_dir):
    """The notebook of the four games, run once, in one Chromium page (reduced motion, so
    that no animation is caught half-way in a screenshot)."""
    write_notebook(lab_server, NOTEBOOK, *CELLS)
    with (
        chromium(
            playwright_instance,
            viewport={"width": 1200, "height": 1800},  # the tallest widget fits: whole shots
            reduced_motion="reduce",
        ) as context,
        running_notebook(
            lab_server, context, output_dir, NOTEBOOK, shot="jupyterlab_keyboard"
        ) as notebook,
    ):
        notebook.page.locator('.ludo[data-game="petits_pas"]').wait_for(timeout=90_000)
        notebook.wait_all_run(timeout=180)
        yield notebook


def widget(page, game: str):
    return page.locator(f'.ludo[data-game="{game}"]')


def press(page, key: str, times: int = 1) -> None:
    for _ in range(times):
        page.keyboard.press(key)


def walk(page, dx: int, dy: int) -> None:
    """Arrow keys: dx to the right (left if negative), dy up (down if negative)."""
    press(page, "ArrowRight" if dx > 0 else "ArrowLeft", abs(dx))
    press(page, "ArrowUp" if dy > 0 else "ArrowDown", abs(dy))


def focus_by_keyboard(page, locator) -> None:
    """Put the focus on `locator` as the keyboard does: there, then Tab away and back (so the
    browser shows the focus ring of a keyboard user)."""
    locator.focus()
    press(page, "Tab")
    press(page, "Shift+Tab")
    assert locator.evaluate("el => el === document.activeElement")


def assert_focus_ring(locator) -> None:
    ring = locator.evaluate(
        "el => { const s = getComputedStyle(el); return [el.matches(':focus-visible'), "
        "s.outlineStyle, parseFloat(s.outlineWidth)]; }"
    )
    assert ring[0] and ring[1] == "solid" and ring[2] >= 2, ring


def active(page, selector: str) -> bool:
    """The focused element matches `selector`."""
    return page.evaluate(f"() => Boolean(document.activeElement?.matches({selector!r}))")


def wait_for(page, root, condition: str, timeout: float = 30.0) -> None:
    """Wait until `condition` (JavaScript over the widget `w`) holds."""
    page.wait_for_function(
        f"(w) => {condition}", arg=root.element_handle(), timeout=timeout * 1000, polling=50
    )


def shoot(root, name: str) -> None:
    root.evaluate("el => el.scrollIntoView({block: 'start'})")
    # what the widget leaves to the next frames (the move list scrolls to its end) is done
    root.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    IMAGES.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(IMAGES / name), animations="disabled", caret="hide")


def game_over_in_python(notebook, name: str) -> bool:
    return notebook.run_json(f"import json; print(json.dumps({name}.state.is_terminal()))")


def test_sortileges_to_the_end_with_the_keyboard(table):
    page = table.page
    root = widget(page, "sortileges")
    board = root.locator("svg.sp-board")
    wait_for(page, root, "w.querySelector('.sp-board').dataset.phase === 'step'")
    focus_by_keyboard(page, board)
    assert_focus_ring(board)
    started = time.monotonic()
    turns = 0
    while True:
        wait_for(page, root, f"{OVER} || w.querySelector('.sp-board').dataset.phase === 'step'")
        if root.evaluate(f"w => {OVER}"):
            break
        assert time.monotonic() - started < GAME_SECONDS
        ply = board.get_attribute("data-ply")
        for kind, key in (("step", "Enter"), ("spell", " ")):
            if board.get_attribute("data-phase") != kind:
                break  # a step with no square left to spell ends the turn
            target = board.locator(f".sp-target-{kind}[data-square]").first.get_attribute(
                "data-square"
            )
            cursor = board.get_attribute("data-cursor")
            walk(page, ord(target[0]) - ord(cursor[0]), int(target[1:]) - int(cursor[1:]))
            assert board.get_attribute("data-cursor") == target
            press(page, key)
        turns += 1
        wait_for(page, root, f"{OVER} || w.querySelector('.sp-board').dataset.ply !== '{ply}'")
    status = root.locator(".ludo-status")
    assert status.get_attribute("data-state") == "win", status.inner_text()
    winner = re.search(r"(Têtdevache|Fasderat) a gagné", status.inner_text())
    assert winner, status.inner_text()  # whoever it is: the game was played to its end
    assert turns >= 3
    tree = root.aria_snapshot()
    assert 'application "Plateau de Sortilèges : flèches pour choisir une case' in tree, tree
    assert winner.group(0) in tree
    assert "Jouer au clavier" in tree
    assert board.evaluate("el => el === document.activeElement")
    shoot(root, "sortileges-end.png")
    assert game_over_in_python(table, "sortileges")


def test_sorciere_to_the_end_with_the_keyboard(table):
    page = table.page
    root = widget(page, "sorciere")
    roof = root.locator("svg.sv-roof")
    wait_for(page, root, "w.querySelector('.sv-roof').dataset.phase === 'pull'")
    focus_by_keyboard(page, roof)
    assert_focus_ring(roof)
    ready = "['pull', 'put'].includes(w.querySelector('.sv-roof').dataset.phase)"
    waiting = "!w.querySelector('.ludo-next').hidden"
    started = time.monotonic()
    pulls, round_shot = 0, False
    while True:
        wait_for(page, root, f"{OVER} || {ready} || {waiting}")
        if root.evaluate(f"w => {OVER}"):
            break
        assert time.monotonic() - started < GAME_SECONDS
        ply = roof.get_attribute("data-ply")
        phase = roof.get_attribute("data-phase")
        if root.evaluate(f"w => {waiting}"):  # whoever starts the next round
            if not round_shot:
                round_shot = True
                shoot(root, "sorciere-round.png")
            assert active(page, ".ludo-continue"), "Next should have the focus"
            press(page, "Enter")
            wait_for(
                page,
                root,
                f"{OVER} || !({waiting}) && w.querySelector('.sv-roof').dataset.ply !== '{ply}'",
            )
            continue
        selector = ".sv-card.sv-pullable" if phase == "pull" else ".sv-target-put"
        slots = roof.locator(selector).evaluate_all("els => els.map(e => Number(e.dataset.slot))")
        target, cursor = min(slots), int(roof.get_attribute("data-cursor"))
        walk(page, target % 6 - cursor % 6, target // 6 - cursor // 6)
        if phase == "pull":  # a quick tap: a clumsy pull (steadiness 0.1), rounds end sooner
            page.keyboard.down(" ")
            page.keyboard.up(" ")
            pulls += 1
        else:
            press(page, "Enter")
        wait_for(page, root, f"w.querySelector('.sv-roof').dataset.ply !== '{ply}'")
    assert round_shot and pulls >= 2
    assert root.locator(".ludo-status").get_attribute("data-state") == "win"
    tree = root.aria_snapshot()
    assert 'application "Le toit vu du dessus, colonnes A à F' in tree, tree
    assert "deux bonbons" in tree
    page.wait_for_timeout(300)  # the last collapse (reduced motion: 1 ms) has fallen
    shoot(root, "sorciere-end.png")
    assert game_over_in_python(table, "sorciere")


def play_nains_turn(page, root, discard: bool) -> str:
    """One turn from the keys: the first gnome colour, or the first playable card (and its
    first use), or (when `discard`, or when no card may be played) a discard of the first card."""
    if root.locator(".nn").get_attribute("data-state") == "choose":
        assert active(page, ".nn-colour"), "the colours should have the focus"
        press(page, "Home")
        press(page, "Enter")
        return "gnome"
    assert active(page, ".nn-hand button[data-card]"), "the hand should have the focus"
    dims = root.locator(".nn-hand button[data-card]").evaluate_all(
        "els => els.map(e => e.classList.contains('nn-dim'))"
    )
    press(page, "Home")
    if False in dims and not discard:
        press(page, "ArrowRight", dims.index(False))
        press(page, "Enter")
        if active(page, ".nn-option"):  # a card with several uses: they took the focus
            press(page, "Enter")
        return "card"
    press(page, "Tab")
    assert active(page, ".nn-discard-start")
    press(page, "Enter")  # the focus goes to the first card
    press(page, "Enter")  # take it
    press(page, "Tab")
    assert active(page, ".nn-discard-send")
    press(page, "Enter")
    return "discard"


def test_nains_to_the_end_with_the_keyboard(table):
    page = table.page
    root = widget(page, "nains")
    table_el = root.locator(".nn")
    wait_for(page, root, "w.querySelector('.nn').dataset.state === 'choose'")
    focus_by_keyboard(page, root.locator(".nn-colour").first)
    assert_focus_ring(root.locator(".nn-colour").first)
    turn = "['choose', 'play'].includes(w.querySelector('.nn').dataset.state)"
    waiting = "!w.querySelector('.ludo-next').hidden"
    round_end = f"({waiting} || w.querySelector('.nn-event-round') !== null)"
    started = time.monotonic()
    moves: dict[str, int] = {"gnome": 0, "card": 0, "discard": 0}
    round_shot = False
    while True:
        wait_for(page, root, f"{OVER} || {turn} || {waiting}")
        if root.evaluate(f"w => {OVER}"):
            break
        assert time.monotonic() - started < GAME_SECONDS, moves
        if not round_shot and root.evaluate(f"w => {round_end}"):
            round_shot = True
            shoot(root, "nains-round.png")
        ply = table_el.get_attribute("data-ply")
        if root.evaluate(f"w => {waiting}"):  # whoever starts the next round
            assert active(page, ".ludo-continue"), "Next should have the focus"
            press(page, "Enter")
            # the player to start: the same ply, the table theirs again
            wait_for(page, root, f"{OVER} || !({waiting})")
            continue
        # one discard on the way (after a card played), to walk its keys too
        discard = moves["card"] >= 1 and moves["discard"] == 0
        moves[play_nains_turn(page, root, discard)] += 1
        wait_for(page, root, f"{OVER} || w.querySelector('.nn').dataset.ply !== '{ply}'")
    assert round_shot and moves["gnome"] >= 2 and moves["card"] >= 3 and moves["discard"], moves
    print(f"Tir de tuyau: {moves}, {time.monotonic() - started:.1f} s")
    status = root.locator(".ludo-status")
    assert status.get_attribute("data-state") == "win", status.inner_text()
    tree = root.aria_snapshot()
    assert 'img "Le jardin : la barrière au milieu' in tree and "Nabot : " in tree, tree
    assert 'group "Ta main"' in tree
    assert "gagne la partie" in tree
    shoot(root, "nains-end.png")
    assert game_over_in_python(table, "nains")


def test_petits_pas_to_the_end_with_the_keyboard(table):
    page = table.page
    root = widget(page, "petits_pas")
    board = root.locator("svg.pp-board")
    focus_by_keyboard(page, board)
    assert_focus_ring(board)
    tree = root.aria_snapshot()
    assert 'group "La rangée de cartes. Espace ou Entrée : un pas."' in tree, tree
    assert 'img "' in tree  # each card is named
    started = time.monotonic()
    steps = 0
    while not root.evaluate(f"w => {OVER}"):
        assert time.monotonic() - started < GAME_SECONDS, steps
        ply = board.get_attribute("data-ply")
        press(page, " ")
        steps += 1
        wait_for(page, root, f"w.querySelector('.pp-board').dataset.ply !== '{ply}'")
    assert steps >= 20 and board.get_attribute("data-result") == "won"
    assert "Réussite" in root.locator(".ludo-status").inner_text()
    page.wait_for_timeout(300)
    shoot(root, "petits_pas-end.png")
    assert game_over_in_python(table, "petits_pas")


def test_the_move_list_is_one_tab_stop(table):
    """The move list is one Tab stop, not one per move (a Sorcière game has some 70): the
    arrows and Home / End inside, Enter still shows the position after a move. (Tab goes from the
    language buttons, just before the list, into it: past the widget, JupyterLab's cell
    toolbars come between.)"""
    page = table.page
    root = widget(page, "sorciere")
    count = root.locator(".ludo-move").count()
    assert count >= 5, count
    assert root.locator('.ludo-move[tabindex="0"]').count() == 1
    before = root.locator(".ludo-lang-button").last
    ply = "() => document.activeElement.dataset.ply"
    before.focus()
    press(page, "Tab")
    assert page.evaluate(ply) == str(count - 1)  # the stop: the last move
    press(page, "Home")
    press(page, "ArrowRight")
    assert page.evaluate(ply) == "1"
    press(page, "Enter")
    wait_for(page, root, "!w.querySelector('.ludo-review').hidden")
    assert root.locator(".ludo-move[aria-current]").get_attribute("data-ply") == "1"
    assert page.evaluate(ply) == "1"
    press(page, "Tab")  # one press leaves the list, however long
    assert not active(page, ".ludo-move")
    before.focus()
    press(page, "Tab")
    assert page.evaluate(ply) == "1"  # the stop stayed on the move looked at
    press(page, "Shift+Tab")  # and one press leaves it backwards
    assert active(page, ".ludo-lang-button")
    root.locator(".ludo-back").click()
    wait_for(page, root, "w.querySelector('.ludo-review').hidden")
