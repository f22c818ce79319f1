import { isPlayKind } from "~/core/coins";
import { enqueueJob } from "../jobs/jobs.service";
import type { LedgerEventConsumer } from "../ledger/ledger-events";
import { FIRST_EARNING_QUEUE } from "./referral-bonus.job";

/**
 * A referred friend's first earning as a consumer of the award's 'paid' events (src/server/ledger/ledger-events.ts;
 * docs/product.md, "Referral program"): among the events taken, every user who earned by playing (PLAY_KINDS)
 * and who was referred (`referred_by`), with a referral that still waits for a first earning ('pending'), gets
 * one job of queue `referral.first-earning`
 * (dedupe key `referral.first-earning:<friend>`, the effect's cause key), written in the transaction that records
 * the events as taken; its handler records the pair as pending or holds it (referrals.service.ts). A referral
 * past 'pending' needs nothing: the first earning was seen.
 */
export const FIRST_EARNING_CONSUMER = "referral.first-earning";

export const firstEarningDedupeKey = (friendId: string) => `${FIRST_EARNING_QUEUE}:${friendId}`;

export const firstEarningConsumer: LedgerEventConsumer<string[]> = {
  name: FIRST_EARNING_CONSUMER,
  async consume(trx, events) {
    const earners = [...new Set(events.filter((e) => isPlayKind(e.kind)).map((e) => e.userId))];
    if (earners.length === 0) return [];
    const waiting = await trx
      .selectFrom("user_profiles")
      .leftJoin("referrals", "referrals.referred_id", "user_profiles.id")
      .select("user_profiles.id as referred_id")
      .where("user_profiles.id", "in", earners)
      .where("user_profiles.referred_by", "is not", null)
      .where((eb) =>
        eb.or([eb("referrals.bonus_status", "is", null), eb("referrals.bonus_status", "=", "pending")]),
      )
      .orderBy("user_profiles.id")
      .execute();
    for (const { referred_id: friendId } of waiting)
      await enqueueJob(trx, {
        queue: FIRST_EARNING_QUEUE,
        payload: { friendId },
        dedupeKey: firstEarningDedupeKey(friendId),
      });
    return waiting.map((r) => r.referred_id);
  },
};
