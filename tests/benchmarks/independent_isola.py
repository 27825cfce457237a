# An independent opponent for the Sortilèges gauntlet (issue 35's "Done when"), written on
# 2026-12-03 by a separate author who read only docs/rules/sortileges.md and none of this
# project's engines, bots or tests, so that its ideas are not level 5's. Kept as written
# (`ruff format` only): the project's conventions do not apply to it (pyproject.toml's
# per-file ignores). Played through `gauntlet_opponents.independent`. One change since,
# ours (2026-12-04): `max_nodes`, a node budget in place of the clock, so that a game
# against it is a function of its opening and two versions of level 5 compare game by game.
"""Independent Sortilèges / Isola bot.

Style: iterative-deepening alpha-beta (negamax, principal-variation search)
over whole turns (step + spell), with a Tron-style evaluation:

* simultaneous king-distance BFS from both witches (Voronoi territory),
  weighted by distance, plus immediate and two-step mobility;
* partition detection: once the witches' regions are separated the game
  splits into two independent "evasion" races (each witch steps in her own
  region and spells in the other's), scored by region sizes with the side to
  move winning ties; small separated regions are solved exactly by a memoised
  evasion search;
* exact mate-in-one detection at every leaf (can the side to move shut the
  other witch in this very turn?);
* spell pruning: escapes of the opponent first, then two-step squares that
  cover many of her escapes, then a couple of territory squares; inside a
  separated position only the opponent's region is considered.

Board: 6 files x 8 ranks, square index = rank * 6 + file, bitboards are Python
ints over 48 bits.  Pure standard library.
"""

from __future__ import annotations

import gc
import math
import random
import time

FILES = 6
RANKS = 8
N = FILES * RANKS
FULL = (1 << N) - 1

NOT_A = 0
NOT_F = 0
for _r in range(RANKS):
    for _f in range(FILES):
        if _f != 0:
            NOT_A |= 1 << (_r * FILES + _f)
        if _f != FILES - 1:
            NOT_F |= 1 << (_r * FILES + _f)


def sq_index(name: str) -> int:
    name = name.strip().lower()
    return (int(name[1:]) - 1) * FILES + (ord(name[0]) - 97)


