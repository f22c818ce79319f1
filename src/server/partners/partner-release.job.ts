import type { Database } from "../db/client";
import type { PeriodicTask } from "../jobs/periodic-tasks";
import { partnerCauseKeys } from "../ledger/cause-keys";
import { payPartnerCredit } from "../ledger/partner-coins";
import { countPartnerRelease } from "../metrics/registry";

/**
 * Releases partner credits whose hold has passed (docs/product.md, "Earning partners"): each in its own
 * transaction, under a lock on its row (a reversal waits for it, or it skips one a reversal holds), its ledger
 * row (cause key `partner:<partner>:<transaction>`: paid at most once) and its state written together. A crash
 * at any point leaves the credit pending or released, never both: the next run takes what is left.
 */
const BATCH = 100;

/** Releases up to `limit` due credits as of `now`; answers how many. */
export async function releaseDuePartnerCredits(
  db: Database,
  now = new Date(),
  limit = BATCH,
): Promise<number> {
  let released = 0;
  while (released < limit) {
    const done = await db.transaction().execute(async (trx) => {
      const c = await trx
        .selectFrom("partner_credits as c")
        .innerJoin("partners as p", "p.id", "c.partner_id")
        .select(["c.id", "c.user_id", "c.coins", "c.partner_id", "c.transaction_id", "p.name"])
        .where("c.state", "=", "pending")
        .where("c.release_at", "<=", now)
        .where("c.user_id", "is not", null)
        .orderBy("c.release_at")
        .limit(1)
        .forUpdate("c")
        .skipLocked()
        .executeTakeFirst();
      if (!c?.user_id) return false;
      const keys = partnerCauseKeys(c.partner_id, c.transaction_id);
      const entry = {
        userId: c.user_id,
        coins: c.coins,
        causeKey: keys.credit,
        reason: `Offer completed on ${c.name}`,
      };
      await payPartnerCredit(trx, entry, true);
      await trx
        .updateTable("partner_credits")
        .set({ state: "available", released_at: now })
        .where("id", "=", c.id)
        .execute();
      countPartnerRelease(c.coins);
      return true;
    });
    if (!done) break;
    released++;
  }
  return released;
}

/** The release as a periodic task of every process (jobs/periodic-tasks.ts): safe to run from several at once. */
export const partnerReleaseTask = (db: Database): PeriodicTask => ({
  name: "partner-release",
  everyMs: 60_000,
  run: async ({ draining }) => releaseDuePartnerCredits(db, new Date(), draining ? 10_000 : BATCH),
});
