/**
 * `--smoke`: a bench at a size that takes seconds, run by CI (`npm run bench:smoke`, bench/smoke-all.ts) so a bench
 * that breaks fails CI. Its figures are printed, not judged (a missed target does not fail it), and nothing is written
 * into docs/benchmarks.md.
 */
export const SMOKE = process.argv.includes("--smoke");

/** `full`, or `smoke` when the bench runs with --smoke. */
export const smokeOr = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);
