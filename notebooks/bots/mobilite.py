"""Robot n° 2, « mobilité » : va sur la case d'où elle pourra le plus bouger ensuite, puis
ensorcelle une case au hasard, mais jamais à côté d'elle-même. Mieux que le hasard, mais
elle ne gêne jamais l'autre."""

import random

from _plateau import coup, mobilite, moi_et_elle, voisines


def choose(observation):
    moi, elle = moi_et_elle(observation)
    occupees = set(observation["spells"]) | {elle}  # la case que je quitte sera libre
    tours = observation["turns"]  # case où aller -> cases que je pourrai ensorceler
    # La case d'arrivée qui laisse le plus de pas possibles.
    arrivee = max(tours, key=lambda case: mobilite(observation, case, occupees))
    permis = tours[arrivee]
    if not permis:
        return coup(moi, arrivee, None)
    # Ne pas s'enfermer soi-même : un sort loin de sa nouvelle case, si possible.
    pres_de_moi = set(voisines(observation, arrivee))
    loin_de_moi = [case for case in permis if case not in pres_de_moi]
    return coup(moi, arrivee, random.choice(loin_de_moi or permis))
