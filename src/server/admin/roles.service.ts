import { sql, type Transaction } from "kysely";
import type { Role } from "~/core/admin";
import { recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { requireFourEyes } from "../dual-control/four-eyes";
import { withdrawProposalsOf } from "../dual-control/proposal-records";
import { AppError } from "../errors";

/** Whether `email` is one of ADMIN_EMAILS (already lower case). */
export const isListedAdmin = (adminEmails: readonly string[], email: string) =>
  adminEmails.includes(email.trim().toLowerCase());

export const ADMIN_EMAILS_REASON = "Listed in ADMIN_EMAILS";
/** The reason the audit log shows for a change made with `npm run admin`. */
export const CLI_REASON = "npm run admin";

export interface RoleChange {
  userId: string;
  role: Role;
  /**
   * The administrator, or null for the operator's own bootstrap (ADMIN_EMAILS, `npm run admin`), whose reason is
   * one of ADMIN_EMAILS_REASON and CLI_REASON.
   */
  actorId: string | null;
  reason: string;
  requestId?: string | null;
  /** The role-change proposal an administrator has just approved (dual control); without it an administrator is refused. */
  proposalId?: number;
}

/**
 * Sets a user's role inside `trx`, with its audit row (`role.grant` / `role.revoke`). Returns false, writing
 * nothing, when the user already has that role. Locks the user row, so two changes never interleave.
 *
 * Power is money (docs/product.md, "Dual control"): an administrator's change goes through four eyes
 * (dual-control/four-eyes.ts), so it takes effect only as an approved proposal; the operator's bootstrap
 * (actor null) is audited as the system. A grant records when the account became an administrator
 * (user_profiles.admin_since: it approves only proposals made after); a revocation clears it and withdraws the
 * account's waiting proposals in the same transaction.
 */
export async function setRole(trx: Transaction<DB>, change: RoleChange): Promise<boolean> {
  if (change.actorId === null && change.reason !== ADMIN_EMAILS_REASON && change.reason !== CLI_REASON)
    throw new AppError("FOUR_EYES_REQUIRED");
  const user = await trx
    .selectFrom("user")
    .select(["id", "role"])
    .where("id", "=", change.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "No such user.");
  const before = user.role ?? "user";
  if (before === change.role) return false;
  const approved =
    change.actorId === null
      ? null
      : await requireFourEyes(
          trx,
          null,
          change.actorId,
          { kind: "role.change", userId: user.id, role: change.role },
          change.proposalId,
        );
  await trx
    .updateTable("user")
    .set({ role: change.role, updatedAt: new Date() })
    .where("id", "=", user.id)
    .execute();
  await trx
    .updateTable("user_profiles")
    .set({ admin_since: change.role === "admin" ? sql`now()` : null })
    .where("id", "=", user.id)
    .execute();
  const actor = { adminId: change.actorId, requestId: change.requestId ?? null };
  const withdrawn =
    change.role === "admin"
      ? 0
      : await withdrawProposalsOf(trx, user.id, actor, "Its proposer is no longer an administrator.");
  await recordAudit(trx, {
    actorId: change.actorId,
    // Becoming or ceasing to be an administrator keeps its own actions; editor ⇄ user is a `role.set`.
    action: change.role === "admin" ? "role.grant" : before === "admin" ? "role.revoke" : "role.set",
    targetType: "user",
    targetId: user.id,
    before: { role: before },
    after: {
      role: change.role,
      ...(approved ?? {}),
      ...(withdrawn ? { proposalsWithdrawn: withdrawn } : {}),
    },
    reason: change.reason,
    requestId: actor.requestId,
  });
  return true;
}

/** At confirmation and at sign-in: makes a listed address an administrator if it is not one yet (with its audit row). */
export async function grantListedAdmin(db: Database, adminEmails: readonly string[], userId: string) {
  if (adminEmails.length === 0) return;
  const user = await db
    .selectFrom("user")
    .select(["email", "role"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user || user.role === "admin" || !isListedAdmin(adminEmails, user.email)) return;
  await db
    .transaction()
    .execute((trx) => setRole(trx, { userId, role: "admin", actorId: null, reason: ADMIN_EMAILS_REASON }));
}
