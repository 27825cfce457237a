"""The notebooks' "write your bot" exercises, measured (not a test; pytest does not collect it).

For Sorcière au pain d'épices (sorciere.ipynb) and Tir de tuyau (nains.ipynb): the starter
bot, the notebook's current solution, a proposed solution built on one idea of the lesson, and
its ablation (the same bot with the idea replaced by a constant), each played as the exercises
play them: two-player games against level 2 and level 3, every deal played from both seats
(game i: deal `first + i // 2`, the bot on seat i % 2, seat 0 starting), Sorcière's pulls at
x = 0.5, Tir de tuyau's level 3 at a fixed 60 imagined games a move. The deals (seeds from
`--first`, default 10**6) are not those of the exercises' stored outputs. Win rates with 95 %
Wilson intervals; the proposed bot minus its ablation as a paired difference (same deals, same
seats) with a 95 % normal interval.

    .venv/bin/python tests/benchmarks/bench_solution_bots.py              # 600 games a line
    .venv/bin/python tests/benchmarks/bench_solution_bots.py --quick      # 40 games a line
    .venv/bin/python tests/benchmarks/bench_solution_bots.py --game nains --games 1000 \
        --nains-l3-games 300

600 games give a rate's interval of about ±4 points. A Sorcière game takes 20–50 ms, a Tir de
tuyau match 5–10 ms against level 2 and 0.4–0.8 s against level 3 (loaded 2-core machine): the
default run takes some 20 minutes, most of it Tir de tuyau's level 3 (`--nains-l3-games`).

The bots below are written as a pupil of the lesson would, to be copied into the notebooks
(`roof_of` for Sorcière; `gain_du_coup`, `COULEURS`, `CARDS`, `INDEX` from nains.ipynb, repeated
here).
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from typing import Any

from ludotheque.engines.bots import as_bot
from ludotheque.engines.nains import CARDS, INDEX, HeuristicBot, IsmctsBot, Nains, pull_values
from ludotheque.engines.nains.cards import bonnet_choices
from ludotheque.engines.sorciere import Sorciere, bot_for_level, roof_of, with_dexterity
from ludotheque.engines.stats import wilson_interval

DEXTERITY = 0.5
LEVEL_3_ITERATIONS = 60


# == Sorcière au pain d'épices =============================================================
def sorciere_starter(observation):
    """The notebook's starter: the least risky card, avoiding a known treat equal to the top
    of its pile; puts a card back in the first allowed place."""
    if observation["phase"] == "scored":
        return "next"
    if observation["phase"] == "put":
        return f"put {observation['targets'][0]}"
    moi = observation["to_move"]
    pile = observation["piles"][moi]
    haut = pile[-1]["treat"] if pile else None
    toit = roof_of(observation)

    def cout(numero):
        mauvaise = observation["slots"][numero]["known"] == haut
        return toit.probability(numero) + (1 if mauvaise else 0)

    return f"pull {min(observation['targets'], key=cout)}"


def sorciere_notebook_solution(observation):
    """The notebook's solution today: the pull's expectation, (1 − p)·q − p·(n + 1)/2, and
    the card put back where the next player's safest pull is the most dangerous."""
    if observation["phase"] == "scored":
        return "next"
    toit = roof_of(observation)
    if observation["phase"] == "put":

        def danger(numero):
            apres = toit.copy()
            apres.put(numero)
            return min(apres.probability(k) for k in apres.present())

        return f"put {max(observation['targets'], key=danger)}"
    pile = observation["piles"][observation["to_move"]]
    haut = pile[-1]["treat"] if pile else None

    def esperance(numero):
        p = toit.probability(numero)
        q = 0.0 if haut is not None and observation["slots"][numero]["known"] == haut else 1.0
        return (1 - p) * q - p * (len(pile) + 1) / 2

    return f"pull {max(observation['targets'], key=esperance)}"


