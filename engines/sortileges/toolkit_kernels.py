"""The search toolkit (`toolkit.py`) compiled by numba, for the compiled searches (`fast.py`,
`solver.py`); importing this module loads numba.

The arithmetic of bounds, win scores, keys, packed turns and candidate spells is the
toolkit's own code, compiled as it is. Three blocks are written again for int64s and arrays,
each tested against the readable version it mirrors (test_sortileges_toolkit.py):
`popcount` (`int.bit_count`), `dilate` (`evaluation.Geometry.dilate`), `steps_by_room`
(`toolkit.steps_by_room`).

numba's disk cache does not notice a change in a function called from another file: after
editing this module or `toolkit.py`, delete `__pycache__/*.nbi` and `*.nbc` here.
"""

import numpy as np
from numba import njit

from . import toolkit

settled = njit(cache=True)(toolkit.settled)
bound_of = njit(cache=True)(toolkit.bound_of)
relative_to_node = njit(cache=True)(toolkit.relative_to_node)
relative_to_root = njit(cache=True)(toolkit.relative_to_root)
search_score = njit(cache=True)(toolkit.search_score)
from_child = njit(cache=True)(toolkit.from_child)
child_window = njit(cache=True)(toolkit.child_window)
position_key = njit(cache=True)(toolkit.position_key)
pack_turn = njit(cache=True)(toolkit.pack_turn)
unpack_turn = njit(cache=True)(toolkit.unpack_turn)
candidate_spells = njit(cache=True)(toolkit.candidate_spells)


@njit(cache=True)
def popcount(x):
    """`int.bit_count` of an int64 (SWAR: bits summed in pairs, nibbles, bytes)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0xFF


@njit(cache=True)
def dilate(mask, geo):
    """`mask` and every square a king step away (geo: files, not_first, not_last, full)."""
    row = mask | ((mask << 1) & geo[1]) | ((mask >> 1) & geo[2])
    return (row | (row << geo[0]) | (row >> geo[0])) & geo[3]


@njit(cache=True)
def steps_by_room(steps, spelled, other, neighbours, size, order, start):
    """Write the step squares into `order` from index `start`, those with the most free
    neighbours first (the most room to go on), ties in the squares' order; returns the index
    after the last one."""
    room = np.empty(order.shape[0], np.int64)
    n = start
    for t in range(size):
        if steps >> t & 1:
            r = popcount(neighbours[t] & ~(spelled | (1 << other)))
            i = n
            while i > start and room[i - 1] < r:
                order[i] = order[i - 1]
                room[i] = room[i - 1]
                i -= 1
            order[i] = t
            room[i] = r
            n += 1
    return n
