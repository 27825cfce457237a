"""The static picture every game widget puts in its cell's output (`image/svg+xml`), for
wherever no kernel runs: well-formed, the position at display time, the same on every run
(nbval compares it), titled in the widget's language, and public: no hand, no stock order,
no seed, whoever sits at the table."""

import base64
import random
import xml.etree.ElementTree as ET

import nbformat
import pytest
from nbconvert import HTMLExporter

from ludotheque.engines.nains import CARDS
from ludotheque.widgets import GameWidget, Nains, PetitsPas, Sorciere, Sortileges
from ludotheque.widgets.pictures import escape
from ludotheque.widgets.pictures.nains import card_name
from ludotheque.widgets.pictures.petits_pas import card_label

SVG = "image/svg+xml"
GAMES = sorted(
    name
    for name, widget in GameWidget.registry.items()
    if widget.__module__.startswith("ludotheque.widgets.")  # the toy games draw no picture
)


def picture_of(widget):
    """The SVG the widget puts in its cell's output, as IPython asks for it."""
    data, _metadata = widget._repr_mimebundle_()
    return data[SVG]


def parsed(svg):
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def title(svg):
    return parsed(svg).find("{http://www.w3.org/2000/svg}title").text


def table(name, seed, lang="fr", seats=None):
    widget_class = GameWidget.registry[name]
    players = widget_class.game_class().players
    return widget_class(
        seats or ["human"] * players, seed=seed, lang=lang, bot_delay=0, bot_seconds=0.05
    )


def play_randomly(widget, moves, rng):
    """`moves` legal moves (fewer if the game ends), each chosen by `rng`, played from Python."""
    for _ in range(moves):
        if widget.state.is_terminal():
            return
        widget.play(rng.choice(widget.state.legal_actions()))


def drawn(svg, attribute):
    """Every value of `attribute` in the picture, in document order."""
    return [element.get(attribute) for element in parsed(svg).iter() if element.get(attribute)]


@pytest.mark.parametrize("name", GAMES)
def test_a_game_widget_shows_its_position_as_a_well_formed_svg(name):
    widget = table(name, seed=2027)
    try:
        start = picture_of(widget)
        parsed(start)
        assert f'data-game="{name}"' in start
        play_randomly(widget, 3, random.Random(1))
        later = picture_of(widget)
        parsed(later)
        assert later != start
        assert later == widget.picture(widget.state.observation(None))
    finally:
        widget.close()


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_moves_give_the_same_picture(name):
    pictures = []
    for _ in range(2):
        widget = table(name, seed=31)
        play_randomly(widget, 6, random.Random(5))
        pictures.append(picture_of(widget))
        widget.close()
    assert pictures[0] == pictures[1]


@pytest.mark.parametrize("name", GAMES)
def test_the_title_names_the_game_and_the_turn_in_the_widgets_language(name):
    widget = table(name, seed=8)
    try:
        game = widget.game_class
        for lang in ("fr", "en"):
            widget.lang = lang
            said = title(picture_of(widget))
            assert said.startswith(game.title[lang] + ". ")
            if widget.game.players > 1:
                mover = game.seat_names[lang][widget.state.current_player()]
                expected = f"À {mover} de jouer." if lang == "fr" else f"{mover} to move."
                assert said.endswith(expected)
    finally:
        widget.close()


@pytest.mark.parametrize(
    ("widget_class", "fr", "en"),
    [
        (Sortileges, "a gagné : sa rivale ne peut plus bouger !", "wins: her rival cannot move"),
        (Sorciere, "a deux bonbons et danse autour de la table !", "has two candies and dances"),
        (Nains, "gagne la partie et devient la star du jardin !", "wins the match and becomes"),
    ],
)
def test_the_title_of_a_finished_game_names_its_winner(widget_class, fr, en):
    widget = widget_class(["human"] * widget_class.game_class().players, seed=4, bot_delay=0)
    try:
        play_randomly(widget, 10_000, random.Random(2))
        winner = [i for i, value in enumerate(widget.state.returns()) if value > 0][0]
        for lang, said in (("fr", fr), ("en", en)):
            widget.lang = lang
            name = widget.game_class.seat_names[lang][winner]
            assert f"{name} {said}" in title(picture_of(widget))
    finally:
        widget.close()


def test_a_finished_deal_of_petits_pas_says_its_result():
    widget = PetitsPas(seed=2026, lang="en")
    try:
        widget.finish()
        assert widget.state.table.result == "lost"
        assert title(picture_of(widget)).endswith("Lost: the deal is stuck.")
        widget.lang = "fr"
        assert title(picture_of(widget)).endswith("Perdu : la donne est bloquée.")
    finally:
        widget.close()


def assert_no_seed(svg, seed):
    for written in (str(seed), f"{seed:x}", f"{seed:X}"):
        assert written not in svg


