/**
 * Fisher–Yates shuffle with injected randomness: `randomIndex(n)` returns a whole number in [0, n).
 * The server passes `crypto.randomInt`; tests pass a deterministic source. Returns a new array.
 */
export type RandomIndex = (n: number) => number;

export function shuffle<T>(items: readonly T[], randomIndex: RandomIndex): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    if (!Number.isInteger(j) || j < 0 || j > i) throw new RangeError(`randomIndex(${i + 1}) returned ${j}`);
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** A shuffled order of the indices 0..n-1. */
export function shuffledIndices(n: number, randomIndex: RandomIndex): number[] {
  return shuffle(
    Array.from({ length: n }, (_, i) => i),
    randomIndex,
  );
}
