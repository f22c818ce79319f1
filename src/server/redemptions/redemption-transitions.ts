import { sql, type Transaction, type UpdateObject } from "kysely";
import type { Redemption } from "~/core/api/redemptions";
import { formatDollars } from "~/core/coins";
import type { Actor } from "../audit/audit.service";
import type { DB } from "../db/schema";
import { requireFourEyes } from "../dual-control/four-eyes";
import { withdrawOpenProposals } from "../dual-control/proposal-records";
import { AppError } from "../errors";
import { refundRedemption } from "../ledger/redemption-coins";
import { withRetryableTransaction } from "../ledger/transaction";
import { redemptionRejectedMail } from "../mail/templates";
import { lifecycleMessages } from "../messages/lifecycle-texts";
import { addToInbox } from "../messages/messages.service";
import { countRedemption } from "../metrics/registry";
import { recordRedemptionApproved, recordRedemptionPaid } from "../rollups/rollups.service";
import { enqueuePayout, enqueuePayoutCheck, livePayoutJobs } from "./payout-queue";
import { enqueueApprovedMail, enqueuePaidMail, timelineOf } from "./redemption-mails";
import { toRedemption } from "./redemptions.service";
import {
  audit,
  type Deps,
  emailOf,
  loadRow,
  type Row,
  refuse,
  transition,
  transitionIn,
  walletUrl,
} from "./transition-steps";

/**
 * The administrators' side of the redemption state machine. Every transition is one conditional UPDATE
 * (`where status = <from>`), so of two racing requests exactly one moves the redemption; the audit row, any
 * refund, any payout job and any e-mail are written in that same transaction. Repeating a transition that
 * already happened answers the redemption as it is; a transition from any other state is 409 REDEMPTION_STATE.
 *
 *   pending → approved → paid          (manual: an administrator records the reference; automatic: the job)
 *   pending → rejected (refund)        failed → rejected (refund)     approved (manual) → rejected (refund)
 *   approved → failed (the job)        failed → approved (retry: a new payout job)
 *   approved (automatic) → approved    (re-check: one more job for the same attempt and external id)
 *   pending → cancelled (the user, refund)
 *
 * The payout queue and its jobs: payout-queue.ts; the shape every transition shares: transition-steps.ts.
 */
// The payout jobs' queue, for the composition root (create-deps.ts), which imports this entry.
export { PAYOUT_QUEUE } from "./payout-queue";

/** To approved with a new payout attempt (an approval, or a retry after a failure) through the current provider. */
const newPayoutAttempt = (deps: Deps): UpdateObject<DB, "redemptions"> => ({
  status: "approved",
  provider: deps.payoutProvider.name,
  payout_attempt: sql<number>`payout_attempt + 1`,
  updated_at: sql`now()`,
});

/** After a move to approved: the payout job (automatic providers only) and the audit row. */
const startPayout =
  (deps: Deps, actor: Actor, id: number, action: string) =>
  async (trx: Transaction<DB>, before: Row, row: Row) => {
    if (deps.payoutProvider.automatic) await enqueuePayout(trx, id, row.payout_attempt);
    await audit(trx, actor, action, before, row);
  };

export async function approveRedemption(deps: Deps, actor: Actor, id: number): Promise<Redemption> {
  return withRetryableTransaction(deps.db, (trx) => approveRedemptionIn(trx, deps, actor, id));
}

/**
 * The approval inside the caller's transaction. Four eyes first (dual-control/four-eyes.ts): past the rule it is
 * refused (403 FOUR_EYES_REQUIRED) unless `proposalId` names this redemption's proposal that `actor` has just
 * approved; its proposer is then recorded in the audit row beside the approving administrator.
 */
export async function approveRedemptionIn(
  trx: Transaction<DB>,
  deps: Deps,
  actor: Actor,
  id: number,
  proposalId?: number,
): Promise<Redemption> {
  const current = await loadRow(trx, id);
  const approved =
    current.status === "pending"
      ? await requireFourEyes(
          trx,
          deps.env.dualControl,
          actor.adminId,
          {
            kind: "redemption.approve",
            userId: current.user_id,
            redemptionId: id,
            cents: current.cents,
            coins: current.coins,
            heldReason: current.held_reason,
          },
          proposalId,
        )
      : null;
  return transitionIn(trx, actor, id, {
    set: {
      ...newPayoutAttempt(deps),
      decided_by: actor.adminId,
      decided_at: sql`now()`,
      approved_at: sql`now()`,
    },
    from: (eb) => eb("status", "=", "pending"),
    unmoved: (current) =>
      current.status === "approved" ? toRedemption(current) : refuse(current, "approved"),
    moved: async (trx, before, row) => {
      countRedemption("approved", row.coins);
      await recordRedemptionApproved(trx, row.coins);
      if (deps.payoutProvider.automatic) await enqueuePayout(trx, id, row.payout_attempt);
      await enqueueApprovedMail(deps, trx, row);
      await audit(trx, actor, "approve", before, row, undefined, approved ? { ...approved } : undefined);
    },
  });
}

