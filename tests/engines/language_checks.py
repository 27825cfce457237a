"""Whether a text speaks one language only: the words of the other that a refusal or a verdict
would show if it quoted a reason left untranslated (quoted notation, such as 'pull 17', and a
pupil's own Python error text aside)."""

ENGLISH = (" is not ", " not legal", "answered", "raised", "within", "while", " the ", " must ")
"""English words no French refusal or verdict may hold."""
FRENCH = ("n'est pas", " pas ", " une ", "il a ", "votre", " est ", " la ")
"""French words no English one may hold."""


def speaks(text: str, lang: str) -> bool:
    """Whether `text` holds none of the other language's words."""
    return not any(word in text for word in (ENGLISH if lang == "fr" else FRENCH))
