import { describe, expect, it } from "vitest";
import { dayNumber, featuredOn } from "./todays-quizzes";

/** "2026-03-01" plus `n` days. */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const poolOf = (n: number) => Array.from({ length: n }, (_, i) => `q${i}`);

describe('today\'s quizzes: K of the live pool by rotation (docs/product.md, "Quizzes")', () => {
  it("numbers UTC days from 1970-01-01 and refuses what is not a day", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("1970-01-02")).toBe(1);
    expect(dayNumber("2026-01-01")).toBe(20454);
    expect(dayNumber(addDays("2026-01-01", 365))).toBe(20454 + 365);
    expect(() => dayNumber("2026-13-01")).toThrow(RangeError);
    expect(() => dayNumber("yesterday")).toThrow(RangeError);
  });

  it("starts at day number × K mod n and takes K in a row, wrapping", () => {
    const pool = poolOf(7);
    // 2026-01-01 is day 20454: × 3 = 61362, mod 7 = 0.
    expect(featuredOn(pool, "2026-01-01", 3)).toEqual(["q0", "q1", "q2"]);
    expect(featuredOn(pool, "2026-01-02", 3)).toEqual(["q3", "q4", "q5"]);
    expect(featuredOn(pool, "2026-01-03", 3)).toEqual(["q6", "q0", "q1"]);
    // K 2: 2026-01-02 is day 20455, × 2 = 40910, mod 7 = 2.
    expect(featuredOn(pool, "2026-01-02", 2)).toEqual(["q2", "q3"]);
  });

  it("is the same for the same day and changes from day to day when n > K", () => {
    const pool = poolOf(10);
    for (let d = 0; d < 60; d++) {
      const day = addDays("2026-03-01", d);
      expect(featuredOn(pool, day, 3)).toEqual(featuredOn([...pool], day, 3));
      expect(featuredOn(pool, day, 3)).not.toEqual(featuredOn(pool, addDays(day, 1), 3));
    }
  });

  it("features K different quizzes a day, and every quiz within ceil(n / K) days, from any day", () => {
    for (let n = 1; n <= 12; n++)
      for (let k = 1; k < n; k++)
        for (const first of ["2026-03-01", "2026-07-19", "1969-12-30"]) {
          const pool = poolOf(n);
          const seen = new Set<string>();
          for (let d = 0; d < Math.ceil(n / k); d++) {
            const today = featuredOn(pool, addDays(first, d), k);
            expect(new Set(today).size, `n ${n}, K ${k}`).toBe(k);
            for (const id of today) seen.add(id);
          }
          expect(seen.size, `n ${n}, K ${k}, from ${first}`).toBe(n);
        }
  });

  it("features the whole pool, in its order, when K ≥ n; nothing when the pool is empty", () => {
    expect(featuredOn(poolOf(3), "2026-03-01", 3)).toEqual(["q0", "q1", "q2"]);
    expect(featuredOn(poolOf(3), "2026-03-02", 20)).toEqual(["q0", "q1", "q2"]);
    expect(featuredOn([], "2026-03-01", 3)).toEqual([]);
  });

  it("refuses a K that is not a whole number ≥ 1", () => {
    expect(() => featuredOn(poolOf(5), "2026-03-01", 0)).toThrow(RangeError);
    expect(() => featuredOn(poolOf(5), "2026-03-01", 1.5)).toThrow(RangeError);
  });
});
