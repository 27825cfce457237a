"""Exercises of nains.ipynb: what a card is worth, and a bot under hidden information."""

from __future__ import annotations

from ludotheque.engines.nains import (
    CARDS,
    DEFAULT_DECK,
    INDEX,
    HeuristicBot,
    IsmctsBot,
    Nains,
    pull_values,
)
from ludotheque.engines.nains.cards import Card, bonnet_choices

from .bot_verdict import TEST_RULE, BotExercise, percent
from .kinds import Hints, NumberExercise
from .play import Game, student_game

R, B, Y, G = range(4)
TEAMS_AHEAD = ((R, R, Y), (B, G))
"""Nabot (R R Y) against Gnomette (B G)."""
TEAMS_PULL = ((R, R, Y), (B, Y, G))
"""Nabot (R R Y) against Gnomette (B Y G)."""
TEAMS_BEHIND = ((B,), (R, R, Y))
"""Nabot (B) against Gnomette (R R Y)."""
LEVEL_3_ITERATIONS = 60
"""Level 3 (ISMCTS) imagines this many games per move in the exercise, whatever the machine."""
BOT_TARGETS = {"2": 0.6, "3": 0.45}
"""Measured on fresh matches (tests/benchmarks/bench_solution_bots.py, 95 % intervals): the
notebook's solution (a gnome is an investment far from the fence) wins 68.3 % [64.5, 71.9]
against level 2 (600 matches) and 52.5 % [47.6, 57.3] against level 3 (400); without its idea
46.5 % and 32.0 %; the starter 12.8 % and 9.5 %. At 60 % against level 2 a pass means "beats
level 2" (a bot at parity passes at most 1 time in 20); against level 3 no solution is known
to win clearly, so 45 % says "holds level 3 close" (a bot at 35 % passes at most 1 time in 20);
to raise when a solution that beats level 3 lands."""
TARGET_2, TARGET_3 = percent(BOT_TARGETS["2"]), percent(BOT_TARGETS["3"])


def pull(card: Card, teams: tuple[tuple[int, ...], ...]) -> int:
    """Slabs toward Nabot if he plays `card` now: a pull with the best bonnet, squirrels
    their number, a gnome card -2 (his team loses two slabs)."""
    if card.kind == "squirrel":
        return card.squirrels
    if card.kind == "gnome":
        return -2
    bonnets = bonnet_choices(card) if card.needs_colour else [0]
    return max(
        sum(pull_values(card, b)[g] for g in teams[0])
        - sum(pull_values(card, b)[g] for g in teams[1])
        for b in bonnets
    )


def helping_cards() -> int:
    cards = [CARDS[c] for c in DEFAULT_DECK if CARDS[c].kind == "pull"]
    return sum(pull(card, TEAMS_AHEAD) > 0 for card in cards)


def pull_now() -> int:
    return pull(CARDS[INDEX["R2B0"]], TEAMS_PULL)


def deck_mean() -> float:
    return sum(pull(CARDS[c], TEAMS_BEHIND) for c in DEFAULT_DECK) / len(DEFAULT_DECK)


def play(level: str, seed: int, seat: int) -> Game:
    """A match (best of three rounds) dealt from `seed`, seat 0 first, the student on `seat`."""
    opponent = (
        HeuristicBot(seed)
        if level == "2"
        else IsmctsBot(seed, iterations=LEVEL_3_ITERATIONS, seconds=None)
    )
    state = Nains().new_game(seed=seed, first=0)
    return student_game(state, seat, {1 - seat: opponent})


