"""What a checker answers a student: a verdict and sentences in their language.

A `Result` never holds the expected answer (not even as a hidden field), so nothing a
student prints, inspects or renders from it can give the answer away.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass

from ludotheque.engines.core import quote

LANGUAGES = ("fr", "en")

STATUSES = ("right", "close", "wrong", "invalid", "withheld")
"""right: accepted; close: near, with a hint; wrong: not yet; invalid: not an answer of the
kind asked (a word for a number, an illegal turn, a bot that crashes); withheld: no verdict,
the practice check having stopped judging this exercise one answer at a time (a puzzle fed
many turns: `classroom.puzzles.check_puzzle`). Only `check` and `check_puzzle` withhold;
an exercise's own judge (which `mark` calls) always gives one of the other four."""

Text = Mapping[str, str]
"""One sentence in every language of LANGUAGES: {"fr": ..., "en": ...}."""

MARKS = {"right": "✔", "close": "≈", "wrong": "✘", "invalid": "?", "withheld": "…"}
COLOURS = {
    "right": "#009E73",
    "close": "#E69F00",
    "wrong": "#D55E00",
    "invalid": "#999999",
    "withheld": "#0072B2",
}
"""Okabe–Ito colours, as the widgets use; the mark says the same for colour-blind readers."""
HEADINGS: dict[str, Text] = {
    "right": {"fr": "Juste", "en": "Right"},
    "close": {"fr": "Presque", "en": "Close"},
    "wrong": {"fr": "Pas encore", "en": "Not yet"},
    "invalid": {"fr": "Réponse illisible", "en": "Not an answer"},
    "withheld": {"fr": "Sans verdict", "en": "No verdict"},
}
HINT_LABEL: Text = {"fr": "Indice", "en": "Hint"}
COLON: Text = {"fr": " : ", "en": ": "}
"""French puts a space before a colon."""


def checked_language(lang: object) -> str:
    """`lang` as a pupil may write it ("fr", "FR", " En "): one of LANGUAGES, whatever its
    case and surrounding spaces; a one-line ValueError naming the choices otherwise."""
    wanted = lang.strip().lower() if isinstance(lang, str) else lang
    if wanted not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {quote(lang)}")
    return str(wanted)


def say(text: Text, lang: str, **values: object) -> str:
    """`text` in `lang`, its {placeholders} filled from `values`."""
    return text[lang].format(**values)


@dataclass(frozen=True)
class Result:
    """A checker's verdict on one answer: `status` (one of STATUSES), `message` and `hint`
    (None: no hint) in `lang`, and `details` (lines of measurements, e.g. a bot's scores).

    `method`: the message is about how the answer was obtained (an interval from too few
    deals), not about where the answer lies, so the practice check keeps it after it has
    stopped saying "too high" or "close" (`practice`)."""

    exercise: str
    status: str
    message: str
    lang: str
    hint: str | None = None
    details: tuple[str, ...] = ()
    method: bool = False

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {self.status!r}")

    @property
    def passed(self) -> bool:
        return self.status == "right"

    def __bool__(self) -> bool:
        """`if check(...):` reads as "if the answer is right"."""
        return self.passed

    def lines(self) -> list[str]:
        heading = HEADINGS[self.status][self.lang]
        colon = COLON[self.lang]
        lines = [f"{MARKS[self.status]} {self.exercise} — {heading}{colon}{self.message}"]
        lines += [f"  {line}" for line in self.details]
        if self.hint:
            lines.append(f"  {HINT_LABEL[self.lang]}{colon}{self.hint}")
        return lines

    def __str__(self) -> str:
        return "\n".join(self.lines())

    __repr__ = __str__  # stable text: nbval compares it

    def _repr_html_(self) -> str:
        colour, escape = COLOURS[self.status], html.escape
        heading = HEADINGS[self.status][self.lang]
        parts = [
            f'<div class="ludotheque-check" data-status="{self.status}" '
            f'style="border-left:6px solid {colour};padding:6px 10px;margin:4px 0;'
            f'background:color-mix(in srgb,{colour} 12%,transparent);border-radius:4px">',
            f'<strong style="color:{colour}">{MARKS[self.status]} {escape(heading)}</strong> '
            f"<code>{escape(self.exercise)}</code><br>{escape(self.message)}",
        ]
        if self.details:
            items = "".join(f"<li>{escape(line)}</li>" for line in self.details)
            parts.append(f'<ul style="margin:4px 0">{items}</ul>')
        if self.hint:
            label = escape(HINT_LABEL[self.lang] + COLON[self.lang].rstrip())
            parts.append(f"<div><em>{label}</em> {escape(self.hint)}</div>")
        parts.append("</div>")
        return "".join(parts)
