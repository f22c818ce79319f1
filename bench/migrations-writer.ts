/**
 * The writer of `npm run bench:migrations`: one connection of its own that awards coins without a pause through
 * the app's award (ledger.service.ts `award`, the SQL function `ledger_award` the database has at the time — the
 * previous release's until the SQL functions step), a Tic Tac Toe win each to a player drawn at random, and
 * records when each award started and ended. `stallDuring` answers, for a window of time, the longest award that
 * overlapped it: the longest the writer stood still then.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { fromPool } from "~/server/db/client";
import { award } from "~/server/ledger/ledger.service";

export interface AwardSample {
  /** performance.now() at the call and at its answer. */
  start: number;
  end: number;
  outcome: "paid" | "limited" | "duplicate" | "error";
}

export interface Writer {
  samples: AwardSample[];
  /** The first few errors, by message. */
  errors: string[];
  /** Stops after the award in flight; resolves when it has ended. */
  stop(): Promise<void>;
}

/** Players who may earn (not banned, not deleted, not administrators), up to `count` drawn at random. */
async function earners(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select p.id from user_profiles p join "user" u on u.id = p.id
       where p.deleted_at is null and u.role = 'user' and not coalesce(u.banned, false)
       order by random() limit $1`,
      [count],
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/** Starts awarding to players of the database at `url`, drawn at random from up to 10 000 who may earn. */
export async function startWriter(url: string): Promise<Writer> {
  const players = await earners(url, 10_000);
  if (!players.length) throw new Error("no player who may earn");
  const handle = fromPool(new pg.Pool({ connectionString: url, max: 1 }));
  const samples: AwardSample[] = [];
  const errors: string[] = [];
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const userId = players[Math.floor(Math.random() * players.length)] ?? "";
      const start = performance.now();
      try {
        const result = await award(handle.db, {
          userId,
          kind: "ttt_win",
          causeKey: `bench-migrations:${randomUUID()}`,
        });
        const outcome = result.limited ? "limited" : result.duplicate ? "duplicate" : "paid";
        samples.push({ start, end: performance.now(), outcome });
      } catch (error) {
        samples.push({ start, end: performance.now(), outcome: "error" });
        if (errors.length < 5) errors.push(error instanceof Error ? error.message : String(error));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  const running = loop();
  return {
    samples,
    errors,
    stop: async () => {
      stopped = true;
      await running;
      await handle.close();
    },
  };
}

export interface Stall {
  /** The longest award that overlapped the window (ms): how long the writer stood still at most. */
  longestMs: number;
  /** Awards that ended in the window, and of those the ones that failed. */
  awards: number;
  failed: number;
}

/** The writer's longest stall in [from, to] (performance.now() times), and the awards it completed meanwhile. */
export function stallDuring(samples: readonly AwardSample[], from: number, to: number): Stall {
  let longestMs = 0;
  let awards = 0;
  let failed = 0;
  for (const s of samples) {
    if (s.end >= from && s.start <= to) longestMs = Math.max(longestMs, s.end - s.start);
    if (s.end >= from && s.end <= to) {
      awards++;
      if (s.outcome === "error") failed++;
    }
  }
  return { longestMs, awards, failed };
}
