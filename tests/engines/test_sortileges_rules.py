"""One test per rule of docs/rules/sortileges.md."""

import json

import pytest

from ludotheque.engines.core import (
    TERMINAL,
    GameOverError,
    IllegalActionError,
    NotationError,
    RulesError,
)
from ludotheque.engines.sortileges import Board, Sortileges, Turn

GAME = Sortileges()


def layout(witches=("c1", "d8"), spells=(), first=0, game=GAME):
    """A position laid out for the test, the witch of seat `first` to move."""
    return game.new_game(seed=0, first=first, witches=list(witches), spells=list(spells))


def steps(state):
    return set(state.observation(state.current_player())["turns"])


def all_but(*kept):
    """Every square that may hold a spell, except `kept`: a field spelled nearly full."""
    return [name for name in GAME.board.names if name not in {"c1", "d8", *kept}]


# -- board (docs/rules/sortileges.md#board) --------------------------------------------
def test_board_has_6_files_and_8_ranks_named_like_chess():
    board = GAME.board
    assert (board.files, board.ranks, board.size) == (6, 8, 48)
    assert board.names[:7] == ("a1", "b1", "c1", "d1", "e1", "f1", "a2")
    assert board.names[-1] == "f8"
    assert str(board) == "6×8"
    assert Board.of(6, 8) is board  # boards never change, so games share them


def test_houses_are_c1_and_d8_and_the_witches_start_on_them():
    view = GAME.new_game(seed=3).observation()
    assert view["houses"] == ["c1", "d8"]
    assert view["witches"] == ["c1", "d8"]
    assert view["spells"] == [] and view["last"] is None and view["winner"] is None


@pytest.mark.parametrize(
    "files, ranks, houses",
    [
        (6, 8, ["c1", "d8"]),
        (5, 5, ["c1", "c5"]),
        (7, 4, ["d1", "d4"]),
        (4, 4, ["b1", "c4"]),
        (2, 3, ["a1", "b3"]),
    ],
)
def test_isola_houses_on_any_board_are_point_symmetric(files, ranks, houses):
    assert Sortileges(files=files, ranks=ranks).new_game(0).observation()["houses"] == houses


