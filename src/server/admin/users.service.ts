import type { AdminUserDetail, BanResult, RevokeSessionsResult, UnbanResult } from "~/core/api/admin";
import type { AppDeps } from "../app-deps";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import { withdrawProposalsOf } from "../dual-control/proposal-records";
import { AppError } from "../errors";
import { isListedAdmin } from "./roles.service";
import { toRow, userRows } from "./users-list";

const iso = (d: Date | string) => new Date(d).toISOString();

export async function getUserDetail(
  db: Database,
  userId: string,
  adminEmails: readonly string[] = [],
): Promise<AdminUserDetail> {
  const user = await userRows(db)
    .leftJoin("user as referrer", "referrer.id", "user_profiles.referred_by")
    .select([
      "user.banReason",
      "user.banExpires",
      "user_profiles.referral_code",
      "referrer.id as referrerId",
      "referrer.email as referrerEmail",
      "user_profiles.signup_ip as signUpIp",
    ])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "No such user.");
  const [referrals, sessions] = await Promise.all([
    db
      .selectFrom("referrals")
      .innerJoin("user", "user.id", "referrals.referred_id")
      .select(["user.id", "user.email", "referrals.created_at"])
      .where("referrals.referrer_id", "=", userId)
      .orderBy("referrals.id", "desc")
      .limit(100)
      .execute(),
    db
      .selectFrom("session")
      .select(["id", "createdAt", "expiresAt", "ipAddress", "userAgent"])
      .where("userId", "=", userId)
      .where("expiresAt", ">", new Date())
      .orderBy("createdAt", "desc")
      .limit(50)
      .execute(),
  ]);
  return {
    user: {
      ...toRow(user),
      banReason: user.banReason,
      banExpires: user.banExpires ? iso(user.banExpires) : null,
      listedAdmin: isListedAdmin(adminEmails, user.email),
    },
    referralCode: user.referral_code,
    referredBy:
      user.referrerId && user.referrerEmail ? { id: user.referrerId, email: user.referrerEmail } : null,
    referrals: referrals.map((r) => ({ id: r.id, email: r.email, createdAt: iso(r.created_at) })),
    signUpIp: user.signUpIp,
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
  };
}

/** Ends every session of `userId` in better-auth's session cache (Redis) too, after the database commit. */
async function dropCachedSessions(auth: AppDeps["auth"], userId: string) {
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
}