EXERCISES = (
    NumberExercise(
        id="nains.helping_cards",
        notebook="nains",
        kind="prediction",
        statement={
            "fr": "Prédisez, puis vérifiez : Nabot (R R Y) contre Gnomette (B G). Parmi les 24 "
            "cartes de tirage du paquet, combien tireraient le tuyau vers Nabot maintenant "
            "(avec le meilleur choix de bonnet) ?",
            "en": "Predict, then run: Nabot (R R Y) against Gnomette (B G). Of the deck's 24 "
            "pull cards, how many would pull the hose toward Nabot now (with the best bonnet)?",
        },
        hints=Hints(
            close={
                "fr": "Une carte qui met à 0 la couleur de Nabot peut encore l'aider, "
                "et un bonnet multicolore se choisit au mieux.",
                "en": "A card that zeroes one of Nabot's colours may still help him, "
                "and a multicolour bonnet is chosen at best.",
            },
            wrong={
                "fr": "Pour chaque carte, calculez la force des deux équipes (2, 0 ou 1 par "
                "nain) et regardez le signe de la différence.",
                "en": "For each card compute both teams' power (2, 0 or 1 per gnome) and look "
                "at the sign of the difference.",
            },
        ),
        compute=helping_cards,
        close=3,
        whole=True,
    ),
    NumberExercise(
        id="nains.pull_now",
        notebook="nains",
        kind="computation",
        statement={
            "fr": "Nabot (R R Y) joue `R2B0` contre Gnomette (B Y G) : de combien de dalles le "
            "tuyau va-t-il vers Nabot ?",
            "en": "Nabot (R R Y) plays `R2B0` against Gnomette (B Y G): by how many slabs does "
            "the hose move toward Nabot?",
        },
        hints=Hints(
            close={
                "fr": "La carte compte pour les deux équipes ; le jaune vaut 1 des deux côtés.",
                "en": "The card counts for both teams; yellow is worth 1 on both sides.",
            },
            wrong={
                "fr": "Rouge vaut 2, bleu 0, les autres 1 : additionnez pour chaque équipe, "
                "puis faites la différence.",
                "en": "Red is worth 2, blue 0, the others 1: add up each team, then take the "
                "difference.",
            },
        ),
        compute=pull_now,
        close=1,
        whole=True,
    ),
    NumberExercise(
        id="nains.deck_mean",
        notebook="nains",
        kind="computation",
        statement={
            "fr": "Nabot (B) contre Gnomette (R R Y) : en moyenne sur les 55 cartes du paquet, "
            "de combien de dalles une carte jouée maintenant tire-t-elle le tuyau vers Nabot "
            "(une carte d'ajout de nain compte −2, un écureuil son nombre) ?",
            "en": "Nabot (B) against Gnomette (R R Y): on average over the deck's 55 cards, "
            "by how many slabs does a card played now pull the hose toward Nabot (an "
            "add-a-gnome card counts −2, a squirrel its number)?",
        },
        hints=Hints(
            close={
                "fr": "N'oubliez aucune sorte de carte, et comptez chaque carte autant "
                "de fois qu'elle est dans le paquet.",
                "en": "Leave out no kind of card, and count each card as many times as "
                "it is in the deck.",
            },
            wrong={
                "fr": "Faites la somme de la valeur de chacune des 55 cartes, puis divisez par 55.",
                "en": "Add up the value of each of the 55 cards, then divide by 55.",
            },
        ),
        compute=deck_mean,
        tolerance=0.01,
        close=0.3,
    ),
    BotExercise(
        id="nains.bot",
        notebook="nains",
        kind="bot",
        statement={
            "fr": "Améliorez `mon_nain`. Il joue des matchs (en deux manches gagnantes) contre "
            f"le niveau 2 (heuristique), puis le niveau 3 (ISMCTS, {LEVEL_3_ITERATIONS} parties "
            "imaginées par coup), chaque donne jouée une fois en premier et une fois en second ; "
            f"réussi quand il gagne au moins {TARGET_2} % des matchs contre le niveau 2 (il le "
            f"bat) et {TARGET_3} % contre le niveau 3 (il lui tient tête). " + TEST_RULE["fr"],
            "en": "Improve `mon_nain`. It plays matches (best of three rounds) against level 2 "
            f"(heuristic), then level 3 (ISMCTS, {LEVEL_3_ITERATIONS} imagined games per "
            "move), each deal played once moving first and once moving second; passed when it "
            f"wins at least {TARGET_2} % of its matches against level 2 (it beats it) and "
            f"{TARGET_3} % against level 3 (it holds it close). " + TEST_RULE["en"],
        },
        hints=Hints(
            close={
                "fr": "Une carte de tirage sert surtout la plus grosse équipe : loin de la "
                "barrière, un nain de plus vaut mieux qu'un petit tirage.",
                "en": "A pull card mostly serves the bigger team: far from the fence, one more "
                "gnome is worth more than a small pull.",
            },
            wrong={
                "fr": "Calculez ce que chaque carte de tirage rapporte maintenant avec "
                "`observation['teams']`, et jouez la meilleure.",
                "en": "Compute what each pull card gains now from `observation['teams']`, and "
                "play the best one.",
            },
        ),
        targets=BOT_TARGETS,
        play=play,
    ),
)
