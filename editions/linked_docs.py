"""The documents an edition's notebooks link to travel with the edition.

In the repository a notebook links to `../docs/rules/sortileges.md`: one click in JupyterLab
started at the repository's root (`make lab`). A built edition (the pupils' folder, the
offline site) is a folder of notebooks with no `../`: `ship_linked_docs` copies each linked
document into the edition's own `docs/` and rewrites the links to `docs/...`. It copies
only what is linked (a pupils' edition links no teacher's guide: that link sits in a cell
tagged `teacher`, dropped before this runs), and what those documents link in turn.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"
NOTEBOOK_LINK = re.compile(r"(\]\(|href=\")\.\./docs/([^)\"#\s]+)")
"""A markdown or HTML link from a notebook to a document of docs/ (an anchor kept apart)."""
DOC_LINK = re.compile(r"\]\((?!https?:|#|/)([^)#\s]+)")
"""A relative markdown link inside a document."""


class MissingDocument(FileNotFoundError):
    """A notebook or document links a file that docs/ does not have."""


def ship_linked_docs(edition: Path, docs: Path = DOCS) -> list[str]:
    """Rewrite the `../docs/` links of `edition`'s notebooks to `docs/` and copy what they
    link (transitively, within `docs`) into `edition/docs/`; the copied paths, sorted."""
    wanted: set[str] = set()
    for notebook in sorted(edition.glob("*.ipynb")):
        content = json.loads(notebook.read_text(encoding="utf-8"))
        changed = False
        for cell in content["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            source = "".join(cell["source"])
            wanted.update(match[2] for match in NOTEBOOK_LINK.finditer(source))
            rewritten = NOTEBOOK_LINK.sub(r"\1docs/\2", source)
            if rewritten != source:
                cell["source"], changed = rewritten, True
        if changed:
            text = json.dumps(content, ensure_ascii=False, indent=1) + "\n"
            notebook.write_text(text, encoding="utf-8")
    shipped = _with_their_links(wanted, docs)
    for relative in shipped:
        target = edition / "docs" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(docs / relative, target)
    return shipped


def _with_their_links(wanted: set[str], docs: Path) -> list[str]:
    """`wanted` and every file their markdown links reach inside `docs`."""
    found: set[str] = set()
    waiting = list(wanted)
    while waiting:
        relative = waiting.pop()
        path = (docs / relative).resolve()
        if not path.is_relative_to(docs.resolve()) or relative in found:
            continue
        if not path.is_file():
            raise MissingDocument(f"a link names docs/{relative}, which does not exist")
        found.add(relative)
        if path.suffix == ".md":
            folder = path.parent.relative_to(docs.resolve())
            for link in DOC_LINK.findall(path.read_text(encoding="utf-8")):
                waiting.append(os.path.normpath(folder / link).replace(os.sep, "/"))
    return sorted(found)
