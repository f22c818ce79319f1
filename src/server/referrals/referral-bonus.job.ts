import { z } from "zod";
import type { Database } from "../db/client";
import type { JobHandler } from "../jobs/jobs.worker";
import type { Logger } from "../logger";
import { recordFirstEarning, releaseClearedReferrals } from "./referrals.service";

/**
 * The referral bonus's two jobs (docs/product.md, "Referral program"):
 * - `referral.first-earning`: written by the consumer of the award's events (first-earning-consumer.ts) for a
 *   referred user's first paid earning; records the pair as pending or holds it for review.
 * - `referral.release`: recurring every 10 s (scheduled by serve.ts; one run per period across all processes); pays every pending pair whose friend's own earnings
 *   clear the release rule.
 * Both are idempotent (a job runs at least once): a referral's state moves forward only under a lock on its row.
 */
export const FIRST_EARNING_QUEUE = "referral.first-earning";
export const RELEASE_QUEUE = "referral.release";
export const RELEASE_EVERY_MS = 10_000;

const firstEarningPayload = z.object({ friendId: z.string().min(1) });

export function firstEarningJobHandler(db: Database): JobHandler {
  return async (payload) => {
    await recordFirstEarning(db, firstEarningPayload.parse(payload).friendId);
  };
}

export function releaseJobHandler(db: Database, logger: Logger): JobHandler {
  const log = logger.child({ module: "referrals" });
  return async () => {
    const released = await releaseClearedReferrals(db);
    if (released > 0) log.info({ released }, "referral bonuses released");
  };
}
