import { randomUUID } from "node:crypto";
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema";
import { enqueueJob } from "../jobs/jobs.service";

/** The payout jobs of redemptions (the mail that tells a user their redemption was paid: redemption-mails.ts). */
export const PAYOUT_QUEUE = "redemption.payout";
/** The payout job's tries (about 1.5 hours with the worker's backoff) before it gives up and logs. */
export const PAYOUT_MAX_ATTEMPTS = 25;

export async function enqueuePayout(trx: Transaction<DB>, id: number, attempt: number) {
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
