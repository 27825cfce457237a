"""Solve Sortilèges (Isola with protected houses) on small boards; print and store the table.

For each board (Isola's houses: the first witch on rank 1 at file (files-1)//2, the second
on the point-symmetric square; the first witch moves first): who wins with perfect play,
every best first turn, plies to the end under optimal play, positions searched, time,
table memory and peak memory. Results are merged into a JSON file (default
notebooks/data/sortileges_solved.json, read by notebooks/sortileges_strategie.ipynb).

    .venv/bin/python tests/benchmarks/solve_sortileges.py                 # 3×3 … 4×5, all values
    .venv/bin/python tests/benchmarks/solve_sortileges.py --boards 5x5 --no-plies \
        --one-first-turn --threads 2 --table-bits 29     # winner and one winning first turn

A board whose search passes `--node-limit` nodes is stored as unfinished ("unknown").
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import time

from ludotheque.engines.sortileges.solver import solve, to_dict

DEFAULT_BOARDS = ["3x3", "3x4", "4x3", "4x4", "4x5"]
OUT = os.path.join(
    os.path.dirname(__file__), "..", "..", "notebooks", "data", "sortileges_solved.json"
)


def merge(path: str, row: dict) -> None:
    data = {"boards": []}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as stream:
            data = json.load(stream)
    boards = [b for b in data["boards"] if b["board"] != row["board"]] + [row]
    order = lambda b: tuple(int(n) for n in b["board"].split("x"))  # noqa: E731
    data["boards"] = sorted(boards, key=lambda b: (order(b)[0] * order(b)[1], order(b)))
    data["command"] = "python tests/benchmarks/solve_sortileges.py [--boards ...]"
    with open(path, "w", encoding="utf-8") as stream:
        json.dump(data, stream, indent=1, ensure_ascii=False)
        stream.write("\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="*", default=DEFAULT_BOARDS)
    parser.add_argument("--table-bits", type=int, default=24, help="2**bits table entries")
    parser.add_argument("--node-limit", type=int, default=0, help="per thread; 0: none")
    parser.add_argument("--no-plies", action="store_true", help="winner only (cheaper)")
    parser.add_argument(
        "--one-first-turn",
        action="store_true",
        help="one winning first turn (the proof's) instead of all (cheaper)",
    )
    parser.add_argument(
        "--threads", type=int, default=1, help="threads sharing the table (with --one-first-turn)"
    )
    parser.add_argument("--out", default=OUT)
    arguments = parser.parse_args()
    print(
        "| board | houses | winner | plies | best first turns | winning / all first turns "
        "| positions | time | table | peak memory |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in arguments.boards:
        files, ranks = map(int, name.split("x"))
        started = time.perf_counter()
        solution = solve(
            files,
            ranks,
            table_bits=arguments.table_bits,
            exact_plies=not arguments.no_plies,
            node_limit=arguments.node_limit,
            first_turn_values=not arguments.one_first_turn,
            threads=arguments.threads,
            progress=True,
        )
        row = to_dict(solution)
        row["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
        row["machine"] = (
            f"{platform.processor() or platform.machine()}, shared, {arguments.threads} thread(s)"
        )
        row["wall_seconds"] = round(time.perf_counter() - started, 1)
        best = ", ".join(solution.best_first_turns[:6])
        if len(solution.best_first_turns) > 6:
            best += f", … ({len(solution.best_first_turns)})"
        print(
            f"| {solution.board} | {'/'.join(solution.houses)} | {solution.winner} | "
            f"{solution.plies} | {best} | {solution.winning_first_turns} / "
            f"{solution.first_turns} | {solution.positions:,} | {solution.seconds:.1f} s | "
            f"{solution.table_mb} MB | {row['peak_rss_mb']} MB |",
            flush=True,
        )
        merge(arguments.out, row)


if __name__ == "__main__":
    main()