def sq_name(i: int) -> str:
    return chr(97 + i % FILES) + str(i // FILES + 1)


NAMES = [sq_name(i) for i in range(N)]
HOUSES = (1 << sq_index("c1")) | (1 << sq_index("d8"))


def spread(b: int) -> int:
    """b together with every square king-adjacent to b."""
    e = b & NOT_F
    w = b & NOT_A
    return (
        b | (b << 6) | (b >> 6) | (e << 1) | (w >> 1) | (e << 7) | (w << 5) | (e >> 5) | (w >> 7)
    ) & FULL


NB = [spread(1 << i) & ~(1 << i) for i in range(N)]
RING2 = [spread(spread(1 << i)) & ~spread(1 << i) for i in range(N)]
DIST = [
    [max(abs(a % FILES - b % FILES), abs(a // FILES - b // FILES)) for b in range(N)]
    for a in range(N)
]


def bits(b: int):
    while b:
        low = b & -b
        yield low.bit_length() - 1
        b ^= low


WIN = 1_000_000
PART = 20_000  # decided (by the race model) separated positions
INF = 10_000_000


class _Timeout(Exception):
    pass


class IndependentBot:
    # evaluation weights
    W_MOB_ME = 12
    W_MOB_OP = 16
    W_TWO = 2
    W_VOR = 6

    def __init__(self, seed: int = 0, seconds: float = 0.5, max_nodes: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.max_nodes = max_nodes
        self.tt: dict = {}
        self.evade_memo: dict = {}
        self.eval_cache: dict = {}
        self.nodes = 0
        self.last_depth = 0
        self.last_score = 0

    # ------------------------------------------------------------------ API
    def choose(self, spelled, me, other):
        start = time.perf_counter()
        budget = max(0.02, self.seconds * 0.75 - 0.03)
        self.deadline = math.inf if self.max_nodes else start + budget
        sp = 0
        for s in spelled:
            sp |= 1 << sq_index(s)
        p = sq_index(me)
        q = sq_index(other)
        self.rng = random.Random((self.seed * 1_000_003) ^ hash((sp, p, q)) & 0xFFFFFFFF)
        if len(self.tt) > 250_000:
            self.tt.clear()
        if len(self.eval_cache) > 250_000:
            self.eval_cache.clear()
        if len(self.evade_memo) > 250_000:
            self.evade_memo.clear()
        gc_was_on = gc.isenabled()
        gc.disable()  # no collector pauses inside the timed search
        try:
            step, spell = self._search_root(sp, p, q)
        finally:
            if gc_was_on:
                gc.enable()
        return NAMES[step], (NAMES[spell] if spell is not None else None)

    # ------------------------------------------------------------ helpers
    @staticmethod
    def _spell_fallback(sp, s, q, p_old):
        """All legal spells after stepping to s (sorted, far from q last)."""
        cand = FULL & ~sp & ~HOUSES & ~(1 << s) & ~(1 << q)
        lst = list(bits(cand))
        lst.sort(key=lambda x: DIST[q][x])
        return lst

    def _region(self, free, start_bit):
        reg = start_bit
        while True:
            nr = spread(reg) & free | reg
            if nr == reg:
                return reg
            reg = nr

    def _spell_candidates(self, sp, p, q, wide):
        """Ordered candidate spells for the side on p (about to step) against q.

        Returns (list, separated_flag).  The candidates are computed before
        the step; the caller skips the square it steps on and may add the
        square it left."""
        bp = 1 << p
        bq = 1 << q
        free = FULL & ~sp & ~bp & ~bq
        # separated?  region of q (through free squares)
        regq = self._region(free, bq)
        if not (spread(regq) & bp):
            # separated: spells only matter inside q's region
            cand = regq & ~bq & ~HOUSES
            nq = NB[q]
            lst = list(bits(cand))
            lst.sort(
                key=lambda x: (
                    -(1 if (nq >> x) & 1 else 0),
                    -(NB[x] & free).bit_count(),
                    DIST[q][x],
                )
            )
            if not wide:
                lst = lst[:10]
            return lst, True
        esc = NB[q] & (free | bp)
        prim = esc & ~HOUSES
        lst1 = list(bits(prim))
        lst1.sort(key=lambda x: -(NB[x] & free).bit_count())
        sec = RING2[q] & free & ~HOUSES
        scored = []
        for x in bits(sec):
            c = (NB[x] & esc).bit_count()
            scored.append((-c, -(NB[x] & free).bit_count(), x))
        scored.sort()
        k = 12 if wide else 5
        lst2 = [x for _, _, x in scored[:k]]
        lst = lst1 + lst2
        if wide:
            # a few distance-3 squares (cuts / territory)
            z2 = spread(spread(bq))
            ring3 = spread(z2) & ~z2 & free & ~HOUSES
            lst += list(bits(ring3))
        # a quiet spell far from both witches (tempo)
        far = free & ~HOUSES & ~spread(spread(bp)) & ~spread(spread(spread(bq)))
        if far:
            # the far square with fewest free neighbours (least valuable)
            best = None
            bv = 99
            for x in bits(far):
                v = (NB[x] & free).bit_count()
                if v < bv:
                    bv = v
                    best = x
            if best not in lst:
                lst.append(best)
        return lst, False

    # ------------------------------------------------------------ evaluation
    def _can_mate_now(self, free, p, q):
        """Side on p to move: can she leave q with no step this turn?"""
        bp = 1 << p
        nq = NB[q]
        escapes = nq & (free | bp)  # after p leaves, her square frees up
        steps = NB[p] & free
        # stepping onto one of q's escapes removes it
        for s in bits(steps):
            e = escapes & ~(1 << s)
            c = e.bit_count()
            if c == 0:
                return True
            if c == 1 and not (e & HOUSES):
                return True
        return False

    def evaluate(self, sp, p, q):
        """Score for the side on p, who is to move (and has a step)."""
        key = (sp, p, q)
        v = self.eval_cache.get(key)
        if v is None:
            v = self._evaluate(sp, p, q)
            self.eval_cache[key] = v
        return v

    def _evaluate(self, sp, p, q):
        bp = 1 << p
        bq = 1 << q
        free = FULL & ~sp & ~bp & ~bq
        if self._can_mate_now(free, p, q):
            return WIN - 1000
        # simultaneous BFS
        fa = bp
        fb = bq
        vis = bp | bq
        va = bp
        vb = bq
        cs = 0
        sa = 0
        sb = 0
        w = 4
        nvis = free & ~vis
        while fa or fb:
            e = fa & NOT_F
            w_ = fa & NOT_A
            na = (
                (fa << 6)
                | (fa >> 6)
                | (e << 1)
                | (w_ >> 1)
                | (e << 7)
                | (w_ << 5)
                | (e >> 5)
                | (w_ >> 7)
            ) & nvis
            e = fb & NOT_F
            w_ = fb & NOT_A
            nb = (
                (fb << 6)
                | (fb >> 6)
                | (e << 1)
                | (w_ >> 1)
                | (e << 7)
                | (w_ << 5)
                | (e >> 5)
                | (w_ >> 7)
            ) & nvis
            both = na & nb
            if both:
                na &= ~both
                nb &= ~both
                cs |= both
            nvis &= ~(na | nb | both)
            va |= na
            vb |= nb
            ca = na.bit_count()
            cb = nb.bit_count()
            sa += ca * w
            sb += cb * w
            if w > 2:
                w -= 1
            fa = na
            fb = nb
        if not (spread(va) & (vb | cs)):
            return self._separated_score(sp, free, p, q, va, vb)
        mp = (NB[p] & free).bit_count()
        mq = (NB[q] & free).bit_count()
        two_p = (spread(NB[p] & free) & free).bit_count()
        two_q = (spread(NB[q] & free) & free).bit_count()
        score = (
            self.W_MOB_ME * mp
            - self.W_MOB_OP * mq
            + self.W_TWO * (two_p - two_q)
            + self.W_VOR * (sa - sb) // 4
        )
        if mq <= 1:
            score += 40 if mq == 1 else 120
        if mp <= 1:
            score -= 30
        return score

    # ---- separated positions: exact evasion search for small regions
    def _evade(self, reg, pos, attacker_first):
        """Turns a witch on pos can still step in region reg (free squares
        besides pos), when after each step the attacker spells one square of
        the region.  attacker_first: the attacker spells before her first
        step.  Exact (memoised), for small regions."""
        key = (reg, pos, attacker_first)
        v = self.evade_memo.get(key)
        if v is not None:
            return v
        if attacker_first:
            targets = reg & ~HOUSES
            if not targets:
                v = self._evade(reg, pos, False)
            else:
                v = INF
                for x in bits(targets):
                    r = self._evade(reg & ~(1 << x), pos, False)
                    if r < v:
                        v = r
                        if v == 0:
                            break
        else:
            steps = NB[pos] & reg
            v = 0
            for s in bits(steps):
                nreg = (reg & ~(1 << s)) | (1 << pos)
                r = 1 + self._evade(nreg, s, True)
                if r > v:
                    v = r
        self.evade_memo[key] = v
        return v

    def _lifetime_estimate(self, reg, pos, attacker_first):
        n = reg.bit_count()
        if n <= 7:
            return self._evade(reg, pos, attacker_first)
        # large region: roughly one step per square, dead ends count less
        dead = 0
        for x in bits(reg):
            if (NB[x] & (reg | (1 << pos))).bit_count() <= 1:
                dead += 1
        est = n - dead // 2
        return est - 1 if attacker_first else est

    def _separated_score(self, sp, free, p, q, va, vb):
        bp = 1 << p
        bq = 1 << q
        ra = va & ~bp
        rb = vb & ~bq
        fp = self._lifetime_estimate(ra, p, False)
        gq = self._lifetime_estimate(rb, q, True)
        d = fp - gq
        if d > 0:
            return PART + 50 * d
        return -PART + 50 * (d - 1)

    # ------------------------------------------------------------ search
    def _negamax(self, sp, p, q, depth, alpha, beta, ply):
        self.nodes += 1
        if (self.nodes & 127) == 0 and (
            time.perf_counter() > self.deadline or (self.max_nodes and self.nodes > self.max_nodes)
        ):
            raise _Timeout
        bp = 1 << p
        bq = 1 << q
        free = FULL & ~sp & ~bp & ~bq
        steps = NB[p] & free
        if not steps:
            return -WIN + ply
        if depth <= 0:
            return self.evaluate(sp, p, q)
        key = (sp, p, q)
        ent = self.tt.get(key)
        tt_move = None
        if ent is not None:
            edepth, eval_, flag, tt_move = ent
            if edepth >= depth:
                if flag == 0:
                    return eval_
                if flag == 1 and eval_ >= beta:
                    return eval_
                if flag == 2 and eval_ <= alpha:
                    return eval_
        # immediate mate
        if self._can_mate_now(free, p, q):
            return WIN - ply - 1

        cands, separated = self._spell_candidates(sp, p, q, False)
        moves = self._order_moves(sp, free, p, q, steps, cands, separated, tt_move, ply)
        alpha0 = alpha
        best = -INF
        best_move = None
        first = True
        for s, x in moves:
            nsp = sp if x is None else sp | (1 << x)
            if first:
                v = -self._negamax(nsp, q, s, depth - 1, -beta, -alpha, ply + 1)
                first = False
            else:
                v = -self._negamax(nsp, q, s, depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < v < beta:
                    v = -self._negamax(nsp, q, s, depth - 1, -beta, -v, ply + 1)
            if v > best:
                best = v
                best_move = (s, x)
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        km = self.killers.get(ply)
                        if km is None or km[0] != (s, x):
                            self.killers[ply] = [(s, x), km[0] if km else None]
                        break
        flag = 0
        if best <= alpha0:
            flag = 2
        elif best >= beta:
            flag = 1
        self.tt[key] = (depth, best, flag, best_move)
        return best

    def _order_moves(self, sp, free, p, q, steps, cands, separated, tt_move, ply):
        bq = 1 << q
        bp = 1 << p
        nq = NB[q]
        step_list = []
        for s in bits(steps):
            fs = (free | bp) & ~(1 << s)
            mob = (NB[s] & fs).bit_count()
            # stepping next to q removes one of her escapes
            adj = 1 if (nq >> s) & 1 else 0
            step_list.append((-(mob * 2 + adj * 3), s))
        step_list.sort()
        step_order = [s for _, s in step_list]
        extra_old = (not (bp & HOUSES)) and bool(nq & bp) and not separated
        moves = []
        seen = set()
        if tt_move is not None:
            moves.append(tt_move)
            seen.add(tt_move)
        km = self.killers.get(ply)
        if km:
            for m in km:
                if m is not None and m not in seen and m[0] in step_order:
                    x = m[1]
                    if x is not None and (
                        not (sp >> x) & 1 and x != m[0] and x != q and not (HOUSES >> x) & 1
                    ):
                        moves.append(m)
                        seen.add(m)
        for s in step_order:
            row = []
            if extra_old:
                row.append(p)
            for x in cands:
                if x != s:
                    row.append(x)
            if not row:
                # nothing from the candidate list: take any legal spell
                legal = FULL & ~sp & ~HOUSES & ~(1 << s) & ~bq
                if legal:
                    row = self._spell_fallback(sp, s, q, p)[:3]
                else:
                    row = [None]
            for x in row:
                m = (s, x)
                if m not in seen:
                    moves.append(m)
        # interleave: first spells for every step, then the rest
        return moves

    def _root_moves(self, sp, p, q):
        bp = 1 << p
        bq = 1 << q
        free = FULL & ~sp & ~bp & ~bq
        steps = NB[p] & free
        cands, separated = self._spell_candidates(sp, p, q, True)
        nq = NB[q]
        moves = []
        for s in bits(steps):
            row = []
            if not (bp & HOUSES) and (nq & bp):
                row.append(p)
            for x in cands:
                if x != s and x not in row:
                    row.append(x)
            if not row:
                legal = FULL & ~sp & ~HOUSES & ~(1 << s) & ~bq
                if legal:
                    row = self._spell_fallback(sp, s, q, p)
                else:
                    row = [None]
            for x in row:
                moves.append((s, x))
        return moves

    def _search_root(self, sp, p, q):
        self.nodes = 0
        self.killers = {}
        bp = 1 << p
        bq = 1 << q
        free = FULL & ~sp & ~bp & ~bq
        steps = NB[p] & free
        if not steps:
            # lost already; return something (cannot be legal)
            raise ValueError("no legal step")
        moves = self._root_moves(sp, p, q)
        # static ordering: evaluate each child at depth 0
        scored = []
        for m in moves:
            s, x = m
            nsp = sp if x is None else sp | (1 << x)
            nfree = FULL & ~nsp & ~(1 << s) & ~bq
            if not (NB[q] & nfree):
                return m  # immediate win
            v = -self.evaluate(nsp, q, s)
            scored.append((v, self.rng.random(), m))
        scored.sort(key=lambda t: (-t[0], t[1]))
        order = [m for _, _, m in scored]
        best_move = order[0]
        best_score = scored[0][0]
        self.last_depth = 0
        depth = 1
        max_depth = 40
        try:
            while depth <= max_depth:
                alpha = -INF
                beta = INF
                iter_best = None
                iter_score = -INF
                results = []
                for i, m in enumerate(order):
                    s, x = m
                    nsp = sp if x is None else sp | (1 << x)
                    if i == 0:
                        v = -self._negamax(nsp, q, s, depth - 1, -beta, -alpha, 1)
                    else:
                        v = -self._negamax(nsp, q, s, depth - 1, -alpha - 1, -alpha, 1)
                        if v > alpha:
                            v = -self._negamax(nsp, q, s, depth - 1, -beta, -v, 1)
                    results.append((v, i, m))
                    if v > iter_score:
                        iter_score = v
                        iter_best = m
                        if v > alpha:
                            alpha = v
                        # partial iterations still give a valid improvement
                        best_move = iter_best
                        best_score = iter_score
                # reorder: best first, others by their (bound) scores
                results.sort(key=lambda t: (-t[0], t[1]))
                order = [m for _, _, m in results]
                best_move = iter_best
                best_score = iter_score
                self.last_depth = depth
                if best_score >= WIN - 1000:
                    break
                depth += 1
        except _Timeout:
            pass
        self.last_score = best_score
        return best_move
