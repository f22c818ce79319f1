import { isPlayKind } from "~/core/coins";
import type { LedgerEventConsumer } from "../ledger/ledger-events";
import { ledgerPolicy } from "../ledger/ledger-policy";
import { releaseIfCleared } from "./referral-release";

/**
 * The referral bonus's release as a consumer of the award's 'paid' events (src/server/ledger/ledger-events.ts;
 * docs/product.md, "Referral program"): among the events taken, every user who earned by playing (PLAY_KINDS)
 * and whose referral is clearing is looked at once — one index probe per batch for all of them (referrals'
 * unique friend id) — and, when their own earnings now clear the release rule, the pair is paid
 * (referral-release.ts releaseIfCleared: under a lock on the referral row), in the transaction that records the
 * events as taken: once, across crashes and instances. A pair recorded after the earning that cleared it is
 * released when it is recorded (recordFirstEarning).
 */
export const RELEASE_CONSUMER = "referral.release";

export const releaseConsumer: LedgerEventConsumer<string[]> = {
  name: RELEASE_CONSUMER,
  async consume(trx, events) {
    const earners = [...new Set(events.filter((e) => isPlayKind(e.kind)).map((e) => e.userId))];
    if (earners.length === 0) return [];
    const clearing = await trx
      .selectFrom("referrals")
      .select("referred_id")
      .where("referred_id", "in", earners)
      .where("bonus_status", "=", "clearing")
      .orderBy("referred_id")
      .execute();
    const rule = ledgerPolicy(trx).referralRelease;
    const released: string[] = [];
    for (const { referred_id: friendId } of clearing)
      if (await releaseIfCleared(trx, friendId, rule)) released.push(friendId);
    return released;
  },
};
