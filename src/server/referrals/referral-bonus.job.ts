import { z } from "zod";
import type { Database } from "../db/client";
import type { JobHandler } from "../jobs/jobs.worker";
import type { Logger } from "../logger";
import { expireReferrals, recordFirstEarning } from "./referrals.service";

/**
 * The referral bonus's two jobs (docs/product.md, "Referral program"):
 * - `referral.first-earning`: written by the consumer of the award's events (first-earning-consumer.ts) for a
 *   referred user's first paid earning; records the pair as pending or holds it for review.
 * - `referral.expire`: recurring every minute (scheduled by serve.ts; one run per period across all processes);
 *   declines the referrals that did not clear within their time limit (referral-release.ts expireReferrals: it
 *   reads only the due ones). The release itself is the consumer of the friend's earnings (release-consumer.ts).
 * Both are idempotent (a job runs at least once): a referral's state moves forward only under a lock on its row.
 */
export const FIRST_EARNING_QUEUE = "referral.first-earning";
export const EXPIRE_QUEUE = "referral.expire";
export const EXPIRE_EVERY_MS = 60_000;

const firstEarningPayload = z.object({ friendId: z.string().min(1) });

export function firstEarningJobHandler(db: Database): JobHandler {
  return async (payload) => {
    await recordFirstEarning(db, firstEarningPayload.parse(payload).friendId);
  };
}

export function expireJobHandler(db: Database, logger: Logger): JobHandler {
  const log = logger.child({ module: "referrals" });
  return async () => {
    const { released, declined } = await expireReferrals(db);
    if (released + declined > 0) log.info({ released, declined }, "referral bonuses past their time limit");
  };
}
