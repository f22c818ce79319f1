import type { Transaction } from "kysely";
import { maskEmail, REFERRAL_BONUS_COINS, referralReasons } from "~/core/coins";
import { DEFAULT_EARNING_LIMITS, REFERRAL_LIMIT_WINDOW_MS } from "~/core/earning";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { referralCauseKeys } from "./cause-keys";
import { addPoints, insertEntry, type Tx } from "./ledger-rows";
import { withRetryableTransaction } from "./transaction";

/**
 * The referral bonus pair, part of the ledger: settled at the friend's first earning inside that earning's
 * transaction (payReferralBonus), or later by an administrator's review of a held pair (decideHeldReferral).
 */

/** The limit key of referrer bonuses: counted over the last 30 days (REFERRAL_LIMIT_WINDOW_MS). */
const REFERRER_BONUS_LIMIT_KEY = "referral_referrer";

/** Row locks on profiles, in a fixed order of ids, so two transactions never wait on each other in a cycle. */
async function lockProfiles(tx: Tx, userIds: string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort())
    await tx.selectFrom("user_profiles").select("id").where("id", "=", id).forUpdate().execute();
}

/** True when the friend signed up from the address the referrer signed up or last signed in from. */
async function sameAddress(tx: Tx, friendId: string, referrerId: string): Promise<boolean> {
  const friend = await tx
    .selectFrom("user_profiles")
    .select("signup_ip")
    .where("id", "=", friendId)
    .executeTakeFirst();
  const ip = friend?.signup_ip;
  if (!ip) return false;
  const referrer = await tx
    .selectFrom("user_profiles")
    .select("signup_ip")
    .where("id", "=", referrerId)
    .executeTakeFirst();
  if (referrer?.signup_ip === ip) return true;
  const lastSignIn = await tx
    .selectFrom("session")
    .select("ipAddress")
    .where("userId", "=", referrerId)
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  return lastSignIn?.ipAddress === ip;
}

/**
 * Pays the pair's two rows: the friend's, and the referrer's while the referrer has received fewer than
 * `referrerLimit` referrer bonuses in the last 30 days. Returns the friend's coins (0 if paid before).
 */
async function payBonusPair(tx: Tx, friendId: string, referrerId: string, referrerLimit: number) {
  const keys = referralCauseKeys(friendId);
  const paid = await insertEntry(tx, {
    userId: friendId,
    amount: REFERRAL_BONUS_COINS,
    kind: "referral_bonus",
    reason: referralReasons.friend,
    causeKey: keys.friend,
  });
  if (paid === null) return { friend: 0, referrerPaid: false };
  await addPoints(tx, friendId, REFERRAL_BONUS_COINS);
  const since = new Date(Date.now() - REFERRAL_LIMIT_WINDOW_MS);
  const recent = await tx
    .selectFrom("coin_ledger")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", referrerId)
    .where("limit_key", "=", REFERRER_BONUS_LIMIT_KEY)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= referrerLimit) return { friend: REFERRAL_BONUS_COINS, referrerPaid: false };
  const friend = await tx
    .selectFrom("user")
    .select("email")
    .where("id", "=", friendId)
    .executeTakeFirstOrThrow();
  const referrerEntry = await insertEntry(tx, {
    userId: referrerId,
    amount: REFERRAL_BONUS_COINS,
    kind: "referral_bonus",
    reason: referralReasons.referrer(maskEmail(friend.email)),
    causeKey: keys.referrer,
    limitKey: REFERRER_BONUS_LIMIT_KEY,
  });
  if (referrerEntry !== null) await addPoints(tx, referrerId, REFERRAL_BONUS_COINS);
  return { friend: REFERRAL_BONUS_COINS, referrerPaid: referrerEntry !== null };
}

/**
 * Settles the referral bonus of `userId` (referred by `referrerId`) at the user's first earning, inside that
 * earning's transaction: under a lock on the referral row, a pending referral becomes paid (the pair, the
 * referrer's half subject to the 30-day limit) or — when the friend signed up from the referrer's sign-up or
 * last sign-in address — held for review with nothing paid. Returns the coins paid to `userId`.
 */
export async function payReferralBonus(
  tx: Tx,
  userId: string,
  referrerId: string,
  referrerLimit: number,
): Promise<number> {
  const referral = await tx
    .selectFrom("referrals")
    .select("bonus_status")
    .where("referred_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  if (referral && referral.bonus_status !== "pending") return 0;
  if (referral && (await sameAddress(tx, userId, referrerId))) {
    await tx
      .updateTable("referrals")
      .set({ bonus_status: "held" })
      .where("referred_id", "=", userId)
      .execute();
    return 0;
  }
  await lockProfiles(tx, [referrerId]);
  const paid = await payBonusPair(tx, userId, referrerId, referrerLimit);
  await tx
    .updateTable("referrals")
    .set({ bonus_status: "paid", referrer_paid: paid.referrerPaid })
    .where("referred_id", "=", userId)
    .execute();
  return paid.friend;
}

/** What deciding a held referral did: the coins paid to each side (0 when declined). */
export interface DecidedReferral {
  referrerId: string;
  status: "released" | "declined";
  friendCoins: number;
  referrerCoins: number;
}

/**
 * Decides a held referral bonus (an administrator's review): `release` pays the pair now (the referrer's
 * half still within the 30-day limit), `decline` pays nothing. Either way the referral is settled for good.
 * `inTransaction` runs inside the same transaction after the change (the caller's audit row), so the
 * decision, its coins and its record commit or roll back together.
 * Returns false when the friend's referral is not held (unknown, or decided already).
 */
export async function decideHeldReferral(
  db: Database,
  input: {
    referredId: string;
    decision: "release" | "decline";
    decidedBy: string | null;
    referralBonusesPer30Days?: number | undefined;
    inTransaction?: (tx: Transaction<DB>, decided: DecidedReferral) => Promise<void>;
  },
): Promise<DecidedReferral | false> {
  return withRetryableTransaction(db, async (tx) => {
    const referral = await tx
      .selectFrom("referrals")
      .select(["bonus_status", "referrer_id"])
      .where("referred_id", "=", input.referredId)
      .forUpdate()
      .executeTakeFirst();
    if (referral?.bonus_status !== "held") return false;
    let paid = { friend: 0, referrerPaid: false };
    if (input.decision === "release") {
      await lockProfiles(tx, [input.referredId, referral.referrer_id]);
      const limit = input.referralBonusesPer30Days ?? DEFAULT_EARNING_LIMITS.referralBonusesPer30Days;
      paid = await payBonusPair(tx, input.referredId, referral.referrer_id, limit);
    }
    const status = input.decision === "release" ? "released" : "declined";
    await tx
      .updateTable("referrals")
      .set({
        bonus_status: status,
        referrer_paid: paid.referrerPaid,
        decided_at: new Date(),
        decided_by: input.decidedBy,
      })
      .where("referred_id", "=", input.referredId)
      .execute();
    const decided: DecidedReferral = {
      referrerId: referral.referrer_id,
      status,
      friendCoins: paid.friend,
      referrerCoins: paid.referrerPaid ? REFERRAL_BONUS_COINS : 0,
    };
    await input.inTransaction?.(tx, decided);
    return decided;
  });
}

/** How many referral bonus pairs wait for an administrator's review. */
export async function countHeldReferrals(db: Database): Promise<number> {
  const row = await db
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("bonus_status", "=", "held")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
