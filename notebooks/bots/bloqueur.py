"""Robot n° 3, « bloqueur » : bouge comme « mobilité », puis ensorcelle une case à côté de
l'autre sorcière, celle qui lui enlève un pas. Bloquer l'autre est le but du jeu !"""

import random

from _plateau import coup, mobilite, moi_et_elle, voisines


def choose(observation):
    moi, elle = moi_et_elle(observation)
    occupees = set(observation["spells"]) | {elle}
    tours = observation["turns"]
    arrivee = max(tours, key=lambda case: mobilite(observation, case, occupees))
    permis = tours[arrivee]
    if not permis:
        return coup(moi, arrivee, None)
    # Les cases ensorcelables qui touchent l'autre sorcière : chacune lui retire un pas.
    pres_d_elle = [case for case in permis if case in voisines(observation, elle)]
    sort = random.choice(pres_d_elle or permis)
    return coup(moi, arrivee, sort)
