"""Does a bot's idea, and not a tie-break, carry its gain? `compare` plays two bots (a
solution and the same bot with its idea taken out) on the same deals from the same seats
against one level, as the bot exercise plays them, and says by how much the first does better,
paired, with a 95 % interval. The teacher's cells of the course notebooks print it under each
solution bot (the lesson's claim that the idea matters)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ludotheque.engines.stats import wilson_interval

from .bot_verdict import BotExercise, played
from .registry import exercise
from .result import checked_language

WORDS: dict[str, dict[str, Any]] = {
    "fr": {
        "names": ("avec l'idée", "sans l'idée"),
        "ci": "IC 95 %",
        "to": "à",
        "gap": "écart apparié contre le niveau {level} : ",
    },
    "en": {
        "names": ("with the idea", "without it"),
        "ci": "95 % CI",
        "to": "to",
        "gap": "paired difference against level {level}: ",
    },
}
FIRST_DEAL = 10**6
"""Deals from here on: none of them is a verdict's (those come from 128-bit seeds)."""


@dataclass(frozen=True)
class Comparison:
    """Wins of `bot` and `other` (1 or 0 per game, game i: deal FIRST_DEAL + i // 2, seat
    i % 2) against `level`, and how to say it."""

    level: str
    bot: tuple[int, ...]
    other: tuple[int, ...]
    lang: str = "fr"

    @property
    def difference(self) -> tuple[float, float, float]:
        """The paired difference in win rate and its 95 % normal interval."""
        gaps = [a - b for a, b in zip(self.bot, self.other, strict=True)]
        n = len(gaps)
        mean = sum(gaps) / n
        spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (n - 1) / n) if n > 1 else 0.0
        return mean, mean - 1.96 * spread, mean + 1.96 * spread

    def __str__(self) -> str:
        fr = self.lang == "fr"
        words = WORDS["fr" if fr else "en"]

        def number(x: float) -> str:
            return f"{x:.1f}".replace(".", ",") if fr else f"{x:.1f}"

        lines = []
        for name, wins in zip(words["names"], (self.bot, self.other), strict=True):
            low, high = wilson_interval(sum(wins), len(wins))
            lines.append(
                f"{name:12} {sum(wins)}/{len(wins)} = {number(100 * sum(wins) / len(wins))} % "
                f"({words['ci']} {number(100 * low)} {words['to']} {number(100 * high)} %)"
            )
        mean, low, high = self.difference
        sign = "+" if mean >= 0 else ""
        lines.append(
            words["gap"].format(level=self.level)
            + f"{sign}{number(100 * mean)} points ({words['ci']} {number(100 * low)} "
            f"{words['to']} {number(100 * high)})"
        )
        return "\n".join(lines)

    __repr__ = __str__  # stable text: nbval compares it


def compare(
    exercise_id: str, bot: Any, other: Any, level: str, deals: int, lang: str = "fr"
) -> Comparison:
    """`bot` and `other` (answers to bot exercise `exercise_id`) on `deals` deals, each from
    both seats, against `level`, in this kernel (the teacher's own bots: no jail needed)."""
    declared = exercise(exercise_id)
    if not isinstance(declared, BotExercise):
        raise ValueError(f"{exercise_id!r} is not a bot exercise")
    lang = checked_language(lang)
    results = []
    for answer in (bot, other):
        ask = declared.player(answer)
        results.append(
            tuple(
                int(played(declared.play(level, FIRST_DEAL + i // 2, i % 2), ask, i))
                for i in range(2 * deals)
            )
        )
    return Comparison(level, results[0], results[1], lang)
