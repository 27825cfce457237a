// Sortilèges' own text, added to the kit's tables (these keys win over the kit's).

export const SORTILEGES_STRINGS = {
  fr: {
    "move.turn": "va en {to}[, ensorcelle {spell}]",
    "game.rules": "À chaque tour : un pas dans une des 8 directions, puis un sort sur une case libre. La sorcière qui ne peut plus bouger a perdu.",
    "status.win": "{name} a gagné : sa rivale ne peut plus bouger !",
    "board.label": "Plateau de Sortilèges : flèches pour choisir une case, Entrée pour jouer, Échap pour annuler.",
    "prompt.step": "Choisis où faire un pas (cases avec un point vert).",
    "prompt.spell": "Choisis une case à ensorceler (cases en pointillés). Clique sur ta sorcière ou appuie sur Échap pour annuler le pas.",
    "analysis.show": "Analyse",
    "analysis.hide": "Cacher l'analyse",
    "analysis.thinking": "Analyse en cours…",
    "analysis.summary": "Meilleur coup {best} ({value}), profondeur {depth}. Chiffres : valeur d'un pas sur la case (+ : bon pour qui joue, − : mauvais) ; #n : gagne en n tours ; couleurs : territoire ; flèches : suite prévue, ✶n : le n-ième sort de cette suite.",
    "hint.score": "Évaluation : {value} (+ : avantage pour qui joue, − : désavantage ; #n : gain forcé en n tours, −#n : perte en n tours)",
  },
  en: {
    "move.turn": "steps to {to}[, spells {spell}]",
    "game.rules": "Each turn: one step in any of the 8 directions, then a spell on a free square. The witch who cannot move any more loses.",
    "status.win": "{name} wins: her rival cannot move any more!",
    "board.label": "Sortilèges board: arrow keys choose a square, Enter plays, Escape cancels.",
    "prompt.step": "Choose where to step (squares with a green dot).",
    "prompt.spell": "Choose a square to spell (dashed squares). Click your witch or press Escape to take the step back.",
    "analysis.show": "Analysis",
    "analysis.hide": "Hide analysis",
    "analysis.thinking": "Analysing…",
    "analysis.summary": "Best turn {best} ({value}), depth {depth}. Numbers: value of stepping there (+: good for the player to move, −: bad); #n: wins in n turns; colours: territory; arrows: the expected line, ✶n: its n-th spell.",
    "hint.score": "Score: {value} (+: an edge for the player to move, −: a handicap; #n: a forced win in n turns, −#n: a loss in n turns)",
  },
};
