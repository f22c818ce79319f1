import { sql } from "kysely";
import { z } from "zod";
import type { AppDeps } from "../app-deps";
import type { JobHandler } from "../jobs/jobs.worker";
import type { Logger } from "../logger";
import { lifecycleMessages } from "../messages/lifecycle-texts";
import { queueMessage } from "../messages/messages.service";
import {
  countPayoutCall,
  countRedemption,
  listPayoutProvider,
  type PayoutFailureReason,
} from "../metrics/registry";
import { recordRedemptionPaid } from "../rollups/rollups.service";
import {
  type PayoutProvider,
  PayoutProviderError,
  type PayoutResult,
  payoutExternalId,
} from "./providers/payout-provider";
import { enqueuePaidMail } from "./redemption-mails";

const payload = z.object({ redemptionId: z.number().int().positive(), attempt: z.number().int().positive() });

type Deps = Pick<AppDeps, "db" | "env" | "mailOutbox" | "payoutProvider">;

/**
 * The payout job (queue `redemption.payout`), enqueued in the transaction that approves (or retries) a
 * redemption. It calls the provider outside any transaction, then settles with a conditional UPDATE that only
 * moves an `approved` redemption of the same payout attempt: a job for a redemption that was rejected, paid or
 * retried meanwhile does nothing. The provider's order carries the attempt's external id, so running the job
 * again (after a crash, a lost answer or a lease that ran out) finds the same order instead of paying twice.
 * A provider that is unreachable or still processing throws, and the worker tries again later.
 */
export function payoutJobHandler(deps: Deps, logger: Logger): JobHandler {
  const log = logger.child({ module: "payouts" });
  if (deps.payoutProvider.automatic) listPayoutProvider(deps.payoutProvider.name);
  return async (raw) => {
    const { redemptionId, attempt } = payload.parse(raw);
    const row = await deps.db
      .selectFrom("redemptions")
      .selectAll()
      .where("id", "=", redemptionId)
      .executeTakeFirst();
    if (row?.status !== "approved" || row.payout_attempt !== attempt || row.provider === "manual") return;
    const provider = deps.payoutProvider;
    if (!provider.automatic || provider.name !== row.provider)
      throw new Error(`redemption ${redemptionId} waits for the ${row.provider} payout provider`);
    const result = await countedProviderCall(provider, () =>
      row.provider_reference
        ? provider.payoutStatus(row.provider_reference)
        : provider.createPayout({
            externalId: payoutExternalId(redemptionId, attempt),
            cents: row.cents,
            method: row.method,
            recipient: row.recipient,
          }),
    );
    const current = (q: ReturnType<typeof deps.db.updateTable<"redemptions">>) =>
      q.where("id", "=", redemptionId).where("status", "=", "approved").where("payout_attempt", "=", attempt);
    if (result.state === "pending") {
      await current(deps.db.updateTable("redemptions"))
        .set({ provider_reference: result.reference, updated_at: sql`now()` })
        .execute();
      throw new Error(`payout of redemption ${redemptionId} is still processing at ${provider.name}`);
    }
    if (result.state === "failed") {
      // The player is told in the transaction of the step (a mail and the inbox), once per payout attempt.
      const failed = await deps.db.transaction().execute(async (trx) => {
        const moved = await current(trx.updateTable("redemptions"))
          .set({
            status: "failed",
            reason: result.reason.slice(0, 500),
            provider_reference: result.reference,
            updated_at: sql`now()`,
          })
          .executeTakeFirst();
        if (moved.numUpdatedRows === 0n) return false;
        await queueMessage(
          trx,
          lifecycleMessages.redemptionFailed({
            userId: row.user_id,
            redemptionId,
            attempt,
            coins: row.coins,
          }),
        );
        return true;
      });
      if (failed) countRedemption("failed", row.coins);
      log.warn({ redemptionId, reason: result.reason }, "payout failed");
      return;
    }
    await deps.db.transaction().execute(async (trx) => {
      const paid = await current(trx.updateTable("redemptions"))
        .set({
          status: "paid",
          provider_reference: result.reference,
          paid_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .returningAll()
        .executeTakeFirst();
      if (paid) {
        countRedemption("paid", paid.coins);
        await recordRedemptionPaid(trx, paid.coins);
        await enqueuePaidMail(deps, trx, paid);
      }
    });
    log.info({ redemptionId, reference: result.reference }, "payout paid");
  };
}

/** Why a provider call threw: its own fault when it answered, else it could not be reached (or took too long). */
export function failureReason(error: unknown): PayoutFailureReason {
  if (error instanceof PayoutProviderError) return error.fault;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "timeout";
  return "unreachable";
}

/** One provider call, counted (ple_payout_provider_attempts_total / _failures_total by reason). */
export async function countedProviderCall(
  provider: PayoutProvider,
  call: () => Promise<PayoutResult>,
): Promise<PayoutResult> {
  let result: PayoutResult;
  try {
    result = await call();
  } catch (error) {
    countPayoutCall(provider.name, failureReason(error));
    throw error;
  }
  countPayoutCall(provider.name, result.state === "failed" ? "rejected" : undefined);
  return result;
}
