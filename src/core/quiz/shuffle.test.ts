import { describe, expect, it } from "vitest";
import { type RandomIndex, shuffle, shuffledIndices } from "./shuffle";

/** Replays a fixed list of choices; fails the test if the shuffle asks for more or out of range. */
function scripted(choices: readonly number[]): RandomIndex {
  let k = 0;
  return (n) => {
    const c = choices[k++];
    if (c === undefined || c >= n) throw new Error(`unexpected draw ${k} of ${n}`);
    return c;
  };
}

/** Every sequence of draws Fisher–Yates can make for n items: n × (n-1) × … × 2 of them. */
function allDrawSequences(n: number): number[][] {
  let seqs: number[][] = [[]];
  for (let size = n; size > 1; size--)
    seqs = seqs.flatMap((s) => Array.from({ length: size }, (_, c) => [...s, c]));
  return seqs;
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

describe("shuffle", () => {
  it("returns a permutation and leaves the input alone", () => {
    const input = ["a", "b", "c", "d", "e", "f", "g"];
    for (let seed = 0; seed < 50; seed++) {
      let x = seed + 1;
      const lcg: RandomIndex = (n) => {
        x = (x * 1103515245 + 12345) % 2 ** 31;
        return x % n;
      };
      const out = shuffle(input, lcg);
      expect([...out].sort()).toEqual(input);
    }
    expect(input).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
  });

  it.each([1, 2, 3, 4, 5])("reaches each of the %i! orders exactly once over all draw sequences", (n) => {
    const items = Array.from({ length: n }, (_, i) => i);
    const seen = new Map<string, number>();
    for (const seq of allDrawSequences(n)) {
      const out = shuffle(items, scripted(seq));
      expect([...out].sort((a, b) => a - b)).toEqual(items);
      const key = out.join(",");
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(factorial(n));
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
  });

  it("handles empty and single inputs without drawing", () => {
    const never: RandomIndex = () => {
      throw new Error("drew");
    };
    expect(shuffle([], never)).toEqual([]);
    expect(shuffle(["x"], never)).toEqual(["x"]);
  });

  it("refuses a random source that answers out of range", () => {
    expect(() => shuffle([1, 2, 3], () => 3)).toThrow(RangeError);
    expect(() => shuffle([1, 2, 3], () => -1)).toThrow(RangeError);
    expect(() => shuffle([1, 2, 3], () => 0.5)).toThrow(RangeError);
  });

  it("shuffledIndices is a permutation of 0..n-1", () => {
    const out = shuffledIndices(4, scripted([1, 0, 1]));
    expect([...out].sort()).toEqual([0, 1, 2, 3]);
    expect(out).toHaveLength(4);
  });
});
