import { sql, type Transaction } from "kysely";
import type { DB } from "../db/schema";

/**
 * Redemptions held for review (docs/product.md, "Earning partners"; docs/decisions/105): when a partner's reversal
 * takes back coins already spent, or a player's reversals come in a burst, every pending redemption of that
 * account is held — in the transaction that found the reason. A held redemption stays pending and keeps its coins
 * on hold; the console shows the reason first among its signals, and its approval needs a second administrator
 * (dual-control/four-eyes.ts). A redemption held before keeps its first reason.
 */
export async function holdPendingRedemptions(
  trx: Transaction<DB>,
  userId: string,
  reason: string,
): Promise<number[]> {
  const held = await trx
    .updateTable("redemptions")
    .set({ held_reason: reason, held_at: sql`now()`, updated_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .where("held_reason", "is", null)
    .returning("id")
    .execute();
  return held.map((r) => Number(r.id));
}
