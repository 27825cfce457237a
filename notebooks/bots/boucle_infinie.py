"""Un robot qui ne répond jamais : il cherche un coup sans jamais s'arrêter.

Au tournoi, il perd chaque partie où il doit jouer (« timeout ») : le tournoi l'arrête
après le temps permis par coup, et les autres parties continuent."""


def choose(observation):
    meilleur = None
    profondeur = 1
    while meilleur is None:  # oubli classique : rien ne remplit jamais `meilleur`
        profondeur += 1  # « je regarde un coup plus loin »… pour toujours
    return meilleur