def sorciere_solution(observation, idee=True):
    """Proposed solution, ONE idea: where to put a card back. À deux, un effondrement coûte
    la manche entière : on tire la carte la plus sûre (comme le robot de départ), et une carte
    à reposer va là où le tirage le plus sûr de l'adversaire devient le plus dangereux.
    With two players a collapse costs the whole round: pull the safest card (as the starter
    does), and put a card back where the other player's safest pull becomes the most
    dangerous. `idee=False` is the ablation: the first allowed place (a constant), which makes
    it the starter."""
    if observation["phase"] == "scored":
        return "next"
    toit = roof_of(observation)
    if observation["phase"] == "put":
        if not idee:
            return f"put {observation['targets'][0]}"  # ablation: the first allowed place

        def danger(numero):  # the other player's safest pull once my card lies in `numero`
            apres = toit.copy()
            apres.put(numero)
            return min(apres.probability(k) for k in apres.present())

        return f"put {max(observation['targets'], key=danger)}"
    pile = observation["piles"][observation["to_move"]]
    haut = pile[-1]["treat"] if pile else None

    def risque(numero):  # a known card showing my pile's top treat would come straight back
        mauvaise = haut is not None and observation["slots"][numero]["known"] == haut
        return toit.probability(numero) + (1 if mauvaise else 0)

    return f"pull {min(observation['targets'], key=risque)}"


def sorciere_ablation(observation):
    return sorciere_solution(observation, idee=False)


def sorciere_reversed(observation):
    """A contrast, not the ablation: the card put back where the other's safest pull is the
    SAFEST (the idea turned upside down)."""
    if observation["phase"] == "put":
        toit = roof_of(observation)

        def danger(numero):
            apres = toit.copy()
            apres.put(numero)
            return min(apres.probability(k) for k in apres.present())

        return f"put {min(observation['targets'], key=danger)}"
    return sorciere_solution(observation)


def sorciere_game(bot: Callable[..., Any], level: str, seed: int, seat: int) -> int:
    state = Sorciere(players=2).new_game(seed=seed, first=0)
    players = {
        seat: with_dexterity(bot, DEXTERITY),
        1 - seat: bot_for_level(level, seed=seed, dexterity=DEXTERITY),
    }
    while not state.is_terminal():
        state.apply(players[state.current_player()](state))
    return int(state.winner() == seat)


# == Tir de tuyau (nains) ==================================================================
R, B, Y, G = range(4)
COULEURS = {"red": R, "blue": B, "yellow": Y, "green": G}


def tirage(carte, equipes):
    "Slabs toward seat 0 if seat 0 plays `carte` now (best bonnet; gnome cards: -2)."
    if carte.kind == "squirrel":
        return carte.squirrels
    if carte.kind == "gnome":
        return -2
    choix = bonnet_choices(carte) if carte.needs_colour else [-1]
    return max(
        sum(pull_values(carte, b)[g] for g in equipes[0])
        - sum(pull_values(carte, b)[g] for g in equipes[1])
        for b in choix
    )


def gain_du_coup(coup, equipes):
    "Slabs toward seat 0 if seat 0 plays `coup` now: 'play R2B0', 'play M2G0 red', 'play S2'..."
    mots = coup.split()
    carte = CARDS[INDEX[mots[1]]]
    if carte.kind != "pull":
        return tirage(carte, equipes)
    valeurs = pull_values(carte, COULEURS[mots[2]] if len(mots) > 2 else -1)
    return sum(valeurs[g] for g in equipes[0]) - sum(valeurs[g] for g in equipes[1])


def nains_starter(observation):
    """The notebook's starter: its biggest squirrel, else the first allowed card."""
    coups = observation["legal"]
    if observation["phase"] == "choose":
        return "gnome red"
    ecureuils = [c for c in coups if c.startswith("play S")]
    if ecureuils:
        return max(ecureuils)
    cartes = [c for c in coups if c.startswith("play")]
    return cartes[0] if cartes else coups[0]


