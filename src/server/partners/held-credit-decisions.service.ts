import type { Transaction } from "kysely";
import type { HeldCreditDecision } from "~/core/api/partners";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { partnerCauseKeys } from "../ledger/cause-keys";
import { payPartnerCredit, recordPartnerPending } from "../ledger/partner-coins";
import { withRetryableTransaction } from "../ledger/transaction";
import { lifecycleMessages } from "../messages/lifecycle-texts";
import { addToInbox } from "../messages/messages.service";
import { countPartnerRelease } from "../metrics/registry";
import { recordPartnerPostback } from "../rollups/partner-days.service";

/**
 * An administrator decides a held partner credit (docs/product.md, "Earning partners"; docs/decisions/112), in one
 * transaction under a lock on the credit's row: a release pays it now when its hold has passed (the ledger row of
 * cause key `partner:<partner>:<transaction>`, as the release job pays, so it is paid at most once) or makes it
 * pending until its release date (the release job pays it then); a decline pays nothing. The credit's coins and
 * payout join its partner's day in the rollups on a release (its postback was counted when it came). One decision
 * per credit: a second one, or one racing it, is a 409; an administrator never decides their own credit (403). The
 * player finds the decision in their inbox (in this transaction; no mail).
 */
export type CreditDecision = "release" | "decline";

type Credit = {
  id: string;
  partner_id: string;
  partner: string;
  transaction_id: string;
  user_id: string | null;
  coins: number;
  payout_micros: string;
  state: string;
  release_at: Date;
  created_at: Date;
};

const lockCredit = (trx: Transaction<DB>, id: number) =>
  trx
    .selectFrom("partner_credits as c")
    .innerJoin("partners as p", "p.id", "c.partner_id")
    .select([
      "c.id",
      "c.partner_id",
      "p.name as partner",
      "c.transaction_id",
      "c.user_id",
      "c.coins",
      "c.payout_micros",
      "c.state",
      "c.release_at",
      "c.created_at",
    ])
    .where("c.id", "=", String(id))
    .forUpdate("c")
    .executeTakeFirst();

/** Releases a held credit: paid now when its hold has passed, else pending until then. Answers its new state. */
async function release(trx: Transaction<DB>, c: Credit, userId: string, now: Date) {
  const partnerDay = { partnerId: c.partner_id, at: c.created_at, isPostback: false };
  await recordPartnerPostback(trx, {
    ...partnerDay,
    credited: { coins: c.coins, payoutMicros: Number(c.payout_micros) },
  });
  if (c.release_at > now) {
    await recordPartnerPending(trx, userId, c.coins);
    return "pending" as const;
  }
  const keys = partnerCauseKeys(c.partner_id, c.transaction_id);
  const entry = { userId, coins: c.coins, causeKey: keys.credit, reason: `Offer completed on ${c.partner}` };
  await payPartnerCredit(trx, entry, false);
  countPartnerRelease(c.coins);
  return "available" as const;
}

export async function decideHeldCredit(
  db: Database,
  actor: Actor,
  input: { id: number; decision: CreditDecision; reason: string },
  now = new Date(),
): Promise<HeldCreditDecision> {
  return withRetryableTransaction(db, async (trx) => {
    const c = await lockCredit(trx, input.id);
    if (!c) throw new AppError("NOT_FOUND", "No such partner credit.");
    if (c.user_id !== null && c.user_id === actor.adminId)
      throw new AppError(
        "SELF_ACTION",
        "You cannot decide your own credit: another administrator must do it.",
      );
    if (c.state !== "held")
      throw new AppError(
        "CONFLICT",
        c.state === "declined" || c.state === "pending" || c.state === "available"
          ? "This credit is not held: it has been decided already."
          : "This credit is not held for review.",
      );
    // A credit of a deleted account is declined only: there is nobody to pay.
    if (input.decision === "release" && c.user_id === null)
      throw new AppError(
        "CONFLICT",
        "This credit's player has deleted their account: it can only be declined.",
      );
    const state =
      input.decision === "release" && c.user_id !== null ? await release(trx, c, c.user_id, now) : "declined";
    await trx
      .updateTable("partner_credits")
      .set({
        state,
        released_at: state === "available" ? now : null,
        decided_by: actor.adminId,
        decided_at: now,
        decision_reason: input.reason,
      })
      .where("id", "=", c.id)
      .execute();
    if (c.user_id !== null)
      await addToInbox(
        trx,
        lifecycleMessages.partnerCreditDecided({
          userId: c.user_id,
          creditId: c.id,
          partner: c.partner,
          coins: c.coins,
          state,
          releaseAt: c.release_at,
        }),
      );
    const auditId = await recordAudit(trx, {
      actorId: actor.adminId,
      action: `partner.credit_${input.decision}`,
      targetType: "partner_credit",
      targetId: c.id,
      before: { state: "held", partner: c.partner, userId: c.user_id, coins: c.coins },
      after: { state, coins: c.coins, releaseAt: c.release_at.toISOString() },
      reason: input.reason,
      requestId: actor.requestId,
    });
    return {
      id: Number(c.id),
      state,
      coins: c.coins,
      releaseAt: c.release_at.toISOString(),
      auditId,
    };
  });
}
