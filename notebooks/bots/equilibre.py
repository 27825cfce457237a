"""Robot n° 4, « équilibre » : essaie chaque tour (un pas, puis un sort près de l'autre) et
garde celui qui donne le meilleur écart « mes pas possibles moins deux fois les siens ».
Il regarde un coup à l'avance : c'est déjà un vrai petit algorithme de jeu."""

from _plateau import coup, mobilite, moi_et_elle, voisines


def score(observation, arrivee, sort, elle):
    occupees = set(observation["spells"]) | {elle, arrivee}
    if sort:
        occupees.add(sort)
    siens = mobilite(observation, elle, occupees)
    if siens == 0:
        return 1000  # elle est bloquée : gagné
    occupees.discard(arrivee)
    miens = mobilite(observation, arrivee, occupees | {elle})
    return miens - 2 * siens


def choose(observation):
    moi, elle = moi_et_elle(observation)
    pres_d_elle = set(voisines(observation, elle))
    meilleur, meilleur_score = None, None
    for arrivee, permis in observation["turns"].items():
        # Les sorts utiles sont près d'elle ; s'il n'y en a pas, n'importe lequel.
        candidats = [case for case in permis if case in pres_d_elle] or permis[:1] or [None]
        for sort in candidats:
            s = score(observation, arrivee, sort, elle)
            if meilleur_score is None or s > meilleur_score:
                meilleur, meilleur_score = coup(moi, arrivee, sort), s
    return meilleur
