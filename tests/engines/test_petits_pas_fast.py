"""The numba simulator agrees with the readable reference deal by deal, under every reading.

The reference is the slow side (a few thousand deals a second), so it runs on both cores;
the benchmark script checks more deals.
"""

import zlib
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from ludotheque.engines.petits_pas import Reading, play_out, single_switches
from ludotheque.engines.petits_pas.cards import DECK
from ludotheque.engines.petits_pas.fast import cards_left, deal_decks

DEALS = 10_000


def reference(decks: np.ndarray, switches: dict) -> list[int]:
    return [play_out([DECK[i] for i in deck], **switches) for deck in decks]


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(2) as executor:
        yield executor


@pytest.mark.parametrize("reading", list(single_switches()), ids=str)
def test_fast_agrees_with_the_reference_deal_by_deal(reading, pool):
    decks = deal_decks(DEALS, np.random.default_rng(zlib.crc32(str(reading).encode())))
    fast = cards_left(decks, reading)
    parts = [pool.submit(reference, part, reading.changes()) for part in np.array_split(decks, 4)]
    slow = np.concatenate([part.result() for part in parts])
    differ = np.flatnonzero(fast != slow)
    assert not differ.size, (
        f"{differ.size} deals differ, first: {' '.join(str(DECK[i]) for i in decks[differ[0]])}"
    )


def test_decks_are_shuffled_whole_decks():
    decks = deal_decks(1000, np.random.default_rng(1))
    assert decks.shape == (1000, 52) and decks.dtype == np.uint8
    assert (np.sort(decks, axis=1) == np.arange(52)).all()
    assert len({deck.tobytes() for deck in decks}) == 1000


def test_cards_left_takes_a_reading_as_dict_and_rejects_bad_decks():
    decks = deal_decks(50, np.random.default_rng(3))
    lower = cards_left(decks, {"take": "lower"})
    assert (lower == cards_left(decks, Reading(take="lower"))).all()
    assert (cards_left(decks.astype(np.int64)) == cards_left(decks)).all()
    assert lower.tolist() == reference(decks, {"take": "lower"})
    with pytest.raises(ValueError, match="rows of 52 card indexes"):
        cards_left(decks[:, :51])
    with pytest.raises(ValueError, match="rows of 52 card indexes"):
        cards_left(decks + 1)
    with pytest.raises(ValueError, match="0-51"):
        cards_left(decks.astype(int) - 1)
    with pytest.raises(ValueError, match="not a reading"):
        cards_left(decks, {"take": "all"})
