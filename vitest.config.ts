import path from "node:path";
import { defineConfig } from "vitest/config";
import SlowFirstSequencer from "./tests/support/slow-first-sequencer";

const dbSuites = ["src/**/*.db.test.ts", "tests/db/**/*.test.ts"];
/** Suites that need a PostgreSQL server (and Redis), e.g. several server processes on one database. */
const postgresOnlySuites = ["tests/postgres/**/*.test.ts"];
/**
 * Suites that assert a tight time bound or compare timings (earning again within 2 s of an outage, a shutdown's bound,
 * sign-up timing): they run after the others, one file at a time, so no other file competes for the CPU.
 */
const serialSuites = [
  "tests/postgres/dependency-outages.test.ts",
  "tests/db/shutdown.test.ts",
  "tests/db/stalled-output-stop.test.ts",
  "src/server/auth/hardened-accounts.db.test.ts",
];
const dbProject = (kind: "pglite" | "postgres", serial = false) => ({
  extends: true as const,
  test: {
    name: serial ? `${kind}-serial` : kind,
    ...(serial
      ? {
          include: serialSuites,
          exclude: kind === "pglite" ? postgresOnlySuites : [],
          fileParallelism: false,
          sequence: { groupOrder: kind === "pglite" ? 1 : 2 },
        }
      : {
          include: kind === "postgres" ? [...dbSuites, ...postgresOnlySuites] : dbSuites,
          exclude: serialSuites,
          isolate: false,
        }),
    env: { TEST_DB_KIND: kind },
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: {
    alias: [
      { find: /^~\//, replacement: `${path.resolve(import.meta.dirname, "src")}/` },
      // The `#tests/*` import alias of package.json "imports" (also in tsconfig.json "paths").
      { find: /^#tests\//, replacement: `${path.resolve(import.meta.dirname, "tests")}/` },
    ],
  },
  test: {
    // One file per core: the database suites spend most of their time waiting on child servers, databases and
    // sockets. (Vitest's default, cores − 1, ran one file at a time on a 2-core machine: 11.8 min against 6.)
    maxWorkers: "100%",
    // The known long files first (tests/support/slow-first-sequencer.ts): no worker idles at the end of a group.
    sequence: { sequencer: SlowFirstSequencer },
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "bench/**/*.test.ts", "tests/contract/**/*.test.ts"],
          exclude: dbSuites,
        },
      },
      dbProject("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [dbProject("postgres")] : []),
      dbProject("pglite", true),
      ...(process.env.TEST_DATABASE_URL ? [dbProject("postgres", true)] : []),
    ],
  },
});
