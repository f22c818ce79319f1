/**
 * bench:ledger's side-by-side figure: the server's CPU per paid watch of the before tree (LEDGER_BEFORE_REF, built
 * in a git worktree as tests/support/previous-release.ts builds one) and of this tree, each one process on a
 * PostgreSQL database of its own, under the same load from this process in alternating rounds. bench:ledger's
 * before and after halves run minutes apart, and this machine's speed drifts over minutes (a shared virtual
 * machine); alternating rounds cancel the drift. After a warm-up round each (as fast as each answers) and
 * WARM_ROUNDS each at the rate, every round runs both at one fixed rate — 60 % of the slower warm-up's watches per
 * second — so both do the same work per second, and the order alternates by round. At smoke size the before side
 * is this tree too, so CI runs the code.
 */
import pg from "pg";
import { fromPool } from "~/server/db/client";
import { makeVideosInstant } from "../tests/support/earning";
import { buildPreviousRelease } from "../tests/support/previous-release";
import { treeCpuSplit } from "../tests/support/processes";
import { LOAD_ENV, type RunningServer, startServer } from "../tests/support/server-process";
import type { signUpEarners, watchLoad, withDatabase } from "./ledger";
import { LEDGER_BEFORE_REF } from "./ledger-before";
import { CONNECTIONS, SECONDS } from "./ledger-sql";
import { medianOf } from "./median";
import { SMOKE, smokeOr } from "./smoke";

export const ROUNDS = smokeOr(6, 1);
/** Rounds at the fixed rate run first and left out: a server's CPU per request still falls for a minute or so. */
export const WARM_ROUNDS = smokeOr(2, 0);

export interface SideBySide {
  /** What the before side ran: a ref and its commit, or this tree (smoke size). */
  before: string;
  watchesPerSecond: number;
  /** The server process's CPU (user + system) per paid watch in each round, ms. */
  rounds: { before: number; after: number }[];
}

interface Side {
  server: RunningServer;
  cookies: string[];
}

/** bench/ledger.ts's own, passed in: it imports this module from its top-level await (as ledger-metrics.ts). */
export interface LedgerParts {
  signUpEarners: typeof signUpEarners;
  watchLoad: typeof watchLoad;
  withDatabase: typeof withDatabase;
}

async function startSide(parts: LedgerParts, url: string, root: string | undefined): Promise<Side> {
  const server = await startServer(
    {
      DATABASE_URL: url,
      DATABASE_POOL_MAX: String(Math.ceil(CONNECTIONS / 2)),
      WEB_CONCURRENCY: "1",
      ...LOAD_ENV,
      LOG_LEVEL: "warn",
    },
    root ? { root } : {},
  );
  // It migrated its own database at its start; the videos are shortened as in bench:ledger's other runs.
  const handle = fromPool(new pg.Pool({ connectionString: url, max: 1 }));
  try {
    await makeVideosInstant(handle.db);
  } finally {
    await handle.close();
  }
  return { server, cookies: await parts.signUpEarners(server.url) };
}

/** One round of paid watches on `side`: its server's CPU per paid watch and the paid watches per second. */
async function round(parts: LedgerParts, side: Side, watchesPerSecond?: number) {
  const before = treeCpuSplit(side.server.pid);
  const { paid, result } = await parts.watchLoad(side.server.url, side.cookies, watchesPerSecond);
  const after = treeCpuSplit(side.server.pid);
  const ms = (after.user - before.user + after.system - before.system) * 1000;
  return { msPerPaid: paid ? ms / paid : Number.NaN, perSecond: paid / result.duration };
}

async function alternate(parts: LedgerParts, before: Side, after: Side): Promise<Omit<SideBySide, "before">> {
  const warm = [await round(parts, before), await round(parts, after)];
  const watchesPerSecond = 0.6 * Math.min(...warm.map((w) => w.perSecond));
  for (let i = 0; i < WARM_ROUNDS; i++) {
    await round(parts, before, watchesPerSecond);
    await round(parts, after, watchesPerSecond);
  }
  const rounds: SideBySide["rounds"] = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      const b = await round(parts, before, watchesPerSecond);
      rounds.push({ before: b.msPerPaid, after: (await round(parts, after, watchesPerSecond)).msPerPaid });
    } else {
      const a = await round(parts, after, watchesPerSecond);
      rounds.push({ before: (await round(parts, before, watchesPerSecond)).msPerPaid, after: a.msPerPaid });
    }
  }
  return { watchesPerSecond, rounds };
}

/**
 * `ref`: the before tree (BENCH_LEDGER_BEFORE, default LEDGER_BEFORE_REF, as bench/ledger-before.ts; "none" skips
 * it: null); at smoke size this tree on both sides.
 */
export async function runSideBySide(
  parts: LedgerParts,
  ref: string = process.env.BENCH_LEDGER_BEFORE ?? LEDGER_BEFORE_REF,
): Promise<SideBySide | null> {
  if (ref === "none") return null;
  const previous = SMOKE ? null : await buildPreviousRelease(ref);
  try {
    return await parts.withDatabase(
      (beforeUrl) =>
        parts.withDatabase(async (afterUrl) => {
          const before = await startSide(parts, beforeUrl, previous?.dir);
          try {
            const after = await startSide(parts, afterUrl, undefined);
            try {
              const figures = await alternate(parts, before, after);
              return { before: previous ? `${ref} (${previous.commit})` : "this tree", ...figures };
            } finally {
              await after.server.stop();
            }
          } finally {
            await before.server.stop();
          }
        }, false),
      false,
    );
  } finally {
    await previous?.remove();
  }
}

export function formatSideBySide(s: SideBySide): string {
  const rows = s.rounds.map(
    (r, i) =>
      `| ${i + 1} (${i % 2 ? "after first" : "before first"}) | ${r.before.toFixed(3)} | ${r.after.toFixed(3)} | ${(r.after / r.before).toFixed(2)} |`,
  );
  const ratio = medianOf(s.rounds.map((r) => r.after / r.before));
  return [
    "### The server's CPU per paid watch, side by side (bench/ledger-side-by-side.ts)",
    "",
    `Both servers (one process each, PostgreSQL) in alternating rounds of ${SECONDS} s at one fixed rate of`,
    `${s.watchesPerSecond.toFixed(0)} paid watches/s (60 % of the slower one's rate as fast as it answers), after a`,
    `warm-up round each as fast as it answers and ${WARM_ROUNDS} at the rate: the server process's CPU (user + system)`,
    "per paid watch, ms.",
    "",
    `| round | before: ${s.before} | after: this tree | after ÷ before |`,
    "|---|---|---|---|",
    ...rows,
    `| median | ${medianOf(s.rounds.map((r) => r.before)).toFixed(3)} | ${medianOf(s.rounds.map((r) => r.after)).toFixed(3)} | ${ratio.toFixed(2)} ${ratio <= 0.5 ? "✓" : "✗"} (target ≤ 0.50) |`,
  ].join("\n");
}
