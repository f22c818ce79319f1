import { REFERRAL_REVIEWS_PAGE_SIZE, referralHoldReason } from "~/core/admin";
import type { HeldReferralPage, ReferralDecision } from "~/core/api/referrals";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { decideHeldReferral } from "./referrals.service";

/** The referral bonus pairs held for review, oldest first, one page at a time. */
export async function listHeldReferrals(db: Database, page: number): Promise<HeldReferralPage> {
  const base = db.selectFrom("referrals as r").where("r.bonus_status", "=", "held");
  const [rows, total] = await Promise.all([
    base
      .innerJoin("user as friend", "friend.id", "r.referred_id")
      .innerJoin("user as referrer", "referrer.id", "r.referrer_id")
      .leftJoin("user_profiles as fp", "fp.id", "r.referred_id")
      .leftJoin("user_profiles as rp", "rp.id", "r.referrer_id")
      .select([
        "r.id",
        "r.referred_id",
        "r.referrer_id",
        "r.created_at",
        "friend.email as friend_email",
        "referrer.email as referrer_email",
        "fp.signup_ip as friend_ip",
        "rp.signup_ip as referrer_ip",
      ])
      .orderBy("r.created_at", "asc")
      .orderBy("r.id", "asc")
      .limit(REFERRAL_REVIEWS_PAGE_SIZE)
      .offset((page - 1) * REFERRAL_REVIEWS_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      referredId: r.referred_id,
      friendEmail: r.friend_email,
      friendSignupIp: r.friend_ip ?? null,
      referrerId: r.referrer_id,
      referrerEmail: r.referrer_email,
      referrerSignupIp: r.referrer_ip ?? null,
      referredAt: new Date(r.created_at).toISOString(),
      why: referralHoldReason,
    })),
    total: Number(total.n),
    page,
    pageSize: REFERRAL_REVIEWS_PAGE_SIZE,
  };
}

/**
 * Releases (pays both bonuses through the ledger) or declines (pays nothing) a held referral bonus pair. The
 * decision, its coins and its audit row commit in one transaction. 404 for an unknown referral, 409 when it
 * is not held (decided already, or never held).
 */
export async function decideReferral(
  db: Database,
  actor: Actor,
  input: {
    referredId: string;
    decision: "release" | "decline";
    reason: string;
  },
): Promise<ReferralDecision> {
  // No self-service: an administrator who is the friend or the referrer of the pair never decides it.
  const pair = await db
    .selectFrom("referrals")
    .select(["referrer_id", "referred_id"])
    .where("referred_id", "=", input.referredId)
    .executeTakeFirst();
  if (pair && (pair.referrer_id === actor.adminId || pair.referred_id === actor.adminId))
    throw new AppError(
      "SELF_ACTION",
      "You cannot decide a referral bonus that pays you: another administrator must do it.",
    );
  let auditId = 0;
  const decided = await decideHeldReferral(db, {
    referredId: input.referredId,
    decision: input.decision,
    decidedBy: actor.adminId,
    inTransaction: async (trx, result) => {
      auditId = await recordAudit(trx, {
        actorId: actor.adminId,
        action: `referral.${input.decision}`,
        targetType: "referral",
        targetId: input.referredId,
        before: { status: "held", referrerId: result.referrerId },
        after: {
          status: result.status,
          friendCoins: result.friendCoins,
          referrerCoins: result.referrerCoins,
        },
        reason: input.reason,
        requestId: actor.requestId,
      });
    },
  });
  if (decided) {
    return {
      referredId: input.referredId,
      status: decided.status,
      friendCoins: decided.friendCoins,
      referrerCoins: decided.referrerCoins,
      auditId,
    };
  }
  const existing = await db
    .selectFrom("referrals")
    .select("bonus_status")
    .where("referred_id", "=", input.referredId)
    .executeTakeFirst();
  if (!existing) throw new AppError("NOT_FOUND", "No such referral.");
  throw new AppError(
    "CONFLICT",
    existing.bonus_status === "pending"
      ? "This referral bonus is not held for review."
      : "This referral bonus has been decided already.",
  );
}
