import type { Transaction } from "kysely";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";

/** PostgreSQL error codes after which a whole transaction may simply be run again. */
const RETRYABLE = new Set(["40001", "40P01"]);

function sqlState(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;
}

/** Runs `work` in a transaction, re-running it on serialization failures and deadlocks. */
export async function withRetryableTransaction<T>(
  db: Database,
  work: (trx: Transaction<DB>) => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

/**
 * Runs one statement of `db` — atomic on its own, so a deadlock or serialization failure rolled all of it back — again
 * on such a failure, as withRetryableTransaction runs a transaction again. Inside a caller's transaction (which the
 * failure has aborted) it runs once: the caller's retry runs it again with the rest.
 */
export async function withRetryableStatement<T>(
  db: Database,
  run: () => Promise<T>,
  attempts = 5,
): Promise<T> {
  if (db.isTransaction) return run();
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}
