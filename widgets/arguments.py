"""A game widget's constructor arguments, checked before anything is made.

Each refusal is one line in the widget's language (`lang`, French by default; a bad `lang`
is refused in both) that names the argument, shows the value and says the fix:

    seats : ["human", "bot:3"] donne 2 places, mais Sorcière au pain d'épices se joue
    ici à 3 ; pour 2 joueurs, ajoutez options={"players": 2}

It is the message of an `ArgumentError` (a ValueError) or an `ArgumentTypeError` (a
TypeError, for a value of the wrong kind), which the base raises from the widget's own
`__init__`: left to traitlets, a wrong seat list ended in a TraitError raised nine frames
deep, 72 lines in a notebook, saying "got a list". IPython shows these errors as their one
line (`_render_traceback_`), in every `%xmode`; the frame is still there for `%debug`.

What is checked, in this order: `lang`, arguments given without a name after the seats,
argument names (an option's name given as an argument points to `options`), `options`
(a dict of the engine's options, each among its choices, then the rules' own check),
`seed`, `bot_seconds`, `bot_delay`, a game's own arguments (`GameWidget.own_arguments`,
each an `Argument`), `seats` (a list of "human", "bot:<level>" or bots, as many as the
game has players: the fix names the option that gives that count, found by trying the
engine's choices, so no game declares it), then the engine's start choices (`first`,
`deck`...), whose refusal quotes the rules' own words.
"""

from __future__ import annotations

import dataclasses
import difflib
import inspect
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from ludotheque.engines.bots import Bot, bots_of
from ludotheque.engines.core import LANGS, SEED_BITS, Game, State, quote

from .intents import printable

if TYPE_CHECKING:
    from .base import GameWidget

HUMAN = "human"
MAX_BOT_DELAY = 5.0
"""Longest pause before a bot's move, in seconds (a longer one is cut to this)."""
MAX_BOT_SECONDS = 60.0
"""Longest thinking time a bot may be given, in seconds."""
SHOWN = 100
"""Characters of a refused value a message shows (then "…")."""

WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "or": " ou ",
        "guess": " ; vouliez-vous dire {guess} ?",
        "seat": "place",
        "seats": "places",
        "more.seats": (
            "seats : les places vont dans une liste, pas en {count} arguments ; "
            "écrivez {cls}({example})"
        ),
        "more.extra": (
            "{cls} : argument en trop, {value} ; après la liste des places, chaque argument "
            "se donne avec son nom (seed=…, lang=…, options=…)"
        ),
        "unknown": (
            "{name} : {cls} ne prend pas d'argument {name} ({value}) ; arguments : {known}{guess}"
        ),
        "option-given-as-argument": (
            "{name} : c'est une option du jeu, elle va dans options ; écrivez options={fix}"
        ),
        "options.type": (
            "options : {value} n'est pas un dict ; écrivez par exemple options={example}"
        ),
        "options.unknown": ("options : {title} n'a pas d'option {name} ; options : {known}{guess}"),
        "options.value": "options[{name}] : {value} n'est pas possible ; choisissez {choices}",
        "options.rules": "options : {title} ne se joue pas avec {value} ({detail})",
        "seed.type": (
            "seed : {value} n'est pas un nombre entier ; écrivez par exemple seed=2026 "
            "(la même partie à chaque fois), ou rien (une partie au hasard)"
        ),
        "seed.range": (
            "seed : {value} est hors des bornes ; un entier de 0 à 2**{bits} - 1, "
            "par exemple seed=2026"
        ),
        "bot_seconds": (
            "bot_seconds : {value} ne va pas ; le temps de réflexion d'un robot, en secondes, "
            "plus de 0 et au plus {most}, par exemple bot_seconds=1"
        ),
        "bot_delay": (
            "bot_delay : {value} ne va pas ; la pause avant le coup d'un robot, un nombre de "
            "secondes (de 0 à {most}), par exemple bot_delay=0.6"
        ),
        "own": "{name} : {value} n'est pas {expected} ; écrivez par exemple {name}={example}",
        "seats.type": (
            "seats : {value} n'est pas une liste de places ; écrivez par exemple seats={example}"
        ),
        "seats.count-as-type": (
            "seats : {value} n'est pas une liste de places ; pour {value} joueurs, écrivez "
            "options={fix} (et seats=[…] avec {value} places, ou rien)"
        ),
        "seats.text": (
            'seats[{index}] : {value} n\'est ni "human" ni un robot de ce jeu ; écrivez '
            '"human" ou un niveau : {levels}{guess}'
        ),
        "seats.kind": (
            'seats[{index}] : {value} n\'est ni un texte ("human", "bot:…") ni un robot '
            '(une fonction de l\'observation, ou un Bot) ; écrivez "human" ou un niveau : '
            "{levels}{guess}"
        ),
        "seats.count": (
            "seats : {value} donne {count} {noun}, mais {title} se joue ici à {players} ; {fix}"
        ),
        "seats.fix-option": "pour {count} joueurs, ajoutez options={fix}",
        "seats.fix-count": "donnez {players} {noun}, par exemple seats={example}",
        "seats.fix-counts": " ({title} se joue aussi à {counts}, avec options={fix})",
        "start": "{given} : refusé par les règles du jeu ({detail})",
    },
    "en": {
        "or": " or ",
        "guess": "; did you mean {guess}?",
        "seat": "seat",
        "seats": "seats",
        "more.seats": (
            "seats: the seats go in one list, not as {count} arguments; write {cls}({example})"
        ),
        "more.extra": (
            "{cls}: an argument too many, {value}; after the list of seats, give each "
            "argument with its name (seed=…, lang=…, options=…)"
        ),
        "unknown": "{name}: {cls} takes no argument {name} ({value}); arguments: {known}{guess}",
        "option-given-as-argument": (
            "{name}: it is an option of the game, it goes in options; write options={fix}"
        ),
        "options.type": "options: {value} is not a dict; write for example options={example}",
        "options.unknown": "options: {title} has no option {name}; options: {known}{guess}",
        "options.value": "options[{name}]: {value} is not allowed; choose {choices}",
        "options.rules": "options: {title} cannot be played with {value} ({detail})",
        "seed.type": (
            "seed: {value} is not a whole number; write for example seed=2026 (the same game "
            "every time), or nothing (a random game)"
        ),
        "seed.range": (
            "seed: {value} is out of range; a whole number from 0 to 2**{bits} - 1, "
            "for example seed=2026"
        ),
        "bot_seconds": (
            "bot_seconds: {value} will not do; a bot's thinking time in seconds, more than 0 "
            "and at most {most}, for example bot_seconds=1"
        ),
        "bot_delay": (
            "bot_delay: {value} will not do; the pause before a bot's move, a number of "
            "seconds (0 to {most}), for example bot_delay=0.6"
        ),
        "own": "{name}: {value} is not {expected}; write for example {name}={example}",
        "seats.type": "seats: {value} is not a list of seats; write for example seats={example}",
        "seats.count-as-type": (
            "seats: {value} is not a list of seats; for {value} players, write options={fix} "
            "(and seats=[…] with {value} seats, or nothing)"
        ),
        "seats.text": (
            'seats[{index}]: {value} is neither "human" nor a bot of this game; write "human" '
            "or a level: {levels}{guess}"
        ),
        "seats.kind": (
            'seats[{index}]: {value} is neither a text ("human", "bot:…") nor a bot (a '
            'function of the observation, or a Bot); write "human" or a level: {levels}{guess}'
        ),
        "seats.count": (
            "seats: {value} gives {count} {noun}, but {title} is played here by {players}; {fix}"
        ),
        "seats.fix-option": "for {count} players, add options={fix}",
        "seats.fix-count": "give {players} {noun}, for example seats={example}",
        "seats.fix-counts": " ({title} is also for {counts}, with options={fix})",
        "start": "{given}: refused by the rules of the game ({detail})",
    },
}
BAD_LANG = (
    'lang : {value} n\'est pas une langue de ce widget ; écrivez lang="fr" (français) ou '
    'lang="en" (anglais) / lang: {value} is not a language of this widget; write lang="fr" '
    '(French) or lang="en" (English)'
)


class OneLine:
    """An error whose message says it all: IPython shows that line, not the frames."""

    def _render_traceback_(self) -> list[str]:
        kind = "TypeError" if isinstance(self, TypeError) else "ValueError"
        return [f"{kind}: {self}"]


class ArgumentError(OneLine, ValueError):
    """A constructor argument with a value the game cannot take (one line, in words)."""


class ArgumentTypeError(OneLine, TypeError):
    """A constructor argument of the wrong kind (one line, in words)."""


@dataclasses.dataclass(frozen=True)
class Argument:
    """A game widget's own keyword argument (`GameWidget.own_arguments`): the type its value
    must have (exactly: True is not 1), what that is in words, and a value to show as an
    example. The base checks it with the others and then sets the trait of that name."""

    kind: type
    expected: Mapping[str, str]
    example: Any


