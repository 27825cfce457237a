"""numpy's seeded shuffles, bit for bit, in plain Python: the same decks without numpy.

`estimate` (A Petits Pas) deals its decks from numpy: a `SeedSequence` spawns one child per
chunk, each seeds a `Generator` on `PCG64`, whose `permuted(decks, axis=1)` shuffles each
deck. Where numpy is missing (Python in the browser), this module draws the same numbers,
so that a seed gives the same estimate everywhere. Each step follows numpy's code (numpy
2.x: random/bit_generator.pyx, _pcg64.pyx, _generator.pyx, distributions.c); tests compare
them with numpy on thousands of seeds:

* `SeedSequence`: O'Neill's seed_seq hashing of the entropy words and the spawn key into a
  pool of four 32-bit words, and `generate_state` from that pool;
* `PCG64`: a 128-bit linear congruential state, XSL-RR output (the high and low halves
  xor-ed, rotated by the top six bits), seeded from four 64-bit state words; 32-bit draws
  are the low then the high half of one 64-bit draw;
* `permuted_rows`: `Generator.permuted(x, axis=1)`, a Fisher-Yates shuffle of each row in
  turn from its end, each index drawn by `random_interval`: a 32-bit draw masked to the
  smallest power of two above the bound, drawn again while above it.
"""

from __future__ import annotations

from collections.abc import Sequence

MASK32 = 0xFFFF_FFFF
MASK64 = (1 << 64) - 1
MASK128 = (1 << 128) - 1

POOL_SIZE = 4
INIT_A, MULT_A = 0x43B0D7E5, 0x931E8875
INIT_B, MULT_B = 0x8B51F9DD, 0x58F38DED
MIX_MULT_L, MIX_MULT_R = 0xCA01F9DD, 0x4973F715
XSHIFT = 16

PCG_MULTIPLIER = (2549297995355413924 << 64) + 4865540595714422341
"""PCG's default 128-bit multiplier."""


def words_of(entropy: int) -> list[int]:
    """A non-negative int as 32-bit words, lowest first (0 is one word)."""
    if isinstance(entropy, bool) or not isinstance(entropy, int) or entropy < 0:
        raise ValueError(f"entropy must be a non-negative int, not {entropy!r}")
    words = [entropy & MASK32]
    entropy >>= 32
    while entropy:
        words.append(entropy & MASK32)
        entropy >>= 32
    return words


class SeedSequence:
    """numpy's `SeedSequence(entropy, spawn_key=...)` (pool size 4)."""

    def __init__(self, entropy: int, spawn_key: Sequence[int] = ()):
        self.entropy = entropy
        self.spawn_key = tuple(spawn_key)
        run = words_of(entropy)
        spawn = [word for key in self.spawn_key for word in words_of(key)]
        if spawn and len(run) < POOL_SIZE:  # numpy pads only when there is a spawn key
            run += [0] * (POOL_SIZE - len(run))
        self.pool = _mixed(run + spawn)

    def spawn(self, count: int) -> list[SeedSequence]:
        """The first `count` children, as a fresh numpy SeedSequence spawns them."""
        return [SeedSequence(self.entropy, (*self.spawn_key, i)) for i in range(count)]

    def generate_state(self, n_words: int) -> list[int]:
        """`generate_state(n_words, np.uint32)`."""
        hash_const = INIT_B
        state = []
        for i in range(n_words):
            value = self.pool[i % POOL_SIZE] ^ hash_const
            hash_const = hash_const * MULT_B & MASK32
            value = value * hash_const & MASK32
            state.append(value ^ value >> XSHIFT)
        return state


def _mixed(entropy: list[int]) -> list[int]:
    """SeedSequence.mix_entropy: the entropy words hashed into the pool."""
    hash_const = INIT_A

    def hashmix(value: int) -> int:
        nonlocal hash_const
        value ^= hash_const
        hash_const = hash_const * MULT_A & MASK32
        value = value * hash_const & MASK32
        return value ^ value >> XSHIFT

    def mix(x: int, y: int) -> int:
        result = (MIX_MULT_L * x - MIX_MULT_R * y) & MASK32
        return result ^ result >> XSHIFT

    pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(POOL_SIZE)]
    for source in range(POOL_SIZE):
        for target in range(POOL_SIZE):
            if source != target:
                pool[target] = mix(pool[target], hashmix(pool[source]))
    for word in entropy[POOL_SIZE:]:
        for target in range(POOL_SIZE):
            pool[target] = mix(pool[target], hashmix(word))
    return pool


class PCG64:
    """numpy's `PCG64(seed_sequence)`: `state`, `inc` as in `PCG64.state["state"]`."""

    def __init__(self, seed: SeedSequence):
        words = seed.generate_state(8)  # generate_state(4, np.uint64), little-endian pairs
        lows, highs = words[0::2], words[1::2]
        state, sequence = (
            (highs[i] << 32 | lows[i]) << 64 | highs[i + 1] << 32 | lows[i + 1] for i in (0, 2)
        )
        self.inc = (sequence << 1 | 1) & MASK128
        self.state = (self.inc + state) * PCG_MULTIPLIER + self.inc & MASK128  # pcg64_srandom_r
        self.buffered: int | None = None  # the high half of the last 64-bit draw

    def next_uint64(self) -> int:
        self.state = (self.state * PCG_MULTIPLIER + self.inc) & MASK128
        state = self.state
        value = (state >> 64 ^ state) & MASK64
        rotation = state >> 122
        return (value >> rotation | value << (64 - rotation)) & MASK64

    def next_uint32(self) -> int:
        if self.buffered is not None:
            value, self.buffered = self.buffered, None
            return value
        value = self.next_uint64()
        self.buffered = value >> 32
        return value & MASK32


def permuted_rows(rows: Sequence[Sequence[int]], rng: PCG64) -> list[list[int]]:
    """`np.random.Generator(rng).permuted(rows, axis=1)`: each row shuffled, in order."""
    shuffled = []
    for row in rows:
        row = list(row)
        for i in range(len(row) - 1, 0, -1):  # numpy's i = 0 draws nothing
            mask = (1 << i.bit_length()) - 1
            j = rng.next_uint32() & mask
            while j > i:
                j = rng.next_uint32() & mask
            row[i], row[j] = row[j], row[i]
        shuffled.append(row)
    return shuffled
