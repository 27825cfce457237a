"""The referee's long fuzz: hostile intents and trait writes against every game widget
(tests/widgets/referee_fuzz.py), with counts printed. Zero leaks, zero escaped exceptions,
zero corrupt states and zero silent refusals are the target.

    .venv/bin/python tests/benchmarks/bench_referee_fuzz.py [--steps 1500] [--seed 1]
"""

import argparse
import pathlib
import sys
import time

from tqdm import tqdm

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "widgets"))
from referee_fuzz import GAMES, Counts, run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1500, help="attacks per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    total, start = Counts(), time.monotonic()
    for game in tqdm(sorted(GAMES), desc="games", file=sys.stderr):
        counts = Counts()
        for part in range(args.steps // 500 or 1):  # a fresh widget every 500 attacks
            run(game, min(500, args.steps), args.seed * 1000 + part, counts)
        print(
            f"{game:11} steps {counts.steps:6} intents {counts.intents:6} writes "
            f"{counts.writes:5} refusals {counts.refusals:6} moves {counts.moves:5} "
            f"games over {counts.games_over:4} peak extra threads {counts.peak_threads}"
        )
        for name in ("steps", "intents", "writes", "refusals", "moves", "games_over"):
            setattr(total, name, getattr(total, name) + getattr(counts, name))
        for name in ("leaks", "escaped", "corrupt", "silent"):
            getattr(total, name).extend(getattr(counts, name))
        total.peak_threads = max(total.peak_threads, counts.peak_threads)
    print(
        f"total: {total.steps} steps ({total.intents} intents, {total.writes} trait writes) "
        f"in {time.monotonic() - start:.0f} s; leaks {len(total.leaks)}, escaped "
        f"{len(total.escaped)}, corrupt {len(total.corrupt)}, silent {len(total.silent)}, "
        f"peak extra threads {total.peak_threads}"
    )
    for failure in total.failures()[:20]:
        print("  ", failure)
    return 1 if total.failures() else 0


if __name__ == "__main__":
    sys.exit(main())