@dataclasses.dataclass
class Checked:
    """What the checks made on the way: the game, its first state, the seats as given, and
    the game's own arguments."""

    game: Game
    state: State
    seats: list[Any] | None
    own: dict[str, Any]


def shown(value: Any, limit: int = SHOWN) -> str:
    """A value as Python would write it, short: texts in double quotes, a function or a
    bot by its name, a long list cut ("…")."""
    text = _shown(value, 2)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown(value: Any, depth: int) -> str:
    if isinstance(value, str):
        if '"' in value or "\\" in value or not value.isprintable():
            return quote(value)
        return f'"{value[:60]}…"' if len(value) > 60 else f'"{value}"'
    if value is None or isinstance(value, (bool, int, float)):
        return quote(value)
    if isinstance(value, dict):
        if depth == 0:
            return "{…}"
        pairs = list(value.items())
        parts = [f"{_shown(k, depth - 1)}: {_shown(v, depth - 1)}" for k, v in pairs[:8]]
        return "{" + ", ".join(parts + ["…"] * (len(pairs) > 8)) + "}"
    if isinstance(value, (list, tuple, set, frozenset)):
        if depth == 0:
            return "[…]"
        items = list(value)
        parts = [_shown(item, depth - 1) for item in items[:8]]
        inner = ", ".join(parts + ["…"] * (len(items) > 8))
        if isinstance(value, list):
            return f"[{inner}]"
        if isinstance(value, tuple):
            return f"({inner},)" if len(items) == 1 else f"({inner})"
        return "{" + inner + "}" if items else "set()"
    name = getattr(value, "__name__", None)
    if isinstance(name, str) and callable(value):
        return name
    return f"{type(value).__name__}(…)"


def _listed(values: Sequence[str], lang: str) -> str:
    """The values as "a, b or c", in `lang`."""
    values = list(values)
    if len(values) <= 1:
        return "".join(values)
    return ", ".join(values[:-1]) + WORDS[lang]["or"] + values[-1]


def _guess(lang: str, guess: str | None) -> str:
    return "" if guess is None else WORDS[lang]["guess"].format(guess=guess)


def _close(name: str, known: Sequence[str]) -> str | None:
    found = difflib.get_close_matches(name.lower(), list(known), n=1, cutoff=0.6)
    return found[0] if found else None


