import type { OwnReferralBonus, ReferralsView } from "~/core/api/referrals";
import { maskEmail, REFERRAL_BONUS_COINS } from "~/core/coins";
import { normalizeReferralCode, type ReferralOutcome } from "~/core/referral-code";
import {
  declinedWithoutDecision,
  ownReferralBonusStatus,
  REFERRED_FRIENDS_LIMIT,
  referralBonusStatus,
  referralLink,
} from "~/core/referrals";
import type { Database } from "../db/client";
import { referralCauseKeys } from "../ledger/cause-keys";
import { ledgerPolicy } from "../ledger/ledger-policy";
import { ownEarningsOf } from "./referral-earnings";

export {
  countHeldReferrals,
  type DecidedReferral,
  decideHeldReferral,
  declineUnpaidReferralsOf,
  recordFirstEarning,
} from "./referral-bonus.service";
export { expireReferrals, releaseClearedReferrals } from "./referral-release";

/**
 * The referral rules (docs/product.md, "Referral program"): the referral recorded at sign-up and what the
 * sign-up reports, the pair recorded as pending at the friend's first earning or held for review (same person),
 * its release once the friend's own earnings clear the rule, the referrer's 30-day limit, the administrator's
 * decision on a held pair, and the status the referral page shows. The pair's coins are written only by the
 * ledger (src/server/ledger/referral-pair.ts, called from here). The ledger learns nothing of these rules: its
 * award writes one 'paid' event with two referral consumers: first-earning-consumer.ts writes a job of queue
 * `referral.first-earning` at a referred user's first earning (its handler in referral-bonus.job.ts calls
 * recordFirstEarning), release-consumer.ts releases a clearing pair when the friend's earning clears the rule.
 * The job `referral.expire` declines the pairs past their time limit (referral-release.ts). The pair's life is in
 * referral-bonus.service.ts and referral-release.ts (re-exported here), the friend's own earnings in
 * referral-earnings.ts; the review queue's routes and audited decisions are in referrals.admin.*.
 */

/** The user whose referral code this is (any case, spaces ignored), or undefined. */
export async function findReferrerId(db: Database, code: string | null | undefined) {
  const normalized = normalizeReferralCode(code);
  if (!normalized) return undefined;
  const row = await db
    .selectFrom("user_profiles")
    .select("id")
    .where("referral_code", "=", normalized)
    .executeTakeFirst();
  return row?.id;
}

/** "none" without a code, "applied" when it names a referrer, else "invalid". */
function outcomeOf(code: string | null | undefined, referrerId: string | null | undefined): ReferralOutcome {
  if (!normalizeReferralCode(code)) return "none";
  return referrerId ? "applied" : "invalid";
}

/** What a sign-up with `code` reports, judged by the code alone (used when no account was created). */
export async function referralOutcomeOf(
  db: Database,
  code: string | null | undefined,
): Promise<ReferralOutcome> {
  return outcomeOf(code, await findReferrerId(db, code));
}

/** The referrer a new user's sign-up `code` names (never the user), and what the sign-up reports. */
export async function referralAtSignUp(
  trx: Database,
  userId: string,
  code: string | null | undefined,
): Promise<{ referrerId: string | null; outcome: ReferralOutcome }> {
  const found = await findReferrerId(trx, code);
  const referrerId = found && found !== userId ? found : null;
  return { referrerId, outcome: outcomeOf(code, referrerId) };
}

/** Records the referral once (one referrals row per friend), in the sign-up's own transaction. */
export async function recordReferral(trx: Database, referrerId: string, referredId: string): Promise<void> {
  await trx
    .insertInto("referrals")
    .values({ referrer_id: referrerId, referred_id: referredId })
    .onConflict((oc) => oc.column("referred_id").doNothing())
    .execute();
}

/**
 * The referral page of `userId`: code, link (on `origin`, the public APP_URL), the release rule and the friends
 * who signed up with the code, newest first, each with the state of the bonus pair and — while it clears — the
 * friend's own earnings so far.
 */
