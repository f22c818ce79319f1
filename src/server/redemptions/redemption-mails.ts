import type { Transaction } from "kysely";
import { formatDollars } from "~/core/coins";
import {
  payoutMethodDelivery,
  payoutMethodLabels,
  redemptionTimeline,
  timelineLine,
} from "~/core/redemptions";
import type { DB } from "../db/schema";
import type { Env } from "../env";
import { redemptionApprovedMail, redemptionPaidMail } from "../mail/templates";
import { lifecycleMessages } from "../messages/lifecycle-texts";
import { addToInbox } from "../messages/messages.service";
import { toRedemption } from "./redemptions.service";
import { type Deps, emailOf, type Row, walletUrl } from "./transition-steps";

/**
 * What the redemption mails say beyond the amount (docs/product.md, "Redemptions"): the timeline so far, how the
 * payout was made (a gift card's brand and how to use it), and the mails at approval and payment, queued through
 * the outbox in the transaction that moves the redemption.
 */

/** "Requested 27 Nov 2026, 14:00 UTC → Approved … → Paid …" for the row as it now stands. */
export const timelineOf = (row: Row) => timelineLine(redemptionTimeline(toRedemption(row)));

/**
 * How the payout reads in the paid mail: PayPal as is; a gift card by its brand and how to use it — the brand this
 * installation buys (GIFT_CARD_BRAND) when paid by hand, the one the user picks when sent through Tremendous.
 */
export function payoutWords(giftCard: Env["giftCard"], row: Row): { method: string; howToUse: string[] } {
  if (row.method !== "gift_card") return { method: payoutMethodLabels[row.method], howToUse: [] };
  const dollars = formatDollars(row.coins);
  if (row.provider === "tremendous")
    return {
      method: `a $${dollars} gift card by e-mail`,
      howToUse: [
        `Our payout partner Tremendous has e-mailed the card to ${row.recipient}: open its link, choose the brand you want, and follow that brand's instructions to redeem it.`,
      ],
    };
  return {
    method: `a $${dollars} ${giftCard.brand} gift card by e-mail`,
    howToUse: [
      `${giftCard.brand} e-mails the gift card's claim code to ${row.recipient}. To use it, open ${giftCard.redeemUrl}, sign in and enter the claim code: the $${dollars} is added to your ${giftCard.brand} balance.`,
    ],
  };
}

/** Queues the 'paid' e-mail in the transaction that marks the redemption paid. */
export async function enqueuePaidMail(
  deps: Pick<Deps, "env" | "mailOutbox">,
  trx: Transaction<DB>,
  row: Row,
) {
  const words = payoutWords(deps.env.giftCard, row);
  const mail = redemptionPaidMail(
    await emailOf(trx, row.user_id),
    {
      id: Number(row.id),
      coins: row.coins,
      dollars: formatDollars(row.coins),
      method: words.method,
      reference: row.provider_reference ?? "",
      details: [...words.howToUse, timelineOf(row)],
    },
    walletUrl(deps as Deps),
  );
  await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `redemption-paid:${row.id}` });
  await addToInbox(
    trx,
    lifecycleMessages.redemptionStep({
      userId: row.user_id,
      redemptionId: Number(row.id),
      coins: row.coins,
      step: "paid",
    }),
  );
}

/** Queues the 'approved' e-mail in the transaction that approves the redemption (once per redemption). */
export async function enqueueApprovedMail(deps: Deps, trx: Transaction<DB>, row: Row) {
  const mail = redemptionApprovedMail(
    await emailOf(trx, row.user_id),
    {
      id: Number(row.id),
      coins: row.coins,
      dollars: formatDollars(row.coins),
      method: payoutMethodLabels[row.method],
      recipient: row.recipient,
      delivery: payoutMethodDelivery[row.method],
      automatic: deps.payoutProvider.automatic,
      timeline: timelineOf(row),
    },
    walletUrl(deps),
  );
  await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `redemption-approved:${row.id}` });
  await addToInbox(
    trx,
    lifecycleMessages.redemptionStep({
      userId: row.user_id,
      redemptionId: Number(row.id),
      coins: row.coins,
      step: "approved",
    }),
  );
}