def nains_notebook_solution(observation):
    """The notebook's solution today (`mon_nain` in the answer cell)."""
    coups, main, moi = observation["legal"], observation["hand"], observation["to_move"]
    if observation["phase"] == "choose":
        score = dict.fromkeys(COULEURS, 0)
        for code in main:
            for couleur in COULEURS:
                lettre = couleur[0].upper()
                score[couleur] += code.startswith(lettre + "2") - code.endswith(lettre + "0")
        return "gnome " + max(COULEURS, key=score.get)
    equipes = [[COULEURS[g] for g in equipe] for equipe in observation["teams"]]
    if moi == 1:
        equipes.reverse()
    vers_moi = observation["hose"] if moi == 0 else -observation["hose"]
    ma_marge = observation["fence"] + vers_moi
    sa_marge = observation["fence"] - vers_moi

    def valeur(coup):
        if not coup.startswith("play"):
            return 2.5
        g, carte = gain_du_coup(coup, equipes), CARDS[INDEX[coup.split()[1]]]
        if g >= sa_marge:
            return 100
        if carte.kind == "squirrel":
            return 0.65 * g - 1 if ma_marge > 3 else 0.65 * g + 2
        if carte.kind == "gnome":
            return 0.15 if ma_marge > 4 else -4.85
        return g - 0.35

    jouables = [c for c in coups if not c.startswith("discard")]
    meilleur = max(jouables, key=valeur, default=None)
    if meilleur is not None and valeur(meilleur) > -0.5:
        return meilleur
    bonnes = {c.split()[1] for c in jouables if valeur(c) >= -1}
    mauvaises = {c.split()[1] for c in jouables if valeur(c) < -1}
    inutiles = sorted(code for code in main if code in mauvaises - bonnes)
    for coup in coups:
        jetees = sorted(coup.split()[1].split(",")) if coup.startswith("discard") else None
        if inutiles and jetees == inutiles:
            return coup
    return meilleur or coups[0]


NAIN_D_ABORD = 50
"""What the proposed bot counts a gnome card for while far from the fence: more than any pull."""


def nains_solution(observation, idee=True):
    """Proposed solution, ONE idea (exercise 3: pull cards mostly strengthen the bigger
    team): tant que mon premier nain est loin de la barrière (à plus de 4 dalles),
    j'agrandis mon équipe (une carte d'ajout de nain avant toute autre) ; sinon la carte qui
    tire le plus maintenant (`gain_du_coup`), une carte qui gagne la manche d'abord ; je
    défausse les cartes qui ne tirent rien. While my first gnome is far from the fence (more
    than 4 slabs), grow my team (a gnome card before any other); otherwise the card that
    pulls most now, a round-winning card first; throw away the cards that pull nothing.
    `idee=False` is the ablation: far from the fence a gnome card is only a tie-break (played
    when no card pulls toward me, instead of a discard); near it, both count it -2."""
    coups, main, moi = observation["legal"], observation["hand"], observation["to_move"]
    if observation["phase"] == "choose":  # the colour my pull cards favour
        score = dict.fromkeys(COULEURS, 0)
        for code in main:
            for couleur in COULEURS:
                lettre = couleur[0].upper()
                score[couleur] += code.startswith(lettre + "2") - code.endswith(lettre + "0")
        return "gnome " + max(COULEURS, key=score.get)
    equipes = [[COULEURS[g] for g in equipe] for equipe in observation["teams"]]
    if moi == 1:
        equipes.reverse()  # my team first, as gain_du_coup wants
    vers_moi = observation["hose"] if moi == 0 else -observation["hose"]
    ma_marge = observation["fence"] + vers_moi  # my first gnome's slabs to the fence
    sa_marge = observation["fence"] - vers_moi  # the other's

    def valeur(coup):
        g = gain_du_coup(coup, equipes)
        if g >= sa_marge:
            return 100  # wins the round now
        if coup.startswith("play +") and ma_marge > 4:  # a gnome card, far from the fence
            return NAIN_D_ABORD if idee else 0.01  # THE IDEA: grow my team (ablation: a tie-break)
        return g  # what the card pulls now

    cartes = [c for c in coups if c.startswith("play")]
    meilleur = max(cartes, key=valeur, default=None)
    if meilleur is not None and valeur(meilleur) > 0:
        return meilleur
    mauvaises = {c.split()[1] for c in cartes if valeur(c) <= 0}
    defausse = "discard " + ",".join(c for c in main if c in mauvaises)
    if defausse in coups and ma_marge > 1:  # a discard costs one slab
        return defausse  # throw away the cards that pull nothing
    return meilleur or coups[0]


