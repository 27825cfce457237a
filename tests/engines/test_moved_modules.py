"""The classroom tools' old import paths, which pupils' notebooks hold, still import: the same
modules as the new paths, each with a DeprecationWarning that names its new path and points
at the importing line. Run in a fresh Python, where nothing has imported them yet."""

import json
import subprocess
import sys
import textwrap

from ludotheque.engines.moved import MOVED, new_path

NOTEBOOK_IMPORTS = {
    "from ludotheque.engines.exercises import check, exercise, mark, mark_puzzle, statement": [
        "ludotheque.engines.exercises"
    ],
    "from ludotheque.engines.exercises.ablation import compare": [
        "ludotheque.engines.exercises.ablation"
    ],
    "from ludotheque.engines.exercises.negamax import shown_positions": [
        "ludotheque.engines.exercises.negamax"
    ],
    "from ludotheque.engines.sortileges.puzzles import PUZZLES, check_puzzle, puzzle": [
        "ludotheque.engines.sortileges.puzzles"
    ],
    "from ludotheque.engines.tournament import tournament": ["ludotheque.engines.tournament"],
}
"""An import line of the notebooks pupils were given -> the old modules it warns about."""

PROGRAM = textwrap.dedent(
    """
    import json, sys, warnings

    report = {"warnings": {}}
    for line in sys.argv[1:]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            exec(line)  # the importing line is <string>'s, not the import machinery's
        report["warnings"][line] = [
            [w.category.__name__, str(w.message), w.filename] for w in caught
        ]
    report["same"] = {
        name: module.__name__ for name, module in sys.modules.items()
        if name.startswith("ludotheque.engines.") and module.__name__ != name
    }
    print(json.dumps(report))
    """
)


def test_the_old_paths_import_the_new_modules_and_warn():
    assert set(MOVED) <= {old for olds in NOTEBOOK_IMPORTS.values() for old in olds}
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM, *NOTEBOOK_IMPORTS],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    for line, olds in NOTEBOOK_IMPORTS.items():
        assert report["warnings"][line] == [
            [
                "DeprecationWarning",
                f"{old} is now {new_path(old)}: import it from there",
                "<string>",
            ]
            for old in olds
        ], line
    # each old name is the new module itself, not a copy
    assert report["same"] == {
        old: new_path(old) for olds in NOTEBOOK_IMPORTS.values() for old in olds
    }


def test_only_moved_names_are_redirected():
    assert new_path("ludotheque.engines.exercises.kinds") == "ludotheque.classroom.exercises.kinds"
    assert new_path("ludotheque.engines.sortileges.puzzles") == "ludotheque.classroom.puzzles"
    assert new_path("ludotheque.engines.sortileges") is None
    assert new_path("ludotheque.engines.exercises_of_mine") is None
