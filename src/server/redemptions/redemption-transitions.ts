import { sql, type Transaction } from "kysely";
import { formatDollars } from "~/core/coins";
import { payoutMethodLabels, type Redemption } from "~/core/redemptions";
import type { AppDeps } from "../app-deps";
import { recordAudit } from "../audit/audit.service";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { enqueueJob } from "../jobs/jobs.service";
import { refundRedemption } from "../ledger/redemption-coins";
import { withRetryableTransaction } from "../ledger/transaction";
import { redemptionPaidMail, redemptionRejectedMail } from "../mail/templates";
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
 *   pending → cancelled (the user, refund)
 */
export const PAYOUT_QUEUE = "redemption.payout";
/** The payout job's tries (about 1.5 hours with the worker's backoff) before it gives up and logs. */
export const PAYOUT_MAX_ATTEMPTS = 25;

type Deps = Pick<AppDeps, "db" | "env" | "mailOutbox" | "payoutProvider">;

export interface Actor {
  adminId: string;
  requestId: string | null;
}

type Trx = Transaction<DB>;
type Row = Awaited<ReturnType<typeof loadRow>>;

async function loadRow(trx: Trx, id: number) {
  const row = await trx.selectFrom("redemptions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such redemption.");
  return row;
}

function refuse(row: { status: string }, what: string): never {
  throw new AppError("REDEMPTION_STATE", `This redemption is ${row.status}: it cannot be ${what}.`);
}

async function audit(trx: Trx, actor: Actor, action: string, before: Row, after: Row, reason?: string) {
  await recordAudit(trx, {
    actorId: actor.adminId,
    action: `redemption.${action}`,
    targetType: "redemption",
    targetId: String(after.id),
    before: { status: before.status, reference: before.provider_reference },
    after: { status: after.status, reference: after.provider_reference, provider: after.provider },
    reason: reason ?? null,
    requestId: actor.requestId,
  });
}

async function enqueuePayout(trx: Trx, id: number, attempt: number) {
  await enqueueJob(trx, {
    queue: PAYOUT_QUEUE,
    payload: { redemptionId: id, attempt },
    dedupeKey: `redemption-payout:${id}:${attempt}`,
    maxAttempts: PAYOUT_MAX_ATTEMPTS,
  });
}

const walletUrl = (deps: Deps) => `${deps.env.appUrl}/wallet`;

async function emailOf(trx: Trx, userId: string) {
  const u = await trx.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return u.email;
}

/** Queues the 'paid' e-mail in the transaction that marks the redemption paid. */
export async function enqueuePaidMail(deps: Pick<Deps, "env" | "mailOutbox">, trx: Trx, row: Row) {
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

export async function approveRedemption(deps: Deps, actor: Actor, id: number): Promise<Redemption> {
  return withRetryableTransaction(deps.db, async (trx) => {
    const before = await loadRow(trx, id);
    const row = await trx
      .updateTable("redemptions")
      .set({
        status: "approved",
        provider: deps.payoutProvider.name,
        payout_attempt: sql<number>`payout_attempt + 1`,
        decided_by: actor.adminId,
        decided_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const current = await loadRow(trx, id);
      if (current.status === "approved") return toRedemption(current);
      refuse(current, "approved");
    }
    if (deps.payoutProvider.automatic) await enqueuePayout(trx, id, row.payout_attempt);
    await audit(trx, actor, "approve", before, row);
    return toRedemption(row);
  });
}

export async function rejectRedemption(
  deps: Deps,
  actor: Actor,
  id: number,
  reason: string,
): Promise<Redemption> {
  return withRetryableTransaction(deps.db, async (trx) => {
    const before = await loadRow(trx, id);
    const row = await trx
      .updateTable("redemptions")
      .set({
        status: "rejected",
        reason,
        decided_by: actor.adminId,
        decided_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .where((eb) =>
        eb.or([
          eb("status", "in", ["pending", "failed"]),
          // An approved manual payout has no job that could be paying it: the administrator may still refuse it.
          eb.and([eb("status", "=", "approved"), eb("provider", "=", "manual")]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const current = await loadRow(trx, id);
      if (current.status === "rejected") return toRedemption(current);
      refuse(current, "rejected");
    }
    await refundRedemption(trx, { userId: row.user_id, redemptionId: id, coins: row.coins });
    const mail = redemptionRejectedMail(
      await emailOf(trx, row.user_id),
      { id, coins: row.coins, dollars: formatDollars(row.coins), reason },
      walletUrl(deps),
    );
    await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `redemption-rejected:${id}` });
    await audit(trx, actor, "reject", before, row, reason);
    return toRedemption(row);
  });
}

/** Manual payouts: the administrator paid outside the app and records the payout's reference. */
export async function markRedemptionPaid(
  deps: Deps,
  actor: Actor,
  id: number,
  reference: string,
): Promise<Redemption> {
  return withRetryableTransaction(deps.db, async (trx) => {
    const before = await loadRow(trx, id);
    const row = await trx
      .updateTable("redemptions")
      .set({ status: "paid", provider_reference: reference, paid_at: sql`now()`, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "=", "approved")
      .where("provider", "=", "manual")
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const current = await loadRow(trx, id);
      if (current.status === "paid" && current.provider_reference === reference) return toRedemption(current);
      if (current.status === "approved")
        throw new AppError("REDEMPTION_STATE", "This redemption is being paid by the payout provider.");
      refuse(current, "marked paid");
    }
    await enqueuePaidMail(deps, trx, row);
    await audit(trx, actor, "mark_paid", before, row);
    return toRedemption(row);
  });
}

/** After a provider failure: failed → approved with a new payout attempt (and a new job when automatic). */
export async function retryRedemption(deps: Deps, actor: Actor, id: number): Promise<Redemption> {
  return withRetryableTransaction(deps.db, async (trx) => {
    const before = await loadRow(trx, id);
    const row = await trx
      .updateTable("redemptions")
      .set({
        status: "approved",
        provider: deps.payoutProvider.name,
        payout_attempt: sql<number>`payout_attempt + 1`,
        provider_reference: null,
        reason: null,
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .returningAll()
      .executeTakeFirst();
    if (!row) refuse(await loadRow(trx, id), "retried");
    if (deps.payoutProvider.automatic) await enqueuePayout(trx, id, row.payout_attempt);
    await audit(trx, actor, "retry", before, row);
    return toRedemption(row);
  });
}
