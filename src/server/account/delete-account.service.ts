import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { AccountDeleted } from "~/core/api/account";
import type { AppDeps } from "../app-deps";
import { recordAudit } from "../audit/audit.service";
import { withdrawProposalsOf } from "../dual-control/proposal-records";
import { AppError } from "../errors";
import { withRetryableTransaction } from "../ledger/transaction";
import { accountDeletedMail } from "../mail/templates";
import { cancelPendingForDeletion } from "../redemptions/redemptions.service";
import { declineUnpaidReferralsOf } from "../referrals/referrals.service";
import { recordAccountDeleted } from "../rollups/rollups.service";
import { checkPassword } from "./password-check";

/** The address a deleted account keeps: unique, never deliverable (.invalid), and it frees the real one. */
export const deletedEmail = (userId: string) => `deleted-${userId.toLowerCase()}@deleted.invalid`;

/** Stands in for erased text in rows that must keep a value (a KYC name, a payout address). */
const ERASED = "[erased]";

export interface DeleteRequest {
  userId: string;
  password: string;
  requestId: string | null;
}

/**
 * Deletes the account of `userId` (docs/product.md "Deleting the account"), in one transaction:
 * a payout in flight refuses it (409 PAYOUT_IN_FLIGHT); pending redemptions are cancelled and refunded; then the
 * e-mail address, name, sessions, password, verification tokens, KYC submissions (name, document id and the
 * document's bytes) and payout addresses are erased; an administrator's waiting proposals are withdrawn; the user row and its profile stay anonymised so every ledger
 * row still belongs to a user and the balance (forfeited) still equals the ledger's sum; an audit row and a
 * confirmation mail to the old address (a durable job) commit with it. The user row is locked first, so a double
 * submit waits and then answers the first one's result without doing anything twice.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, "db" | "auth" | "env" | "logger" | "mailOutbox">,
  input: DeleteRequest,
): Promise<AccountDeleted> {
  const result = await withRetryableTransaction(deps.db, async (trx) => {
    const user = await trx
      .selectFrom("user")
      .innerJoin("user_profiles", "user_profiles.id", "user.id")
      .select(["user.id", "user.email", "user.role", "user_profiles.deleted_at"])
      .where("user.id", "=", input.userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new AppError("UNAUTHORIZED");
    if (user.deleted_at) return await previousResult(trx, input.userId);
    await checkPassword(deps, trx, input.userId, input.password);
    // Referral rows first, then profiles: the order the referral jobs lock in.
    const referralsDeclined = await declineUnpaidReferralsOf(trx, input.userId);
    const cancelledRedemptions = await cancelPendingForDeletion(trx, input.userId);
    const profile = await trx
      .updateTable("user_profiles")
      .set({
        deleted_at: sql`now()`,
        admin_since: null,
        signup_ip: null,
        signup_device: null,
        // A deleted account's referral code invites nobody (a code never has a hyphen).
        referral_code: `DELETED-${randomBytes(9).toString("hex").toUpperCase()}`,
      })
      .where("id", "=", input.userId)
      .returning("points")
      .executeTakeFirstOrThrow();
    await recordAccountDeleted(trx, profile.points);
    await trx
      .updateTable("user")
      // An administrator who deletes their account is no longer one (the audit row below says it was).
      .set({
        email: deletedEmail(input.userId),
        name: "",
        image: null,
        role: "user",
        emailVerified: false,
        updatedAt: new Date(),
      })
      .where("id", "=", input.userId)
      .execute();
    // A proposal belongs to a person: an administrator's waiting proposals go with the account (a new account
    // with the same address is a new person, with no claim on them).
    const proposalsWithdrawn = await withdrawProposalsOf(
      trx,
      input.userId,
      { adminId: input.userId, requestId: input.requestId },
      "Its proposer deleted their account.",
    );
    const erased = await erasePersonalData(trx, input.userId, user.email);
    const outcome = { deleted: true as const, forfeitedCoins: profile.points, cancelledRedemptions };
    await recordAudit(trx, {
      actorId: input.userId,
      action: "account.delete",
      targetType: "user",
      targetId: input.userId,
      before: { role: user.role ?? "user" },
      after: {
        ...outcome,
        sessionsEnded: erased.sessionsEnded,
        referralsDeclined,
        kycSubmissionsErased: erased.kycSubmissionsErased,
        ...(proposalsWithdrawn ? { proposalsWithdrawn } : {}),
      },
      reason: "Deleted by the account holder",
      requestId: input.requestId,
    });
    await deps.mailOutbox.enqueue(accountDeletedMail(user.email, outcome, deps.env.appUrl), { db: trx });
    return outcome;
  });
  // Cached copies of the sessions (Redis): the records are gone already, so a failure here only logs.
  const ctx = await deps.auth.$context;
  await ctx.internalAdapter.deleteUserSessions(input.userId).catch((error: unknown) => {
    deps.logger.warn({ err: error }, "account deleted: dropping cached sessions failed");
  });
  return result;
}

/**
 * Erases what the account holds of its person: sessions, password, browsers, verification tokens, KYC submissions
 * and payout addresses. Returns the counts the audit row records.
 */
async function erasePersonalData(
  trx: Parameters<typeof recordAudit>[0],
  userId: string,
  email: string,
): Promise<{ sessionsEnded: number; kycSubmissionsErased: number }> {
  const sessions = await trx.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
  await trx.deleteFrom("account").where("userId", "=", userId).execute();
  // The browsers the account signed in from (device ids of the sign-in lock and the same-person check).
  await trx.deleteFrom("user_devices").where("user_id", "=", userId).execute();
  await trx
    .deleteFrom("verification")
    .where((eb) => eb.or([eb("value", "=", userId), eb("identifier", "=", email)]))
    .execute();
  // Submissions go whole: the name, the sealed document id and (cascade) the document's bytes. The decisions
  // stay in the audit log.
  const kyc = await trx.deleteFrom("kyc_submissions").where("user_id", "=", userId).executeTakeFirst();
  await trx.updateTable("redemptions").set({ recipient: ERASED }).where("user_id", "=", userId).execute();
  return { sessionsEnded: Number(sessions.numDeletedRows), kycSubmissionsErased: Number(kyc.numDeletedRows) };
}

/** The answer of a deletion that already happened (a double submit): read back from its audit row. */
async function previousResult(
  trx: Parameters<typeof recordAudit>[0],
  userId: string,
): Promise<AccountDeleted> {
  const row = await trx
    .selectFrom("audit_log")
    .select("after")
    .where("action", "=", "account.delete")
    .where("target_type", "=", "user")
    .where("target_id", "=", userId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  const after = (row?.after ?? {}) as Partial<AccountDeleted>;
  return {
    deleted: true,
    forfeitedCoins: after.forfeitedCoins ?? 0,
    cancelledRedemptions: after.cancelledRedemptions ?? [],
  };
}
