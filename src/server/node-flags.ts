/**
 * V8 flags the server runs with (ADR 049). Node's default lets the young generation grow to 3 × 64 MiB under load;
 * capped at 3 × 8 MiB the server's memory under the earning benchmark stays lower at little cost in collections
 * (docs/benchmarks.md). V8 reads them only at process start, so they are part of the launch command:
 * `npm start` (package.json), the test and benchmark servers (tests/support/server-process.ts) and the cluster's
 * workers (cluster.ts) all pass them; `src/server/node-flags.test.ts` keeps package.json in step.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8"] as const;

/** `execArgv` with the server's flags added where it does not set them itself. */
export function withServerFlags(execArgv: readonly string[]): string[] {
  const missing = SERVER_NODE_FLAGS.filter(
    (flag) => !execArgv.some((a) => a.startsWith(flag.split("=")[0]!)),
  );
  return [...execArgv, ...missing];
}
