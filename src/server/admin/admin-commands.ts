import type { Database } from "../db/client";
import { CLI_REASON, setRole } from "./roles.service";

export { CLI_REASON };

export const ADMIN_USAGE = "Usage: npm run admin -- grant <email> | revoke <email> | list";

/**
 * `npm run admin -- grant|revoke|list`: the first administrators without a database edit. Grants and
 * revocations go through setRole, so each lands in the audit log (actor: the system), sets or clears the
 * account's admin_since and, on a revocation, withdraws its waiting proposals. Returns the lines to print;
 * throws with a message for the operator on a bad command or an unknown address.
 */
export async function runAdminCommand(db: Database, args: readonly string[]): Promise<string[]> {
  const [command, email, ...rest] = args;
  if (command === "list" && email === undefined) {
    const admins = await db
      .selectFrom("user")
      .select(["id", "email", "createdAt"])
      .where("role", "=", "admin")
      .orderBy("email")
      .execute();
    if (admins.length === 0) return ["No administrators yet. Grant one with: npm run admin -- grant <email>"];
    return admins.map((a) => `${a.email}  (id ${a.id})`);
  }
  if ((command !== "grant" && command !== "revoke") || !email || rest.length > 0)
    throw new Error(ADMIN_USAGE);
  const user = await db
    .selectFrom("user")
    .select(["id", "email"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
  if (!user) throw new Error(`No account with the address ${email}. The user must sign up first.`);
  const role = command === "grant" ? "admin" : "user";
  const changed = await db
    .transaction()
    .execute((trx) => setRole(trx, { userId: user.id, role, actorId: null, reason: CLI_REASON }));
  if (!changed) return [`${user.email} already ${role === "admin" ? "is" : "is not"} an administrator.`];
  return [
    role === "admin"
      ? `${user.email} is now an administrator (takes effect on their next request).`
      : `${user.email} is no longer an administrator.`,
  ];
}
