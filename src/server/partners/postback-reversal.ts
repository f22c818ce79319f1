import { sql, type Transaction } from "kysely";
import type { Postback } from "~/core/partners";
import type { AppDeps } from "../app-deps";
import type { DB } from "../db/schema";
import { partnerCauseKeys } from "../ledger/cause-keys";
import { dropPartnerPending, takeBackPartnerCredit } from "../ledger/partner-coins";
import { partnerDebtMail } from "../mail/templates";
import { lifecycleMessages } from "../messages/lifecycle-texts";
import { addToInbox } from "../messages/messages.service";
import type { PostbackOutcome } from "../metrics/registry";
import { holdPendingRedemptions } from "../redemptions/redemption-holds.service";

/**
 * A partner's reversal (docs/product.md, "Earning partners"; docs/decisions/105), under a lock on the credit's
 * row: pending coins are dropped; a held credit (never paid) is reversed taking nothing back; a declined one stays
 * declined; paid coins are taken back as far as the balance holds them, and what was spent
 * becomes the player's debt, which their next earnings repay first. A debt holds the player's pending redemptions
 * for review and tells the player (a mail through the outbox, in this transaction, and the wallet's notice); so
 * does a burst of reversals — REVERSAL_BURST of the player's credits reversed within REVERSAL_BURST_HOURS.
 */
export const REVERSAL_BURST = 3;
export const REVERSAL_BURST_HOURS = 24;

type Deps = Pick<AppDeps, "env" | "mailOutbox">;
type Partner = { id: string; name: string };

export async function reverse(
  deps: Deps,
  trx: Transaction<DB>,
  p: Partner,
  userId: string,
  pb: Postback,
  now: Date,
): Promise<PostbackOutcome> {
  const c = await trx
    .selectFrom("partner_credits")
    .select(["id", "user_id", "coins", "state"])
    .where("partner_id", "=", p.id)
    .where("transaction_id", "=", pb.transactionId)
    .forUpdate()
    .executeTakeFirst();
  if (!c) return "nothing_to_reverse";
  if (c.user_id !== userId) return "conflict";
  if (c.state === "reversed") return "duplicate";
  // A declined credit paid nothing: its reversal takes nothing back and the decline stays on record.
  if (c.state === "declined") return "nothing_to_reverse";
  if (c.state === "pending") await dropPartnerPending(trx, userId, c.coins);
  if (c.state === "available") await takeBack(deps, trx, p, userId, { coins: c.coins, pb });
  await trx
    .updateTable("partner_credits")
    .set({ state: "reversed", reversed_at: now })
    .where("id", "=", c.id)
    .execute();
  await holdOnBurst(trx, userId, now);
  return "reversed";
}

/** Takes a paid credit back; coins already spent become a debt, hold the redemptions and are told. */
async function takeBack(
  deps: Deps,
  trx: Transaction<DB>,
  p: Partner,
  userId: string,
  c: { coins: number; pb: Postback },
) {
  const keys = partnerCauseKeys(p.id, c.pb.transactionId);
  const { taken, debt } = await takeBackPartnerCredit(trx, {
    userId,
    coins: c.coins,
    causeKey: keys.reversal,
    reason: `Offer reversed by ${p.name}`,
    debtCauseKey: keys.debt,
    debtReason: `Offer reversed by ${p.name} after its coins were spent`,
  });
  if (debt === 0) return;
  const held = await holdPendingRedemptions(
    trx,
    userId,
    `${p.name} reversed ${c.coins} coins of which ${debt} were already spent (a debt the next earnings repay)`,
  );
  const user = await trx
    .selectFrom("user")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const mail = partnerDebtMail(
    user.email,
    { partner: p.name, coins: c.coins, taken, debt, heldRedemptions: held },
    `${deps.env.appUrl}/wallet`,
  );
  await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `partner-debt:${keys.debt}` });
  await addToInbox(trx, lifecycleMessages.partnerDebt({ userId, key: keys.debt, partner: p.name, debt }));
}

/** REVERSAL_BURST reversals of the player's credits within REVERSAL_BURST_HOURS hold their redemptions. */
async function holdOnBurst(trx: Transaction<DB>, userId: string, now: Date) {
  const since = new Date(now.getTime() - REVERSAL_BURST_HOURS * 3_600_000);
  const row = await trx
    .selectFrom("partner_credits")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("user_id", "=", userId)
    .where("state", "=", "reversed")
    .where("reversed_at", ">", since)
    .executeTakeFirstOrThrow();
  if (row.n < REVERSAL_BURST) return;
  await holdPendingRedemptions(
    trx,
    userId,
    `${row.n} partner reversals in ${REVERSAL_BURST_HOURS} hours (a burst of chargebacks)`,
  );
}
