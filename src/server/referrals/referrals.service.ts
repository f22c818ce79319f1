import { maskEmail } from "~/core/coins";
import {
  REFERRED_FRIENDS_LIMIT,
  type ReferralBonusStatus,
  type ReferralsView,
  referralLink,
} from "~/core/referrals";
import type { Database } from "../db/client";
import type { ReferralBonusState } from "../db/schema";

/** What the referrer sees of a referral's stored state. */
function statusFor(state: ReferralBonusState, referrerPaid: boolean): ReferralBonusStatus {
  if (state === "paid" || state === "released") return referrerPaid ? "paid" : "limit";
  return state;
}

/**
 * The referral page of `userId`: code, link (on `origin`, the public APP_URL) and the friends who signed up
 * with the code, newest first, each with the state of the bonus pair (settled by the ledger at the friend's
 * first earning, under a lock on the referral row).
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
    .select([
      "user.email",
      "referrals.created_at as joinedAt",
      "referrals.bonus_status",
      "referrals.referrer_paid",
    ])
    .where("referrals.referrer_id", "=", userId)
    .orderBy("referrals.created_at", "desc")
    .orderBy("referrals.id", "desc")
    .limit(REFERRED_FRIENDS_LIMIT)
    .execute();

  return {
    code: profile.referral_code,
    link: referralLink(origin, profile.referral_code),
    friends: rows.map((r) => ({
      email: maskEmail(r.email),
      joinedAt: new Date(r.joinedAt).toISOString(),
      bonus: statusFor(r.bonus_status, r.referrer_paid),
    })),
  };
}
