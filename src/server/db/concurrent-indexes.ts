import { type Kysely, sql } from "kysely";

/**
 * Indexes on tables that may be large, built without locking them (ADR 072, docs/product.md "Operating"). A
 * migration lists them (`export const concurrentIndexes`); they are built after the migrations of the run, each
 * with CREATE INDEX CONCURRENTLY, which takes no lock that stops writes but cannot run in a transaction — and the
 * migrator runs the migrations in one. So no migration may rely on one of them existing.
 *
 * Repeatable and safe from several instances at once: one instance builds at a time (an advisory lock it polls
 * for, never waits on in a statement: a CONCURRENTLY build waits for every older snapshot, so a session blocked
 * on the lock inside a statement would deadlock with it); a valid index is left alone; an INVALID one, the
 * leftover of a build that was interrupted, is dropped (CONCURRENTLY too) and built again.
 */
export interface ConcurrentIndex {
  /** The index's name, unique in the schema. */
  name: string;
  /** What follows `ON`: the table, the method and the columns (`coin_ledger (created_at)`). */
  on: string;
  /**
   * An index this one takes the place of: dropped (CONCURRENTLY) once this one is valid, never before, so the
   * queries it served always have one of the two.
   */
  replaces?: string;
}

/** The advisory lock key of the step (any constant no other code uses). */
const LOCK_KEY = 72_0230;
const POLL_MS = 200;

async function indexState<T>(db: Kysely<T>, name: string): Promise<"valid" | "invalid" | "missing"> {
  const { rows } = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_class c join pg_index i on i.indexrelid = c.oid
    where c.relname = ${name} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  const row = rows[0];
  return row ? (row.valid ? "valid" : "invalid") : "missing";
}

/** Builds the indexes of `wanted` that are missing or invalid; returns the names it built. */
export async function buildConcurrentIndexes<T>(
  db: Kysely<T>,
  wanted: readonly ConcurrentIndex[],
): Promise<string[]> {
  const pending: ConcurrentIndex[] = [];
  for (const index of wanted)
    if (
      (await indexState(db, index.name)) !== "valid" ||
      (index.replaces && (await indexState(db, index.replaces)) !== "missing")
    )
      pending.push(index);
  if (pending.length === 0) return [];
  return db.connection().execute(async (conn) => {
    for (;;) {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${LOCK_KEY}) as locked`.execute(conn);
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      const built: string[] = [];
      for (const index of pending) {
        // Looked at again under the lock: another instance may have built it meanwhile.
        const state = await indexState(conn, index.name);
        if (state !== "valid") {
          if (state === "invalid")
            await sql.raw(`drop index concurrently if exists "${index.name}"`).execute(conn);
          await sql
            .raw(`create index concurrently if not exists "${index.name}" on ${index.on}`)
            .execute(conn);
          built.push(index.name);
        }
        if (index.replaces)
          await sql.raw(`drop index concurrently if exists "${index.replaces}"`).execute(conn);
      }
      return built;
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
    }
  });
}
