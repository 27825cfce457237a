"""Perft: exact counts of turn sequences, checked against two independent counts.

The naive rules below work on (file, rank) pairs straight from the rules' words and share no
code with the engine's bitboards; the slow count walks the public State API.
"""

import pytest

from ludotheque.engines.bots import RandomBot, play_match
from ludotheque.engines.sortileges import Sortileges, perft

GAME = Sortileges()


# -- the naive rules: coordinates, sets, no bitboards ------------------------------------
def square_name(square):
    file, rank = square
    return f"{chr(ord('a') + file)}{rank + 1}"


def naive_position(state):
    """(files, ranks, houses, spelled, mover, other) read from a spectator's observation."""
    view = state.observation()

    def square(name):
        return ord(name[0]) - ord("a"), int(name[1:]) - 1

    witches = [square(name) for name in view["witches"]]
    seat = view["to_move"] if view["winner"] is None else 1 - view["winner"]  # the loser
    return (
        view["files"],
        view["ranks"],
        frozenset(map(square, view["houses"])),
        frozenset(map(square, view["spells"])),
        witches[seat],
        witches[1 - seat],
    )


def naive_turns(position):
    """Every (step, spell or None): a king step onto a square neither spelled nor the other
    witch's, then a spell on any square that is no house, no spell, no witch."""
    files, ranks, houses, spelled, mover, other = position
    field = [(file, rank) for rank in range(ranks) for file in range(files)]
    turns = []
    for to in field:
        one_step = max(abs(to[0] - mover[0]), abs(to[1] - mover[1])) == 1
        if not one_step or to in spelled or to == other:
            continue
        spellable = [
            s for s in field if s not in houses and s not in spelled and s not in (to, other)
        ]
        turns += [(to, s) for s in spellable] or [(to, None)]
    return turns


def naive_perft(position, depth):
    if depth == 0:
        return 1
    turns = naive_turns(position)
    if depth == 1:
        return len(turns)
    files, ranks, houses, spelled, mover, other = position
    return sum(
        naive_perft((files, ranks, houses, spelled | ({spell} - {None}), other, to), depth - 1)
        for to, spell in turns
    )


def slow_perft(state, depth):
    """Through the public API only: legal_actions, clone, apply."""
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply(action)
        total += slow_perft(child, depth - 1)
    return total


def random_positions(game, games, seed=0):
    """Every position of a few random games, start to end."""
    for n in range(games):
        bots = [RandomBot(seed + 2 * n), RandomBot(seed + 2 * n + 1)]
        final = play_match(game, bots, seed=seed + n)
        yield from (final.replayed(ply) for ply in range(final.ply + 1))


# -- tests -------------------------------------------------------------------------------------
def test_perft_0_is_1_and_1_is_225_from_the_start():
    assert perft(0) == 1
    assert perft(1) == 225 == 5 * 45


def test_perft_1_is_225_for_either_witch_moving_first():
    assert perft(1, GAME.new_game(seed=0, first=1)) == 225


def test_perft_known_values_checked_once_against_the_slow_count():
    # perft(3) took the slow count ~20 s, too long for every run; depth 2 is checked below.
    assert [perft(d) for d in (2, 3)] == [47_300, 13_032_440]


@pytest.mark.parametrize("depth", [1, 2])
def test_perft_from_the_start_matches_both_independent_counts(depth):
    start = GAME.new_game(seed=0, first=0)
    assert perft(depth) == naive_perft(naive_position(start), depth) == slow_perft(start, depth)


def test_perft_on_mid_game_positions_matches_the_naive_count():
    positions = [p for p in random_positions(GAME, 2, seed=11) if p.ply >= 16 and p.ply % 4 == 0]
    assert len(positions) >= 4
    for state in positions:
        depth = 3 if state.ply >= 28 else 2
        assert perft(depth, state) == naive_perft(naive_position(state), depth), state.to_json()


@pytest.mark.parametrize("files, ranks", [(3, 3), (4, 4), (3, 5)])
def test_perft_on_small_boards_matches_both_counts_to_the_end(files, ranks):
    """Small boards reach blocked witches and turns without spells within a few turns."""
    game = Sortileges(files=files, ranks=ranks)
    for state in random_positions(game, 3, seed=files * ranks):
        depth = 3 if state.ply >= 4 else 2
        assert (
            perft(depth, state)
            == naive_perft(naive_position(state), depth)
            == slow_perft(state, depth)
        ), state.to_json()


def test_random_small_games_do_reach_turns_without_spells():
    """Keeps the small-board checks honest: they must meet the rare turn without a spell."""
    positions = random_positions(Sortileges(files=3, ranks=3), 6)
    assert any(a.spell is None for state in positions for a in state.legal_actions())


def test_legal_actions_are_the_naive_turns_in_board_order():
    for state in random_positions(GAME, 2, seed=5):
        position = naive_position(state)
        step = f"{square_name(position[4])}-"
        expected = [
            step + square_name(to) + ("" if s is None else f"/{square_name(s)}")
            for to, s in naive_turns(position)
        ]
        assert [str(a) for a in state.legal_actions()] == expected


def test_a_blocked_mover_has_no_turns_and_a_turn_without_spell_counts_once():
    blocked = GAME.new_game(0, first=0, witches=["a1", "d8"], spells=["a2", "b1", "b2"])
    assert blocked.is_terminal() and perft(1, blocked) == 0 and perft(0, blocked) == 1
    houses = {"c1", "d8"}
    spells = [n for n in GAME.board.names if n not in houses | {"c2", "e5"}]
    last = GAME.new_game(0, first=0, witches=["c1", "e5"], spells=spells)
    assert perft(1, last) == 1 and perft(2, last) == 0  # c1-c2, then Fasderat is blocked


def test_perft_leaves_the_state_alone_and_refuses_negative_depth():
    state = GAME.new_game(seed=8)
    state.apply(state.legal_actions()[40])
    before = state.to_json(), state.observation(None)
    perft(2, state)
    assert (state.to_json(), state.observation(None)) == before
    with pytest.raises(ValueError):
        perft(-1)


# -- the compiled count (engines/sortileges/fast.py) must be the readable one, bit for bit --
def test_the_compiled_perft_counts_as_the_readable_one():
    from ludotheque.engines.sortileges.fast import fast_perft

    assert [fast_perft(d) for d in range(4)] == [1, 225, 47_300, 13_032_440]
    for state in [s for s in random_positions(GAME, 2, seed=5) if s.ply >= 10][::4]:
        assert fast_perft(3, state) == perft(3, state), state.to_json()
    small = Sortileges(files=4, ranks=3)
    for state in random_positions(small, 3, seed=2):
        assert fast_perft(4, state) == perft(4, state), state.to_json()
