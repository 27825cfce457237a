// How steady a pull was, measured from the pointer's path: a number in [0, 1] sent with the
// pull (Python checks it and computes the risk; nothing here decides a rule).
//
//   straightness  chord / path length             (1: a straight pull)
//   smoothness    1 / (1 + cv of segment speeds)  (1: an even speed)
//   timing        1 for 250–1500 ms, less for a yank (< 250 ms) or a hesitation (> 1500 ms)
//   dexterity     0.45 straightness + 0.35 smoothness + 0.2 timing, clamped, 2 decimals

export const PULL_DISTANCE = 0.9; // grid steps the card must travel to leave the roof
export const HOLD_TARGET_MS = 1500; // keyboard: hold the key this long for a steady pull

const clamp = (value, lo, hi) => Math.min(hi, Math.max(lo, value));
const round2 = (value) => Math.round(value * 100) / 100;

export function timing(ms) {
  if (ms < 250) return clamp(0.3 + (0.7 * (ms - 80)) / 170, 0.3, 1);
  if (ms > 1500) return clamp(1 - (0.5 * (ms - 1500)) / 2500, 0.5, 1);
  return 1;
}

/** points = [{t, x, y}, ...] in time order (any unit of length, ms). */
export function dexterity(points) {
  if (!Array.isArray(points) || points.length < 2) return 0;
  let path = 0;
  const speeds = [];
  for (let i = 1; i < points.length; i += 1) {
    const d = Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
    const dt = Math.max(points[i].t - points[i - 1].t, 1);
    path += d;
    if (d > 0) speeds.push(d / dt);
  }
  const first = points[0];
  const last = points[points.length - 1];
  const chord = Math.hypot(last.x - first.x, last.y - first.y);
  if (path === 0) return 0;
  const straightness = chord / path;
  let smoothness = 1;
  if (speeds.length > 1) {
    const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
    const variance = speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / speeds.length;
    smoothness = 1 / (1 + Math.sqrt(variance) / mean);
  }
  const score = 0.45 * straightness + 0.35 * smoothness + 0.2 * timing(last.t - first.t);
  return round2(clamp(score, 0, 1));
}

/** Keyboard pull: how close the hold was to HOLD_TARGET_MS. */
export function holdDexterity(ms) {
  return round2(clamp(1 - Math.abs(ms - HOLD_TARGET_MS) / HOLD_TARGET_MS, 0.1, 1));
}