def test_nains_draws_no_card_of_any_hand_nor_the_seed():
    """Against a bot, the viewer has a hand (in its synced observation): the picture is
    still the public one, with backs only; the one card named is the discard pile's top."""
    widget = Nains(["human", "bot:1"], bot_delay=0, bot_seconds=0.05)  # a 128-bit seed
    rng = random.Random(3)
    try:
        for _ in range(12):
            widget.wait()  # the bot moves in a thread (first, too): read a settled table
            if widget.state.is_terminal():
                break
            svg = picture_of(widget)
            assert "hand" in widget.observation
            assert svg == widget.picture(widget.state.observation(None))
            table = widget.state.table
            public = set(widget.state.observation(None)["discards"])
            hidden = {CARDS[c].code for c in [*table.hands[0], *table.hands[1], *table.draw]}
            hidden -= public
            assert hidden
            for code in hidden:
                assert f'data-card="{code}"' not in svg
                assert escape(card_name(code, "fr")) not in svg
            assert set(drawn(svg, "data-card")) <= public
            assert_no_seed(svg, widget.state.seed)
            widget.play(rng.choice(widget.state.legal_actions()))
    finally:
        widget.close()


def test_nains_hides_a_first_gnome_chosen_in_secret():
    widget = Nains(["human", "human"], seed=7, first=0, lang="en")
    try:
        widget.play("gnome red")
        svg = picture_of(widget)
        assert drawn(svg, "data-colour") == []  # no gnome stands before both have chosen
        assert "Nabot has chosen a gnome in secret." in svg
        widget.play("gnome blue")
        assert drawn(picture_of(widget), "data-colour") == ["red", "blue"]
    finally:
        widget.close()


def test_petits_pas_draws_the_table_never_the_stock_nor_the_seed():
    widget = PetitsPas(bot_delay=0)  # a 128-bit seed, secret while the deal is played
    rng = random.Random(9)
    try:
        while True:
            svg = picture_of(widget)
            table = widget.state.table
            shown = [str(card) for pile in table.places for card in pile] + [
                str(card) for card in table.out
            ]
            assert sorted(drawn(svg, "data-card")) == sorted(shown)
            for card in map(str, table.stock):
                assert f'data-card="{card}"' not in svg
                for lang in ("fr", "en"):
                    assert f"<title>{card_label(card, lang)}</title>" not in svg
            assert_no_seed(svg, widget.state.seed)
            if widget.state.is_terminal():
                break
            widget.step(rng.randint(1, 9))
        assert widget.deal_number == widget.state.seed  # known to Python, not in the picture
    finally:
        widget.close()


def test_sorciere_shows_a_treat_only_where_a_card_was_put_back_in_view():
    # a seeded deal in which cards go back in view (an unseeded one may put none back)
    seed = 271_828_182_845_904_523_537  # long: its digits cannot turn up in a picture by chance
    widget = Sorciere(["human", "bot:1", "bot:1"], seed=seed, bot_delay=0, bot_seconds=0.05)
    rng = random.Random(4)
    put_back = 0
    try:
        for _ in range(120):
            widget.wait()  # the bots move in a thread (first, too): read a settled table
            if widget.state.is_terminal():
                break
            svg = picture_of(widget)
            public = widget.state.observation(None)
            assert svg == widget.picture(public)
            faces = {
                int(card.get("data-slot")): [
                    icon.get("data-treat") for icon in card.iter() if icon.get("data-treat")
                ]
                for card in parsed(svg).iter()
                if card.get("data-slot") is not None
            }
            known = {
                slot["slot"]: slot["known"] for slot in public["slots"] if slot["z"] is not None
            }
            assert faces == {slot: [treat] if treat else [] for slot, treat in known.items()}
            put_back += sum(bool(treat) for treat in known.values())
            assert_no_seed(svg, widget.state.seed)
            if put_back >= 3:
                break
            widget.play(rng.choice(widget.state.legal_actions()))
    finally:
        widget.close()
    assert put_back  # the game put cards back in view: the faces drawn were checked


def test_exported_html_shows_the_picture():
    """nbconvert's HTML (what a notebook looks like on a page with no kernel) shows the
    SVG rather than the live view, which it cannot draw without a saved widget state."""
    widget = Sortileges(seed=1, first=0)
    try:
        data, metadata = widget._repr_mimebundle_()
    finally:
        widget.close()
    notebook = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("Sortileges(seed=1, first=0)")
    cell.outputs = [nbformat.v4.new_output("display_data", data=data, metadata=metadata)]
    notebook.cells = [cell]
    html, _resources = HTMLExporter().from_notebook_node(notebook)
    assert 'data-mime-type="text/html"' in html  # the picture's HTML form comes first
    encoded = base64.b64encode(data[SVG].encode()).decode()
    assert f'src="data:image/svg+xml;base64,{encoded}"' in html
