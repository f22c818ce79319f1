import { sql } from "kysely";
import { maskEmail, REFERRAL_BONUS_COINS, referralReasons } from "~/core/coins";
import type { Database } from "../db/client";
import { referralCauseKeys } from "./cause-keys";
import { addCoins, insertEntry, repayDebt } from "./ledger-rows";

/**
 * The ledger's half of the referral bonus: the pair's pending coins (user_profiles.pending_points, never in the
 * balance) and its rows and balance changes when it is paid. When a pair is recorded, released, held or declined
 * — and whether the referrer's half is within its 30-day limit — is decided by the referral rules in
 * src/server/referrals (which call these inside their transaction, under a lock on the referral row).
 */

/** The limit key of referrer bonuses: counted over the last 30 days (REFERRAL_LIMIT_WINDOW_MS). */
export const REFERRER_BONUS_LIMIT_KEY = "referral_referrer";

export interface Pair {
  friendId: string;
  referrerId: string;
  /** Whether the referrer's half is part of the pair (its 30-day limit). */
  payReferrer: boolean;
}

/** Row locks on profiles, in a fixed order of ids, so two transactions never wait on each other in a cycle. */
export async function lockProfiles(trx: Database, userIds: string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort())
    await trx.selectFrom("user_profiles").select("id").where("id", "=", id).forUpdate().execute();
}

async function addPending(trx: Database, userId: string, coins: number): Promise<void> {
  await trx
    .updateTable("user_profiles")
    .set({ pending_points: sql<number>`pending_points + ${coins}` })
    .where("id", "=", userId)
    .execute();
}

/** Records the pair as pending coins of both sides (visible, not in the balance). Call once per pair. */
export async function recordPendingPair(trx: Database, pair: Pair): Promise<void> {
  await lockProfiles(trx, [pair.friendId, pair.referrerId]);
  await addPending(trx, pair.friendId, REFERRAL_BONUS_COINS);
  if (pair.payReferrer) await addPending(trx, pair.referrerId, REFERRAL_BONUS_COINS);
}

/** Takes a recorded pair's coins out of the pending ones, paying nothing (the pair is declined). */
export async function dropPendingPair(trx: Database, pair: Pair): Promise<void> {
  await lockProfiles(trx, [pair.friendId, pair.referrerId]);
  await addPending(trx, pair.friendId, -REFERRAL_BONUS_COINS);
  if (pair.payReferrer) await addPending(trx, pair.referrerId, -REFERRAL_BONUS_COINS);
}

/** Pays a recorded pair: its rows and balance changes, and takes its coins out of the pending ones. */
export async function releasePendingPair(
  trx: Database,
  pair: Pair,
): Promise<{ friend: number; referrerPaid: boolean }> {
  const paid = await payReferralPair(trx, pair);
  if (paid.friend > 0) await addPending(trx, pair.friendId, -REFERRAL_BONUS_COINS);
  if (paid.referrerPaid) await addPending(trx, pair.referrerId, -REFERRAL_BONUS_COINS);
  return paid;
}

/**
 * Pays the pair's two rows: the friend's, and — when `payReferrer` — the referrer's. Returns the friend's
 * coins (0 if paid before, and then nothing is paid) and whether the referrer's half was paid now.
 */
export async function payReferralPair(
  trx: Database,
  pair: Pair,
): Promise<{ friend: number; referrerPaid: boolean }> {
  await lockProfiles(trx, [pair.friendId, pair.referrerId]);
  const keys = referralCauseKeys(pair.friendId);
  const paid = await insertEntry(trx, {
    userId: pair.friendId,
    amount: REFERRAL_BONUS_COINS,
    kind: "referral_bonus",
    reason: referralReasons.friend,
    causeKey: keys.friend,
  });
  if (paid === null) return { friend: 0, referrerPaid: false };
  await addCoins(trx, pair.friendId, REFERRAL_BONUS_COINS);
  await repayDebt(trx, pair.friendId, paid);
  if (!pair.payReferrer) return { friend: REFERRAL_BONUS_COINS, referrerPaid: false };
  const friend = await trx
    .selectFrom("user")
    .select("email")
    .where("id", "=", pair.friendId)
    .executeTakeFirstOrThrow();
  const referrerEntry = await insertEntry(trx, {
    userId: pair.referrerId,
    amount: REFERRAL_BONUS_COINS,
    kind: "referral_bonus",
    reason: referralReasons.referrer(maskEmail(friend.email)),
    causeKey: keys.referrer,
    limitKey: REFERRER_BONUS_LIMIT_KEY,
  });
  if (referrerEntry !== null) {
    await addCoins(trx, pair.referrerId, REFERRAL_BONUS_COINS);
    await repayDebt(trx, pair.referrerId, referrerEntry);
  }
  return { friend: REFERRAL_BONUS_COINS, referrerPaid: referrerEntry !== null };
}
