// The list of moves, in words where the game can phrase them ("Hansel : tire le biscuit D4",
// the notation as a tooltip); clicking one asks Python to show the position after it. A
// screen reader hears each new move once (a polite live region), not the whole list again.

import { h } from "./dom.js";

export function createMoves({ t, send, describe }) {
  const title = h("h3", { class: "ludo-heading" });
  const list = h("ol", { class: "ludo-moves-list" });
  const spoken = h("p", { class: "ludo-sr ludo-last-move", "aria-live": "polite" });
  const el = h("section", { class: "ludo-moves" }, title, list, spoken);
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
      const move = (text, index) => item(index + 1, h("span", {}, h("b", {}, `${index + 1}.`), said(text, index)), text);
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
        requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
        if (count !== null && moves.length > count) spoken.textContent = said(moves.at(-1), moves.length - 1);
        count = moves.length;
      }
      const reviewed = view.reviewing ? view.review.ply : null;
      for (const button of list.querySelectorAll(".ludo-move")) {
        const current = Number(button.dataset.ply) === reviewed;
        if (current) button.setAttribute("aria-current", "step");
        else button.removeAttribute("aria-current");
      }
    },
  };
}
