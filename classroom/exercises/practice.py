"""The practice check's memory: `check` and `check_puzzle` say less as the tries grow.

An exercise's `judge` is a pure function of the answer (the hidden tests' `mark` calls it);
the practice check wraps its verdict with what this process remembers of the pupil's tries,
so that searching (a binary search on "too high / too low", every legal turn fed to a puzzle)
stops paying before it finds the answer, while computing still does.

Numbers and choices (`check`; a bot is measured, not searched, and keeps its full verdict):

* tries 1 to `FULL_TRIES` (3): the full verdict — right, close with its hint, the direction
  of a miss. Three tries leave room for a slip or two; a binary search learns only three bits
  from them (a range of 1,000 cut to 125).
* from try 4: only right or not yet, with the exercise's far-miss hint, never "close" nor a
  direction, and the message says why ("4e essai : je ne dis plus que juste ou pas
  encore…"). A message about the method (an interval from too few deals) stays: it says
  nothing of where the answer lies.
* from try `COUNTED_FROM` (10): the same, and the message says that the tries are counted
  (a right answer then says after how many): ten different answers is a search, not a slip.

A right answer is always recognised. An invalid answer (a word for a number, an illegal turn)
is no try. The same answer given again (a cell run twice, "Run all") is no new try, and it
gets the verdict of its first try: it learns nothing new.

Puzzles (`check_puzzle`, and `check` on a turn exercise, keyed by the puzzle): distinct legal
turns are counted per puzzle. Turns 1 to `PUZZLE_FULL_TRIES` (3) get the full verdict; turns 4
to `PUZZLE_MAX_TRIES` (6) too, with a line saying how many turns were tried and that the
check stops judging one turn at a time past 6; from the 7th distinct turn, no verdict at all
(status "withheld", right or not): "vous avez essayé 7 tours différents : je ne juge plus ce
problème tour par tour…". Looping over the 20 to 60 legal turns finds nothing that way; the
mark at collection (`mark`, from the pure judge) is unaffected.

The memory lasts as long as the process (a kernel restart forgets it). `forget()` clears it
(tests do, around each test: tests/engines/conftest.py); `tries(key)` counts the distinct
answers tried (key: an exercise id, or "puzzle:<id>").
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace

from .result import Result, Text, say

FULL_TRIES = 3
"""Tries that get the full verdict (direction, close and its hint)."""
COUNTED_FROM = 10
"""The try from which the message says that the tries are counted."""
PUZZLE_FULL_TRIES = 3
"""Distinct turns a puzzle judges without saying how many were tried."""
PUZZLE_MAX_TRIES = 6
"""Distinct turns a puzzle judges at all; past them, no verdict on a new turn."""

NARROWED: Text = {
    "fr": "{ordinal} : désormais je dis seulement juste ou pas encore, sans plus de direction "
    "— calculez plutôt que de chercher.",
    "en": "{ordinal}: from now on I say only right or not yet, with no direction — compute "
    "rather than search.",
}
COUNTED: Text = {
    "fr": "{ordinal} : je ne dis plus que juste ou pas encore, et vos essais sont comptés "
    "({count} réponses différentes) — calculez plutôt que de chercher.",
    "en": "{ordinal}: I now say only right or not yet, and your tries are counted ({count} "
    "different answers) — compute rather than search.",
}
LAST_FULL_TRY: Text = {
    "fr": "à partir du prochain essai, je ne dirai plus que juste ou pas encore.",
    "en": "from your next try, I shall say only right or not yet.",
}
RIGHT_AFTER: Text = {
    "fr": "trouvé au {ordinal} ({count} réponses différentes essayées).",
    "en": "found at try {number} ({count} different answers tried).",
}
PUZZLE_TRIED: Text = {
    "fr": "{count} tours différents essayés pour ce problème : au-delà de {most}, je ne juge "
    "plus ce problème tour par tour.",
    "en": "{count} different turns tried on this puzzle: past {most}, I no longer judge it turn "
    "by turn.",
}
PUZZLE_WITHHELD: Text = {
    "fr": "vous avez essayé {count} tours différents : je ne juge plus ce problème tour par "
    "tour. Raisonnez sur la position (que peut faire l'autre sorcière après votre tour ?) ; "
    "votre réponse sera notée au ramassage.",
    "en": "you have tried {count} different turns: I no longer judge this puzzle turn by turn. "
    "Reason about the position (what can the other witch do after your turn?); your answer "
    "will be marked when the notebooks are collected.",
}


def ordinal(number: int, lang: str) -> str:
    """'4e essai' / 'try 4'."""
    if lang == "fr":
        return f"{number}{'er' if number == 1 else 'e'} essai"
    return f"try {number}"


@dataclass
class Memory:
    """Distinct answers tried, in order, per key (an exercise id or "puzzle:<id>")."""

    answers: dict[str, list[Hashable]] = field(default_factory=dict)

    def record(self, key: str, answer: Hashable) -> tuple[int, int]:
        """(the answer's try number, distinct answers tried so far): an answer given before
        keeps its number and adds no try."""
        tried = self.answers.setdefault(key, [])
        if answer not in tried:
            tried.append(answer)
        return tried.index(answer) + 1, len(tried)

    def tries(self, key: str) -> int:
        return len(self.answers.get(key, ()))

    def forget(self, key: str | None = None) -> None:
        if key is None:
            self.answers.clear()
        else:
            self.answers.pop(key, None)


MEMORY = Memory()
"""The process's memory of tries (one kernel, one pupil)."""


def forget(key: str | None = None) -> None:
    """Forget every try (or those of `key`): for tests, or a new pupil at the same kernel."""
    MEMORY.forget(key)


def tries(key: str) -> int:
    """Distinct answers tried for `key` (an exercise id, or "puzzle:<id>")."""
    return MEMORY.tries(key)


def practised(
    result: Result, key: str, answer: Hashable, wrong_hint: Text | None, lang: str
) -> Result:
    """`result` (a pure verdict) as the practice check gives it at this try (module text);
    `answer`: the answer as the exercise tells answers apart (`Exercise.same_answer`)."""
    if result.status == "invalid":
        return result
    number, count = MEMORY.record(key, answer)
    if result.status == "right":
        if count >= COUNTED_FROM:
            line = say(RIGHT_AFTER, lang, ordinal=ordinal(number, lang), number=number, count=count)
            return replace(result, details=(*result.details, line))
        return result
    if number < FULL_TRIES:
        return result
    if number == FULL_TRIES:
        line = say(LAST_FULL_TRY, lang)
        return replace(result, details=(*result.details, line))
    template = COUNTED if number >= COUNTED_FROM else NARROWED
    message = say(template, lang, ordinal=ordinal(number, lang), count=count)
    if result.method:  # about the method, not the value: it stays
        message = f"{message} {result.message[:1].upper()}{result.message[1:]}"
    hint = wrong_hint[lang] if wrong_hint else None
    return replace(result, status="wrong", message=message, hint=hint)


def practised_turn(result: Result, puzzle_id: str, turn: str, lang: str) -> Result:
    """A puzzle's verdict on a legal turn (`turn` in its notation) at this try (module text)."""
    if result.status == "invalid":
        return result
    number, count = MEMORY.record(f"puzzle:{puzzle_id}", turn)
    if number > PUZZLE_MAX_TRIES:
        message = say(PUZZLE_WITHHELD, lang, count=count)
        return Result(result.exercise, "withheld", message, lang)
    if count > PUZZLE_FULL_TRIES:
        line = say(PUZZLE_TRIED, lang, count=count, most=PUZZLE_MAX_TRIES)
        return replace(result, details=(*result.details, line))
    return result
