/**
 * V8 flags the server runs with (ADR 049). Node's default lets the young generation grow to 3 × 64 MiB under load;
 * capped at 3 × 8 MiB the server's memory under the earning benchmark stays lower at little cost in collections
 * (docs/benchmarks.md). Requests in flight survive those small scavenges and are promoted, and V8 would let the old
 * generation grow up to fourfold before its next full collection (to ~110 MiB with ~25 MiB live, measured); a fixed
 * growth of 30 % collects it sooner (one process under the benchmark: 158–161 MiB RSS instead of 249–254, at the same
 * throughput). V8 reads them only at process start, so they are part of the launch command:
 * `npm start` (package.json), the test and benchmark servers (tests/support/server-process.ts) and the cluster's
 * workers (cluster.ts) all pass them; `src/server/node-flags.test.ts` keeps package.json in step.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8", "--heap-growing-percent=30"] as const;

/** `execArgv` with the server's flags added where it does not set them itself. */
export function withServerFlags(execArgv: readonly string[]): string[] {
  const missing = SERVER_NODE_FLAGS.filter(
    (flag) => !execArgv.some((a) => a.startsWith(flag.split("=")[0]!)),
  );
  return [...execArgv, ...missing];
}

/**
 * The environment the server runs with besides its configuration (ADR 049): glibc's malloc with a fixed threshold
 * of 128 KiB above which an allocation gets its own mapping, returned to the system when freed. By default glibc
 * raises that threshold after such a block is freed, so later large blocks (ArrayBuffers: PGlite's WebAssembly
 * start-up, file reads) come from its heap and stay resident after they are freed: PGlite's one process held
 * 390–410 MiB after 64 sign-ups without it, 270 MiB with it; on PostgreSQL it changes little. Like the V8
 * flags it is read only at process start (by the C library), so it is part of the launch command too; elsewhere
 * than glibc it is ignored.
 */
export const SERVER_MALLOC_TUNABLE = "glibc.malloc.mmap_threshold=131072";

/** `env` with the malloc tunable added to `GLIBC_TUNABLES` unless it sets that threshold itself. */
export function withServerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const tunables = env.GLIBC_TUNABLES ?? "";
  if (tunables.includes("glibc.malloc.mmap_threshold=")) return env;
  return {
    ...env,
    GLIBC_TUNABLES: tunables ? `${tunables}:${SERVER_MALLOC_TUNABLE}` : SERVER_MALLOC_TUNABLE,
  };
}
