"""How a bot's process failed, worded in every language: the tournament's forfeits (its
`Forfeit`, by code, with the numbers and texts its reason quotes) as a class tournament
shows them and as an exercise's verdict tells them. Plain Python, importable without the
tournament's extra. A Python error's own text (ZeroDivisionError: division by zero) stays
as Python printed it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheque.engines.core import Label, Reason, Wordings

FORFEITS: Wordings = {
    "timeout": {
        "fr": "pas de réponse en {seconds} s {when}",
        "en": "no answer within {seconds} s {when}",
    },
    "processor": {
        "fr": "il a calculé plus de {seconds} s {when}",
        "en": "used more than {seconds} s of processor time {when}",
    },
    "memory": {
        "fr": "il a utilisé plus de {megabytes} Mo de mémoire ({text})",
        "en": "used more than {megabytes} MB ({text})",
    },
    "load": {"fr": "il n'a pas pu être chargé : {text}", "en": "could not be loaded: {text}"},
    "exception": {"fr": "il a levé l'exception {text}", "en": "raised {text}"},
    "too-long": {
        "fr": "il a envoyé plus de {limit} octets {when}",
        "en": "sent more than {limit} bytes {when}",
    },
    "unreadable": {
        "fr": "il a envoyé un message illisible {when}",
        "en": "sent something unreadable {when}",
    },
    "not-text": {
        "fr": "il a répondu {answer}, qui n'est pas le texte d'un coup",
        "en": "answered {answer}, not an action text",
    },
    "stdout": {
        "fr": "il a écrit sur stdout {when} ({shown}) ; un robot répond en renvoyant son coup "
        "(pour déboguer, écrivez sur sys.stderr)",
        "en": "printed on stdout {when} ({shown}); a bot answers by returning its move (print "
        "to sys.stderr to debug)",
    },
    "killed": {
        "fr": "son processus a été tué par {signal} {when}",
        "en": "its process was killed by {signal} {when}",
    },
    "ended": {
        "fr": "son processus s'est arrêté (code de sortie {exit}) {when}",
        "en": "its process ended (exit code {exit}) {when}",
    },
    "unsendable": {
        "fr": "la fonction ne peut pas être envoyée à son propre processus ({error}) ; "
        "écrivez-la dans un fichier .py",
        "en": "the function cannot be sent to its own process ({error}); write it in a .py file",
    },
}
"""Each forfeit code's reason, in every language."""
WHEN: dict[str, Label] = {
    "loading": {"fr": "pendant son chargement", "en": "while loading"},
    "thinking": {"fr": "pendant sa réflexion", "en": "while thinking"},
}


def worded(code: str, params: Mapping[str, Any], english: str) -> str:
    """The forfeit `code` with `params` as a `Reason` (`in_language` words it); `english`,
    the reason as recorded, for a code not worded here, or params that do not fill its
    wording (a record that predates codes, a forfeit raised with its English only)."""
    if code not in FORFEITS:
        return english
    said = dict(params)
    if "when" in said:
        said["when"] = WHEN.get(said["when"], said["when"])
    if "seconds" in said:
        shown = f"{said['seconds']:.2f}"
        said["seconds"] = {"fr": shown.replace(".", ","), "en": shown}
    try:
        return Reason(FORFEITS, code, **said)
    except KeyError:  # a forfeit raised without the numbers its wording quotes
        return english
