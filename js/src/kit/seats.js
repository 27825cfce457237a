// One selector per seat: human, or a bot of one of the offered levels.

import { h } from "./dom.js";
import { seatBadge } from "./palette.js";
import { seatName } from "./status.js";
import { inLang } from "./view.js";

// Levels are the game's own (labelled in `game_info.levels`) or the name of a bot a student
// wrote.
function seatChoices(view) {
  const labels = view.gameInfo?.levels ?? {};
  return [
    { value: "human", key: "seat.human", params: {} },
    ...view.levels.map((level) => {
      const own = /^\d+$/.test(level);
      const label = own ? inLang(labels[level], view.lang) || undefined : undefined;
      return { value: `bot:${level}`, key: own ? "seat.bot" : "seat.custom-bot", params: { level, label } };
    }),
  ];
}

export function createSeats({ t, send }) {
  const title = h("legend", { class: "ludo-legend" });
  const rows = h("div", { class: "ludo-seat-rows" });
  const el = h("fieldset", { class: "ludo-seats" }, title, rows);
  let layout = "";
  return {
    el,
    update(view) {
      title.textContent = t(view.lang, "seats.title");
      // Rebuild only when the choices change, so an open or focused selector survives.
      const signature = JSON.stringify([view.seats.length, view.names, view.levels, view.lang, view.gameInfo?.levels]);
      if (signature !== layout) {
        layout = signature;
        rows.replaceChildren(...view.seats.map((_, seat) => {
          const name = seatName(view, seat);
          const select = h("select", {
            class: "ludo-seat-select", "data-seat": seat, "aria-label": name,
            onchange: () => send({ type: "seat", seat, value: select.value }),
          }, seatChoices(view).map(({ value, key, params }) => h("option", { value }, t(view.lang, key, params))));
          return h("label", { class: "ludo-seat" }, seatBadge(seat, name), h("span", { class: "ludo-seat-name" }, name), select);
        }));
      }
      // Always show what Python says, also after a refused change.
      rows.querySelectorAll("select").forEach((select, seat) => { select.value = view.seats[seat]; });
    },
  };
}
