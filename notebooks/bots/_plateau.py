"""Outils de plateau pour les robots de Sortilèges (fournis avec le tournoi).

Le nom commence par « _ » : le tournoi ne le prend pas pour un robot, mais les robots du
même dossier peuvent l'importer (`from _plateau import ...`). Tout se lit dans
l'observation, le seul renseignement qu'un robot reçoit :

    observation["witches"]  où se tient chaque sorcière, par ex. ["c1", "d8"]
    observation["spells"]   les cases ensorcelées
    observation["houses"]   les deux maisons (jamais ensorcelées)
    observation["turns"]    pour la sorcière qui joue : case où aller -> cases à ensorceler
    observation["legal"]    tous les coups permis, écrits "c1-c2/d5"
"""

from collections import deque

LETTRES = "abcdefghijklmnopqrstuvwxyz"


def coordonnees(case):
    """"c4" -> (2, 3) : colonne et rangée comptées depuis 0."""
    return LETTRES.index(case[0]), int(case[1:]) - 1


def voisines(observation, case):
    """Les cases qui touchent `case` (comme un roi aux échecs), sur le plateau."""
    colonne, rangee = coordonnees(case)
    autour = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            c, r = colonne + dc, rangee + dr
            if (dc or dr) and 0 <= c < observation["files"] and 0 <= r < observation["ranks"]:
                autour.append(f"{LETTRES[c]}{r + 1}")
    return autour


def moi_et_elle(observation):
    """La case de ma sorcière (celle qui joue) et celle de l'autre."""
    moi = observation["to_move"]
    return observation["witches"][moi], observation["witches"][1 - moi]


def coup(depart, arrivee, sort):
    """Le texte d'un tour : "c1-c2/d5", ou "c1-c2" s'il n'y a plus rien à ensorceler."""
    return f"{depart}-{arrivee}/{sort}" if sort else f"{depart}-{arrivee}"


def mobilite(observation, case, occupees):
    """Combien de pas une sorcière en `case` pourrait faire (cases libres autour)."""
    return sum(1 for voisine in voisines(observation, case) if voisine not in occupees)


def territoire(observation, moi, elle, occupees):
    """Cases que j'atteins strictement avant l'autre, moins celles qu'elle atteint avant
    moi (parcours en largeur depuis chaque sorcière ; `occupees` sont des murs, les deux
    sorcières comprises) : qui aura le plus de place."""
    distances = []
    for depart in (moi, elle):
        vues = {depart: 0}
        file = deque([depart])
        while file:
            case = file.popleft()
            for voisine in voisines(observation, case):
                if voisine not in occupees and voisine not in vues:
                    vues[voisine] = vues[case] + 1
                    file.append(voisine)
        distances.append(vues)
    a_moi, a_elle = distances
    loin = float("inf")  # une case qu'une sorcière n'atteint pas est infiniment loin
    ecart = 0
    for case in set(a_moi) | set(a_elle):
        mienne, sienne = a_moi.get(case, loin), a_elle.get(case, loin)
        ecart += (mienne < sienne) - (sienne < mienne)
    return ecart