def nains_ablation(observation):
    return nains_solution(observation, idee=False)


def nains_game(bot: Callable[..., Any], level: str, seed: int, seat: int) -> int:
    opponent = (
        HeuristicBot(seed)
        if level == "2"
        else IsmctsBot(seed, iterations=LEVEL_3_ITERATIONS, seconds=None)
    )
    state = Nains().new_game(seed=seed, first=0)
    players = {seat: as_bot(bot), 1 - seat: opponent}
    while not state.is_terminal():
        state.apply(players[state.current_player()](state))
    return int(state.winner() == seat)


# == measuring =============================================================================
def play(game: Callable[..., int], bot: Any, level: str, games: int, first: int) -> list[int]:
    """Game i: deal first + i // 2, the bot on seat i % 2; 1 for a win."""
    return [game(bot, level, first + i // 2, i % 2) for i in range(games)]


def rate(results: list[int]) -> str:
    k, n = sum(results), len(results)
    low, high = wilson_interval(k, n)
    return f"{k}/{n} = {100 * k / n:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"


def paired(a: list[int], b: list[int]) -> str:
    d = [x - y for x, y in zip(a, b, strict=True)]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return (
        f"{100 * mean:+.1f} points [{100 * (mean - half):+.1f}, {100 * (mean + half):+.1f}] "
        f"({sum(x > 0 for x in d)} games won only by the first, {sum(x < 0 for x in d)} only "
        f"by the second, of {n})"
    )


def measure(
    name: str,
    game: Callable[..., int],
    bots: dict[str, Any],
    games: dict[str, int],
    first: int,
    solution: str,
    ablation: str,
) -> None:
    print(f"\n== {name} (deals from {first}) ==", flush=True)
    for level in ("2", "3"):
        n = games[level]
        results = {}
        for label, bot in bots.items():
            start = time.perf_counter()
            results[label] = play(game, bot, level, n, first)
            seconds = time.perf_counter() - start
            print(
                f"  v level {level}  {label:<18} {rate(results[label])}   "
                f"{1000 * seconds / n:.0f} ms a game",
                flush=True,
            )
        print(
            f"  v level {level}  {solution} minus {ablation}, paired: "
            f"{paired(results[solution], results[ablation])}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600, help="games a bot a level (even)")
    parser.add_argument(
        "--nains-l3-games",
        type=int,
        default=None,
        help="Tir de tuyau against level 3 (slow): default --games",
    )
    parser.add_argument("--first", type=int, default=10**6, help="the first deal's seed")
    parser.add_argument("--game", choices=("sorciere", "nains", "both"), default="both")
    parser.add_argument("--quick", action="store_true", help="40 games a line")
    args = parser.parse_args()
    games = 40 if args.quick else args.games
    l3 = 40 if args.quick else (args.nains_l3_games or games)
    if args.game in ("sorciere", "both"):
        measure(
            "Sorcière au pain d'épices, 2 players, x = 0.5",
            sorciere_game,
            {
                "starter": sorciere_starter,
                "notebook solution": sorciere_notebook_solution,
                "proposed": sorciere_solution,
                "ablation": sorciere_ablation,
                "reversed put-back": sorciere_reversed,
            },
            {"2": games, "3": games},
            args.first,
            "proposed",
            "ablation",
        )
        print("  (the ablation is the starter: the same pulls, the first allowed put-back)")
    if args.game in ("nains", "both"):
        measure(
            f"Tir de tuyau, best of three, level 3 at {LEVEL_3_ITERATIONS} imagined games",
            nains_game,
            {
                "starter": nains_starter,
                "notebook solution": nains_notebook_solution,
                "proposed": nains_solution,
                "ablation": nains_ablation,
            },
            {"2": games, "3": l3},
            args.first,
            "proposed",
            "ablation",
        )


if __name__ == "__main__":
    main()
