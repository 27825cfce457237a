// The engine's action text ("pull 21@0.9", "put 34", "next") read back into its parts, so
// the board can point at the slot an action names and say it in words; and the roof's
// coordinates, written along its edges: slot i lies in row i // 6 (row 1 along the front
// wall, drawn at the bottom) and column i % 6 (A on the left), as engines/sorciere/roof.py
// lays it out. The roof's size and letters are widgets/pictures/sorciere.json's, which the
// static picture reads too.

import BOARD from "../../../widgets/pictures/sorciere.json" with { type: "json" };

export const SIDE = BOARD.side;
export const COLUMNS = BOARD.columns;

/** The coordinates of a slot, "A1" (front left) to "F6" (back right). */
export function cellName(slot) {
  if (!Number.isInteger(slot) || slot < 0 || slot >= SIDE * SIDE) throw new RangeError(`not a slot of the roof: ${slot}`);
  return COLUMNS[slot % SIDE] + String(Math.floor(slot / SIDE) + 1);
}

const ACTION = /^(pull|put) (\d+)(?:@([\d.]+))?$/;

/** {kind: "pull"|"put"|"next", slot?, dexterity?} for an action text; null for any other text. */
export function parseAction(text) {
  if (text === "next") return { kind: "next" };
  const match = ACTION.exec(String(text ?? ""));
  if (!match) return null;
  const [, kind, slot, dexterity] = match;
  return { kind, slot: Number(slot), dexterity: dexterity === undefined ? null : Number(dexterity) };
}