async function lockUser(trx: Parameters<typeof recordAudit>[0], userId: string) {
  const user = await trx
    .selectFrom("user")
    .select(["id", "role", "banned", "banReason", "banExpires"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "No such user.");
  return user;
}

const banState = (u: { banned: boolean | null; banReason: string | null; banExpires: Date | null }) => ({
  banned: u.banned === true,
  banReason: u.banReason,
  banExpires: u.banExpires ? iso(u.banExpires) : null,
});

/**
 * ADMIN_EMAILS accounts are the operator's configuration: the console can neither ban nor demote them (they would
 * regain the role at their next sign-in anyway). 403 LISTED_ADMIN, inside the transaction that locked the user.
 */
export async function refuseListedAdmin(
  trx: Parameters<typeof recordAudit>[0],
  adminEmails: readonly string[],
  userId: string,
  what: string,
) {
  const row = await trx.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
  if (row && isListedAdmin(adminEmails, row.email))
    throw new AppError(
      "LISTED_ADMIN",
      `This administrator is listed in ADMIN_EMAILS (the operator's configuration) and cannot be ${what} through the console: the operator removes the address from ADMIN_EMAILS and then uses \`npm run admin -- revoke\`.`,
    );
}

/**
 * Bans `userId` (never oneself, never an ADMIN_EMAILS account): records the ban, ends all of the user's sessions
 * and withdraws their waiting dual-control proposals, in one transaction. The
 * cached sessions (Redis) are dropped after the commit; if that fails (Redis unreachable) the ban stands and is
 * answered as done, because the session guards read the session and the ban state from the database
 * (auth/session-reader.ts), so a cached session that outlives the drop is refused anyway.
 */
export async function banUser(
  deps: Pick<AppDeps, "db" | "auth" | "logger"> & { env: Pick<AppDeps["env"], "adminEmails"> },
  actor: Actor,
  input: { userId: string; reason: string; expiresAt: Date | null },
): Promise<BanResult> {
  if (input.userId === actor.adminId) throw new AppError("SELF_ACTION", "You cannot ban yourself.");
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now())
    throw new AppError("VALIDATION_FAILED", undefined, [
      { path: "expiresAt", message: "The end of the ban must be in the future." },
    ]);
  const result = await deps.db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, input.userId);
    await refuseListedAdmin(trx, deps.env.adminEmails, user.id, "banned");
    await trx
      .updateTable("user")
      .set({ banned: true, banReason: input.reason, banExpires: input.expiresAt, updatedAt: new Date() })
      .where("id", "=", user.id)
      .execute();
    const ended = await trx.deleteFrom("session").where("userId", "=", user.id).executeTakeFirst();
    const sessionsEnded = Number(ended.numDeletedRows);
    // A proposal belongs to a person: a banned administrator's waiting proposals go with the ban.
    const proposalsWithdrawn = await withdrawProposalsOf(trx, user.id, actor, "Its proposer was banned.");
    const after = {
      banned: true as const,
      banReason: input.reason,
      banExpires: input.expiresAt?.toISOString() ?? null,
    };
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "user.ban",
      targetType: "user",
      targetId: user.id,
      before: banState(user),
      after: { ...after, sessionsEnded, ...(proposalsWithdrawn ? { proposalsWithdrawn } : {}) },
      reason: input.reason,
      requestId: actor.requestId,
    });
    return { ...after, sessionsEnded };
  });
  await dropCachedSessions(deps.auth, input.userId).catch((error: unknown) =>
    deps.logger.warn(
      { userId: input.userId, error: error instanceof Error ? error.message : String(error) },
      "ban committed; its cached sessions could not be dropped now (refused by the ban check instead)",
    ),
  );
  return result;
}

export async function unbanUser(
  db: Database,
  actor: Actor,
  input: { userId: string; reason: string },
): Promise<UnbanResult> {
  if (input.userId === actor.adminId) throw new AppError("SELF_ACTION", "You cannot lift your own ban.");
  return db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, input.userId);
    if (!user.banned) throw new AppError("CONFLICT", "This user is not banned.");
    await trx
      .updateTable("user")
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where("id", "=", user.id)
      .execute();
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "user.unban",
      targetType: "user",
      targetId: user.id,
      before: banState(user),
      after: { banned: false, banReason: null, banExpires: null },
      reason: input.reason,
      requestId: actor.requestId,
    });
    return { banned: false as const };
  });
}

/** Signs `userId` out everywhere. */
export async function revokeSessions(
  deps: Pick<AppDeps, "db" | "auth" | "logger">,
  actor: Actor,
  input: { userId: string; reason: string },
): Promise<RevokeSessionsResult> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, input.userId);
    const ended = await trx.deleteFrom("session").where("userId", "=", user.id).executeTakeFirst();
    const sessionsEnded = Number(ended.numDeletedRows);
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "sessions.revoke",
      targetType: "user",
      targetId: user.id,
      after: { sessionsEnded },
      reason: input.reason,
      requestId: actor.requestId,
    });
    return { sessionsEnded };
  });
  // As for a ban: the rows are gone, and the session guards read the rows, not the cache.
  await dropCachedSessions(deps.auth, input.userId).catch((error: unknown) =>
    deps.logger.warn(
      { userId: input.userId, error: error instanceof Error ? error.message : String(error) },
      "sessions revoked; their cached copies could not be dropped now (refused by the session check instead)",
    ),
  );
  return result;
}
