"""A game's review (`engines/review.py`): exact labels that are proofs, estimates labelled
by their loss, the same review for the same record and budget, and the turning point."""

import threading

import pytest

from ludotheque.engines.bots import Deadline, SearchCancelled, bots_of, play_match
from ludotheque.engines.core import Game
from ludotheque.engines.review import Thresholds, review, summary, turning_point
from ludotheque.engines.sorciere.rules import roof_of
from ludotheque.engines.sortileges import Sortileges, bot_for_level
from ludotheque.engines.sortileges.solver import Solver


def small_games():
    """Games on 4 x 4 and 5 x 5 boards between a greedy and a random witch: blunders
    aplenty, and positions the solver settles."""
    for files, ranks, seed in ((4, 4, 5), (4, 4, 11), (5, 5, 3), (5, 5, 8)):
        game = Sortileges(files=files, ranks=ranks)
        yield play_match(
            game, [bot_for_level("2", seed=seed), bot_for_level("1", seed=seed)], seed=seed
        )


@pytest.mark.parametrize("final", list(small_games()), ids=lambda f: f"{f.game.board}-{f.seed}")
def test_every_exact_label_agrees_with_the_solver(final):
    entries = review(final.to_json(), seconds=0.3)
    assert [entry["ply"] for entry in entries] == list(range(final.ply))
    exact = [entry for entry in entries if entry["exact"]]
    assert exact, "no position settled: the test proves nothing"
    solver = Solver(final.game, table_bits=20)
    for entry in exact:
        position = final.replayed(entry["ply"])
        won_before = solver.wins(*position.position())
        assert (entry["value_before"] > 0) == won_before
        after = position.clone()
        after.apply(entry["played"])
        won_after = (
            after.is_terminal()
            and after.returns()[entry["seat"]] > 0
            or (not after.is_terminal() and not solver.wins(*after.position()))
        )
        assert (entry["value_after"] > 0) == won_after
        if won_before and not won_after:
            assert entry["label"] == "blunder"
            best = position.clone()
            best.apply(entry["best"])  # the best turn keeps the win
            assert best.is_terminal() or not solver.wins(*best.position())
        else:
            assert entry["label"] in ("best", "good")  # the value kept: never worse


def test_a_record_and_a_budget_give_the_same_review_and_a_seat_its_own_moves():
    final = next(small_games())
    first = review(final.to_json(), seconds=0.2)
    assert review(final, seconds=0.2) == first
    mine = review(final.to_json(), seat=1, seconds=0.2)
    assert mine == [entry for entry in first if entry["seat"] == 1]
    assert sum(summary(first, 1).values()) == len(mine)


def test_estimates_are_labelled_by_their_loss_with_the_hints_thresholds():
    final = play_match(
        Sortileges(), [bot_for_level("1", seed=1), bot_for_level("1", seed=2)], seed=4
    )
    entries = review(final.to_json(), seat=0, seconds=0.1)[:6]
    estimates = [entry for entry in entries if not entry["exact"]]
    assert estimates
    for entry in estimates:
        assert entry["loss"] >= 0 and entry["value_before"] >= entry["value_after"]
        expected = Thresholds(3, 15, 40).label(entry["loss"], entry["played"] == entry["best"])
        assert entry["label"] == expected


def test_thresholds_and_the_turning_point():
    thresholds = Thresholds(inaccuracy=3, mistake=15, blunder=40)
    assert [thresholds.label(loss, False) for loss in (0, 2.9, 3, 15, 39, 40)] == [
        "good",
        "good",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
    ]
    assert thresholds.label(100, True) == "best"
    entries = [
        {"seat": 0, "exact": False, "value_before": 50, "value_after": -50},
        {"seat": 0, "exact": True, "value_before": 9990, "value_after": 9980},
        {"seat": 1, "exact": True, "value_before": 9990, "value_after": -9990},
        {"seat": 0, "exact": True, "value_before": 9990, "value_after": -9990, "ply": 7},
    ]
    assert turning_point(entries, 0)["ply"] == 7  # the first proven win thrown away
    assert turning_point(entries[:3], 0) is None


def test_a_game_without_a_review_says_so():
    final = Game.by_name("toy_race").new_game(1)  # tests/toy_games: no review module
    with pytest.raises(ValueError, match="no review"):
        review(final.to_json())


def test_a_review_stops_between_two_decisions_once_told():
    final = next(small_games())
    stop = threading.Event()
    stop.set()  # the game changed in the widget: the review under way is dropped
    with pytest.raises(SearchCancelled):
        review(final.to_json(), seconds=0.1, deadline=Deadline(60, stop))


def test_sorcieres_pulls_are_judged_with_the_roof_models_odds_and_the_judges_own_are_best():
    game = Game.by_name("sorciere")
    players = [
        bots_of(type(game)).bot_for_level(level, seed=seed) for seed, level in enumerate("143")
    ]
    final = play_match(game, players, seed=5)
    entries = review(final.to_json(), seconds=0.1)
    pulls = [ply for ply, action in enumerate(final.history) if str(action).startswith("pull")]
    assert [entry["ply"] for entry in entries] == pulls  # puts and `next` are not judged
    for entry in entries:
        position = final.replayed(entry["ply"])
        slot, dexterity = final.history[entry["ply"]].slot, final.history[entry["ply"]].dexterity
        public_roof = roof_of(position.observation(None))  # what every player sees
        assert entry["collapse_played"] == pytest.approx(public_roof.probability(slot, dexterity))
        assert not entry["exact"] and entry["loss"] >= 0
    judge = [entry for entry in entries if entry["seat"] == 1]  # level 4 is the judge's bot
    assert judge and all(entry["loss"] < 1e-9 for entry in judge)
    random_seat = [entry for entry in entries if entry["seat"] == 0]
    assert any(entry["label"] in ("mistake", "blunder") for entry in random_seat)
