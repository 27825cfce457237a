// Interface text in French (default) and English.
//
// A table maps a language to {key: text}. Text may hold `{param}` placeholders, and
// `[...]` optional segments that are dropped when a placeholder inside them has no value:
// "Coup refusé[ : {action}]." reads "Coup refusé." without an action. `{n:dalle|dalles}` is
// the word that agrees with param `n` ("1 dalle", "2 dalles"; French singular below 2).
//
// Keys, in the kit's table and every game's: `<part>.<name>`, or `<part>.<name>.<value>`,
// where `<part>` is the piece of the interface that shows the text (`status`, `prompt`,
// `board`, `option`, a board's own panel such as `pile` or `round`), in lower case with
// words joined by hyphens (`status.your-turn`, `option.nowhere.far-left`). No key names its
// game: a widget reads the kit's table and one game's, and a game's key of the same name
// replaces the kit's text (`status.win`). `board.label` is the board's accessible name.

export const LANGS = ["fr", "en"];
const DEFAULT_LANG = "fr";

export const KIT_STRINGS = {
  fr: {
    "button.new": "Nouvelle partie",
    "button.undo": "Annuler",
    "button.redo": "Refaire",
    "button.hint": "Un conseil ?",
    "button.back": "Retour à la partie",
    "button.end": "Position finale",
    "button.earlier": "Coup précédent",
    "button.later": "Coup suivant",
    "button.close": "Fermer",
    "seats.title": "Joueurs",
    "seat.human": "Humain",
    "seat.bot": "Robot niveau {level}[ : {label}]",
    "seat.custom-bot": "Robot « {level} »",
    "speed.label": "Pause des robots",
    "speed.value": "{seconds} s",
    "lang.label": "Langue",
    "options.title": "Options",
    "options.apply": "Nouvelle partie avec ces options",
    "options.default": "{text} (défaut)",
    "options.apply-draft": "Appliquer : nouvelle partie",
    "moves.title": "Coups",
    "gamereview.withheld": "Les {count} coups jugés sont cachés avec les mains : chacun est jugé d'après la main de son joueur. Ils se montrent à la place du joueur (sa main à l'écran), ou quand toutes les mains sont montrées (« Voir toutes les mains »).",
    "gamereview.title": "Revoir la partie",
    "gamereview.ask": "Revoir la partie coup par coup",
    "gamereview.thinking": "Le robot revoit la partie…",
    "gamereview.said": "La courbe : la partie vue par {name} (en haut, {name} mène).",
    "gamereview.exact": "{exact} coups sur {count} sont jugés par un calcul exact (une preuve) ; les autres sont estimés par le robot ({seconds} s par coup).",
    "gamereview.estimated": "Le robot a estimé chaque coup ({seconds} s par coup) : aucune position de cette partie n'était assez petite pour un calcul exact.",
    "gamereview.judged": "Chaque coup est jugé par le robot, d'après ce que le joueur savait.",
    "notice.review-failed": "La revue de la partie n'a pas pu aller au bout[ ({message})].",
    "gamereview.curve": "Valeur de la partie pour {name}, coup par coup",
    "gamereview.moment": "Coup {n}, {name} : {label}. Joué : {played} ; meilleur : {best}.",
    "gamereview.turning": "Le tournant : après ce coup, la partie était perdue.",
    "gamereview.none": "Aucune erreur marquante.",
    "gamereview.label.best": "meilleur coup",
    "gamereview.label.good": "bon coup",
    "gamereview.label.inaccuracy": "imprécision",
    "gamereview.label.mistake": "erreur",
    "gamereview.label.blunder": "gaffe",
    "gamereview.deal-said": "La courbe : la chance de gagner la donne, carte après carte, pour qui voit la table et sait quelles cartes restent, sans connaître leur ordre (en haut, 100 %).",
    "gamereview.deal-how": "Les {exact} dernières chances sont exactes (tous les ordres des cartes restantes joués) ; les autres sont estimées en jouant {worlds} ordres tirés au hasard (écart type : {se} {points:point|points} au plus).",
    "gamereview.deal-exact": "Les {exact} chances sont exactes : tous les ordres des cartes restantes ont été joués.",
    "gamereview.deal-curve": "Chance de gagner la donne, carte par carte : {first} avant la première carte, {last} à la fin",
    "gamereview.deal-lost.exact": "Après {card} (carte {n}), la donne était perdue : plus aucun ordre des cartes restantes ne gagnait.",
    "gamereview.deal-lost.estimated": "Après {card} (carte {n}), la donne était perdue d'avance : aucun des {worlds} ordres des cartes restantes essayés ne gagnait.",
    "gamereview.deal-won.exact": "Après {card} (carte {n}), la donne était gagnée : tous les ordres des cartes restantes gagnaient.",
    "gamereview.deal-won.estimated": "Après {card} (carte {n}), la donne était gagnée d'avance : les {worlds} ordres des cartes restantes essayés gagnaient tous.",
    "gamereview.deal-certain.lost": "Après {card} (carte {n}), c'est prouvé : plus aucun ordre des cartes restantes ne gagnait.",
    "gamereview.deal-certain.won": "Après {card} (carte {n}), c'est prouvé : tous les ordres des cartes restantes gagnaient.",
    "gamereview.deal-swing.lost": "La plus forte baisse : {card} (carte {n}), de {before} à {after}.",
    "gamereview.deal-swing.won": "La plus forte hausse : {card} (carte {n}), de {before} à {after}.",
    "gamereview.deal-none": "La donne n'est pas finie : rien n'est encore décidé.",
    "notice.not-over": "On revoit une partie quand elle est finie.",
    "notice.no-review": "Ce jeu n'a pas encore de revue.",
    "moves.start": "Départ",
    "moves.empty": "Aucun coup joué pour l'instant.",
    "moves.said": "{name} : {words}",
    "status.turn": "À {name} de jouer.",
    "status.your-turn": "À toi, {name} !",
    "status.thinking": "{name} réfléchit",
    "status.win": "{name} a gagné !",
    "status.draw": "Partie nulle.",
    "status.lost": "{name} a perdu.",
    "status.review": "Tu regardes la position après le coup {ply}.",
    "status.review-start": "Tu regardes la position de départ.",
    "hint.text": "Conseil : {action}",
    "prompt.sent": "Coup envoyé…",
    "notice.malformed": "Le jeu n'a pas compris cette demande.",
    "notice.stale": "Trop tard : la partie a avancé entre-temps.",
    "notice.not-your-turn": "Ce n'est pas à toi de jouer.",
    "notice.illegal": "Ce coup n'est pas permis[ : {action}].",
    "notice.game-over": "La partie est finie.",
    "notice.nothing": "Il n'y a rien à annuler ou à refaire.",
    "notice.bot": "Un robot n'a pas su jouer : un coup permis a été joué pour lui au hasard[ ({message})].",
    "notice.unknown": "Message du jeu : {code}",
    "notice.hands-private": "Les mains restent cachées pendant une partie où un humain joue ; pour changer qui joue, commence une nouvelle partie.",
    "notice.remote-table": "À une table de plusieurs écrans, ceci n'est pas proposé (pas encore) : reprendre un coup, un conseil, la revue, changer les places, une nouvelle partie (c'est l'enseignant qui ouvre les tables).",
    "notice.flood": "Trop de messages d'un coup : le serveur des tables en a ignoré ; attends un instant.",
    "notice.internal": "Erreur interne du jeu : rien n'a changé (détails dans le journal du noyau).",
    "status.curtain": "Au tour de {name} : passe-lui l'écran.",
    "status.waiting": "Manche finie. {name} commence la suivante quand tu dis « Suite ».",
    "status.waiting-you": "Manche finie. {name}, tu commences la suivante : dis « Suite » quand tu es prêt.",
    "round.over": "La manche est finie : regarde ce qui s'est passé.",
    "round.go-on": "« Suite » pour passer à la manche suivante.",
    "button.continue": "Suite",
    "notice.not-waiting": "La manche suivante a déjà commencé.",
    "keys.title": "Jouer au clavier",
    "keys.tab": "passer d'une partie du jeu à l'autre (plateau, choix, boutons) ; Maj+Tab revient en arrière",
    "keys.moves": "dans la liste des coups, un seul arrêt de Tab : aller d'un coup à l'autre ; Entrée montre la position après ce coup",
    "keys.game-review": "la partie finie, « Revoir » puis ses moments : Tab de l'un à l'autre ; Entrée montre ce moment sur le plateau (et le meilleur coup, s'il y en avait un meilleur)",
    "key.arrows": "← ↑ → ↓",
    "key.enter": "Entrée",
    "key.space": "Espace",
    "key.hold-space": "Espace maintenue",
    "key.escape": "Échap",
    "key.tab": "Tab",
    "key.home-end": "Début / Fin",
    "curtain.title": "Écran caché",
    "curtain.text": "Les cartes sont cachées. Passe l'appareil à {name}, sans regarder !",
    "curtain.button": "Je suis {name} : montrer mon jeu",
    "omniscient.label": "Voir toutes les mains (spectateur)",
  },
  en: {
    "button.new": "New game",
    "button.undo": "Undo",
    "button.redo": "Redo",
    "button.hint": "Hint?",
    "button.back": "Back to the game",
    "button.end": "Final position",
    "button.earlier": "Previous move",
    "button.later": "Next move",
    "button.close": "Close",
    "seats.title": "Players",
    "seat.human": "Human",
    "seat.bot": "Bot level {level}[: {label}]",
    "seat.custom-bot": "Bot “{level}”",
    "speed.label": "Bot pause",
    "speed.value": "{seconds} s",
    "lang.label": "Language",
    "options.title": "Options",
    "options.apply": "New game with these options",
    "options.default": "{text} (default)",
    "options.apply-draft": "Apply: new game",
    "moves.title": "Moves",
    "gamereview.withheld": "The {count} moves judged are hidden with the hands: each is judged from its player's hand. They show at that player's seat (their hand on the screen), or when every hand is shown (\"Show every hand\").",
    "gamereview.title": "Review the game",
    "gamereview.ask": "Review the game move by move",
    "gamereview.thinking": "The bot is reviewing the game…",
    "gamereview.said": "The curve: the game as {name} saw it (up: {name} leads).",
    "gamereview.exact": "{exact} of {count} moves are judged by an exact calculation (a proof); the bot estimated the others ({seconds} s a move).",
    "gamereview.estimated": "The bot estimated every move ({seconds} s a move): no position of this game was small enough for an exact calculation.",
    "gamereview.judged": "The bot judges every move from what the player knew.",
    "notice.review-failed": "The game's review could not finish[ ({message})].",
    "gamereview.curve": "The game's value for {name}, move by move",
    "gamereview.moment": "Move {n}, {name}: {label}. Played: {played}; best: {best}.",
    "gamereview.turning": "The turning point: after this move, the game was lost.",
    "gamereview.none": "No notable mistake.",
    "gamereview.label.best": "best move",
    "gamereview.label.good": "good move",
    "gamereview.label.inaccuracy": "inaccuracy",
    "gamereview.label.mistake": "mistake",
    "gamereview.label.blunder": "blunder",
    "gamereview.deal-said": "The curve: the chance of winning the deal, card after card, for someone who sees the table and knows which cards are left, not their order (top: 100%).",
    "gamereview.deal-how": "The last {exact} chances are exact (every order of the cards left played); the others are estimated by playing {worlds} orders drawn at random (standard error: {se} {points:point|points} at most).",
    "gamereview.deal-exact": "All {exact} chances are exact: every order of the cards left was played.",
    "gamereview.deal-curve": "The chance of winning the deal, card by card: {first} before the first card, {last} at the end",
    "gamereview.deal-lost.exact": "After {card} (card {n}), the deal was lost: no order of the cards left won any more.",
    "gamereview.deal-lost.estimated": "After {card} (card {n}), the deal was as good as lost: none of the {worlds} orders of the cards left that were tried won.",
    "gamereview.deal-won.exact": "After {card} (card {n}), the deal was won: every order of the cards left won.",
    "gamereview.deal-won.estimated": "After {card} (card {n}), the deal was as good as won: all {worlds} orders of the cards left that were tried won.",
    "gamereview.deal-certain.lost": "After {card} (card {n}), it is proven: no order of the cards left won any more.",
    "gamereview.deal-certain.won": "After {card} (card {n}), it is proven: every order of the cards left won.",
    "gamereview.deal-swing.lost": "The biggest drop: {card} (card {n}), from {before} to {after}.",
    "gamereview.deal-swing.won": "The biggest rise: {card} (card {n}), from {before} to {after}.",
    "gamereview.deal-none": "The deal is not over: nothing is decided yet.",
    "notice.not-over": "A game is reviewed once it is over.",
    "notice.no-review": "This game has no review yet.",
    "moves.start": "Start",
    "moves.empty": "No move played yet.",
    "moves.said": "{name}: {words}",
    "status.turn": "{name} to move.",
    "status.your-turn": "Your turn, {name}!",
    "status.thinking": "{name} is thinking",
    "status.win": "{name} wins!",
    "status.draw": "It's a draw.",
    "status.lost": "{name} lost.",
    "status.review": "You are looking at the position after move {ply}.",
    "status.review-start": "You are looking at the starting position.",
    "hint.text": "Hint: {action}",
    "prompt.sent": "Move sent…",
    "notice.malformed": "The game did not understand that request.",
    "notice.stale": "Too late: the game has moved on.",
    "notice.not-your-turn": "It is not your turn.",
    "notice.illegal": "That move is not allowed[: {action}].",
    "notice.game-over": "The game is over.",
    "notice.nothing": "There is nothing to undo or redo.",
    "notice.bot": "A bot could not play: a random legal move was played for it[ ({message})].",
    "notice.unknown": "Message from the game: {code}",
    "notice.hands-private": "Hands stay hidden during a game a human plays; to change who plays, start a new game.",
    "notice.remote-table": "At a table of several screens this is not offered (yet): taking back, a hint, the review, changing seats, a new game (the teacher opens tables).",
    "notice.flood": "Too many messages at once: the table server ignored some; wait a moment.",
    "notice.internal": "Internal error of the game: nothing changed (details in the kernel's log).",
    "status.curtain": "{name}'s turn: pass the screen over.",
    "status.waiting": "Round over. {name} starts the next one when you say Next.",
    "status.waiting-you": "Round over. {name}, you start the next one: say Next when you are ready.",
    "round.over": "The round is over: take a look at what happened.",
    "round.go-on": "“Next” goes on to the next round.",
    "button.continue": "Next",
    "notice.not-waiting": "The next round has already started.",
    "keys.title": "Keyboard",
    "keys.tab": "go from one part of the game to the next (board, choices, buttons); Shift+Tab goes back",
    "keys.moves": "in the move list, one Tab stop: go from move to move; Enter shows the position after that move",
    "keys.game-review": "once the game is over, \"Review\" then its moments: Tab from one to the next; Enter shows that moment on the board (and the better move, if there was one)",
    "key.arrows": "← ↑ → ↓",
    "key.enter": "Enter",
    "key.space": "Space",
    "key.hold-space": "Space held down",
    "key.escape": "Esc",
    "key.tab": "Tab",
    "key.home-end": "Home / End",
    "curtain.title": "Screen hidden",
    "curtain.text": "The cards are hidden. Pass the device to {name}, no peeking!",
    "curtain.button": "I am {name}: show my hand",
    "omniscient.label": "Show every hand (spectator)",
  },
};

