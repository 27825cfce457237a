"""Bot verdicts (classroom/exercises/bot_verdict.py): their error rates, the jail's cost, the
notebooks' bots.

1. Error rates: simulated bots (each game a coin with the bot's win chance) at each bot
   exercise's targets and 10 points below, `--repetitions` seeded verdicts each: the measured
   pass rate with its 95 % Wilson interval next to the exact rate the verdict states, the mean
   and largest numbers of games played next to the exact expectation and the maximum.
2. The jail's cost: the same verdict (same seed, same bot) played in this Python and in the
   tournament's jail; the difference per game.
3. The notebooks' bots (starters and solutions, copied below): win rates on `--games` fresh
   games against each level, with 95 % Wilson intervals, then `--verdicts` fresh verdicts of
   each (how often it passes).

    .venv/bin/python tests/benchmarks/bench_bot_verdicts.py --quick      # about 2 minutes
    .venv/bin/python tests/benchmarks/bench_bot_verdicts.py              # about 30 min on 2 cores

Not a test (pytest does not collect tests/benchmarks/). Single process; timings depend on
the machine's load.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import pathlib
import secrets
import sys
import time
from typing import Any

from ludotheque.classroom.exercises import EXERCISES, exercise
from ludotheque.classroom.exercises.bot_verdict import BotExercise, default_way, derived
from ludotheque.classroom.exercises.kinds import Hints
from ludotheque.classroom.exercises.sequential import MARGIN
from ludotheque.engines.stats import wilson_interval


# -- 1. error rates ---------------------------------------------------------------------------
def coin_game(won: bool):
    return won
    yield


def simulated(targets: dict[str, float], chances: dict[str, float]) -> BotExercise:
    def play(level: str, seed: int, seat: int):
        return coin_game((seed >> (31 * seat)) % 2**31 / 2**31 < chances[level])

    return BotExercise(
        id="bench.bot",
        notebook="bench",
        kind="bot",
        statement={"fr": "", "en": ""},
        hints=Hints(wrong={"fr": "", "en": ""}),
        targets=targets,
        play=play,
    )


def nobody(observation: dict[str, Any]) -> str:
    return observation["legal"][0]


def error_rates(repetitions: int) -> None:
    print(f"\n## Error rates ({repetitions} seeded verdicts per row, simulated bots)\n")
    print(
        "| exercise | bot's win chances | passed | 95 % interval | exact | games: mean | "
        "exact mean | most | max |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for declared in (e for e in EXERCISES.values() if isinstance(e, BotExercise)):
        targets = declared.targets
        at_target, below_rate = declared.rates()
        rows = [("at every target", dict(targets), at_target)]
        for level in targets:
            weak = dict(targets, **{level: targets[level] - MARGIN})
            rows.append((f"10 points below at level {level}", weak, None))
        for label, chances, exact in rows:
            sim = simulated(targets, chances)
            passed, games, most = 0, 0, 0
            for seed in range(repetitions):
                result = sim.judge(nobody, "en", seed=seed, way="kernel")
                passed += result.passed
                played = sum(level[2] for level in result.levels)
                games, most = games + played, max(most, played)
            low, high = wilson_interval(passed, repetitions)
            if exact is None:  # this level's plan below its target; the other levels at target
                exact = 1.0
                for level, level_plan in sim.plans().items():
                    exact *= level_plan.operating(chances[level])[0]
            mean_exact = expected_games(sim, chances)
            biggest = sum(p.max_games for p in sim.plans().values())
            print(
                f"| {declared.id} | {label} {fmt(chances)} | {passed / repetitions:.3f} | "
                f"[{low:.3f}, {high:.3f}] | {exact:.4f} | {games / repetitions:.0f} | "
                f"{mean_exact:.0f} | {most} | {biggest} |"
            )
        print(
            f"|   | stated: pass at target ≥ {at_target:.4f}, 10 points below ≤ "
            f"{below_rate:.4f} | | | | | | | |"
        )


def expected_games(sim: BotExercise, chances: dict[str, float]) -> float:
    """Exact expected games of a verdict (levels in order, stopping at the first failed)."""
    total, reach = 0.0, 1.0
    for level, level_plan in sim.plans().items():
        passed, games = level_plan.operating(chances[level])
        total += reach * games
        reach *= passed
    return total


def fmt(chances: dict[str, float]) -> str:
    return "(" + ", ".join(f"{level}: {p:.2f}" for level, p in chances.items()) + ")"


# -- 2. the jail's cost -------------------------------------------------------------------
def jail_cost() -> None:
    print(f"\n## The jail's cost (this machine: {default_way()})\n")
    if default_way() == "kernel":
        print("no process can start here: nothing to compare")
        return
    print("| exercise | bot | games | this Python (s) | jail (s) | jail per game (ms) | same |")
    print("|---|---|---|---|---|---|---|")
    for exercise_id, bot in (
        ("sorciere.bot", sorciere_starter),
        ("sortileges.bot", sortileges_starter),
        ("nains.bot", nains_starter),
    ):
        declared = exercise(exercise_id)
        declared.plans()  # the plans' design is not the jail's cost
        times, results = [], []
        for way in ("kernel", "jail"):
            start = time.perf_counter()
            results.append(declared.judge(bot, "en", seed=2026, way=way))
            times.append(time.perf_counter() - start)
        games = sum(level[2] for level in results[0].levels)
        same = results[0].levels == results[1].levels
        print(
            f"| {exercise_id} | {bot.__name__} | {games} | {times[0]:.2f} | {times[1]:.2f} | "
            f"{1000 * (times[1] - times[0]) / games:.1f} | {same} |"
        )


# -- 3. the notebooks' bots (copied from the notebooks, cells after "Exercice 4") -----------
def sorciere_starter(observation):
    from ludotheque.engines.sorciere import roof_of

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


def sorciere_solution(observation):
    from ludotheque.engines.sorciere import roof_of

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


def nains_starter(observation):
    coups = observation["legal"]
    if observation["phase"] == "choose":
        return "gnome red"
    ecureuils = [c for c in coups if c.startswith("play S")]
    if ecureuils:
        return max(ecureuils)
    cartes = [c for c in coups if c.startswith("play")]
    return cartes[0] if cartes else coups[0]


def nains_solution(observation):
    from ludotheque.engines.nains import CARDS, INDEX, pull_values
    from ludotheque.engines.nains.cards import bonnet_choices

    couleurs = {"red": 0, "blue": 1, "yellow": 2, "green": 3}

    def tirage(carte, equipes):
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
        mots = coup.split()
        carte = CARDS[INDEX[mots[1]]]
        if carte.kind != "pull":
            return tirage(carte, equipes)
        valeurs = pull_values(carte, couleurs[mots[2]] if len(mots) > 2 else -1)
        return sum(valeurs[g] for g in equipes[0]) - sum(valeurs[g] for g in equipes[1])

    coups, main = observation["legal"], observation["hand"]
    if observation["phase"] == "choose":
        score = dict.fromkeys(couleurs, 0)
        for code in main:
            for couleur in couleurs:
                lettre = couleur[0].upper()
                score[couleur] += code.startswith(lettre + "2") - code.endswith(lettre + "0")
        return "gnome " + max(couleurs, key=score.get)
    moi = observation["to_move"]
    equipes = [[couleurs[g] for g in equipe] for equipe in observation["teams"]]
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
        if (
            inutiles
            and coup.startswith("discard")
            and sorted(coup.split()[1].split(",")) == inutiles
        ):
            return coup
    return meilleur or coups[0]


FILES = "abcdef"


def sortileges_starter(observation):
    def voisins(case):
        f, r = FILES.index(case[0]), int(case[1:])
        return [
            FILES[f + df] + str(r + dr)
            for df in (-1, 0, 1)
            for dr in (-1, 0, 1)
            if (df or dr) and 0 <= f + df < 6 and 1 <= r + dr <= 8
        ]

    moi = observation["to_move"]
    ici, adversaire = observation["witches"][moi], observation["witches"][1 - moi]
    bloque = set(observation["spells"]) | {adversaire}

    def liberte(case):
        return sum(v not in bloque and v != case for v in voisins(case))

    pas = max(sorted(observation["turns"]), key=liberte)
    sorts = observation["turns"][pas]
    if not sorts:
        return f"{ici}-{pas}"
    pres = [s for s in sorts if s in voisins(adversaire)]
    return f"{ici}-{pas}/{(pres or sorts)[0]}"


def voisins(case):
    f, r = FILES.index(case[0]), int(case[1:])
    return [
        FILES[f + df] + str(r + dr)
        for df in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (df or dr) and 0 <= f + df < 6 and 1 <= r + dr <= 8
    ]


MAISONS = {"c1", "d8"}


def libres(case, bloque):
    return [v for v in voisins(case) if v not in bloque]


def portee(case, bloque):
    un = set(libres(case, bloque))
    deux = set(un)
    for v in un:
        deux.update(libres(v, bloque | {case}))
    return deux


def valeur(moi, autre, sorts):
    if not libres(autre, sorts | {moi}):
        return 100
    if not libres(moi, sorts | {autre}):
        return -100
    return len(portee(moi, sorts | {autre})) - len(portee(autre, sorts | {moi}))


def tours_utiles(ici, autre, sorts):
    for pas in libres(ici, sorts | {autre}):
        for sort in libres(autre, sorts | {pas} | MAISONS) or [None]:
            yield pas, sort


def sortileges_solution(observation):
    """The notebook's solution (`deux_tours`): my turn, then her best reply."""
    moi = observation["to_move"]
    ici, autre = observation["witches"][moi], observation["witches"][1 - moi]
    sorts, permis = set(observation["spells"]), observation["turns"]
    meilleur, choix = None, None
    for pas, sort in tours_utiles(ici, autre, sorts):
        if pas not in permis or (sort is not None and sort not in permis[pas]):
            continue
        apres = sorts | {sort}
        reponses = [
            valeur(pas, pas2, apres | {sort2}) for pas2, sort2 in tours_utiles(autre, pas, apres)
        ]
        note = min(reponses, default=100)
        if meilleur is None or note > meilleur:
            meilleur, choix = note, (pas, sort)
    if choix is None:
        pas = sorted(permis)[0]
        choix = (pas, None)
    pas, sort = choix
    if sort is None and permis[pas]:
        sort = sorted(permis[pas])[0]
    return f"{ici}-{pas}/{sort}" if sort else f"{ici}-{pas}"


