import type { Transaction } from "kysely";
import type { DB } from "../db/schema";

/**
 * THE ONLY WRITER of audit_log: one row per administrative action. It takes the transaction of the change it
 * records (never the database), so the change and its audit row commit together or not at all. The table is
 * append-only: no code updates or deletes it, and a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export interface AuditInput {
  /** The administrator who acted; null for the system (ADMIN_EMAILS at sign-up or sign-in, the admin CLI). */
  actorId: string | null;
  /** What was done, `<area>.<verb>`: `coins.adjust`, `user.ban`, `role.grant`, … */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** The request that made the change (its X-Request-Id), for matching with the logs. */
  requestId?: string | null;
}

export async function recordAudit(trx: Transaction<DB>, input: AuditInput): Promise<number> {
  const row = await trx
    .insertInto("audit_log")
    .values({
      actor_id: input.actorId,
      action: input.action,
      target_type: input.targetType,
      target_id: input.targetId,
      before: input.before === undefined ? null : JSON.stringify(input.before),
      after: input.after === undefined ? null : JSON.stringify(input.after),
      reason: input.reason ?? null,
      request_id: input.requestId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
