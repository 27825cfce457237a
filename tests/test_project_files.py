"""The project stands on its own: no tracked file points outside the clone, and every
citation of a rules section (`docs/rules/<game>.md#anchor`) names a heading that exists.

A user who clones the project has only the project: paths of a developer's machine or of the
folder beside the clone mean nothing there. System paths (under /usr, /tmp, /dev, /proc) are
fine: browser tests and benchmarks need them.
"""

import json
import re
import subprocess
import unicodedata
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SELF = Path(__file__).resolve().relative_to(ROOT).as_posix()
"""This file: its own checks spell out the very paths it looks for."""
RULES = ROOT / "docs" / "rules"

OUTSIDE = re.compile(
    r"\.\./shared\b|\bshared/(?:rules|seeds)\b"
    r"|(?<![\w.~/-])/(?:work|root|home)/"
)
"""The folder beside the clone (its rules and seeds), and absolute paths of a machine's user
or work folders; a URL's path (`https://host/home/...`) is not matched."""

CITATION = re.compile(r"docs/rules/([\w-]+)\.md(?:#([\w-]+))?")
LOCAL_LINK = re.compile(r"\]\(#([\w-]+)\)")


def tracked_texts() -> dict[str, str]:
    """Every tracked text file outside `.ci/` but this one, by path (binary files, with a
    NUL, left out)."""
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split("\0")
    texts = {}
    for name in filter(None, names):
        path = ROOT / name
        if name.startswith(".ci/") or name == SELF or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" not in data:
            texts[name] = data.decode("utf-8", errors="replace")
    return texts


TEXTS = tracked_texts()


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped (letters, digits,
    `_` and `-` kept), each space a hyphen."""
    text = heading.strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def heading_anchors(game: str) -> list[str]:
    """The anchor of each heading of docs/rules/<game>.md, in order (code blocks skipped)."""
    found = []
    in_code = False
    for line in (RULES / f"{game}.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        heading = re.match(r"#{1,6} (.+)", line)
        if heading and not in_code:
            found.append(github_anchor(heading.group(1)))
    return found


@cache
def anchors(game: str) -> frozenset[str]:
    """The anchors of docs/rules/<game>.md (each heading has its own: a test checks it)."""
    return frozenset(heading_anchors(game))


def test_the_anchor_rule_matches_github():
    assert github_anchor("Reading: adjacent") == "reading-adjacent"
    assert github_anchor("Sur-sur-contre") == "sur-sur-contre"
    assert github_anchor("No card, no candy") == "no-card-no-candy"
    assert github_anchor("Sorcière — épices") == "sorcière--épices"


def absolute(folder: str, rest: str) -> str:
    """A machine path such as the pattern must flag, built so that this file holds none."""
    return "/".join(("", folder, rest))


def test_the_outside_pattern_flags_what_it_should_and_only_that():
    flagged = [
        "see ../shared/DESIGN.md",
        "rules in shared/rules/nains.md",
        "shared/seeds/x",
        absolute("work", "main/engines"),
        "open " + absolute("root", ".cache"),
        "~/x at " + absolute("home", "me/ludo"),
    ]
    allowed = [
        "/usr/bin/chromium",
        "/tmp/x",
        "/dev/null",
        "/proc/self",
        "docs/rules/nains.md",
        "https://example.org/home/page",
        "a shared machine",
        "engines/work/x",
    ]
    assert all(OUTSIDE.search(text) for text in flagged)
    assert not any(OUTSIDE.search(text) for text in allowed)


def test_no_tracked_file_points_outside_the_project():
    offenders = [
        f"{name}:{number}: {line.strip()[:120]}"
        for name, text in TEXTS.items()
        for number, line in enumerate(text.splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not offenders, "cite docs/rules/ and relative paths instead:\n" + "\n".join(offenders)


def test_the_rules_of_every_game_are_in_the_project():
    games = {path.stem for path in RULES.glob("*.md")}
    assert {"sortileges", "petits_pas", "sorciere", "nains"} <= games
    for game in games:
        assert {"options", "notation"} <= anchors(game), f"docs/rules/{game}.md"


def citations() -> list[tuple[str, str, str | None]]:
    return sorted(
        {
            (name, match.group(1), match.group(2))
            for name, text in TEXTS.items()
            for match in CITATION.finditer(text)
        },
        key=str,
    )


def test_rules_are_cited_from_engines_and_tests():
    citing = {name.split("/")[0] for name, _, _ in citations()}
    assert {"engines", "tests", "docs", "notebooks"} <= citing


@pytest.mark.parametrize("name, game, anchor", citations())
def test_every_cited_rules_section_exists(name, game, anchor):
    assert (RULES / f"{game}.md").is_file(), f"{name} cites docs/rules/{game}.md, which is missing"
    if anchor is not None:
        assert anchor in anchors(game), (
            f"{name} cites docs/rules/{game}.md#{anchor}: no such heading"
        )


@pytest.mark.parametrize("game", sorted(path.stem for path in RULES.glob("*.md")))
def test_no_two_headings_of_a_rules_file_share_an_anchor(game):
    """GitHub numbers a repeated heading's anchor (`roof-1`): a citation of it would follow
    the order of sections, not the section."""
    found = heading_anchors(game)
    assert len(found) == len(set(found)), (
        f"docs/rules/{game}.md repeats {sorted({a for a in found if found.count(a) > 1})}"
    )


@pytest.mark.parametrize("game", sorted(path.stem for path in RULES.glob("*.md")))
def test_links_inside_a_rules_file_resolve(game):
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    missing = [anchor for anchor in LOCAL_LINK.findall(text) if anchor not in anchors(game)]
    assert not missing, f"docs/rules/{game}.md links to missing sections: {missing}"


@pytest.mark.parametrize("notebook", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=str)
def test_no_notebook_keeps_a_widget_state(notebook):
    """A saved widget state (what `nbconvert --execute` stores unless told
    `--ExecutePreprocessor.store_widget_state=False`) writes every synced trait into the
    file: the seated player's hand among them. A notebook shows its positions through each
    output's static picture instead."""
    saved = json.loads(notebook.read_text(encoding="utf-8"))["metadata"]
    assert "widgets" not in saved
