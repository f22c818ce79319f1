import { maskEmail } from "~/core/coins";
import { REFERRED_FRIENDS_LIMIT, type ReferralsView, referralLink } from "~/core/referrals";
import type { Database } from "../db/client";
import { referralCauseKeys } from "../ledger/ledger";

/**
 * The referral page of `userId`: code, link (on `origin`, the public APP_URL) and the friends who signed up
 * with the code, newest first. A friend's bonus is "paid" iff the ledger holds the friend's bonus row — the
 * same row whose unique cause key makes the ledger pay the pair exactly once.
 */
export async function getReferrals(db: Database, userId: string, origin: string): Promise<ReferralsView> {
  const profile = await db
    .selectFrom("user_profiles")
    .select("referral_code")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!profile) return { code: null, link: null, friends: [] };

  const rows = await db
    .selectFrom("referrals")
    .innerJoin("user", "user.id", "referrals.referred_id")
    .select(["referrals.referred_id as friendId", "user.email", "referrals.created_at as joinedAt"])
    .where("referrals.referrer_id", "=", userId)
    .orderBy("referrals.created_at", "desc")
    .orderBy("referrals.id", "desc")
    .limit(REFERRED_FRIENDS_LIMIT)
    .execute();

  const bonusKeys = rows.map((r) => referralCauseKeys(r.friendId).friend);
  const paid = new Set(
    bonusKeys.length === 0
      ? []
      : (
          await db.selectFrom("coin_ledger").select("cause_key").where("cause_key", "in", bonusKeys).execute()
        ).map((r) => r.cause_key),
  );

  return {
    code: profile.referral_code,
    link: referralLink(origin, profile.referral_code),
    friends: rows.map((r) => ({
      email: maskEmail(r.email),
      joinedAt: new Date(r.joinedAt).toISOString(),
      bonus: paid.has(referralCauseKeys(r.friendId).friend) ? "paid" : "pending",
    })),
  };
}