class Arguments:
    """The checks of one widget's constructor, in its language. Each `check_*` returns the
    value to use or raises ArgumentError / ArgumentTypeError."""

    def __init__(self, widget: GameWidget, lang: Any):
        if not (isinstance(lang, str) and lang in LANGS):
            error = ArgumentError if isinstance(lang, str) else ArgumentTypeError
            raise error(BAD_LANG.format(value=shown(lang)))
        self.widget, self.lang = widget, lang
        self.cls = type(widget).__name__
        self.game_class = widget.game_class
        self.title = self.game_class.title[lang]

    def say(self, key: str, **params: Any) -> str:
        return WORDS[self.lang][key].format(**params)

    def refuse(self, key: str, kind: type[Exception] = ArgumentError, **params: Any) -> NoReturn:
        raise kind(self.say(key, **params))

    # -- everything, in order ----------------------------------------------------------
    def check(
        self,
        seats: Any,
        more: tuple[Any, ...],
        seed: Any,
        bot_seconds: Any,
        bot_delay: Any,
        options: Any,
        start: dict[str, Any],
        base_arguments: Sequence[str],
    ) -> Checked:
        self.check_more(seats, more)
        own_specs = self.widget.own_arguments
        own = {name: start.pop(name) for name in list(start) if name in own_specs}
        self.check_names(start, options, [*base_arguments, *own_specs])
        game = self.check_options(options)
        self.widget.game = game  # the hooks below (default_seats, bot_levels) read it
        seed = self.check_seed(seed)
        self.check_bot_seconds(bot_seconds)
        self.check_bot_delay(bot_delay)
        for name, value in own.items():
            self.check_own(name, value, own_specs[name])
        seats = self.check_seats(seats, options or {})
        return Checked(game, self.check_start(game, seed, start), seats, own)

    # -- one argument each ---------------------------------------------------------------
    def check_more(self, seats: Any, more: tuple[Any, ...]) -> None:
        """Arguments without a name after the seats: places given without their list, or
        an argument that needs its name."""
        if not more:
            return
        if not isinstance(seats, (list, tuple)):
            self.refuse(
                "more.seats",
                ArgumentTypeError,
                count=1 + len(more),
                cls=self.cls,
                example=shown([seats, *more]),
            )
        self.refuse("more.extra", ArgumentTypeError, cls=self.cls, value=shown(more[0]))

    def check_names(self, start: dict[str, Any], options: Any, known: Sequence[str]) -> None:
        """Every keyword is an argument of the widget or a start choice of the engine."""
        choices = self.start_choices()
        specs = self.game_class.option_specs
        for name, value in start.items():
            if name in choices:
                continue
            if name in specs:
                given = dict(options) if isinstance(options, dict) else {}
                self.refuse(
                    "option-given-as-argument",
                    ArgumentTypeError,
                    name=name,
                    fix=shown({**given, name: value}),
                )
            names = [*known, *choices]
            self.refuse(
                "unknown",
                ArgumentTypeError,
                name=name,
                cls=self.cls,
                value=shown(value),
                known=", ".join(names),
                guess=_guess(self.lang, _close(name, [*names, *specs])),
            )

    def start_choices(self) -> list[str]:
        """The engine's start choices: the named parameters of its state's `setup`."""
        parameters = inspect.signature(self.game_class.state_class.setup).parameters
        return [
            name
            for name, parameter in parameters.items()
            if name != "self"
            and parameter.kind not in (parameter.VAR_KEYWORD, parameter.VAR_POSITIONAL)
        ]

    def check_options(self, options: Any) -> Game:
        specs = self.game_class.option_specs
        if options is None:
            options = {}
        if not isinstance(options, dict):
            example = {name: spec.default for name, spec in list(specs.items())[:1]}
            self.refuse(
                "options.type", ArgumentTypeError, value=shown(options), example=shown(example)
            )
        for name, value in options.items():
            if name not in specs:
                known = [f'"{n}" ({spec.label[self.lang]})' for n, spec in specs.items()]
                close = _close(name, list(specs)) if isinstance(name, str) else None
                self.refuse(
                    "options.unknown",
                    title=self.title,
                    name=shown(name),
                    known=", ".join(known),
                    guess=_guess(self.lang, None if close is None else f'"{close}"'),
                )
            choices = specs[name].choices
            if choices is not None and not any(
                type(value) is type(choice) and value == choice for choice in choices
            ):
                self.refuse(
                    "options.value",
                    name=shown(name),
                    value=shown(value),
                    choices=_listed([shown(choice) for choice in choices], self.lang),
                )
        try:
            return self.game_class(**options)
        except (ValueError, TypeError) as error:  # an option the rules check themselves
            detail = printable(str(error))
            self.refuse("options.rules", title=self.title, value=shown(options), detail=detail)

    def check_seed(self, seed: Any) -> int | None:
        if seed is None:
            return None
        if type(seed) is not int:
            self.refuse("seed.type", ArgumentTypeError, value=shown(seed))
        if not 0 <= seed < 2**SEED_BITS:
            self.refuse("seed.range", value=shown(seed), bits=SEED_BITS)
        return seed

    def check_bot_seconds(self, value: Any) -> None:
        words: dict[str, Any] = {"value": shown(value), "most": f"{MAX_BOT_SECONDS:g}"}
        if type(value) not in (int, float):
            self.refuse("bot_seconds", ArgumentTypeError, **words)
        if not 0 < value <= MAX_BOT_SECONDS:
            self.refuse("bot_seconds", **words)

    def check_bot_delay(self, value: Any) -> None:
        words: dict[str, Any] = {"value": shown(value), "most": f"{MAX_BOT_DELAY:g}"}
        if type(value) not in (int, float):
            self.refuse("bot_delay", ArgumentTypeError, **words)
        if not math.isfinite(value):
            self.refuse("bot_delay", **words)

    def check_own(self, name: str, value: Any, spec: Argument) -> None:
        if type(value) is not spec.kind:
            self.refuse(
                "own",
                ArgumentTypeError,
                name=name,
                value=shown(value),
                expected=spec.expected[self.lang],
                example=shown(spec.example),
            )

    def check_seats(self, seats: Any, options: dict[str, Any]) -> list[Any] | None:
        """None (or an empty list: the default seats), or a list (or tuple) of seats, each
        allowed, as many as the players."""
        if seats is None or (isinstance(seats, (list, tuple)) and not seats):
            return None
        if not isinstance(seats, (list, tuple)):
            counts = self.counts(options)
            if type(seats) is int and counts.get(seats):  # a count another option gives
                self.refuse(
                    "seats.count-as-type",
                    ArgumentTypeError,
                    value=seats,
                    fix=shown({**options, **counts[seats]}),
                )
            self.refuse(
                "seats.type",
                ArgumentTypeError,
                value=shown(seats),
                example=shown(self.widget.default_seats()),
            )
        for index, seat in enumerate(seats):
            self.check_seat(index, seat)
        players = self.widget.game.players
        if len(seats) != players:
            raise ArgumentError(self.count_problem(seats, options))
        return list(seats)

    def levels(self) -> list[str]:
        return [f"bot:{level}" for level in self.widget.bot_levels()]

    def check_seat(self, index: int, seat: Any) -> None:
        allowed = [HUMAN, *self.levels()]
        if isinstance(seat, str) and seat in allowed:
            return
        if not isinstance(seat, str) and (isinstance(seat, Bot) or callable(seat)):
            return  # a student's bot: a Bot, or a function of the observation
        guess = None
        if type(seat) in (int, str) and f"bot:{seat}" in allowed:
            guess = f'"bot:{seat}"'
        elif isinstance(seat, str) and not seat.startswith("bot:"):
            close = _close(seat, allowed)
            guess = None if close is None else f'"{close}"'
        labels = bots_of(self.game_class).LEVEL_LABELS
        levels = ", ".join(
            f'"{level}" ({labels[level[4:]][self.lang]})' if level[4:] in labels else f'"{level}"'
            for level in self.levels()
        )
        self.refuse(
            "seats.text" if isinstance(seat, str) else "seats.kind",
            ArgumentError if isinstance(seat, str) else ArgumentTypeError,
            index=index,
            value=shown(seat),
            levels=levels,
            guess=_guess(self.lang, guess),
        )

    def count_problem(self, seats: Sequence[Any], options: dict[str, Any]) -> str:
        """The message for a list of seats of the wrong length, with the fix: the option
        that gives that many players, or a list of the right length."""
        count, players = len(seats), self.widget.game.players
        counts = self.counts(options)
        if count in counts:
            fix = self.say("seats.fix-option", count=count, fix=shown({**options, **counts[count]}))
        else:
            fix = self.say(
                "seats.fix-count",
                players=players,
                noun=self.say("seat" if players == 1 else "seats"),
                example=shown(self.widget.default_seats()),
            )
            others = sorted(set(counts) - {players})
            if others:
                name, _value = next(iter(counts[others[0]].items()))
                fix += self.say(
                    "seats.fix-counts",
                    title=self.title,
                    counts=_listed([str(n) for n in others], self.lang),
                    fix="{" + f'"{name}": …' + "}",
                )
        return self.say(
            "seats.count",
            value=shown(seats),
            count=count,
            noun=self.say("seat" if count == 1 else "seats"),
            title=self.title,
            players=players,
            fix=fix,
        )

    def counts(self, options: dict[str, Any]) -> dict[int, dict[str, Any]]:
        """Player count -> one option change that gives it (the current count: none),
        found by trying each choice of each option."""
        found: dict[int, dict[str, Any]] = {}
        try:
            found[self.game_class(**options).players] = {}
        except (ValueError, TypeError):
            return found
        for name, spec in self.game_class.option_specs.items():
            for value in spec.choices or ():
                try:
                    players = self.game_class(**{**options, name: value}).players
                except (ValueError, TypeError):
                    continue
                found.setdefault(players, {name: value})
        return found

    def check_start(self, game: Game, seed: int | None, start: dict[str, Any]) -> State:
        """The first state, from the engine's start choices (`first`, `deck`...)."""
        try:
            return game.new_game(seed, **start)
        except (ValueError, TypeError) as error:
            given = ", ".join(f"{name}={shown(value, 40)}" for name, value in start.items())
            self.refuse("start", given=given, detail=printable(str(error)))


def seats_problem(widget: GameWidget, seats: Sequence[Any]) -> str | None:
    """Why a list of seat labels set later (`widget.seats = [...]`) is refused, in the
    widget's language, or None: the same words as at the widget's making."""
    checks = Arguments(widget, widget.lang)
    allowed = {HUMAN} | {f"bot:{level}" for level in widget._levels}
    try:
        for index, seat in enumerate(seats):
            if seat not in allowed:
                checks.check_seat(index, seat)
    except (ArgumentError, ArgumentTypeError) as error:
        return str(error)
    if len(seats) != widget.game.players:
        return checks.count_problem(seats, dict(widget.game.options))
    return None
