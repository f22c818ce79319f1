import { sql, type Transaction } from "kysely";
import type { AuditEntry, AuditPage } from "~/core/api/admin";
import type { Database } from "../db/client";
import { cursorPage } from "../db/cursor-page";
import type { DB } from "../db/schema";

/** Who acts, an administrator, and the request that carries the action (its id lands in the audit row). */
export interface Actor {
  adminId: string;
  requestId: string | null;
}

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

/**
 * The ids an actor or target filter names: the users whose address is `text` (any case; the index
 * user_email_lower_idx), else `text` itself as an id. Resolved first, so the log is then filtered by its own
 * indexed columns (audit_log_actor_idx, audit_log_target_id_idx) — an OR across the join to "user" serves no index.
 */
async function idsNamed(db: Database, text: string): Promise<{ ids: string[]; byEmail: boolean }> {
  const users = await db
    .selectFrom("user")
    .select("id")
    .where(sql`lower(email)`, "=", text.toLowerCase())
    .execute();
  return users.length ? { ids: users.map((u) => u.id), byEmail: true } : { ids: [text], byEmail: false };
}

type AuditFilter = {
  actor?: string | undefined;
  target?: string | undefined;
  action?: string | undefined;
  limit: number;
  before?: number | undefined;
};

/** The audit page's query as listAudit sends it (the console plans test reads its plan). */
export async function auditPageQuery(db: Database, filter: AuditFilter) {
  let q = db
    .selectFrom("audit_log")
    .leftJoin("user as actor", "actor.id", "audit_log.actor_id")
    // A referral's target id is the referred friend's user id, so its address is shown (and filterable) too.
    .leftJoin("user as target", (join) =>
      join
        .onRef("target.id", "=", "audit_log.target_id")
        .on("audit_log.target_type", "in", ["user", "referral"]),
    )
    .select([
      "audit_log.id",
      "audit_log.actor_id",
      "actor.email as actorEmail",
      "audit_log.action",
      "audit_log.target_type",
      "audit_log.target_id",
      "target.email as targetEmail",
      "audit_log.before",
      "audit_log.after",
      "audit_log.reason",
      "audit_log.request_id",
      "audit_log.created_at",
    ])
    .orderBy("audit_log.id", "desc")
    .limit(filter.limit + 1);
  if (filter.actor) q = q.where("audit_log.actor_id", "in", (await idsNamed(db, filter.actor)).ids);
  if (filter.target) {
    const named = await idsNamed(db, filter.target);
    q = q.where("audit_log.target_id", "in", named.ids);
    // An address names a user: the entries about that user (or a referral of that friend), as the join shows them.
    if (named.byEmail) q = q.where("audit_log.target_type", "in", ["user", "referral"]);
  }
  if (filter.action) q = q.where("audit_log.action", "=", filter.action);
  if (filter.before !== undefined) q = q.where("audit_log.id", "<", filter.before);
  return q;
}

/** The user a KYC decision's entry is about: its `after.userId` (kyc.service.ts records it). */
function ownerIdOf(after: unknown): string | undefined {
  const userId =
    typeof after === "object" && after !== null ? (after as { userId?: unknown }).userId : undefined;
  return typeof userId === "string" ? userId : undefined;
}

/**
 * The addresses of the users whose KYC submissions the page's entries decide (their target is the submission's
 * id), by user id: the console names the person, not the submission's UUID. One lookup by primary key per page.
 */
async function kycOwnerEmails(
  db: Database,
  rows: { target_type: string; after: unknown }[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      rows.filter((r) => r.target_type === "kyc_submission").flatMap((r) => ownerIdOf(r.after) ?? []),
    ),
  ];
  if (ids.length === 0) return new Map();
  const users = await db.selectFrom("user").select(["id", "email"]).where("id", "in", ids).execute();
  return new Map(users.map((u) => [u.id, u.email]));
}

/** Newest first, filtered by administrator (id or address), target (id or address) and action; `before` is the id cursor. */
export async function listAudit(db: Database, filter: AuditFilter): Promise<AuditPage> {
  const rows = await (await auditPageQuery(db, filter)).execute();
  const owners = await kycOwnerEmails(db, rows);
  return cursorPage(
    rows,
    filter.limit,
    (r): AuditEntry => ({
      id: Number(r.id),
      actor: r.actor_id ? { id: r.actor_id, email: r.actorEmail } : null,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      targetEmail: r.targetEmail ?? owners.get(ownerIdOf(r.after) ?? "") ?? null,
      before: r.before,
      after: r.after,
      reason: r.reason,
      requestId: r.request_id,
      createdAt: new Date(r.created_at).toISOString(),
    }),
  );
}
