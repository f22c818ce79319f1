import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, nestingDepthExceeds } from "./json-body-guard";

const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

describe("nestingDepthExceeds", () => {
  it("allows the limit and refuses one level more, for arrays and objects alike", () => {
    expect(nestingDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestingDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    const objects = `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${"}".repeat(MAX_JSON_DEPTH + 1)}`;
    expect(nestingDepthExceeds(objects, MAX_JSON_DEPTH)).toBe(true);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ a: "[".repeat(1000), b: '\\"[[[[', c: [[1]] });
    expect(nestingDepthExceeds(text, 3)).toBe(false);
    expect(nestingDepthExceeds(text, 2)).toBe(true);
  });

  it("counts siblings once: wide is not deep", () => {
    expect(nestingDepthExceeds(`[${Array(10_000).fill("[]").join(",")}]`, 2)).toBe(false);
  });

  it("scans 5 000 levels without recursion", () => {
    expect(nestingDepthExceeds(nested(5000), MAX_JSON_DEPTH)).toBe(true);
    expect(nestingDepthExceeds("[".repeat(60_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
