import type { Transaction } from "kysely";
import type { Role } from "~/core/admin";
import { recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { AppError } from "../errors";

/** Whether `email` is one of ADMIN_EMAILS (already lower case). */
export const isListedAdmin = (adminEmails: readonly string[], email: string) =>
  adminEmails.includes(email.trim().toLowerCase());

export interface RoleChange {
  userId: string;
  role: Role;
  /** The administrator, or null for the system (ADMIN_EMAILS, the CLI). */
  actorId: string | null;
  reason: string;
  requestId?: string | null;
}

/**
 * Sets a user's role inside `trx`, with its audit row (`role.grant` / `role.revoke`). Returns false, writing
 * nothing, when the user already has that role. Locks the user row, so two changes never interleave.
 */
export async function setRole(trx: Transaction<DB>, change: RoleChange): Promise<boolean> {
  const user = await trx
    .selectFrom("user")
    .select(["id", "role"])
    .where("id", "=", change.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "No such user.");
  const before = user.role ?? "user";
  if (before === change.role) return false;
  await trx
    .updateTable("user")
    .set({ role: change.role, updatedAt: new Date() })
    .where("id", "=", user.id)
    .execute();
  await recordAudit(trx, {
    actorId: change.actorId,
    action: change.role === "admin" ? "role.grant" : "role.revoke",
    targetType: "user",
    targetId: user.id,
    before: { role: before },
    after: { role: change.role },
    reason: change.reason,
    requestId: change.requestId ?? null,
  });
  return true;
}

export const ADMIN_EMAILS_REASON = "Listed in ADMIN_EMAILS";

/** At sign-in: makes a listed address an administrator if it is not one yet (with its audit row). */
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
