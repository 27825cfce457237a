"""The search toolkit (`toolkit.py`) as kernels (`..compiled`), for the searches over raw
bitboards (`fast.py`, `solver.py`): compiled by numba when it is installed (importing this
module then loads it), plain Python when not.

The arithmetic of bounds, win scores, keys, packed turns and candidate spells is the
toolkit's own code, compiled as it is. Three blocks are written again for int64s and arrays,
each tested against the readable version it mirrors (test_sortileges_toolkit.py):
`popcount` (`int.bit_count`), `dilate` (`evaluation.Geometry.dilate`), `steps_by_room`
(`toolkit.by_room`, which orders a witch's steps and, in levels 4 and 5, a step's spells).

numba's disk cache does not notice a change in a function called from another file: after
editing this module or `toolkit.py`, delete `__pycache__/*.nbi` and `*.nbc` here.
"""

from ..compiled import kernel
from . import toolkit

settled = kernel(cache=True)(toolkit.settled)
bound_of = kernel(cache=True)(toolkit.bound_of)
relative_to_node = kernel(cache=True)(toolkit.relative_to_node)
relative_to_root = kernel(cache=True)(toolkit.relative_to_root)
search_score = kernel(cache=True)(toolkit.search_score)
from_child = kernel(cache=True)(toolkit.from_child)
child_window = kernel(cache=True)(toolkit.child_window)
position_key = kernel(cache=True)(toolkit.position_key)
pack_turn = kernel(cache=True)(toolkit.pack_turn)
unpack_turn = kernel(cache=True)(toolkit.unpack_turn)
candidate_spells = kernel(cache=True)(toolkit.candidate_spells)
waiting_spell = kernel(cache=True)(toolkit.waiting_spell)
search_again = kernel(cache=True)(toolkit.search_again)


@kernel(cache=True)
def popcount(x):
    """`int.bit_count` of an int64 (SWAR: bits summed in pairs, nibbles, bytes); the same
    count for a Python int of 64 bits at most."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0xFF


@kernel(cache=True)
def dilate(mask, geo):
    """`mask` and every square a king step away (geo: files, not_first, not_last, full)."""
    row = mask | ((mask << 1) & geo[1]) | ((mask >> 1) & geo[2])
    return (row | (row << geo[0]) | (row >> geo[0])) & geo[3]


@kernel(cache=True)
def steps_by_room(steps, spelled, other, neighbours, size, order, start):
    """Write the squares of the mask `steps` (a witch's steps, or a step's spells) into
    `order` from index `start`, those with the most free neighbours first (the most room to
    go on), ties in the squares' order; returns the index after the last one. (A square's
    room is counted again where the sort compares it: cheaper than a scratch array, and no
    array to make in plain Python.)"""
    blocked = spelled | (1 << other)
    n = start
    for t in range(size):
        if steps >> t & 1:
            r = popcount(neighbours[t] & ~blocked)
            i = n
            while i > start and popcount(neighbours[order[i - 1]] & ~blocked) < r:
                order[i] = order[i - 1]
                i -= 1
            order[i] = t
            n += 1
    return n
