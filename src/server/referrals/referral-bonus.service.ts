import type { Transaction } from "kysely";
import { REFERRAL_BONUS_COINS } from "~/core/coins";
import { REFERRAL_LIMIT_WINDOW_MS } from "~/core/earning";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { ledgerPolicy } from "../ledger/ledger-policy";
import {
  dropPendingPair,
  lockProfiles,
  payReferralPair,
  REFERRER_BONUS_LIMIT_KEY,
  recordPendingPair,
} from "../ledger/referral-pair";
import { withRetryableTransaction } from "../ledger/transaction";
import { lifecycleMessages } from "../messages/lifecycle-texts";
import { queueMessages } from "../messages/messages.service";
import { releaseIfCleared } from "./referral-release";
import { looksLikeSamePerson } from "./same-person";

/**
 * The referral bonus pair's life (docs/product.md, "Referral program"; the rules are summed up in
 * referrals.service.ts, which re-exports these): recorded as pending at the friend's first earning or held for
 * review, released once the friend's own earnings clear the rule, an administrator's decision on a held pair,
 * and the pairs declined when an account is deleted. The coins are written only by the ledger (referral-pair.ts).
 */

/**
 * True while the referrer has fewer than `limit` referrer bonuses in the last 30 days: paid ones, and those
 * recorded as pending (clearing) that will be paid.
 */
async function referrerWithinLimit(trx: Database, referrerId: string, limit: number): Promise<boolean> {
  const since = new Date(Date.now() - REFERRAL_LIMIT_WINDOW_MS);
  const recent = await trx
    .selectFrom("coin_ledger")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", referrerId)
    .where("limit_key", "=", REFERRER_BONUS_LIMIT_KEY)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  const clearing = await trx
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("referrer_id", "=", referrerId)
    .where("bonus_status", "=", "clearing")
    .where("referrer_paid", "=", true)
    .executeTakeFirstOrThrow();
  return Number(recent.n) + Number(clearing.n) < limit;
}

/**
 * The friend's first earning (the job the award's event's consumer writes): under a lock on the referral row, a referral
 * still 'pending' is either held for review (the same person on both sides: same-person.ts, the same mailbox, browser or address) with nothing
 * recorded, or recorded as 'clearing': both 50-coin bonuses as pending coins (the referrer's within its 30-day
 * limit), paid when the friend's own earnings clear the rule (referral-release.ts) — at once ('paid') when they
 * clear it already. Idempotent: a referral past 'pending' is left alone.
 */
export async function recordFirstEarning(
  db: Database,
  friendId: string,
): Promise<"clearing" | "paid" | "held" | "none"> {
  const limit = ledgerPolicy(db).limits.referralBonusesPer30Days;
  return withRetryableTransaction(db, async (trx) => {
    const referral = await trx
      .selectFrom("referrals")
      .select(["bonus_status", "referrer_id"])
      .where("referred_id", "=", friendId)
      .forUpdate()
      .executeTakeFirst();
    if (referral?.bonus_status !== "pending") return "none";
    const referrerId = referral.referrer_id;
    if (await looksLikeSamePerson(trx, friendId, referrerId)) {
      await trx
        .updateTable("referrals")
        .set({ bonus_status: "held" })
        .where("referred_id", "=", friendId)
        .execute();
      return "held";
    }
    await lockProfiles(trx, [friendId, referrerId]);
    const payReferrer = await referrerWithinLimit(trx, referrerId, limit);
    await recordPendingPair(trx, { friendId, referrerId, payReferrer });
    await trx
      .updateTable("referrals")
      .set({ bonus_status: "clearing", referrer_paid: payReferrer, recorded_at: new Date() })
      .where("referred_id", "=", friendId)
      .execute();
    // The earnings that came before the record are not looked at again by the release's consumer: a friend who
    // cleared the rule already (a late job, a low rule) is paid now.
    return (await releaseIfCleared(trx, friendId, ledgerPolicy(db).referralRelease)) ? "paid" : "clearing";
  });
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
    inTransaction?: (trx: Transaction<DB>, decided: DecidedReferral) => Promise<void>;
  },
): Promise<DecidedReferral | false> {
  return withRetryableTransaction(db, async (trx) => {
    const referral = await trx
      .selectFrom("referrals")
      .select(["bonus_status", "referrer_id"])
      .where("referred_id", "=", input.referredId)
      .forUpdate()
      .executeTakeFirst();
    if (referral?.bonus_status !== "held") return false;
    let paid = { friend: 0, referrerPaid: false };
    if (input.decision === "release") {
      await lockProfiles(trx, [input.referredId, referral.referrer_id]);
      const limit = ledgerPolicy(db).limits.referralBonusesPer30Days;
      const payReferrer = await referrerWithinLimit(trx, referral.referrer_id, limit);
      paid = await payReferralPair(trx, {
        friendId: input.referredId,
        referrerId: referral.referrer_id,
        payReferrer,
      });
    }
    const status = input.decision === "release" ? "released" : "declined";
    await trx
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
    await queueMessages(trx, heldPairMessages(input.referredId, decided));
    await input.inTransaction?.(trx, decided);
    return decided;
  });
}

/** What each side of a held pair is told of its decision (docs/product.md, "Messages"). */
function heldPairMessages(friendId: string, d: DecidedReferral) {
  const referrerId = d.referrerId;
  if (d.status === "declined")
    return lifecycleMessages.referralDeclined({
      friendId,
      referrerId,
      reason: "we reviewed the sign-up and could not pay this bonus.",
    });
  return lifecycleMessages.referralPaid({
    friendId,
    referrerId,
    coins: d.friendCoins,
    referrerPaid: d.referrerCoins > 0,
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

/**
 * An account being deleted (docs/product.md, "Deleting the account"), inside the deletion's transaction: every
 * referral it is part of — as the friend or as the referrer — that has not been paid yet (waiting for a first
 * earning, clearing, or held for review) is declined, and a clearing pair's pending coins are taken back, so no
 * bonus is ever paid to or because of an account that no longer exists. Returns how many were declined.
 */
export async function declineUnpaidReferralsOf(trx: Transaction<DB>, userId: string): Promise<number> {
  const open = await trx
    .selectFrom("referrals")
    .select(["referred_id", "referrer_id", "bonus_status", "referrer_paid"])
    .where((eb) => eb.or([eb("referred_id", "=", userId), eb("referrer_id", "=", userId)]))
    .where("bonus_status", "in", ["pending", "clearing", "held"])
    .orderBy("referred_id")
    .forUpdate()
    .execute();
  for (const r of open) {
    if (r.bonus_status === "clearing")
      await dropPendingPair(trx, {
        friendId: r.referred_id,
        referrerId: r.referrer_id,
        payReferrer: r.referrer_paid,
      });
    await trx
      .updateTable("referrals")
      .set({ bonus_status: "declined" })
      .where("referred_id", "=", r.referred_id)
      .execute();
  }
  return open.length;
}