export async function rejectRedemption(
  deps: Deps,
  actor: Actor,
  id: number,
  reason: string,
  options: { notPaid?: boolean | undefined } = {},
): Promise<Redemption> {
  return transition(deps, actor, id, {
    set: {
      status: "rejected",
      reason,
      decided_by: actor.adminId,
      decided_at: sql`now()`,
      updated_at: sql`now()`,
    },
    from: (eb) =>
      eb.or([
        eb("status", "in", ["pending", "failed"]),
        // An approved manual payout has no job that could be paying it: the administrator may still refuse it.
        eb.and([eb("status", "=", "approved"), eb("provider", "=", "manual")]),
      ]),
    unmoved: (current) =>
      current.status === "rejected" ? toRedemption(current) : refuse(current, "rejected"),
    moved: async (trx, before, row) => {
      // An approved manual payout may have been paid by hand before 'Mark paid': refunding it too would pay twice,
      // so the administrator must say it was not paid (docs/decisions/057). The refusal rolls the update back.
      if (before.status === "approved" && options.notPaid !== true)
        throw new AppError(
          "REDEMPTION_STATE",
          "This redemption was approved: confirm that it was not paid (notPaid: true) before rejecting it, or mark it paid.",
        );
      await withdrawOpenProposals(trx, deps, actor, id);
      countRedemption("rejected", row.coins);
      await refundRedemption(trx, { userId: row.user_id, redemptionId: id, coins: row.coins });
      const mail = redemptionRejectedMail(
        await emailOf(trx, row.user_id),
        { id, coins: row.coins, dollars: formatDollars(row.coins), reason, timeline: timelineOf(row) },
        walletUrl(deps),
      );
      await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `redemption-rejected:${id}` });
      await addToInbox(
        trx,
        lifecycleMessages.redemptionStep({
          userId: row.user_id,
          redemptionId: id,
          coins: row.coins,
          step: "rejected",
        }),
      );
      await audit(
        trx,
        actor,
        "reject",
        before,
        row,
        reason,
        before.status === "approved" ? { notPaid: true } : undefined,
      );
    },
  });
}

/** Manual payouts: the administrator paid outside the app and records the payout's reference. */
export async function markRedemptionPaid(
  deps: Deps,
  actor: Actor,
  id: number,
  reference: string,
): Promise<Redemption> {
  return transition(deps, actor, id, {
    set: { status: "paid", provider_reference: reference, paid_at: sql`now()`, updated_at: sql`now()` },
    from: (eb) => eb.and([eb("status", "=", "approved"), eb("provider", "=", "manual")]),
    unmoved: (current) => {
      if (current.status === "paid" && current.provider_reference === reference) return toRedemption(current);
      if (current.status === "approved")
        throw new AppError("REDEMPTION_STATE", "This redemption is being paid by the payout provider.");
      refuse(current, "marked paid");
    },
    moved: async (trx, before, row) => {
      countRedemption("paid", row.coins);
      await recordRedemptionPaid(trx, row.coins);
      await enqueuePaidMail(deps, trx, row);
      await audit(trx, actor, "mark_paid", before, row);
    },
  });
}

/** After a provider failure: failed → approved with a new payout attempt (and a new job when automatic). */
export async function retryRedemption(deps: Deps, actor: Actor, id: number): Promise<Redemption> {
  return transition(deps, actor, id, {
    set: { ...newPayoutAttempt(deps), provider_reference: null, reason: null },
    from: (eb) => eb("status", "=", "failed"),
    unmoved: (current) => refuse(current, "retried"),
    moved: startPayout(deps, actor, id, "retry"),
  });
}

/**
 * An automatic payout still approved (the provider kept answering "processing", or its job gave up): one more
 * payout job for the same attempt, audited. It reads the order back by its reference or its external id, so it
 * can settle the redemption (paid or failed) but never pays a second time.
 */
export async function recheckRedemption(deps: Deps, actor: Actor, id: number): Promise<Redemption> {
  return transition(deps, actor, id, {
    set: { updated_at: sql`now()` },
    // Not while a payout job of this attempt is queued or running: two at once could both create the order.
    from: (eb) =>
      eb.and([
        eb("status", "=", "approved"),
        eb("provider", "<>", "manual"),
        eb.not(eb.exists(livePayoutJobs(eb))),
      ]),
    unmoved: (current) => {
      if (current.status === "approved" && current.provider !== "manual")
        throw new AppError("REDEMPTION_STATE", "A payout check of this redemption is already under way.");
      return refuse(current, "re-checked");
    },
    moved: async (trx, before, row) => {
      await enqueuePayoutCheck(trx, id, row.payout_attempt, { recurring: false });
      await audit(trx, actor, "recheck", before, row);
    },
  });
}