const PLACEHOLDER = /\{(\w+)\}/g;
const OPTIONAL = /\[([^\]]*)\]/g;
const PLURAL = /\{(\w+):([^|{}]*)\|([^{}]*)\}/g;

/** Whether `n` takes the singular in `lang`: French below 2 ("1,5 dalle", "0 dalle"),
 * English at exactly 1. */
export function singular(n, lang) {
  const value = Math.abs(Number(n));
  return lang === "fr" ? value < 2 : value === 1;
}

/** `{n}` is a param; `{n:dalle|dalles}` the word that agrees with param `n` in `lang`;
 * `[...]` a part shown only when all its params are given. */
function fill(text, params, lang) {
  const known = (name) => params[name] !== undefined && params[name] !== null && params[name] !== "";
  return text
    .replace(PLURAL, (_, name, one, many) => (singular(params[name], lang) ? one : many))
    .replace(OPTIONAL, (_, inner) => ([...inner.matchAll(PLACEHOLDER)].every(([, n]) => known(n)) ? inner : ""))
    .replace(PLACEHOLDER, (_, name) => (known(name) ? String(params[name]) : ""));
}

/** A `t(lang, key, params)` reading the tables in order, later tables winning. */
export function translator(...tables) {
  const merged = {};
  for (const lang of LANGS) merged[lang] = Object.assign({}, ...tables.map((table) => table[lang]));
  function t(lang, key, params = {}) {
    const text = merged[lang]?.[key] ?? merged[DEFAULT_LANG][key] ?? key;
    return fill(text, params, merged[lang]?.[key] === undefined ? DEFAULT_LANG : lang);
  }
  t.has = (key) => key in merged[DEFAULT_LANG];
  return t;
}
