// The list of moves, in words where the game can phrase them ("Hansel : tire le biscuit D4",
// the notation as a tooltip); clicking one asks Python to show the position after it. A
// screen reader hears each new move once (a polite live region), not the whole list again.
// The whole list is one Tab stop (a roving tabindex: the arrows, Home and End move inside it),
// on the move looked back at, else on the last: 70 moves were 70 Tab stops on the way back to
// the board.

import { h } from "./dom.js";
import { createRoving } from "./keys.js";

/** The move list's line in the keyboard help (kit/keys.js), added by the shell when it shows the list. */
export const MOVE_KEYS = { keys: ["arrows", "home-end", "enter"], does: "keys.moves" };

/** Scroll `list` (not the page) just enough to show `item`. */
function keepInView(list, item) {
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top;
  else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
}

/** `notation(text)` is a move's tooltip (its text by default; null for a game whose texts are
 * engine codes no player should read, as Tir de tuyau's "play M2B0 yellow"). */
export function createMoves({ t, send, describe, notation: tooltip = (text) => text }) {
  const title = h("h3", { class: "ludo-heading" });
  const list = h("ol", { class: "ludo-moves-list" });
  const spoken = h("p", { class: "ludo-sr ludo-last-move", "aria-live": "polite" });
  const el = h("section", { class: "ludo-moves" }, title, list, spoken);
  const roving = createRoving(list, ".ludo-move");
  const inList = () => list.contains(list.ownerDocument.activeElement);
  list.addEventListener("focusin", (event) => keepInView(list, event.target));
  let context = ""; // the names and language the list is written with
  let listed = []; // [text, mover] of each move listed
  let count = null; // moves already said (null: none yet, the first view says nothing)
  return {
    el,
    update(view) {
      const moves = view.observation.moves ?? [];
      const movers = view.observation.movers ?? [];
      title.textContent = t(view.lang, "moves.title");
      const item = (ply, label, notation = "") => h("li", {},
        h("button", { type: "button", class: "ludo-move", "data-ply": ply, title: notation, onclick: () => send({ type: "review", ply }) }, label));
      const said = (text, index) => {
        const words = describe(text, view.lang);
        const name = view.names[movers[index]];
        return words === text || name === undefined ? words : t(view.lang, "moves.said", { name, words });
      };
      const move = (text, index) => item(index + 1, h("span", {}, h("b", {}, `${index + 1}.`), said(text, index)), tooltip(text));
      const now = JSON.stringify([view.names, view.lang]);
      const kept = now === context && listed.length <= moves.length
        && listed.every(([text, mover], index) => text === moves[index] && mover === movers[index]);
      if (!kept || listed.length < moves.length) {
        // A move played adds its line; anything else (an undo, a new game, a language) rewrites
        // the list. Rewriting it whole at every move cost a game's long list dearly.
        if (kept && listed.length > 0) list.append(...moves.slice(listed.length).map((text, index) => move(text, listed.length + index)));
        else {
          list.replaceChildren(
            moves.length ? item(0, t(view.lang, "moves.start")) : h("li", { class: "ludo-moves-empty" }, t(view.lang, "moves.empty")),
            ...moves.map(move),
          );
        }
        context = now;
        listed = moves.map((text, index) => [text, movers[index]]);
        // Scrolled to the last move at the next frame: reading the height now would lay out
        // the whole notebook page in the middle of drawing the widget.
        // Not while the keyboard walks the list: the move it is on stays in view.
        requestAnimationFrame(() => { if (!inList()) list.scrollTop = list.scrollHeight; });
        if (count !== null && moves.length > count) spoken.textContent = said(moves.at(-1), moves.length - 1);
        count = moves.length;
      }
      const reviewed = view.reviewing ? view.review.ply : null;
      const buttons = list.querySelectorAll(".ludo-move");
      let stop = buttons[buttons.length - 1];
      for (const button of buttons) {
        const current = Number(button.dataset.ply) === reviewed;
        if (current) {
          button.setAttribute("aria-current", "step");
          stop = button;
        } else button.removeAttribute("aria-current");
      }
      // The focus in the list stays where the keys put it; otherwise Tab comes back on the
      // move looked at, or the last one.
      if (inList()) roving.refresh();
      else roving.select(stop);
      // A move looked back at from elsewhere (the review's moments, the arrows) is scrolled to.
      if (reviewed !== null && stop && !inList()) requestAnimationFrame(() => keepInView(list, stop));
    },
  };
}
