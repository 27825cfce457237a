import { describe, expect, it } from "vitest";
import { h, keyedChildren } from "../src/kit/dom.js";

const item = (key) => ({ key, make: () => h("span", { "data-key": key }, key) });
const keysOf = (parent) => [...parent.children].map((element) => element.dataset.key);

describe("keyedChildren", () => {
  it("keeps the elements whose key is unchanged, makes the others, in the given order", () => {
    const parent = h("div");
    keyedChildren(parent, ["a", "b", "c"].map(item));
    const [a, b, c] = parent.children;
    keyedChildren(parent, ["a", "x", "c"].map(item));
    expect(keysOf(parent)).toEqual(["a", "x", "c"]);
    expect(parent.children[0]).toBe(a);
    expect(parent.children[2]).toBe(c);
    expect(b.isConnected).toBe(false);

    keyedChildren(parent, ["c", "a"].map(item));
    expect(keysOf(parent)).toEqual(["c", "a"]);
    expect([...parent.children]).toEqual([c, a]);
  });

  it("gives two equal items two elements, and empties the parent for no items", () => {
    const parent = h("div");
    keyedChildren(parent, ["a", "a"].map(item));
    expect(keysOf(parent)).toEqual(["a", "a"]);
    expect(parent.children[0]).not.toBe(parent.children[1]);
    keyedChildren(parent, []);
    expect(parent.children).toHaveLength(0);
  });
});
