import { sql } from "kysely";
import type { AdjustmentResult } from "~/core/api/admin";
import { recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { adjustmentCauseKey } from "../ledger/cause-keys";
import { adjustBalance, lockBalance } from "../ledger/ledger.service";
import type { Acting } from "./users.service";

/**
 * +N or −N coins through the ledger's one writer (kind `adjustment`), with its audit row, in one transaction.
 * `adjustmentId` (made by the console once per intended adjustment) makes a resend harmless: the first request
 * applies it, a resend with the same user, amount and reason gets the first result back, marked `replayed`, and the id
 * with anything else is a 409. Requests with one id are serialised by a transaction lock on the id.
 */
export async function adjustCoins(
  db: Database,
  acting: Acting,
  input: { userId: string; amount: number; reason: string; adjustmentId: string },
): Promise<AdjustmentResult> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`adjustment:${input.adjustmentId}`}, 0))`.execute(
      trx,
    );
    const earlier = await trx
      .selectFrom("audit_log")
      .select(["id", "target_id", "after", "reason"])
      .where("action", "=", "coins.adjust")
      .where(sql<string>`after->>'adjustmentId'`, "=", input.adjustmentId)
      .executeTakeFirst();
    if (earlier) return replayOf(earlier, input);
    const before = await lockBalance(trx, input.userId);
    if (before === null) throw new AppError("NOT_FOUND", "No such user.");
    const { entryId, balance } = await adjustBalance(trx, {
      userId: input.userId,
      amount: input.amount,
      reason: input.reason,
      causeKey: adjustmentCauseKey(input.userId, input.adjustmentId),
    });
    const auditId = await recordAudit(trx, {
      actorId: acting.adminId,
      action: "coins.adjust",
      targetType: "user",
      targetId: input.userId,
      before: { balance: before },
      after: { balance, amount: input.amount, ledgerEntryId: entryId, adjustmentId: input.adjustmentId },
      reason: input.reason,
      requestId: acting.requestId,
    });
    return { entryId, amount: input.amount, balance, auditId, replayed: false };
  });
}

/** The first answer of an adjustment id, read back from its audit row; 409 when the id meant another change. */
function replayOf(
  earlier: { id: number | string; target_id: string; after: unknown; reason: string | null },
  input: { userId: string; amount: number; reason: string },
): AdjustmentResult {
  const after = earlier.after as { balance: number; amount: number; ledgerEntryId: number };
  if (earlier.target_id !== input.userId || after.amount !== input.amount || earlier.reason !== input.reason)
    throw new AppError("CONFLICT", "This adjustment id was already used for a different adjustment.");
  return {
    entryId: Number(after.ledgerEntryId),
    amount: after.amount,
    balance: after.balance,
    auditId: Number(earlier.id),
    replayed: true,
  };
}
