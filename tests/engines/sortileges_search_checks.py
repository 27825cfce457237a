"""What the Sortilèges search tests share: a plain negamax to compare searches with, and the
check that a search keeps alpha-beta's promise inside any window."""

import math

from ludotheque.engines.sortileges.toolkit import WIN


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
