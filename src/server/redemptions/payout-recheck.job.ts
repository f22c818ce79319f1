import type { AppDeps } from "../app-deps";
import type { JobHandler } from "../jobs/jobs.worker";
import type { Logger } from "../logger";
import { enqueuePayoutCheck, livePayoutJobs } from "./payout-queue";

/** The recurring job that picks up automatic payouts nobody is checking any more (scheduled by serve.ts). */
export const PAYOUT_RECHECK_QUEUE = "redemption.payout-recheck";
export const PAYOUT_RECHECK_EVERY_MS = 15 * 60 * 1000;

type Deps = Pick<AppDeps, "db" | "payoutProvider">;

/**
 * Approved redemptions of the current automatic provider whose payout job is no longer queued or running —
 * it gave up while the provider still answered "processing" or could not be reached — get one more check of
 * their current attempt: a payout job with the same external id, which reads the order back (or finds the one
 * already created), so it can never pay twice. Returns how many checks it queued.
 */
export async function recheckStalledPayouts(deps: Deps): Promise<number> {
  const provider = deps.payoutProvider;
  if (!provider.automatic) return 0;
  const stalled = await deps.db
    .selectFrom("redemptions")
    .select(["id", "payout_attempt"])
    .where("status", "=", "approved")
    .where("provider", "=", provider.name)
    .where((eb) => eb.not(eb.exists(livePayoutJobs(eb))))
    .orderBy("id")
    .limit(500)
    .execute();
  let queued = 0;
  for (const r of stalled) {
    if (await enqueuePayoutCheck(deps.db, Number(r.id), r.payout_attempt, { recurring: true })) queued++;
  }
  return queued;
}

export function payoutRecheckJobHandler(deps: Deps, logger: Logger): JobHandler {
  const log = logger.child({ module: "payouts" });
  return async () => {
    const queued = await recheckStalledPayouts(deps);
    if (queued > 0) log.warn({ queued }, "payouts still processing after their job gave up: checking again");
  };
}
