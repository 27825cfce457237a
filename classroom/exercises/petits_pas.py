"""Exercises of petits_pas.ipynb: estimating a probability by simulation.

The references are rates over seeded deals played by `petits_pas.dealt`, compiled where numba
is installed, in plain Python where not (the JupyterLite site): the same deals for the seed,
fewer of them without numba. A smaller sample widens each reference's interval, and with it
the band an answer is judged right in, as its own uncertainty demands.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ludotheque.engines.extras import have_numba
from ludotheque.engines.stats import exact_interval

from .kinds import ChoiceExercise, Hints, IntervalExercise, NumberExercise, Reference

if TYPE_CHECKING:
    from ludotheque.engines.petits_pas.odds import Dealt

DEALS = 200_000
"""Deals behind each reference rate with numba: a 95 % interval of about ± 0.2 points (a
fraction of a second)."""
SITE_DEALS = 20_000
"""Deals without numba: about two seconds a reading in plain Python, ± 0.7 points."""
SEED = 2026
MARGIN = 0.01
"""The margin of `petits_pas.deals_needed`: ± 1 point at 95 %. The two exercises that ask an
interval ask it as precise: `petits_pas.reading_rate` (about 9,500 deals of that reading, as
exercise 2 computes for its p) and `petits_pas.late_ace` (one deal in seven keeps an ace among
its last two cards: the notebook's 300,000 deals, 70,000 in the browser, keep some 44,000,
10,000, of them: ± 0.4 point, ± 0.8 point; f ± 1/√n: ± 0.5, ± 1.0)."""
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""
LAST_CARDS = {"ace": 1, "seven": 7, "king": 13}


def sample_size() -> int:
    """DEALS where numba plays them, SITE_DEALS where they are played in plain Python."""
    return DEALS if have_numba() else SITE_DEALS


@functools.cache
def simulated(reading: tuple[tuple[str, str], ...] = (), deals: int = DEALS) -> Dealt:
    """`deals` seeded decks and the cards each leaves under `reading` (switches as pairs).
    Imported here: the deal kernel loads numba, which the widgets must not wait for."""
    from ludotheque.engines.petits_pas.odds import dealt

    return dealt(deals, SEED, dict(reading))


def rank(card: int) -> int:
    """1 (ace) to 13 (king) of a deck index (suit × 13 + rank − 1)."""
    return card % 13 + 1


def rate(won: list[bool]) -> Reference:
    """The win rate of the deals kept, with its exact (Clopper–Pearson) 95 % interval."""
    wins, deals = sum(won), len(won)
    return Reference(wins / deals, *exact_interval(wins, deals))


def default_rate() -> Reference:
    return rate([left == 0 for left in simulated(deals=sample_size()).cards_left])


def book_rate() -> float:
    """The default reading's rate alone: a prediction is right within a point of it, at any
    sample size (the interval of the site's smaller sample would also take the book's 1/3,
    which is the rounding the lesson is about)."""
    return default_rate().value


def close_up_rate() -> Reference:
    deals = simulated((("refill", "close-up"),), sample_size())
    return rate([left == 0 for left in deals.cards_left])


def deals_needed() -> float:
    p = default_rate().value
    return Z95**2 * p * (1 - p) / MARGIN**2


def late_ace_rate() -> Reference:
    """Deals with an ace among the deck's last two cards: they win far less often (an ace at
    the end can take nothing), so the rate over all deals is no answer."""
    decks, left = simulated(deals=sample_size())
    return rate([n == 0 for deck, n in zip(decks, left, strict=True) if 1 in map(rank, deck[-2:])])


def best_last_card() -> str:
    decks, left = simulated(deals=sample_size())

    def won_with(last: int) -> float:
        return rate(
            [n == 0 for deck, n in zip(decks, left, strict=True) if rank(deck[-1]) == last]
        ).value

    return max(LAST_CARDS, key=lambda name: won_with(LAST_CARDS[name]))


EXERCISES = (
    NumberExercise(
        id="petits_pas.book_rate",
        notebook="petits_pas",
        kind="prediction",
        statement={
            "fr": "Prédisez, puis vérifiez : le livre annonce « 1 chance sur 3 ». Quelle est "
            "la probabilité de gagner avec la lecture par défaut (un nombre entre 0 et 1) ?",
            "en": 'Predict, then run: the book says "1 chance in 3". What is the probability '
            "of winning under the default reading (a number between 0 and 1)?",
        },
        hints=Hints(
            close={
                "fr": "Le livre arrondit. Jouez 100 000 donnes et comparez.",
                "en": "The book rounds. Play 100,000 deals and compare.",
            },
            wrong={
                "fr": "Le livre n'est pas loin : partez de sa valeur.",
                "en": "The book is not far off: start from its value.",
            },
        ),
        compute=book_rate,
        tolerance=0.01,  # the book's 1/3 is only close: the lesson is that it rounds
        close=0.08,
        probability=True,
    ),
    IntervalExercise(
        id="petits_pas.reading_rate",
        notebook="petits_pas",
        kind="computation",
        statement={
            "fr": "Estimez la probabilité de gagner avec la lecture `refill=close-up` (la rangée "
            "se resserre), avec son intervalle à 95 %, à ± 1 point près : donnez le résultat "
            "de `estimate`, ou un triplet (taux, bas, haut).",
            "en": "Estimate the probability of winning under the reading `refill=close-up` (the "
            "row closes up), with its 95 % interval, within ± 1 point: give `estimate`'s "
            "result, or a triple (rate, low, high).",
        },
        hints=Hints(
            close={
                "fr": "Votre intervalle frôle la valeur : un échantillon malchanceux ? Rejouez "
                "avec une autre graine, ou plus de donnes.",
                "en": "Your interval nearly holds the value: an unlucky sample? Play again "
                "with another seed, or more deals.",
            },
            wrong={
                "fr": "Passez la lecture au simulateur : `estimate(n, reading={'refill': "
                "'close-up'})`.",
                "en": "Give the reading to the simulator: `estimate(n, reading={'refill': "
                "'close-up'})`.",
            },
        ),
        imprecise={
            "fr": "Reprenez l'exercice 2 : la marge 1,96 √(p(1−p)/n) doit rester sous ± 1 "
            "point ; résolvez pour n, avec le p de cette lecture.",
            "en": "Go back to exercise 2: the margin 1.96 √(p(1−p)/n) must stay within ± 1 "
            "point; solve for n, with this reading's p.",
        },
        compute=close_up_rate,
        margin=MARGIN,
        close=0.015,
    ),
    NumberExercise(
        id="petits_pas.deals_needed",
        notebook="petits_pas",
        kind="computation",
        statement={
            "fr": "Combien de donnes faut-il jouer pour connaître la probabilité de gagner "
            "(lecture par défaut) à ± 1 point près, avec un intervalle à 95 % ?",
            "en": "How many deals must be played to know the probability of winning (default "
            "reading) within ± 1 point, with a 95 % interval?",
        },
        hints=Hints(
            close={
                "fr": "La marge est 1,96 √(p(1−p)/n) ; prenez p estimé, pas 1/2.",
                "en": "The margin is 1.96 √(p(1−p)/n); use the estimated p, not 1/2.",
            },
            wrong={
                "fr": "La marge 1,96 √(p(1−p)/n) doit valoir 0,01 : résolvez pour n.",
                "en": "The margin 1.96 √(p(1−p)/n) must equal 0.01: solve for n.",
            },
        ),
        compute=deals_needed,
        tolerance=0.1,
        close=0.4,
        relative=True,
    ),
    IntervalExercise(
        id="petits_pas.late_ace",
        notebook="petits_pas",
        kind="computation",
        statement={
            "fr": "Estimez la probabilité de gagner (lecture par défaut) quand un as est parmi "
            "les deux dernières cartes du paquet, avec son intervalle à 95 %, à ± 1 point "
            "près : un triplet (taux, bas, haut).",
            "en": "Estimate the probability of winning (default reading) when an ace is among "
            "the last two cards of the deck, with its 95 % interval, within ± 1 point: a "
            "triple (rate, low, high).",
        },
        hints=Hints(
            close={
                "fr": "Votre intervalle frôle la valeur : gardez-vous bien les donnes dont l'une "
                "des deux dernières cartes est un as, et elles seules ?",
                "en": "Your interval nearly holds the value: do you keep the deals where one of "
                "the last two cards is an ace, and only those?",
            },
            wrong={
                "fr": "Rang d'une carte : `carte % 13 + 1` (1 = as) ; gardez les donnes dont "
                "l'une des deux dernières cartes (`paquet[-2:]`) est un as, puis comptez les "
                "victoires.",
                "en": "A card's rank: `card % 13 + 1` (1 = ace); keep the deals where one of "
                "the last two cards (`deck[-2:]`) is an ace, then count the wins.",
            },
        ),
        imprecise={
            "fr": "Une donne sur sept environ a un as parmi ses deux dernières cartes ; jouez "
            "assez de donnes pour en garder des milliers.",
            "en": "About one deal in seven has an ace among its last two cards; play enough "
            "deals to keep thousands of them.",
        },
        compute=late_ace_rate,
        margin=MARGIN,
        close=0.015,
    ),
    ChoiceExercise(
        id="petits_pas.last_card",
        notebook="petits_pas",
        kind="prediction",
        statement={
            "fr": "Prédisez, puis vérifiez : quelle dernière carte du paquet donne le plus de "
            "chances de gagner : un as, un sept ou un roi ?",
            "en": "Predict, then run: which last card of the deck gives the best chance of "
            "winning: an ace, a seven or a king?",
        },
        hints=Hints(
            wrong={
                "fr": "Talon épuisé, les dernières cartes doivent entraîner les plus faibles de "
                "leur famille.",
                "en": "Once the stock is empty, the last cards must take the lower ones of "
                "their suit.",
            },
        ),
        choices={
            "ace": {"fr": "as", "en": "ace"},
            "seven": {"fr": "sept", "en": "seven"},
            "king": {"fr": "roi", "en": "king"},
        },
        compute=best_last_card,
    ),
)
