"""Exercises of sorciere.ipynb: risk from the roof model, expected value, a bot."""

from __future__ import annotations

from typing import Any

from ..sorciere import Roof, Sorciere, bot_for_level, with_dexterity
from ..sorciere.roof import SLOTS
from .kinds import BotExercise, ChoiceExercise, Hints, NumberExercise, percent
from .play import student_wins

SLOT = 14
"""The card of the computations: a middle card of a new roof."""
DEXTERITY = 0.5
PILE = 3
"""Cards on Hansel's pile in `sorciere.expected_value`: what a collapse costs him."""
KEEP = 5 / 6
"""The chance that the card may go on his pile (its treat differs from his pile's top)."""
BOT_GAMES = 100
BOT_TARGETS = {"2": 0.45, "3": 0.45}


def place(slot: int) -> str:
    """corner (two walls), edge (one wall) or middle (no wall)."""
    return ("middle", "edge", "corner")[len(SLOTS[slot].walls)]


def safest_place() -> str:
    roof = Roof()
    return place(min(roof.present(), key=lambda slot: roof.probability(slot, DEXTERITY)))


def collapse_chance() -> float:
    return Roof().probability(SLOT, DEXTERITY)


def expected_value() -> float:
    p = collapse_chance()
    return (1 - p) * KEEP * 1 - p * PILE


def steady(answer: Any) -> Any:
    """The student's bot pulling at DEXTERITY, as every bot of the exercise does."""
    return with_dexterity(answer, DEXTERITY)


def play(level: str, game: int, bot: Any) -> bool:
    """Two-player game `game` (seeded), the student on seat game % 2, who starts."""
    seat = game % 2
    state = Sorciere(players=2).new_game(seed=game, first=0)
    opponents = {1 - seat: bot_for_level(level, seed=game)}
    return student_wins(state, seat, bot, opponents, game)


EXERCISES = (
    ChoiceExercise(
        id="sorciere.safest_pull",
        notebook="sorciere",
        kind="prediction",
        statement={
            "fr": "Prédisez, puis vérifiez avec la carte des risques : sur un toit neuf, main "
            "moyenne (x = 0,5), où est la carte la moins risquée : un coin, un bord ou le "
            "milieu ?",
            "en": "Predict, then check on the risk map: on a new roof, average hand (x = 0.5), "
            "where is the safest card: a corner, an edge or the middle?",
        },
        hints=Hints(
            wrong={
                "fr": "Ce qui compte, c'est ce qui repose sur la carte : les cartes posées en "
                "dernier ne portent rien.",
                "en": "What matters is what rests on the card: the cards laid last carry nothing.",
            },
        ),
        choices={
            "corner": {"fr": "coin", "en": "corner"},
            "edge": {"fr": "bord", "en": "edge"},
            "middle": {"fr": "milieu", "en": "middle"},
        },
        compute=safest_place,
    ),
    NumberExercise(
        id="sorciere.collapse_chance",
        notebook="sorciere",
        kind="computation",
        statement={
            "fr": f"Avec le modèle du toit, calculez la probabilité d'effondrement quand on "
            f"tire la carte {SLOT} d'un toit neuf avec une dextérité de 0,5.",
            "en": f"With the roof model, compute the collapse probability of pulling card "
            f"{SLOT} off a new roof with a dexterity of 0.5.",
        },
        hints=Hints(
            close={
                "fr": "p = 1 − exp(−m(x)·h), avec m(0,5) = 1 ; vérifiez chaque terme "
                "de h (`Roof().terms(14)`).",
                "en": "p = 1 − exp(−m(x)·h), with m(0.5) = 1; check each term of h "
                "(`Roof().terms(14)`).",
            },
            wrong={
                "fr": "Calculez d'abord le danger h de la carte (`Roof().hazard(14)`), puis "
                "p = 1 − exp(−m(x)·h).",
                "en": "First compute the card's hazard h (`Roof().hazard(14)`), then "
                "p = 1 − exp(−m(x)·h).",
            },
        ),
        compute=collapse_chance,
        tolerance=0.001,
        close=0.03,
        probability=True,
    ),
    NumberExercise(
        id="sorciere.expected_value",
        notebook="sorciere",
        kind="computation",
        statement={
            "fr": f"Hansel a {PILE} cartes sur sa pile. Il tire la carte {SLOT} d'un toit neuf "
            "(x = 0,5). Supposez que, si le toit tient, elle ait 5 chances sur 6 d'aller sur "
            f"sa pile (+1 carte) ; s'il s'effondre, il perd la manche et ses {PILE} cartes ne "
            "comptent plus. Quelle est l'espérance du tirage, en cartes ?",
            "en": f"Hansel has {PILE} cards on his pile. He pulls card {SLOT} off a new roof "
            "(x = 0.5). Suppose that, if the roof holds, the card has 5 chances in 6 to go on "
            f"his pile (+1 card); if it collapses he loses the round and his {PILE} cards no "
            "longer count. "
            "What is the pull's expected value, in cards?",
        },
        hints=Hints(
            close={
                "fr": "Le gain n'arrive que si le toit tient ET si la carte va sur la pile.",
                "en": "The gain comes only if the roof holds AND the card goes on the pile.",
            },
            wrong={
                "fr": "Espérance = chance de gagner × gain − chance d'effondrement × perte.",
                "en": "Expected value = chance of the gain × gain − collapse chance × loss.",
            },
        ),
        compute=expected_value,
        tolerance=0.005,
        close=0.1,
    ),
    BotExercise(
        id="sorciere.bot",
        notebook="sorciere",
        kind="bot",
        statement={
            "fr": f"Écrivez votre robot. Il joue {BOT_GAMES} parties à deux contre le niveau 2 "
            f"(prudent) et {BOT_GAMES} contre le niveau 3 (gourmand), toutes les mains à "
            "x = 0,5, en commençant une partie sur deux ; réussi quand le bas de l'intervalle à "
            f"95 % de son taux de victoire dépasse {percent(BOT_TARGETS['2'])} % contre chacun.",
            "en": f"Write your bot. It plays {BOT_GAMES} two-player games against level 2 "
            f"(careful) and {BOT_GAMES} against level 3 (greedy), every hand at x = 0.5, "
            "starting every other game; passed when the lower end of its win rate's 95 % "
            f"interval is above {percent(BOT_TARGETS['2'])} % against each.",
        },
        hints=Hints(
            close={
                "fr": "Pesez ce que rapporte la carte contre ce que coûte un "
                "effondrement, qui grandit avec votre pile.",
                "en": "Weigh what the card brings against what a collapse costs, which "
                "grows with your pile.",
            },
            wrong={
                "fr": "Tirez la carte de plus petite probabilité d'effondrement "
                "(`roof_of(observation).probability(case)`), en évitant une friandise connue "
                "identique au haut de votre pile.",
                "en": "Pull the card with the lowest collapse probability "
                "(`roof_of(observation).probability(slot)`), avoiding a known treat equal to "
                "your pile's top.",
            },
        ),
        targets=BOT_TARGETS,
        games=BOT_GAMES,
        play=play,
        player=steady,
    ),
)
