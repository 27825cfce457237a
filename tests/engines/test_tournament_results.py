"""A tournament's results from its games: standings, intervals, ratings, forfeits,
crosstable, JSON. Built from hand-made games (no game is played here)."""

import json

import pytest
from scipy.stats import binomtest

from ludotheque.classroom.tournament import GameResult, Results
from ludotheque.classroom.tournament.results import points_interval

CONFIG = {"game": "toy", "options": {}, "seconds": 0.1, "seed": 0, "games_per_pair": 2}


def results(seatings, points, forfeits=None):
    names = sorted({name for seating in seatings for name in seating})
    entrants = [
        {"name": name, "kind": "level", "origin": "bot:1", "fingerprint": "f"} for name in names
    ]
    games = [
        GameResult(
            index,
            seating,
            {"game": "toy", "seed": index, "actions": []},
            scored,
            tuple((forfeits or {}).get(index, ())),
        )
        for index, (seating, scored) in enumerate(zip(seatings, points, strict=True))
    ]
    return Results(CONFIG, entrants, seatings, games)


def forfeit(seat, entrant, kind="timeout"):
    return {
        "seat": seat,
        "entrant": entrant,
        "kind": kind,
        "reason": f"{kind}!",
        "detail": "",
        "ply": 3,
    }


DUELS = results(
    [("A", "B"), ("B", "A"), ("A", "C"), ("C", "A"), ("B", "C"), ("C", "B")],
    [(1, 0), (0, 1), (1, 0), (0, 1), (1, 0), (0.5, 0.5)],
    {3: [forfeit(0, "C")]},
)


def test_standings_count_points_games_and_forfeits_best_first():
    rows = DUELS.standings()
    assert [row["entrant"] for row in rows] == ["A", "B", "C"]
    a, b, c = rows
    assert (a["games"], a["points"], a["forfeits"]) == (4, 4.0, 0)
    assert (b["points"], c["points"], c["forfeits"]) == (1.5, 0.5, 1)
    assert {"entrant", "games", "points", "forfeits", "rating", "low", "high"} <= set(a)
    assert a["rating"] > b["rating"] > c["rating"]
    for row in rows:
        assert row["low"] < row["rating"] < row["high"]
        assert row["points_low"] <= row["points"] <= row["points_high"]
    json.dumps(rows)  # plain numbers


def test_the_points_interval_is_scipys_wilson_interval():
    expected = binomtest(7, 10).proportion_ci(0.95, method="wilson")
    assert points_interval(7.0, 10) == pytest.approx((10 * expected.low, 10 * expected.high))
    low, high = points_interval(7.5, 10)  # a draw: between the whole numbers either side
    assert low == pytest.approx(points_interval(7, 10)[0])
    assert high == pytest.approx(points_interval(8, 10)[1])
    assert points_interval(0, 0) == (0.0, 0.0)


def test_more_games_narrow_the_interval():
    narrow = points_interval(40, 80)
    wide = points_interval(5, 10)
    assert narrow[1] / 80 - narrow[0] / 80 < wide[1] / 10 - wide[0] / 10


def test_ranks_put_a_forfeit_last_and_share_ties():
    game = GameResult(0, ("A", "B", "C"), {}, (0.0, 0.0, 1.0), (forfeit(0, "A"),))
    assert game.ranks == (3, 2, 1)
    assert GameResult(0, ("A", "B"), {}, (0.5, 0.5)).ranks == (1, 1)


def test_three_player_games_are_rated_by_rank():
    table = results(
        [("A", "B", "C"), ("B", "C", "A"), ("C", "A", "B")] * 2,
        [(1, 0, 0), (0, 0, 1), (0, 1, 0)] * 2,
    )
    standings = {row["entrant"]: row for row in table.standings()}
    assert standings["A"]["points"] == 6 and standings["A"]["rating"] > standings["B"]["rating"]
    assert standings["B"]["rating"] == pytest.approx(standings["C"]["rating"], abs=0.5)


def test_forfeits_name_the_entrant_the_game_and_the_reason():
    assert DUELS.forfeits() == [
        {"entrant": "C", "game": 3, "kind": "timeout", "reason": "timeout!", "detail": "", "ply": 3}
    ]


def test_the_crosstable_splits_each_pair_of_games():
    table = DUELS.crosstable()
    assert list(table) == ["A", "B", "C"]
    assert table["A"]["B"] == {"points": 2.0, "games": 2}
    assert table["B"]["C"] == {"points": 1.5, "games": 2}
    for a in table:
        for b in table[a]:
            assert table[a][b]["points"] + table[b][a]["points"] == table[a][b]["games"]


def test_results_go_through_json_unchanged():
    data = json.loads(json.dumps(DUELS.to_json()))
    again = Results.from_json(data)
    assert again.to_json() == DUELS.to_json()
    assert again.standings() == DUELS.standings()
    assert again.complete


def test_partial_results_know_they_are_not_complete():
    partial = Results(CONFIG, DUELS.entrants, DUELS.schedule, DUELS.finished()[:2])
    assert not partial.complete and len(partial.games) == 2
    assert {row["entrant"]: row["games"] for row in partial.standings()} == {"A": 2, "B": 2, "C": 0}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "something else"}, "not the results"),
        ({**DUELS.to_json(), "version": 99}, "version"),
        ({**DUELS.to_json(), "games": [{"index": 0}]}, "not a tournament game"),
    ],
)
def test_foreign_json_is_refused(data, message):
    with pytest.raises(ValueError, match=message):
        Results.from_json(data)


def test_a_game_outside_the_schedule_is_refused():
    with pytest.raises(ValueError, match="not in this tournament"):
        DUELS.add(GameResult(0, ("C", "A"), {}, (1, 0)))
