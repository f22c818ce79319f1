import { sql, type Transaction } from "kysely";
import { redemptionReasons } from "~/core/redemptions";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { redemptionCauseKeys } from "./cause-keys";
import { addCoins, insertEntry, repayDebt } from "./ledger-rows";

/**
 * Part of the ledger (the only writer of coins, see ledger.service.ts): a redemption's coins, held at request
 * and refunded at most once, inside the redemption's own transaction.
 */

/** A redemption's coins as the ledger moves them: held (taken) at request, refunded at most once. */
export interface RedemptionCoins {
  userId: string;
  redemptionId: number;
  coins: number;
}

/**
 * Takes a redemption's coins inside the request's transaction: a negative `redemption` row and
 * `points = points - coins` only where the balance covers it, else INSUFFICIENT_BALANCE (and the caller's
 * transaction rolls back). The database's `points >= 0` check backs this up under any concurrency.
 */
export async function holdForRedemption(
  trx: Transaction<DB>,
  input: RedemptionCoins,
): Promise<{ entryId: number; balance: number }> {
  const row = await trx
    .updateTable("user_profiles")
    .set({ points: sql<number>`points - ${input.coins}` })
    .where("id", "=", input.userId)
    .where("points", ">=", input.coins)
    .returning("points")
    .executeTakeFirst();
  if (!row) throw new AppError("INSUFFICIENT_BALANCE");
  const entryId = await insertEntry(trx, {
    userId: input.userId,
    amount: -input.coins,
    kind: "redemption",
    reason: redemptionReasons.request(input.redemptionId),
    causeKey: redemptionCauseKeys(input.redemptionId).hold,
  });
  if (entryId === null) throw new Error(`redemption ${input.redemptionId} was already held`);
  return { entryId, balance: row.points };
}

/**
 * Gives a redemption's coins back inside the transaction that rejects or cancels it: one positive
 * `redemption_refund` row per redemption (its cause key), so a second refund pays nothing and returns null.
 */
export async function refundRedemption(
  trx: Transaction<DB>,
  input: RedemptionCoins,
): Promise<{ entryId: number; balance: number } | null> {
  const entryId = await insertEntry(trx, {
    userId: input.userId,
    amount: input.coins,
    kind: "redemption_refund",
    reason: redemptionReasons.refund(input.redemptionId),
    causeKey: redemptionCauseKeys(input.redemptionId).refund,
  });
  if (entryId === null) return null;
  const { balance } = await addCoins(trx, input.userId, input.coins);
  // Coins that come back repay a debt first (docs/product.md, "Earning partners").
  return { entryId, balance: balance - (await repayDebt(trx, input.userId, entryId)) };
}
