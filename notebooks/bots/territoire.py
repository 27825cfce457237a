"""Robot n° 5, « territoire » : le plus fort des exemples. Pour chaque tour possible (un
pas, puis un sort près de l'autre sorcière ou près de soi), il compte le territoire : les
cases que sa sorcière atteindrait avant l'autre, moins celles que l'autre atteindrait
avant elle. Avoir plus de place que l'autre, c'est finir par l'enfermer. Il gagne tout de
suite s'il peut bloquer l'autre, et n'entre jamais dans une case sans issue."""

from _plateau import coup, mobilite, moi_et_elle, territoire, voisines


def valeur(observation, arrivee, sort, elle):
    occupees = set(observation["spells"]) | {arrivee}
    if sort:
        occupees.add(sort)
    if mobilite(observation, elle, occupees) == 0:
        return 10_000  # elle ne peut plus bouger : gagné
    if mobilite(observation, arrivee, occupees | {elle}) == 0:
        return -10_000  # je m'enfermerais moi-même
    espace = territoire(observation, arrivee, elle, occupees | {elle})
    occupees.discard(arrivee)
    pas = mobilite(observation, arrivee, occupees | {elle}) - mobilite(
        observation, elle, occupees | {arrivee}
    )
    return 10 * espace + pas  # le territoire d'abord, les pas pour départager


def choose(observation):
    moi, elle = moi_et_elle(observation)
    pres_d_elle = set(voisines(observation, elle))
    meilleur, meilleure_valeur = None, None
    for arrivee, permis in observation["turns"].items():
        pres_de_moi = set(voisines(observation, arrivee))
        candidats = [c for c in permis if c in pres_d_elle or c in pres_de_moi]
        for sort in candidats or permis[:1] or [None]:
            v = valeur(observation, arrivee, sort, elle)
            if meilleure_valeur is None or v > meilleure_valeur:
                meilleur, meilleure_valeur = coup(moi, arrivee, sort), v
    return meilleur
