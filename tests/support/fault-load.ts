import { sql } from "kysely";
import type { Database } from "~/server/db/client";
import { earnOneWatch } from "./earning";
import type { TestUser } from "./factories";
import { httpClient } from "./http-client";

/** One earning request: when it ended (ms since the run began) and its status (0: no answer at all). */
export interface Sample {
  t: number;
  status: number;
}

export interface Ack {
  userId: string;
  entryId: number;
}

export interface FaultRun {
  samples: Sample[];
  acks: Ack[];
  faultStartMs: number;
  faultEndMs: number;
}

/**
 * `clients` concurrent users earning (POST a paid video watch) against `baseUrl` for `durationMs`; at
 * `faultAtMs` the `outage` runs (and resolves when the dependency is back). Every answer is recorded.
 */
export async function earnThroughFault({
  baseUrl,
  users,
  clients,
  durationMs,
  faultAtMs,
  outage,
}: {
  baseUrl: string;
  users: TestUser[];
  clients: number;
  durationMs: number;
  faultAtMs: number;
  outage: () => Promise<void>;
}): Promise<FaultRun> {
  const client = httpClient(baseUrl);
  const started = Date.now();
  const samples: Sample[] = [];
  const acks: Ack[] = [];
  const run: FaultRun = { samples, acks, faultStartMs: 0, faultEndMs: 0 };
  const fault = (async () => {
    await new Promise((r) => setTimeout(r, faultAtMs));
    run.faultStartMs = Date.now() - started;
    await outage();
    run.faultEndMs = Date.now() - started;
  })();
  await Promise.all(
    Array.from({ length: clients }, async (_, w) => {
      for (let i = 0; Date.now() - started < durationMs; i++) {
        const user = users[(w + i) % users.length] as TestUser;
        let status = 0;
        try {
          // A paid watch: started and completed at once (the server's videos were made instant).
          const earned = await earnOneWatch(client, user.cookie);
          status = earned.status;
          if (earned.entryId !== null) acks.push({ userId: user.id, entryId: earned.entryId });
        } catch {
          status = 0;
        }
        samples.push({ t: Date.now() - started, status });
        // A client that is refused waits a little before trying again, as a browser user would.
        if (status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  await fault;
  return run;
}

export interface FaultSummary {
  /** Answers by status while the dependency was away (from fault start to fault end). */
  duringFault: Record<string, number>;
  /** Answers ≥ 500 other than 503, or no answer, over the whole run. */
  unexpected: number;
  /** From the dependency's return to the first acknowledged award (ms). */
  firstSuccessMs: number | null;
  /** From the dependency's return to the last refused answer (ms); after it every answer was a success. */
  steadyMs: number;
  acknowledged: number;
}

export function summarize(run: FaultRun): FaultSummary {
  const duringFault: Record<string, number> = {};
  for (const s of run.samples)
    if (s.t >= run.faultStartMs && s.t <= run.faultEndMs)
      duringFault[String(s.status)] = (duringFault[String(s.status)] ?? 0) + 1;
  const after = run.samples.filter((s) => s.t > run.faultEndMs).sort((a, b) => a.t - b.t);
  const first = after.find((s) => s.status === 200);
  const lastBad = after.filter((s) => s.status !== 200).at(-1);
  return {
    duringFault,
    unexpected: run.samples.filter((s) => s.status === 0 || (s.status >= 500 && s.status !== 503)).length,
    firstSuccessMs: first ? first.t - run.faultEndMs : null,
    steadyMs: lastBad ? lastBad.t - run.faultEndMs : 0,
    acknowledged: run.acks.length,
  };
}

/** Acknowledged awards missing from the ledger, duplicate cause keys, and balances that differ from their ledger. */
export async function auditLedger(db: Database, acks: Ack[]) {
  const rows = await db.selectFrom("coin_ledger").select(["id", "user_id"]).execute();
  const found = new Map(rows.map((r) => [Number(r.id), r.user_id]));
  const missing = acks.filter((a) => found.get(a.entryId) !== a.userId).length;
  const { rows: duplicates } = await sql<{ n: number }>`
    select count(*)::int as n from (select cause_key from coin_ledger group by cause_key having count(*) > 1) d`.execute(
    db,
  );
  const { rows: broken } = await sql<{ id: string }>`
    select p.id from user_profiles p left join coin_ledger l on l.user_id = p.id
    group by p.id, p.points having p.points <> coalesce(sum(l.amount), 0)`.execute(db);
  return {
    ledgerRows: rows.length,
    missing,
    duplicateCauseKeys: Number(duplicates[0]?.n ?? 0),
    brokenBalances: broken.length,
  };
}
