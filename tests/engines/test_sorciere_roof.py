"""The roof model (engines/sorciere/roof.py): geometry, support, risk, dexterity bounds."""

import math

import pytest

from ludotheque.engines.sorciere import (
    DEFAULT_DEXTERITY,
    LAYING_ORDER,
    SLOTS,
    Roof,
    Sorciere,
    collapse_probability,
    hand,
    roof_of,
)
from ludotheque.engines.sorciere import roof as model


def test_36_slots_on_walls_and_cards():
    assert len(SLOTS) == 36 and sorted(LAYING_ORDER) == list(range(36))
    rings = [slot.ring for slot in SLOTS]
    assert (rings.count(0), rings.count(1), rings.count(2)) == (20, 12, 4)
    assert [len(SLOTS[i].walls) for i in (0, 5, 30, 35)] == [2, 2, 2, 2]
    assert all(
        len(slot.walls) == (slot.ring == 0) + (slot.index in (0, 5, 30, 35)) for slot in SLOTS
    )
    assert len(model.WALL_PANELS) == 10  # ten gingerbread cards


def test_cards_overlap_their_neighbours_and_the_later_rests_on_the_earlier():
    roof = Roof()
    assert sorted(model.NEIGHBOURS[14]) == [7, 8, 9, 13, 15, 19, 20, 21]
    first_corner = LAYING_ORDER[0]
    assert roof.below(first_corner) == []  # a corner rests on its two walls only
    assert roof.support(first_corner) == 2 * model.WALL_WEIGHT
    middle = LAYING_ORDER[-1]
    assert roof.above(middle) == [] and len(roof.below(middle)) == 8


def test_every_card_of_a_fresh_roof_rests_on_something():
    roof = Roof()
    assert all(roof.support(i) >= 1 for i in range(36))


def test_a_card_left_resting_on_nothing_makes_the_collapse_certain():
    roof = Roof([None] * 36)
    roof.z[14] = 0
    roof.z[15] = 1  # 15 rests on 14 alone (no wall)
    assert roof.support(15) == 1
    assert roof.probability(14, 1.0) == 1.0 and math.isinf(roof.hazard(14))
    assert roof.probability(15, 0.5) < 1.0


def test_risk_grows_with_the_cards_resting_on_the_pulled_one():
    roof = Roof()
    top = LAYING_ORDER[-1]
    carrier = max(range(36), key=lambda i: len(roof.above(i)))
    assert roof.probability(carrier) > roof.probability(top)


def test_the_hazard_is_the_documented_formula():
    roof = Roof()
    for index in (0, 7, 14, 21):
        t = roof.terms(index)
        h = (
            model.BASE
            + model.LOST * t["lost"]
            + model.LOAD * t["load"]
            + model.WEAK * t["weak"]
            + model.SPAN * t["span"]
        )
        assert roof.hazard(index) == pytest.approx(h)
        assert roof.probability(index, 0.3) == pytest.approx(1 - math.exp(-hand(0.3) * h))


def test_dexterity_scales_the_risk_within_the_documented_bounds():
    assert hand(1.0) == model.HAND_STEADY and hand(0.0) == model.HAND_SHAKY
    assert hand(DEFAULT_DEXTERITY) == pytest.approx(1.0)
    roof = Roof()
    for index in range(36):
        steady, default, shaky = (roof.probability(index, d) for d in (1.0, 0.5, 0.0))
        assert steady < default < shaky
        h = roof.hazard(index)
        assert 1 - math.exp(-0.25 * h) == pytest.approx(steady)
        assert 1 - math.exp(-1.75 * h) == pytest.approx(shaky)


def test_risk_depends_on_public_structure_only_never_on_faces():
    one = Sorciere().new_game(1, first=0)
    two = Sorciere().new_game(2, first=0)
    assert one.slot_card != two.slot_card
    assert [collapse_probability(one, i) for i in range(36)] == [
        collapse_probability(two, i) for i in range(36)
    ]
    assert roof_of(one.observation(1)).risk_map() == one.roof.risk_map()


def test_a_card_put_back_goes_on_top_and_carries_nothing():
    roof = Roof()
    roof.remove(14)
    roof.put(14)
    assert roof.above(14) == [] and len(roof.below(14)) == 8
    assert roof.z[14] == 36


def test_tuned_defaults_careless_play_collapses_fast_careful_play_goes_far():
    from ludotheque.engines.sorciere import CarefulBot, RandomSorciereBot, round_lengths

    careless = round_lengths(RandomSorciereBot, 0.2, rounds=150, seed=1)
    careful = round_lengths(CarefulBot, 0.8, rounds=150, seed=1)

    def mean(records):
        return sum(r["pulls"] for r in records) / len(records)

    assert mean(careless) < 8 < 20 < mean(careful)
    assert any(r["end"] == "cleared" for r in careful)
