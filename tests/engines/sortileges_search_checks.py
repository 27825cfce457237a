"""What the Sortilèges search tests share: a plain negamax to compare searches with, the
check that a search keeps alpha-beta's promise inside any window, and positions where only
a spell away from the other witch wins, and how late a timed search may answer."""

import math

from ludotheque.engines.sortileges.toolkit import WIN

SLACK = 1.0
"""Seconds of lateness a timed search is allowed in the tests: `make test` runs two pytest
workers on a 2-core machine beside browsers and kernels, so a turn's wall time can double
(0.56 s for a 0.2 s budget once). A search that ignored its budget would run far longer;
precision is benchmarked (tests/benchmarks/bench_sortileges_search.py)."""


def far_spell_wins(game):
    """Positions of level-5 games lost to level 3 that the witch to move wins (the solver
    says so) only with a spell that is not next to the other witch.

    * Têtdevache (f4) against Fasderat (e4): each spell next to Fasderat is also next to
      f4-e5, where Têtdevache must step; a spell far from both (a waiting turn) wins.
    * Fasderat (c8, her only step is her house d8) against Têtdevache (d1, her only step is
      her house c1): nothing next to Têtdevache can be spelled and the square just left
      would wall Fasderat in; only b1, beyond Têtdevache's house, wins."""
    return [
        game.new_game(
            seed=0,
            first=0,
            witches=["f4", "e4"],
            spells=["c7", "c6", "d6", "e6", "f6", "c5", "c4", "c3", "d3", "e3", "f3", "d2"],
        ),
        game.new_game(
            seed=0,
            first=1,
            witches=["d1", "c8"],
            spells=["b8", "b7", "c7", "d7", "e7", "b6", "c6", "d6", "c5", "c4", "a3", "b3"]
            + ["c3", "d3", "b2", "c2", "d2", "e2", "e1"],
        ),
    ]


def missed_by_candidates(game):
    """Two positions of issue 35's gauntlet (level 3, openings 10 and 21 at 1 s) where every
    candidate turn loses, so the search "proved" a loss and played a far spell on a1: the
    only winning turns, b6-b7/b5 and e8-d8/d1, spell next to neither witch nor the square
    just left, and no waiting spell either (the exact search finds each in a few thousand
    nodes)."""
    return [
        game.new_game(
            seed=0,
            first=0,
            witches=["b6", "a7"],
            spells=["a4", "a5", "a6", "a8", "b1", "b2", "b3", "b4", "c4", "c5", "c6", "c7"]
            + ["c8", "d2", "d3", "d5", "d6", "d7", "e2", "e5"],
        ),
        game.new_game(
            seed=0,
            first=1,
            witches=["b2", "e8"],
            spells=["a3", "b1", "b3", "b6", "b7", "b8", "c2", "c3", "c4", "c5", "c6", "c8"]
            + ["d2", "d3", "d5", "d7", "e5", "e6", "e7", "f4", "f7"],
        ),
    ]


def plain_negamax(game, score, turns, spelled, mover, other, depth, ply=0):
    """The tree a search walks, without pruning, table, ordering or endgame: slow but plainly
    right. `score(spelled, mover, other, ply)` values the leaves; `turns(spelled, mover,
    other)` gives the turns searched."""
    if not game.steps(spelled, mover, other):
        return ply - WIN
    if depth == 0:
        return score(spelled, mover, other, ply)
    return max(
        -plain_negamax(
            game,
            score,
            turns,
            spelled if spell is None else spelled | 1 << spell,
            other,
            target,
            depth - 1,
            ply + 1,
        )
        for target, spell in turns(spelled, mover, other)
    )


def check_windows(bot, position, depth, exact, extra=()):
    """Searches of `position` with narrow windows, sharing the bot's table: a fail low is an
    upper bound of the `exact` score, a fail high a lower bound, inside the window the exact
    score."""
    windows = [
        (exact + 0.5, math.inf),
        (-math.inf, exact - 0.5),
        (exact - 0.5, exact + 0.5),
        (-math.inf, math.inf),
        *extra,
    ]
    for low, high in windows:
        score = bot.negamax(*position, depth, 0, low, high)
        if score <= low:
            assert exact <= score
        elif score >= high:
            assert exact >= score
        else:
            assert score == exact
