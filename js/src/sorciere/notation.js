// The engine's action text ("pull 21@0.9", "put 34", "next") read back into its parts, so
// the board can point at the slot an action names and say it in words.

const ACTION = /^(pull|put) (\d+)(?:@([\d.]+))?$/;

/** {kind: "pull"|"put"|"next", slot?, dexterity?} for an action text; null for any other text. */
export function parseAction(text) {
  if (text === "next") return { kind: "next" };
  const match = ACTION.exec(String(text ?? ""));
  if (!match) return null;
  const [, kind, slot, dexterity] = match;
  return { kind, slot: Number(slot), dexterity: dexterity === undefined ? null : Number(dexterity) };
}
