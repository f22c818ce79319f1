import { randomUUID } from "node:crypto";
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
  type UpdateObject,
} from "kysely";
import type { Redemption } from "~/core/api/redemptions";
import { formatDollars } from "~/core/coins";
import { payoutMethodLabels } from "~/core/redemptions";
import type { AppDeps } from "../app-deps";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { DB } from "../db/schema";
import { requireFourEyes } from "../dual-control/four-eyes";
import { withdrawOpenProposals } from "../dual-control/proposal-records";
import { AppError } from "../errors";
import { enqueueJob } from "../jobs/jobs.service";
import { refundRedemption } from "../ledger/redemption-coins";
import { withRetryableTransaction } from "../ledger/transaction";
import { redemptionPaidMail, redemptionRejectedMail } from "../mail/templates";
import { countRedemption } from "../metrics/registry";
import { toRedemption } from "./redemptions.service";

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
 */
export const PAYOUT_QUEUE = "redemption.payout";
/** The payout job's tries (about 1.5 hours with the worker's backoff) before it gives up and logs. */
export const PAYOUT_MAX_ATTEMPTS = 25;

type Deps = Pick<AppDeps, "db" | "env" | "mailOutbox" | "payoutProvider">;

type Row = Awaited<ReturnType<typeof loadRow>>;

/** The redemption, locked for the rest of the transaction: the audit's "before" is what the UPDATE changes. */
async function loadRow(trx: Transaction<DB>, id: number) {
  const row = await trx
    .selectFrom("redemptions")
    .selectAll()
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such redemption.");
  return row;
}

function refuse(row: { status: string }, what: string): never {
  throw new AppError("REDEMPTION_STATE", `This redemption is ${row.status}: it cannot be ${what}.`);
}

async function audit(
  trx: Transaction<DB>,
  actor: Actor,
  action: string,
  before: Row,
  after: Row,
  reason?: string,
  extra?: Record<string, unknown>,
) {
  await recordAudit(trx, {
    actorId: actor.adminId,
    action: `redemption.${action}`,
    targetType: "redemption",
    targetId: String(after.id),
    before: { status: before.status, reference: before.provider_reference },
    after: {
      status: after.status,
      reference: after.provider_reference,
      provider: after.provider,
      coins: after.coins,
      userId: after.user_id,
      ...(extra ?? {}),
    },
    reason: reason ?? null,
    requestId: actor.requestId,
  });
}

async function enqueuePayout(trx: Transaction<DB>, id: number, attempt: number) {
  await enqueueJob(trx, {
    queue: PAYOUT_QUEUE,
    payload: { redemptionId: id, attempt },
    dedupeKey: `redemption-payout:${id}:${attempt}`,
    maxAttempts: PAYOUT_MAX_ATTEMPTS,
  });
}

/** The payout jobs of a redemption's current attempt that are queued or running (`redemptions` in scope). */
export function livePayoutJobs(eb: ExpressionBuilder<DB, "redemptions">) {
  return eb
    .selectFrom("jobs")
    .select(sql`1`.as("one"))
    .where("jobs.queue", "=", PAYOUT_QUEUE)
    .where("jobs.status", "in", ["queued", "running"])
    .where(sql<string>`jobs.payload->>'redemptionId'`, "=", sql<string>`redemptions.id::text`)
    .where(sql<string>`jobs.payload->>'attempt'`, "=", sql<string>`redemptions.payout_attempt::text`);
}

/**
 * One more payout job for the same attempt (the same external id, so it finds the order instead of making
 * another): an administrator's re-check, or the recurring one (payout-recheck.job.ts), which tries once per
 * period. Returns whether a job was queued.
 */
export async function enqueuePayoutCheck(
  db: Kysely<DB>,
  id: number,
  attempt: number,
  options: { recurring: boolean },
): Promise<boolean> {
  const jobId = await enqueueJob(db, {
    queue: PAYOUT_QUEUE,
    payload: { redemptionId: id, attempt },
    dedupeKey: `redemption-payout:${id}:${attempt}:check:${randomUUID()}`,
    maxAttempts: options.recurring ? 1 : PAYOUT_MAX_ATTEMPTS,
  });
  return jobId !== null;
}

const walletUrl = (deps: Deps) => `${deps.env.appUrl}/wallet`;

async function emailOf(trx: Transaction<DB>, userId: string) {
  const u = await trx.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return u.email;
}

/** Queues the 'paid' e-mail in the transaction that marks the redemption paid. */
export async function enqueuePaidMail(
  deps: Pick<Deps, "env" | "mailOutbox">,
  trx: Transaction<DB>,
  row: Row,
) {
  const mail = redemptionPaidMail(
    await emailOf(trx, row.user_id),
    {
      id: Number(row.id),
      coins: row.coins,
      dollars: formatDollars(row.coins),
      method: payoutMethodLabels[row.method],
      reference: row.provider_reference ?? "",
    },
    walletUrl(deps as Deps),
  );
  await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `redemption-paid:${row.id}` });
}

/**
 * One transition in its own transaction, the shape every administrator's action shares: the conditional
 * UPDATE (`set`, only where the redemption is in a state `from` accepts). When it moved nothing, `unmoved`
 * answers the redemption as it is (a repeat of this very transition) or throws; when it moved, `moved` writes
 * what goes with the change (refund, payout job, e-mail, audit row) in the same transaction.
 */
async function transition(
  deps: Deps,
  actor: Actor,
  id: number,
  step: {
    set: UpdateObject<DB, "redemptions">;
    from: (eb: ExpressionBuilder<DB, "redemptions">) => Expression<SqlBool>;
    unmoved: (current: Row) => Redemption;
    moved: (trx: Transaction<DB>, before: Row, row: Row) => Promise<void>;
  },
): Promise<Redemption> {
  return withRetryableTransaction(deps.db, (trx) => transitionIn(trx, actor, id, step));
}

/**
 * `transition` inside the caller's transaction (a dual-control approval applies the redemption's approval in the
 * transaction that approves the proposal). No self-service: an administrator never decides their own redemption.
 */
async function transitionIn(
  trx: Transaction<DB>,
  actor: Actor,
  id: number,
  step: Parameters<typeof transition>[3],
): Promise<Redemption> {
  const before = await loadRow(trx, id);
  if (before.user_id === actor.adminId)
    throw new AppError(
      "SELF_ACTION",
      "You cannot decide your own redemption: another administrator must do it.",
    );
  const row = await trx
    .updateTable("redemptions")
    .set(step.set)
    .where("id", "=", id)
    .where(step.from)
    .returningAll()
    .executeTakeFirst();
  if (!row) return step.unmoved(await loadRow(trx, id));
  await step.moved(trx, before, row);
  return toRedemption(row);
}

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
          },
          proposalId,
        )
      : null;
  return transitionIn(trx, actor, id, {
    set: { ...newPayoutAttempt(deps), decided_by: actor.adminId, decided_at: sql`now()` },
    from: (eb) => eb("status", "=", "pending"),
    unmoved: (current) =>
      current.status === "approved" ? toRedemption(current) : refuse(current, "approved"),
    moved: async (trx, before, row) => {
      countRedemption("approved", row.coins);
      if (deps.payoutProvider.automatic) await enqueuePayout(trx, id, row.payout_attempt);
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
        { id, coins: row.coins, dollars: formatDollars(row.coins), reason },
        walletUrl(deps),
      );
      await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `redemption-rejected:${id}` });
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
