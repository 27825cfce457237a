"""Refusals worded in every language a player may read.

A game declares its wordings once, `Game.wordings` (code -> {"fr": template, "en": template},
the templates' {placeholders} filled from the refusal's params; a param that is a Label, such
as a colour's name, is said in the same language), and its `State.refusal` returns, and its
parser raises, a `Reason` made from them: `self.game.reason("far", origin="c1", target="c3")`,
or `Reason(WORDINGS, code, **params)` in a parser, where no game is at hand. A `Reason` is its
English text, so printing or matching a refusal works as for any text;
`reason.in_language("fr")` words it in French, and `RulesError.reason` keeps the one an error
was raised with. The core words its own refusals (this module's `WORDINGS`: a text that is no
action, the default `refusal`, `apply`'s "<action>: <why>"). Codes name the rule, not the
sentence: where a widget words the same refusal (js/src/*/strings.js, "refusal.<code>"), the
game uses its code, so that a UI can word the engine's codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGS = ("fr", "en")
"""The languages every label is written in (a label is a dict {"fr": ..., "en": ...})."""
Label = Mapping[str, str]
Wordings = Mapping[str, Label]
"""Refusals worded in every language of LANGS: code -> {"fr": template, "en": template}."""


class Reason(str):
    """Why the rules refuse something, in every language: the English text itself (a `str`,
    so every caller that prints, compares or matches a refusal keeps working), its `code`,
    its `params`, and `in_language(lang)`. A param that is itself a Reason, or a Label, is
    put in the same language (a refusal quoting another, a colour's name)."""

    code: str
    params: dict[str, Any]
    wordings: Wordings

    def __new__(cls, wordings: Wordings, code: str, **params: Any) -> Reason:
        reason = super().__new__(cls, _worded(wordings, code, "en", params))
        reason.code, reason.params, reason.wordings = code, params, wordings
        return reason

    def in_language(self, lang: str) -> str:
        """This refusal in `lang` (one of LANGS)."""
        return _worded(self.wordings, self.code, lang, self.params)

    def __reduce__(self) -> tuple[Any, ...]:  # a Reason crosses process pipes as itself
        return _reason, (self.wordings, self.code, self.params)


def _reason(wordings: Wordings, code: str, params: dict[str, Any]) -> Reason:
    return Reason(wordings, code, **params)


def _worded(wordings: Wordings, code: str, lang: str, params: Mapping[str, Any]) -> str:
    def said(value: Any) -> Any:
        if isinstance(value, Reason):
            return value.in_language(lang)
        return value[lang] if isinstance(value, Mapping) else value

    return wordings[code][lang].format(**{name: said(value) for name, value in params.items()})


def in_language(text: str, lang: str) -> str:
    """`text` in `lang` if it is a `Reason`; any other text as it is."""
    return text.in_language(lang) if isinstance(text, Reason) else text


WORDINGS: Wordings = {
    "illegal": {"fr": "ce n'est pas permis maintenant", "en": "not legal now"},
    "refused": {"fr": "{action} : {reason}", "en": "{action}: {reason}"},
    "not-an-action": {
        "fr": "{text} n'est pas une action : une action s'écrit en au plus {most} caractères "
        "ASCII (sans accents)",
        "en": "{text} is not an action: an action is a text of at most {most} ASCII characters",
    },
}
"""The core's own refusals, for every game."""


class RulesError(ValueError):
    """A refusal by the rules. `code` names the kind, so a UI can translate it; `reason` is
    the message it was raised with: a `Reason` where the game words it in every language."""

    code = "illegal"

    def __init__(self, message: str, **params: Any):
        super().__init__(message)
        self.params = params
        self.reason = message

    def with_code(self, code: str) -> RulesError:
        """The same refusal under a more precise code (e.g. "stale" for a UI intent)."""
        self.code = code
        return self

    def in_language(self, lang: str) -> RulesError:
        """The same refusal (class, code, params and `reason`), its message in `lang`: what
        a widget raises to a player who plays in that language."""
        worded = type(self)(in_language(self.reason, lang), **self.params)
        worded.code, worded.reason = self.code, self.reason
        return worded


class NotationError(RulesError):
    """A text that is not an action of this game."""

    code = "malformed"


class IllegalActionError(RulesError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal"


class GameOverError(RulesError):
    """An action offered after the game has ended."""

    code = "game-over"
