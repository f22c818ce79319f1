import { sql, type Transaction } from "kysely";
import { REFERRAL_BONUS_COINS } from "~/core/coins";
import { REFERRAL_EXPIRY_DAYS, type ReferralReleaseRule } from "~/core/earning";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { ledgerPolicy } from "../ledger/ledger-policy";
import { dropPendingPair, releasePendingPair } from "../ledger/referral-pair";
import { withRetryableTransaction } from "../ledger/transaction";
import { lifecycleMessages } from "../messages/lifecycle-texts";
import { queueMessages } from "../messages/messages.service";
import { earnedCoins, earnedDays, ownEarningKinds, ownEarningsOf } from "./referral-earnings";

/**
 * The release of a clearing referral bonus pair and its expiry (docs/product.md, "Referral program"). A pair is
 * looked at only when something that decides it changed: the friend earned (the consumer of the award's 'paid'
 * event, release-consumer.ts), the pair was recorded (referral-bonus.service.ts recordFirstEarning: the friend may
 * have cleared the rule already), or its time limit passed (expireReferrals, a periodic step over an index of the
 * open referrals by sign-up time). Every change of a pair's state is made under a lock on its referral row, so a
 * pair is paid or declined exactly once however often and wherever these run (the ledger's cause keys back it up).
 */

const DAY_MS = 86_400_000;

interface LockedReferral {
  bonus_status: string;
  referrer_id: string;
  referrer_paid: boolean;
}

/**
 * A pair's end, in `trx` under the lock its caller holds on the friend's referral row: 'paid' pays the clearing pair
 * through the ledger (both rows, the pending coins taken out); 'declined' takes back a clearing pair's pending
 * coins (a pair still waiting for the first earning holds none). Then the referral takes that state.
 */
async function settlePair(
  trx: Transaction<DB>,
  friendId: string,
  referral: LockedReferral,
  end: "paid" | "declined",
): Promise<void> {
  const pair = { friendId, referrerId: referral.referrer_id, payReferrer: referral.referrer_paid };
  if (end === "paid") await releasePendingPair(trx, pair);
  else if (referral.bonus_status === "clearing") await dropPendingPair(trx, pair);
  await trx.updateTable("referrals").set({ bonus_status: end }).where("referred_id", "=", friendId).execute();
}

/**
 * Inside `trx`, under a lock on the friend's referral row: a pair still clearing whose friend's own earnings clear
 * `rule` is paid through the ledger (both rows, the pending coins taken out) and becomes 'paid'. True when it was
 * released now.
 */
export async function releaseIfCleared(
  trx: Transaction<DB>,
  friendId: string,
  rule: ReferralReleaseRule,
): Promise<boolean> {
  const referral = await trx
    .selectFrom("referrals")
    .select(["bonus_status", "referrer_id", "referrer_paid"])
    .where("referred_id", "=", friendId)
    .forUpdate()
    .executeTakeFirst();
  if (referral?.bonus_status !== "clearing") return false;
  const earned = (await ownEarningsOf(trx, [friendId])).get(friendId);
  if (!earned || earned.coins < rule.coins || earned.days < rule.days) return false;
  await settlePair(trx, friendId, referral, "paid");
  // Both sides hear of it (docs/product.md, "Messages"), queued with the payment: once, whoever released it.
  await queueMessages(
    trx,
    lifecycleMessages.referralPaid({
      friendId,
      referrerId: referral.referrer_id,
      coins: REFERRAL_BONUS_COINS,
      referrerPaid: referral.referrer_paid,
    }),
  );
  return true;
}

/**
 * The catch-up (not scheduled): every clearing pair whose friend's earnings clear the rule now, in batches of
 * `batch`, each in its own transaction. The consumer of the friend's earnings releases a pair when it clears;
 * this is for the pairs that clear without an earning — after the release rule (REFERRAL_RELEASE_COINS,
 * REFERRAL_RELEASE_DAYS) was lowered, or for the pairs the recurring release job left before the consumer took
 * over. Reads the clearing referrals (partial index referrals_clearing_idx) and their friends' rows. Returns how
 * many pairs it released.
 */
export async function releaseClearedReferrals(db: Database, batch = 200): Promise<number> {
  const rule = ledgerPolicy(db).referralRelease;
  const due = await db
    .selectFrom("referrals")
    .innerJoin("coin_ledger", "coin_ledger.user_id", "referrals.referred_id")
    .select("referrals.referred_id")
    .where("referrals.bonus_status", "=", "clearing")
    .where("coin_ledger.kind", "in", ownEarningKinds)
    .groupBy(["referrals.referred_id", "referrals.recorded_at"])
    .having(earnedCoins, ">=", rule.coins)
    .having(earnedDays, ">=", rule.days)
    .orderBy("referrals.recorded_at")
    .limit(batch)
    .execute();
  let released = 0;
  for (const { referred_id: friendId } of due)
    if (await withRetryableTransaction(db, (trx) => releaseIfCleared(trx, friendId, rule))) released++;
  return released;
}

/**
 * The periodic expiry: the referrals still waiting for a first earning or clearing whose friend signed up
 * REFERRAL_EXPIRY_DAYS ago or more (`now` minus that), at most `batch` per call, oldest first — read through the
 * partial index referrals_open_idx (sign-up time, only the open referrals), so a call reads the due ones and no
 * other. Each, under a lock on its row: a clearing pair whose friend cleared the rule after all is released (a
 * last look); any other is declined ('Bonus declined' on the referral page), a clearing pair's pending coins
 * taken back.
 */
export async function expireReferrals(
  db: Database,
  now: Date = new Date(),
  batch = 200,
): Promise<{ released: number; declined: number }> {
  const rule = ledgerPolicy(db).referralRelease;
  const cutoff = new Date(now.getTime() - REFERRAL_EXPIRY_DAYS * DAY_MS);
  // The index's own predicate, written as its text, so the planner matches it whatever the parameters.
  const open = sql<boolean>`referrals.bonus_status in ('pending', 'clearing')`;
  const due = await db
    .selectFrom("referrals")
    .select("referred_id")
    .where(open)
    .where("created_at", "<=", cutoff)
    .orderBy("created_at")
    .limit(batch)
    .execute();
  const counts = { released: 0, declined: 0 };
  for (const { referred_id: friendId } of due) {
    const outcome = await withRetryableTransaction(db, async (trx) => {
      if (await releaseIfCleared(trx, friendId, rule)) return "released" as const;
      const referral = await trx
        .selectFrom("referrals")
        .select(["bonus_status", "referrer_id", "referrer_paid"])
        .where("referred_id", "=", friendId)
        .where(open)
        .where("created_at", "<=", cutoff)
        .forUpdate()
        .executeTakeFirst();
      if (!referral) return null;
      await settlePair(trx, friendId, referral, "declined");
      const reason = `your friend did not clear the referral rule within ${REFERRAL_EXPIRY_DAYS} days of signing up.`;
      await queueMessages(
        trx,
        lifecycleMessages.referralDeclined({ friendId, referrerId: referral.referrer_id, reason }),
      );
      return "declined" as const;
    });
    if (outcome) counts[outcome]++;
  }
  return counts;
}
