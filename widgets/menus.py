"""What a game widget's menus offer, labelled: the options a new game may change and the bot
levels (`game_info`), and the level a student's bot gets when it takes a seat."""

from __future__ import annotations

from typing import Any

from ludotheque.engines.bots import Bot, as_bot, bots_of
from ludotheque.engines.core import LANGS, Game
from ludotheque.engines.review import reviewer


def game_info(
    game_class: type[Game], choices: dict[str, list[Any]], levels: tuple[str, ...]
) -> dict[str, Any]:
    """The `game_info` trait: the engine's description, with the options the widget offers
    (`choices`) and its bot `levels`, each labelled in every language."""
    info = game_class.describe()
    specs = game_class.option_specs
    labels = bots_of(game_class).LEVEL_LABELS
    options = {}
    for name, values in choices.items():
        spec = specs.get(name)
        value_labels = dict(spec.choices or {}) if spec else {}
        options[name] = {
            "label": dict(spec.label) if spec else {lang: name for lang in LANGS},
            "default": spec.default if spec else values[0],
            "choices": [
                {
                    "value": value,
                    "label": dict(value_labels.get(value, {lang: str(value) for lang in LANGS})),
                }
                for value in values
            ],
        }
    named = {level: dict(labels.get(level, {lang: level for lang in LANGS})) for level in levels}
    return {**info, "options": options, "levels": named, "reviewable": reviewable(game_class)}


def reviewable(game_class: type[Game]) -> bool:
    """Whether the game has a review (`engines/review.py`): the UI offers it at the end."""
    try:
        reviewer(game_class)
    except ValueError:
        return False
    return True


def seat_label(seat: Any, custom_bots: dict[str, Bot], levels: tuple[str, ...]) -> str:
    """A seat given as "human", "bot:N", or a bot / plain function of the observation: the
    latter is registered in `custom_bots` as an extra level named after it, so a student's
    bot can take a seat (the same bot in two seats: one level)."""
    if isinstance(seat, str):
        return seat
    for name, known in custom_bots.items():
        if known is seat or getattr(known, "function", None) is seat:
            return f"bot:{name}"
    bot = as_bot(seat)
    name, count = bot.name, 1
    while name in custom_bots or name in levels:  # two `<lambda>`s, a level "2"
        count += 1
        name = f"{bot.name}-{count}"
    custom_bots[name] = bot
    return f"bot:{name}"
