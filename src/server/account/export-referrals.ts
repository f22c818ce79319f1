import type { AccountExport } from "~/core/api/account";
import { maskEmail } from "~/core/coins";
import { ownReferralBonus, referralBonusStatus } from "~/core/referrals";
import type { Database } from "../db/client";

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The data download's referrals (docs/product.md "Your data"), stated as the pages state them: `bonus` is the
 * pair's state as the referral page shows it (joined, pending, paid — 'Bonus available' —, held, declined,
 * limit), and `yourBonus` the user's own 50 coins of the pair as the wallet shows them: pending (apart from the
 * balance), available (in it), or null (none recorded). The other person is masked.
 */
export async function exportReferrals(db: Database, userId: string): Promise<AccountExport["referrals"]> {
  const [made, received] = await Promise.all([
    db
      .selectFrom("referrals")
      .innerJoin("user", "user.id", "referrals.referred_id")
      .select(["user.email", "referrals.created_at", "referrals.bonus_status", "referrals.referrer_paid"])
      .where("referrals.referrer_id", "=", userId)
      .orderBy("referrals.id")
      .execute(),
    db
      .selectFrom("referrals")
      .innerJoin("user", "user.id", "referrals.referrer_id")
      .select(["user.email", "referrals.created_at", "referrals.bonus_status"])
      .where("referrals.referred_id", "=", userId)
      .executeTakeFirst(),
  ]);
  return {
    made: made.map((r) => ({
      friend: maskEmail(r.email),
      joinedAt: iso(r.created_at),
      bonus: referralBonusStatus(r.bonus_status, r.referrer_paid),
      yourBonus: ownReferralBonus(r.bonus_status, "referrer", r.referrer_paid),
    })),
    received: received
      ? {
          referrer: maskEmail(received.email),
          joinedAt: iso(received.created_at),
          // The friend's half is always part of the pair: the referrer's 30-day limit never applies to it.
          bonus: referralBonusStatus(received.bonus_status, true),
          yourBonus: ownReferralBonus(received.bonus_status, "friend", true),
        }
      : null,
  };
}