def test_houses_can_be_chosen_and_survive_json():
    game = Sortileges(houses=["a1", "f8"])
    same = Sortileges(houses=("a1", "f8"))
    assert game == same and hash(game) == hash(same)
    state = game.new_game(seed=5, first=1)
    state.apply("f8-e7/b2")
    again = type(state).from_json(json.loads(json.dumps(state.to_json())))
    assert again.game == game and again.observation(0) == state.observation(0)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"houses": ["c1", "c1"]}, "different squares"),
        ({"houses": ["c1", "c9"]}, "'c9' is not a square of a 6×8 board"),
        ({"houses": ["c1"]}, "two squares"),
        ({"files": 0}, "files"),
        ({"files": 27}, "files"),
        ({"files": 3, "ranks": 1}, "ranks"),
        ({"files": 13}, "files"),
        ({"ranks": 10**5}, "ranks"),
        ({"files": 8, "ranks": 8}, "64 squares; the most is 63"),
        ({"files": 4, "ranks": 13}, "ranks"),
        ({"files": 13, "ranks": 4}, "files"),
        ({"files": 6.0}, "files"),
        ({"ranks": True}, "ranks"),
        ({"houses": "c1d8"}, "two squares"),
        ({"houses": [["c1"], "d8"]}, "not a square"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_options_the_rules_cannot_use_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        Sortileges(**options)


@pytest.mark.parametrize("files, ranks", [(3, 3), (4, 3), (6, 6), (6, 8), (3, 12), (7, 9), (2, 3)])
def test_every_board_from_2_to_12_a_side_and_up_to_63_squares_plays(files, ranks):
    state = Sortileges(files=files, ranks=ranks).new_game(seed=1)
    state.apply(state.legal_actions()[-1])
    assert state.observation(None)["ranks"] == ranks


def test_only_a_few_board_sizes_stay_in_memory():
    for files in range(2, 12):
        for ranks in range(2, 6):
            Board.of(files, ranks)
    assert Board.of.cache_info().currsize <= 16
    assert Board.of(6, 8) is Board.of(6, 8)  # still shared while in use
    with pytest.raises(ValueError, match="files"):
        Board.of(6.0, 8)  # not taken for the cached 6×8


@pytest.mark.parametrize(
    "start, message",
    [
        ({"witches": 5}, "witches must be a list"),
        ({"witches": [["a1"], "b2"]}, "not a square"),
        ({"spells": {"a2": 1}}, "spells must be a list"),
        ({"spells": ["a2"] * 49}, "spells must be a list"),  # more than the 48 squares
        ({"first": True}, "first must be one of 0, 1"),
    ],
)
def test_start_choices_of_the_wrong_shape_are_value_errors(start, message):
    with pytest.raises(ValueError, match=message):
        GAME.new_game(seed=1, **start)


def test_46_squares_can_take_a_spell_every_one_but_the_houses():
    turns = GAME.new_game(seed=0, first=0).observation(0)["turns"]
    spellable = set().union(*turns.values())
    assert len(spellable) == 46 and not spellable & {"c1", "d8"}


# -- step (docs/rules/sortileges.md#step) ------------------------------------------------
def test_step_goes_one_square_in_any_of_the_8_directions():
    assert steps(layout(["c4", "d8"])) == {"b3", "c3", "d3", "b4", "d4", "b5", "c5", "d5"}


@pytest.mark.parametrize(
    "square, expected",
    [
        ("a1", {"a2", "b1", "b2"}),
        ("f8", {"e8", "e7", "f7"}),
        ("f5", {"e4", "f4", "e5", "e6", "f6"}),
    ],
)
def test_step_stays_inside_the_board(square, expected):
    assert steps(layout([square, "c1" if square != "c1" else "d8"])) == expected


def test_no_step_onto_a_spelled_square():
    state = layout(["c4", "d8"], spells=["c5", "d4"])
    assert steps(state) == {"b3", "c3", "d3", "b4", "b5", "d5"}
    with pytest.raises(IllegalActionError, match="c4-c5/a8: c5 is spelled"):
        state.apply("c4-c5/a8")


def test_no_step_onto_the_other_witch():
    state = layout(["c4", "d5"])
    assert "d5" not in steps(state) and len(steps(state)) == 7
    with pytest.raises(IllegalActionError, match="the other witch stands on d5"):
        state.apply("c4-d5/a8")


def test_no_jumping_over_a_square():
    state = layout(["c4", "d8"])
    for far in ("c4-c6/a8", "c4-e4/a8", "c4-e6/a8", "c4-c4/a8"):
        with pytest.raises(IllegalActionError, match="is not next to c4"):
            state.apply(far)
    ring = ["b3", "c3", "d3", "b4", "d4", "b5", "c5", "d5"]
    assert layout(["c4", "d8"], spells=ring).is_terminal()  # free squares two away do not help


def test_either_witch_may_enter_either_house_and_wins_nothing_by_it():
    state = layout(["c2", "d7"], first=0)
    assert "c1" in steps(state)  # her own house
    state.apply("c2-c1/a5")
    assert "d8" in steps(state)  # Fasderat's own house
    state = layout(["d7", "a5"], first=0)
    assert "d8" in steps(state)  # the other witch's house
    state.apply("d7-d8/a4")
    assert not state.is_terminal() and state.returns() == [0.0, 0.0]


def test_a_witch_may_go_home_as_often_as_she_likes():
    state = layout(first=0)
    for text in [
        "c1-c2/a8",
        "d8-d7/a7",
        "c2-c1/a6",
        "d7-d8/a5",
        "c1-c2/a4",
        "d8-d7/a3",
        "c2-c1/a2",
    ]:
        state.apply(text)
    assert state.observation()["witches"] == ["c1", "d7"]


# -- spell (docs/rules/sortileges.md#spell) ----------------------------------------------
def test_spell_never_on_a_house():
    state = layout(["c2", "d7"])
    for spells in state.observation(0)["turns"].values():
        assert "c1" not in spells and "d8" not in spells
    with pytest.raises(IllegalActionError, match="d8 is a house"):
        state.apply("c2-c3/d8")


def test_spell_never_on_a_spelled_square():
    state = layout(spells=["e5"])
    assert all("e5" not in spells for spells in state.observation(0)["turns"].values())
    with pytest.raises(IllegalActionError, match="e5 is spelled already"):
        state.apply("c1-c2/e5")


def test_spell_never_under_either_witch():
    state = layout(["c4", "e6"])
    turns = state.observation(0)["turns"]
    assert all("e6" not in spells for spells in turns.values())
    assert all(target not in spells for target, spells in turns.items())
    for text in ("c4-c5/c5", "c4-c5/e6"):
        with pytest.raises(IllegalActionError, match="a witch stands on"):
            state.apply(text)


def test_the_square_just_left_may_be_spelled_unless_it_is_a_house():
    state = layout(["c4", "d8"])
    state.apply("c4-c5/c4")
    assert state.observation()["spells"] == ["c4"]
    home = layout()
    assert all("c1" not in spells for spells in home.observation(0)["turns"].values())


def test_every_turn_must_spell_while_a_square_can_be_spelled():
    state = layout()
    assert all(action.spell is not None for action in state.legal_actions())
    with pytest.raises(IllegalActionError, match="must be spelled"):
        state.apply("c1-c2")


def test_turn_without_spell_when_no_square_can_be_spelled():
    state = layout(["c1", "e5"], spells=all_but("c2", "e5"))
    assert state.legal_actions() == [Turn("c1", "c2")]
    assert state.observation(0)["turns"] == {"c2": []}
    with pytest.raises(IllegalActionError, match="no square can be spelled after this step"):
        state.apply("c1-c2/e5")
    state.apply("c1-c2")
    assert state.observation()["last"] == {"seat": 0, "from": "c1", "to": "c2", "spell": None}
    assert state.returns() == [1.0, -1.0]  # Fasderat, walled in on e5, cannot step


# -- end (docs/rules/sortileges.md#blocked) ----------------------------------------------
def test_witch_who_cannot_step_at_the_start_of_her_turn_loses():
    state = layout(["c4", "a8"], spells=["a7", "b7"], first=0)
    state.apply("c4-c5/b8")
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    view = state.observation(1)
    assert view["winner"] == 0 and view["terminal"] and view["to_move"] is None
    assert "turns" not in view and view["legal"] == []
    assert state.events[-1][-1] == {"type": "blocked", "seat": 1, "winner": 0}
    assert state.legal_actions() == []
    with pytest.raises(GameOverError):
        state.apply("a8-a7/a1")


def test_a_witch_can_lose_blocked_in_a_house():
    state = layout(["c1", "a8"], spells=["b1", "d1", "b2", "c2", "d2"], first=0)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_being_walled_in_loses_only_when_her_turn_comes():
    state = layout(["a2", "b2"], spells=["b1"], first=0)
    state.apply("a2-a1/a2")  # Têtdevache walls herself in: a2, b1 spelled, Fasderat on b2
    assert not state.is_terminal() and state.current_player() == 1
    leaving = state.clone()
    leaving.apply("b2-c3/a8")  # Fasderat steps away without closing the door...
    assert steps(leaving) == {"b2"}
    state.apply("b2-c3/b2")  # ...or closes it behind her
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_returns_are_zero_before_the_end():
    state = GAME.new_game(seed=1)
    assert state.returns() == [0.0, 0.0] and state.observation()["returns"] is None


def test_who_moves_first_is_drawn_from_the_seed():
    firsts = [GAME.new_game(seed).current_player() for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [GAME.new_game(seed).current_player() for seed in range(40)]


@pytest.mark.parametrize("first", [0, 1])
def test_the_caller_may_choose_who_moves_first(first):
    assert {GAME.new_game(seed, first=first).current_player() for seed in range(10)} == {first}


def test_first_must_be_a_seat():
    with pytest.raises(ValueError, match="first"):
        GAME.new_game(0, first=2)


@pytest.mark.parametrize(
    "witches, spells",
    [
        (["c4", "c4"], []),
        (["c4", "d8"], ["c4"]),
        (["c4", "d8"], ["c1"]),
        (["c4", "d8"], ["a3", "a3"]),
    ],
)
def test_impossible_layouts_are_refused(witches, spells):
    with pytest.raises(ValueError):
        layout(witches, spells)


# -- notation (docs/rules/sortileges.md#notation) ----------------------------------------
def test_turn_notation_prints_step_then_spell():
    assert str(Turn("c1", "c2", "d5")) == "c1-c2/d5"
    assert str(Turn("c1", "c2")) == "c1-c2"


@pytest.mark.parametrize(
    "text, turn",
    [
        ("c1-c2/d5", Turn("c1", "c2", "d5")),
        ("c1-c2", Turn("c1", "c2")),
        (" C1-C2/D5 ", Turn("c1", "c2", "d5")),
    ],
)
def test_turn_notation_parses(text, turn):
    assert GAME.parse_action(text) == turn


def test_every_legal_turn_reads_back_from_its_text():
    state = GAME.new_game(seed=2)
    actions = state.legal_actions()
    assert [GAME.parse_action(str(a)) for a in actions] == actions


def test_ranks_past_9_are_written_in_full():
    game = Sortileges(files=3, ranks=12)
    assert game.parse_action("b12-c11/a10") == Turn("b12", "c11", "a10")


@pytest.mark.parametrize(
    "text, message",
    [
        ("c1-c9/d5", "'c1-c9/d5': 'c9' is not a square of a 6×8 board"),
        ("g1-c2/d5", "'g1-c2/d5': 'g1' is not a square of a 6×8 board"),
        ("c1-c2/d0", "'c1-c2/d0': 'd0' is not a square of a 6×8 board"),
        ("c1c2", "is not a turn"),
        ("c1-c2/d5/e6", "is not a turn"),
        ("", "is not a turn"),
        (None, "an action is a text"),
        ("c１-c2/d5", "ASCII"),
        ("c1-c2/d5" + " " * 200, "at most 200"),
    ],
)
def test_bad_notation_says_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message) as caught:
        GAME.parse_action(text)
    assert isinstance(caught.value, ValueError) and caught.value.code == "malformed"


def test_a_step_from_the_wrong_square_is_illegal_not_malformed():
    state = GAME.new_game(seed=0, first=0)
    assert GAME.parse_action("d8-d7/d5") == Turn("d8", "d7", "d5")
    with pytest.raises(IllegalActionError, match="stands on c1, not on d8") as caught:
        state.apply("d8-d7/d5")  # Fasderat's witch, but Têtdevache is to move
    assert caught.value.code == "illegal" and isinstance(caught.value, RulesError)
    assert not state.is_legal("c1-c2/d5")  # text is not an action: apply parses it first


# -- observation ---------------------------------------------------------------------------
def test_observation_has_exactly_the_protocol_keys():
    state = GAME.new_game(seed=123_456_789, first=0)
    envelope = {
        "game",
        "players",
        "seat",
        "ply",
        "to_move",
        "terminal",
        "returns",
        "legal",
        "moves",
        "movers",
        "events",
    }
    own = {"files", "ranks", "houses", "witches", "spells", "last", "winner"}
    assert set(state.observation(0)) == envelope | own | {"turns"}
    assert set(state.observation(1)) == envelope | own
    assert set(state.observation(None)) == envelope | own


def test_turns_list_each_step_with_its_spells_as_legal_actions_do():
    state = GAME.new_game(seed=4, first=1)
    view = state.observation(1)
    from_turns = [f"d8-{to}/{spell}" for to, spells in view["turns"].items() for spell in spells]
    assert from_turns == view["legal"] == [str(a) for a in state.legal_actions()]
    assert list(view["turns"]) == ["c7", "d7", "e7", "c8", "e8"]


def test_observation_tells_last_turn_and_spells_in_the_order_cast():
    state = GAME.new_game(seed=9, first=1)
    for text in ("d8-d7/a1", "c1-c2/f8", "d7-e6/b1"):
        state.apply(text)
    view = state.observation(0)
    assert view["spells"] == ["a1", "f8", "b1"]
    assert view["witches"] == ["c2", "e6"]
    assert view["last"] == {"seat": 1, "from": "d7", "to": "e6", "spell": "b1"}
    assert view["moves"] == ["d8-d7/a1", "c1-c2/f8", "d7-e6/b1"]
    assert view["events"] == [{"type": "turn", "seat": 1, "from": "d7", "to": "e6", "spell": "b1"}]


def test_the_seed_never_shows_in_an_observation():
    seed = 987_654_321
    state = GAME.new_game(seed)
    state.apply(state.legal_actions()[17])
    for seat in (0, 1, None):
        assert str(seed) not in json.dumps(state.observation(seat))
    assert state.to_json()["seed"] == seed  # only the full record keeps it


def test_the_state_prints_as_a_field():
    state = layout(["c4", "d8"], spells=["e5"], first=0)
    assert str(state).splitlines() == [
        " 8 . . . F . .",
        " 7 . . . . . .",
        " 6 . . . . . .",
        " 5 . . . . x .",
        " 4 . . T . . .",
        " 3 . . . . . .",
        " 2 . . . . . .",
        " 1 . . H . . .",
        "   a b c d e f",
    ]
