"""Un robot qui plante : il lit une clé qui n'existe pas dans l'observation.

Au tournoi, il perd chaque partie où il doit jouer (« exception »), et le message d'erreur
(la trace, avec la ligne fautive) est gardé pour que son auteur le corrige."""


def choose(observation):
    ma_case = observation["witch"]  # la bonne clé est "witches" (une case par sorcière)
    return observation["legal"][0] if ma_case else None
