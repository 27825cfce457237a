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

    .venv/bin/python tests/benchmarks/solve_sortileges.py --boards 5x5 --first-turn-table \
        --table-bits 28 [--signs-only] [--depth 2] [--workers N]

values every first turn (`proof.first_turn_table`: each first turn, or with `--depth 2`
each reply, a piece on a process pool of `--workers`, 0: this process) and adds the table
to the board's row (field "first_turn_table", or "first_turn_signs" with `--signs-only`),
leaving its other fields as they are. Finished pieces go to a journal (`--journal`, default
tests/benchmarks/journals/sortileges_<board>.jsonl): a stopped run resumes where it left off.
`--first-turns c1-c2/c5 …` values only those first turns (on 5×5 every winning first turn
spells the square before the other witch's house): on a board too big to value them all,
proving one of them by its replies (`--depth 2 --signs-only`) settles the winner.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from ludotheque.engines.sortileges.proof import first_turn_table
from ludotheque.engines.sortileges.solver import solve, to_dict

DEFAULT_BOARDS = ["3x3", "3x4", "4x3", "4x4", "4x5"]
OUT = os.path.join(
    os.path.dirname(__file__), "..", "..", "notebooks", "data", "sortileges_solved.json"
)


JOURNALS = os.path.join(os.path.dirname(__file__), "journals")


def merge(path: str, row: dict, keep: bool = False) -> None:
    """Put the board's row in the file; with `keep`, add its fields to the stored row."""
    data = {"boards": []}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as stream:
            data = json.load(stream)
    stored = [b for b in data["boards"] if b["board"] == row["board"]]
    if keep and stored:
        row = {**stored[0], **row}
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
    parser.add_argument(
        "--node-limit",
        type=int,
        default=0,
        help="per thread (per piece with --first-turn-table); 0: none",
    )
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
    parser.add_argument(
        "--first-turn-table", action="store_true", help="value every first turn, resumable"
    )
    parser.add_argument("--signs-only", action="store_true", help="first turns: win or loss")
    parser.add_argument("--depth", type=int, default=1, help="1: first turns, 2: replies")
    parser.add_argument("--workers", type=int, default=0, help="processes; 0: this one")
    parser.add_argument("--journal", help="finished pieces (JSON lines)")
    parser.add_argument(
        "--first-turns",
        nargs="+",
        metavar="TURN",
        help="with --first-turn-table: value only these first turns (as c1-c2/c5)",
    )
    arguments = parser.parse_args()
    if arguments.first_turn_table:
        for name in arguments.boards:
            try:
                table_of_first_turns(name, arguments)
            except ValueError as error:  # a first turn misnamed: said, not a traceback
                parser.error(str(error))
        return
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


def table_of_first_turns(name: str, arguments: argparse.Namespace) -> None:
    """Every first turn of board `name` valued, printed and added to its row."""
    files, ranks = map(int, name.split("x"))
    journal = arguments.journal or os.path.join(JOURNALS, f"sortileges_{name}.jsonl")
    os.makedirs(os.path.dirname(os.path.abspath(journal)), exist_ok=True)
    pool = ProcessPoolExecutor(arguments.workers) if arguments.workers else None
    try:
        table = first_turn_table(
            files,
            ranks,
            pool,
            exact=not arguments.signs_only,
            depth=arguments.depth,
            table_bits=arguments.table_bits,
            node_limit=arguments.node_limit,
            journal=journal,
            in_flight=max(1, arguments.workers),
            progress=True,
            first_turns=arguments.first_turns,
        )
    finally:
        if pool is not None:
            pool.shutdown()
    summary = table.to_dict()
    here = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    summary["peak_rss_mb"] = round(max(summary["peak_rss_mb"], here), 1)
    summary["table_bits"] = arguments.table_bits
    summary["depth"] = arguments.depth
    if arguments.first_turns:
        summary["first_turns_asked"] = arguments.first_turns
    summary["machine"] = (
        f"{platform.processor() or platform.machine()}, shared, "
        f"{arguments.workers or 'this'} process(es)"
    )
    summary["journal"] = os.path.relpath(journal, os.path.join(os.path.dirname(OUT), "..", ".."))
    if not table.complete:
        summary["notes"] = [projection(summary)]
        print(summary["notes"][0])
    fastest = summary["fastest_win"]
    print(
        f"{name}: {summary['winning_among_valued']} winning of {summary['first_turns_valued']} "
        f"first turns valued of {summary['first_turns']}, fastest win {fastest['plies']} plies "
        f"({', '.join(fastest['turns'])}); {summary['pieces_computed']} pieces searched, "
        f"{summary['pieces_from_journal']} from the journal, of {summary['pieces']}; "
        f"{summary['positions']:,} positions, {summary['seconds']:.1f} s this run, "
        f"peak {summary['peak_rss_mb']} MB",
        flush=True,
    )
    field = "first_turn_signs" if arguments.signs_only else "first_turn_table"
    merge(arguments.out, {"board": name, field: summary}, keep=True)


def projection(summary: dict) -> str:
    """How far an unfinished table went, and what the rest would take at the pieces' mean."""
    done = summary["pieces_computed"] + summary["pieces_from_journal"]
    left = summary["pieces"] - done
    if not left:  # every piece of the first turns asked (--first-turns) is valued
        return (
            f"only the first turns asked: {summary['first_turns_valued']} of "
            f"{summary['first_turns']} valued, {summary['winning_among_valued']} winning"
        )
    if not done:  # every piece searched was stopped: its cost is only a floor
        return (
            f"unfinished: none of {summary['pieces']} pieces valued; "
            f"{summary['pieces_unfinished']} stopped at the node limit after "
            f"{summary['positions']:,} positions and {summary['piece_seconds'] / 3600:.1f} h "
            f"without an answer (a piece needs more); the journal {summary['journal']} keeps "
            f"finished pieces only"
        )
    mean = summary["piece_seconds"] / done  # stopped pieces: their time counts too
    return (
        f"unfinished: {done} of {summary['pieces']} pieces valued "
        f"({summary['first_turns_valued']} of {summary['first_turns']} first turns, "
        f"{summary['winning_among_valued']} winning); the other {left} would take about "
        f"{left * mean / 3600:.1f} h of one process at the mean piece so far ({mean:.0f} s, "
        f"{summary['positions'] / max(done, 1):,.0f} positions), the shared table making the "
        f"later pieces cheaper; resume with the same command (journal {summary['journal']})"
    )


if __name__ == "__main__":
    main()
