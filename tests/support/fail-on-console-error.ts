import { afterAll, afterEach, vi } from "vitest";

/**
 * A test that makes something log console.error fails (epic-stack's rule): errors are never silently swallowed.
 * Runs before each test file; where test files share a worker's modules (the database projects, vitest.config.ts),
 * it runs again in the same process, so the console's own error function is kept once, never a previous spy.
 */
const shelf = globalThis as { __pleConsoleError?: typeof console.error };
shelf.__pleConsoleError ??= console.error;
const original = shelf.__pleConsoleError;
let errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length)
    throw new Error(`console.error was called: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`);
});
/** A file's faked clock (vi.setSystemTime, vi.useFakeTimers) ends with it, never reaching the next file. */
afterAll(() => {
  vi.useRealTimers();
});
