import { maskEmail, REFERRAL_BONUS_COINS, referralReasons } from "~/core/coins";
import { referralCauseKeys } from "./cause-keys";
import { addPoints, insertEntry, type Tx } from "./ledger-rows";

/**
 * The ledger's half of the referral bonus: the writes of the pair (its coin_ledger rows and balance changes).
 * When a pair is paid, held or declined — and whether the referrer's half is within its 30-day limit — is
 * decided by the referral rules in src/server/referrals/referrals.service.ts, which call payReferralPair.
 */

/** The limit key of referrer bonuses: counted over the last 30 days (REFERRAL_LIMIT_WINDOW_MS). */
export const REFERRER_BONUS_LIMIT_KEY = "referral_referrer";

/** Row locks on profiles, in a fixed order of ids, so two transactions never wait on each other in a cycle. */
export async function lockProfiles(tx: Tx, userIds: string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort())
    await tx.selectFrom("user_profiles").select("id").where("id", "=", id).forUpdate().execute();
}

/**
 * Pays the pair's two rows: the friend's, and — when `payReferrer` — the referrer's. Returns the friend's
 * coins (0 if paid before, and then nothing is paid) and whether the referrer's half was paid now.
 */
export async function payReferralPair(
  tx: Tx,
  pair: { friendId: string; referrerId: string; payReferrer: boolean },
): Promise<{ friend: number; referrerPaid: boolean }> {
  const keys = referralCauseKeys(pair.friendId);
  const paid = await insertEntry(tx, {
    userId: pair.friendId,
    amount: REFERRAL_BONUS_COINS,
    kind: "referral_bonus",
    reason: referralReasons.friend,
    causeKey: keys.friend,
  });
  if (paid === null) return { friend: 0, referrerPaid: false };
  await addPoints(tx, pair.friendId, REFERRAL_BONUS_COINS);
  if (!pair.payReferrer) return { friend: REFERRAL_BONUS_COINS, referrerPaid: false };
  const friend = await tx
    .selectFrom("user")
    .select("email")
    .where("id", "=", pair.friendId)
    .executeTakeFirstOrThrow();
  const referrerEntry = await insertEntry(tx, {
    userId: pair.referrerId,
    amount: REFERRAL_BONUS_COINS,
    kind: "referral_bonus",
    reason: referralReasons.referrer(maskEmail(friend.email)),
    causeKey: keys.referrer,
    limitKey: REFERRER_BONUS_LIMIT_KEY,
  });
  if (referrerEntry !== null) await addPoints(tx, pair.referrerId, REFERRAL_BONUS_COINS);
  return { friend: REFERRAL_BONUS_COINS, referrerPaid: referrerEntry !== null };
}
