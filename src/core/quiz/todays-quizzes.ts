/**
 * Today's quizzes (docs/product.md, "Quizzes"): each UTC day, K of the live quizzes are featured, by rotation
 * through the pool in its order (position, then id). Day d starts at (d × K) mod n and takes K in a row, wrapping;
 * so consecutive days follow on, and every live quiz is featured within ceil(n / K) days. K ≥ n features them all.
 * Pure: the server passes the live pool and the day; the same day always gives the same quizzes.
 */

/** K when `QUIZZES_FEATURED_PER_DAY` is not set, and the range it may take. */
export const DEFAULT_QUIZZES_FEATURED_PER_DAY = 3;
export const QUIZZES_FEATURED_PER_DAY_MIN = 1;
export const QUIZZES_FEATURED_PER_DAY_MAX = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a UTC day "YYYY-MM-DD" (its day number: 2026-01-01 → 20454). */
export function dayNumber(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(ms)) throw new RangeError(`not a UTC day: ${day}`);
  return Math.round(ms / DAY_MS);
}

/**
 * The `perDay` quizzes of `pool` (the live quizzes in their order) featured on `day`: from (day number × perDay)
 * mod n, `perDay` in a row, wrapping to the start; the whole pool, in its order, when perDay ≥ n.
 */
export function featuredOn<T>(pool: readonly T[], day: string, perDay: number): T[] {
  if (!Number.isInteger(perDay) || perDay < 1)
    throw new RangeError(`perDay must be a whole number ≥ 1: ${perDay}`);
  const n = pool.length;
  if (perDay >= n) return [...pool];
  // Days before 1970 count back from the end (a remainder is negative in JavaScript).
  const start = (((dayNumber(day) * perDay) % n) + n) % n;
  return Array.from({ length: perDay }, (_, i) => pool[(start + i) % n] as T);
}
