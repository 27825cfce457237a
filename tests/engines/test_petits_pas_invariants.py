"""Invariants on random deals under every reading, checked after every step, and the events'
promise: replayed on the row the player saw, they give the row the player sees next."""

import pytest

from ludotheque.engines.petits_pas import PetitsPas, single_switches
from ludotheque.engines.petits_pas.cards import DECK, parse_card

READINGS = list(single_switches())


def replay(places: list[list[str]], events: list[dict]) -> list[list[str]]:
    """Carry out `events` on a row of piles as a UI would, checking what each one claims."""
    places = [list(pile) for pile in places]
    for event in events:
        kind = event["kind"]
        if "from" in event:
            start = event["from"]
            assert places[start][-1] == event["card"]
            if "meets" in event:  # the scan stopped there
                end = next(p for p, pile in enumerate(places) if pile[-1:] == [event["meets"]])
            else:  # it scanned the whole row, or did not scan at all
                end = -1 if event["over"] else start - 1
            assert event["over"] == [places[p][-1] for p in range(start - 1, end, -1)]
        if kind == "take":
            for place, pile in [(start, event["pile"])] + [
                (t["place"], t["pile"]) for t in event["taken"]
            ]:
                assert places[place] == pile
                places[place] = []
        elif kind == "exit":
            assert places[start] == event["pile"]
            places[start] = []
        elif kind == "cover":
            assert places[event["to"]][-1] == event["meets"]
            places[event["to"]] += places[start]
            places[start] = []
        elif kind == "far-left":
            places.insert(0, places[start])
            places[start + 1] = []
        elif kind in ("deal", "refill"):
            for deal in event.get("deals", [event]):
                if deal["to"] == len(places):
                    places.append([])
                assert places[deal["to"]] == []
                places[deal["to"]] = [deal["card"]]
        elif kind == "close":
            assert all(places[p] == [] for p in event["places"])
            places = [pile for p, pile in enumerate(places) if p not in event["places"]]
    return places


def shown(places) -> list[list[str]]:
    return [[str(card) for card in pile] for pile in places]


@pytest.mark.parametrize("reading", READINGS, ids=str)
def test_random_deals_keep_every_invariant(reading):
    game = PetitsPas(**reading.changes())
    for seed in range(80):
        state = game.new_game(seed=seed)
        table = state.table
        while True:
            piles = table.places
            cards = [card for pile in piles for card in pile] + table.stock + table.out
            assert sorted(cards) == sorted(DECK), "every card in exactly one place"
            assert all(piles), "no empty place between steps"
            assert len(piles) >= 4 or not table.stock
            for pile in piles:
                assert len({card.suit for card in pile}) == 1
                values = [reading.value(card) for card in pile]
                assert values == sorted(values, reverse=True), "covers go lower"
                assert set(pile[1:]) <= table.jumped, "a covering card has jumped"
            assert table.jumped <= set(cards) - set(table.out) - set(table.stock)
            if state.is_terminal():
                break
            before = shown(piles)
            state.apply("step")
            assert replay(before, state.events[-1]) == shown(table.places)
        assert state.ply <= 300
        assert (table.result == "won") == (table.cards_left() == 0)
        last = state.events[-1][-1] if state.events else {"kind": table.result}
        assert last["kind"] == table.result


def test_cards_in_events_are_real_cards():
    state = PetitsPas().new_game(seed=2)
    while not state.is_terminal():
        state.apply("step")
    for events in state.events:
        for event in events:
            if "card" in event:
                parse_card(event["card"])
