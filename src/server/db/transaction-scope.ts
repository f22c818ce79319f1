import { AsyncLocalStorage } from "node:async_hooks";
import { Kysely, type Transaction, type TransactionBuilder } from "kysely";
import type { DB } from "./schema";

type BeforeCommitTask = (trx: Transaction<DB>) => Promise<void>;

interface TransactionScope {
  beforeCommit: BeforeCommitTask[];
  afterCommit: (() => void)[];
}

const scopes = new AsyncLocalStorage<TransactionScope>();

/**
 * Our Kysely: every `db.transaction().execute(fn)` runs `fn` inside a scope that code called from
 * deep within it can reach — used by better-auth's database hooks, which get no transaction handle,
 * to write the user's profile in the same transaction as the user (ADR 004). Tasks queued with
 * {@link runBeforeCommit} run after `fn` returns and before COMMIT; if one throws, everything rolls back.
 */
export class ScopedKysely extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = async <T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
      const scope: TransactionScope = { beforeCommit: [], afterCommit: [] };
      const result = await execute(async (trx) => {
        const value = await scopes.run(scope, () => callback(trx));
        // A task may queue another; a plain index loop sees it. Tasks see the scope too (runAfterCommit).
        for (let i = 0; i < scope.beforeCommit.length; i++)
          await scopes.run(scope, async () => scope.beforeCommit[i]?.(trx));
        return value;
      });
      for (const task of scope.afterCommit) task();
      return result;
    };
    return builder;
  }
}

/**
 * Queues `task` to run inside the current transaction just before it commits.
 * Returns false (and queues nothing) when the caller is not inside a {@link ScopedKysely} transaction.
 */
export function runBeforeCommit(task: BeforeCommitTask): boolean {
  const scope = scopes.getStore();
  if (!scope) return false;
  scope.beforeCommit.push(task);
  return true;
}

/**
 * Queues `task` to run once the current transaction has committed (not if it rolls back), e.g. to wake the job
 * worker for a job the transaction wrote. Returns false (and queues nothing) outside a transaction.
 */
export function runAfterCommit(task: () => void): boolean {
  const scope = scopes.getStore();
  if (!scope) return false;
  scope.afterCommit.push(task);
  return true;
}