@functools.cache
def equilibre() -> Any:
    path = pathlib.Path(__file__).parents[2] / "notebooks" / "bots" / "equilibre.py"
    sys.path.insert(0, str(path.parent))  # its helper, _plateau.py
    spec = importlib.util.spec_from_file_location("equilibre", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.choose


def sortileges_lookahead(observation):
    """One turn ahead, as the exercise's hints say (notebooks/bots/equilibre.py)."""
    return equilibre()(observation)


def strategie_starter(f):
    return f.my_steps - f.their_steps


def strategie_solution(f):
    return (f.my_steps - f.their_steps) + 0.5 * (f.my_territory - f.their_territory)


def strategie_project(f):
    from ludotheque.engines.sortileges.evaluation import DEFAULT_WEIGHTS as w

    return w.mobility * (f.my_steps - f.their_steps) + w.territory * (
        f.my_territory - f.their_territory
    )


NOTEBOOK_BOTS = {
    "sorciere.bot": {"starter": sorciere_starter, "solution": sorciere_solution},
    "nains.bot": {"starter": nains_starter, "solution": nains_solution},
    "sortileges.bot": {
        "starter": sortileges_starter,
        "one turn ahead": sortileges_lookahead,
        "solution": sortileges_solution,
    },
    "strategie.evaluation": {
        "starter": strategie_starter,
        "solution": strategie_solution,
        "project's weights": strategie_project,
    },
}


def notebook_bots(games: int, verdicts: int) -> None:
    print(f"\n## The notebooks' bots: {games} fresh games per level, then {verdicts} verdicts\n")
    print("| exercise | bot | level | target | wins | rate | 95 % interval | s/game |")
    print("|---|---|---|---|---|---|---|---|")
    for exercise_id, bots in NOTEBOOK_BOTS.items():
        declared = exercise(exercise_id)
        for label, answer in bots.items():
            choose = declared.player(answer)
            for level, target in declared.targets.items():
                seed, wins, start = secrets.randbits(128), 0, time.perf_counter()
                for number in range(games):
                    game = declared.play(level, derived(seed, level, number // 2), number % 2)
                    wins += run(game, choose)
                low, high = wilson_interval(wins, games)
                print(
                    f"| {exercise_id} | {label} | {level} | {target:.2f} | {wins}/{games} | "
                    f"{wins / games:.3f} | [{low:.3f}, {high:.3f}] | "
                    f"{(time.perf_counter() - start) / games:.3f} |",
                    flush=True,
                )
    if not verdicts:
        return
    print("\n| exercise | bot | verdicts passed | mean games | mean seconds |")
    print("|---|---|---|---|---|")
    for exercise_id, bots in NOTEBOOK_BOTS.items():
        for label, answer in bots.items():
            passed = games_played = 0
            start = time.perf_counter()
            for _ in range(verdicts):
                result = exercise(exercise_id).judge(answer, "en", way="kernel")
                passed += result.passed
                games_played += sum(level[2] for level in result.levels)
            print(
                f"| {exercise_id} | {label} | {passed}/{verdicts} | "
                f"{games_played / verdicts:.0f} | {(time.perf_counter() - start) / verdicts:.1f} |",
                flush=True,
            )


def run(game: Any, choose: Any) -> bool:
    try:
        observation = next(game)
        while True:
            observation = game.send(choose(observation))
    except StopIteration as end:
        return bool(end.value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions and games")
    parser.add_argument("--repetitions", type=int, default=2000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--verdicts", type=int, default=10)
    parser.add_argument("--skip-bots", action="store_true", help="parts 1 and 2 only")
    args = parser.parse_args()
    if args.quick:
        args.repetitions, args.games, args.verdicts = 400, 20, 0
    error_rates(args.repetitions)
    jail_cost()
    if not args.skip_bots:
        notebook_bots(args.games, args.verdicts)


if __name__ == "__main__":
    main()