export async function getReferrals(db: Database, userId: string, origin: string): Promise<ReferralsView> {
  const release = ledgerPolicy(db).referralRelease;
  const profile = await db
    .selectFrom("user_profiles")
    .select("referral_code")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!profile) return { code: null, link: null, friends: [], release, ownBonus: null };

  const rows = await db
    .selectFrom("referrals")
    .innerJoin("user", "user.id", "referrals.referred_id")
    .innerJoin("user_profiles as friend", "friend.id", "referrals.referred_id")
    .select([
      "user.email",
      "referrals.referred_id",
      "referrals.created_at as joinedAt",
      "referrals.bonus_status",
      "referrals.referrer_paid",
      "referrals.decided_at",
      "friend.deleted_at",
    ])
    .where("referrals.referrer_id", "=", userId)
    .orderBy("referrals.created_at", "desc")
    .orderBy("referrals.id", "desc")
    .limit(REFERRED_FRIENDS_LIMIT)
    .execute();

  const paid = await referrerPaymentsOf(
    db,
    userId,
    // Paid by the release rule or released by an administrator: the referrer's half is in their balance.
    rows
      .filter((r) => referralBonusStatus(r.bonus_status, r.referrer_paid) === "paid")
      .map((r) => r.referred_id),
  );
  const ownBonus = await ownBonusOf(db, userId);
  const earned = await ownEarningsOf(db, [
    ...rows.filter((r) => r.bonus_status === "clearing").map((r) => r.referred_id),
    ...(ownBonus?.bonus === "pending" ? [userId] : []),
  ]);
  return {
    code: profile.referral_code,
    link: referralLink(origin, profile.referral_code),
    friends: rows.map((r) => ({
      email: maskEmail(r.email),
      joinedAt: new Date(r.joinedAt).toISOString(),
      bonus:
        declinedWithoutDecision(r.bonus_status, r.decided_at, r.deleted_at !== null) ??
        referralBonusStatus(r.bonus_status, r.referrer_paid),
      progress: r.bonus_status === "clearing" ? (earned.get(r.referred_id) ?? { coins: 0, days: 0 }) : null,
      paid: paid.get(r.referred_id) ?? null,
    })),
    release,
    ownBonus: ownBonus && {
      ...ownBonus,
      progress: ownBonus.bonus === "pending" ? (earned.get(userId) ?? { coins: 0, days: 0 }) : null,
    },
  };
}

/**
 * The referrer's paid halves of `friendIds`' pairs, by friend: the coins and when they were paid (the referrer's
 * ledger row, found by its unique cause key).
 */
async function referrerPaymentsOf(
  db: Database,
  referrerId: string,
  friendIds: string[],
): Promise<Map<string, { coins: number; at: string }>> {
  const byKey = new Map(friendIds.map((id) => [referralCauseKeys(id).referrer, id]));
  if (byKey.size === 0) return new Map();
  const rows = await db
    .selectFrom("coin_ledger")
    .select(["cause_key", "amount", "created_at"])
    .where("cause_key", "in", [...byKey.keys()])
    .where("user_id", "=", referrerId)
    .execute();
  return new Map(
    rows.map((r) => [
      byKey.get(r.cause_key) ?? "",
      { coins: r.amount, at: new Date(r.created_at).toISOString() },
    ]),
  );
}

/** The user's own half when they signed up with someone's code (without its progress), or null. */
async function ownBonusOf(db: Database, userId: string): Promise<OwnReferralBonus | null> {
  const row = await db
    .selectFrom("referrals")
    .innerJoin("user_profiles as referrer", "referrer.id", "referrals.referrer_id")
    .select(["referrals.bonus_status", "referrals.decided_at", "referrer.deleted_at"])
    .where("referrals.referred_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const why = declinedWithoutDecision(row.bonus_status, row.decided_at, row.deleted_at !== null);
  return {
    bonus: ownReferralBonusStatus(row.bonus_status, why),
    coins: REFERRAL_BONUS_COINS,
    progress: null,
  };
}
