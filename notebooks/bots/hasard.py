"""Robot n° 1, « hasard » : joue un coup permis au hasard.

Un robot est un fichier qui définit `choose(observation)` : la fonction reçoit ce que voit
la sorcière qui joue (un dict) et rend son coup, un texte comme "c1-c2/d5".
"""

import random


def choose(observation):
    # observation["legal"] : la liste de tous les coups permis ; on en tire un.
    return random.choice(observation["legal"])
