/**
 * The steps of an upgrade as the app's start-up takes them (prepare-database.ts), one at a time and each timed,
 * for `npm run bench:migrations`: every migration the database lacks, by the app's migrator (its own transaction,
 * lock_timeout 500 ms, retried after a lock wait that timed out: db/migrate.ts) and in its order (by name); then
 * the indexes they list, each built CONCURRENTLY; then the SQL functions whose files changed, together; then the
 * start-up step itself (prepare-database.ts), which must find nothing left to apply but the starting quizzes' seed.
 */
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { fromPool } from "~/server/db/client";
import { buildConcurrentIndexes } from "~/server/db/concurrent-indexes";
import { migrateToLatest } from "~/server/db/migrate";
import { concurrentIndexes, migrations } from "~/server/db/migrations/index";
import { applySqlFunctions } from "~/server/db/sql-functions";
import { prepareDatabase, sqlFunctionFiles } from "~/server/prepare-database";

export interface StepWindow {
  step: string;
  /** performance.now() before and after the step. */
  from: number;
  to: number;
}

async function executed<T>(db: Kysely<T>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return new Set(rows.map((row) => row.name));
}

/** The migrations the database lacks, in the migrator's order (by name). */
export async function pendingMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const done = await executed(db);
  return Object.keys(migrations)
    .filter((name) => !done.has(name))
    .sort();
}

/**
 * Runs the upgrade's steps on the database at `url`, calling `log` after each; returns each step's window of time.
 * Throws when a step fails or when the start-up step afterwards still finds something to apply.
 */
export async function runUpgradeSteps(url: string, log: (line: string) => void): Promise<StepWindow[]> {
  const handle = fromPool(new pg.Pool({ connectionString: url, max: 2 }));
  const { db } = handle;
  const windows: StepWindow[] = [];
  const timed = async (step: string, run: () => Promise<unknown>) => {
    const from = performance.now();
    await run();
    const to = performance.now();
    windows.push({ step, from, to });
    log(`  ${step}: ${(to - from).toFixed(0)} ms`);
  };
  try {
    for (const name of await pendingMigrations(db)) {
      const upTo = Object.fromEntries(Object.entries(migrations).filter(([known]) => known <= name));
      await timed(name, async () => {
        const applied = await migrateToLatest(db, { migrations: upTo, concurrentIndexes: [] });
        if (!applied.includes(name)) throw new Error(`${name} was not applied (${applied.join(", ")})`);
      });
    }
    for (const index of concurrentIndexes)
      if (!(await indexExists(db, index.name)))
        await timed(`index ${index.name} (concurrently)`, () => buildConcurrentIndexes(db, [index]));
    await timed("SQL functions (changed files, together)", () => applySqlFunctions(db, sqlFunctionFiles()));
    // The start-up step itself: nothing left to apply, only the starting quizzes' seed (once, on a new table).
    await timed("start-up step (prepareDatabase): the quizzes' seed", async () => {
      const left = await prepareDatabase(db);
      if (left.length) throw new Error(`the start-up step still applied ${left.join(", ")} after the steps`);
    });
    return windows;
  } finally {
    await handle.close();
  }
}

async function indexExists<T>(db: Kysely<T>, name: string): Promise<boolean> {
  const { rows } = await sql`select 1 from pg_class c join pg_index i on i.indexrelid = c.oid
    where c.relname = ${name} and i.indisvalid`.execute(db);
  return rows.length > 0;
}
