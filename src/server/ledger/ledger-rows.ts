import { sql } from "kysely";
import type { Database } from "../db/client";
import { AppError } from "../errors";

/**
 * The two writes of the ledger (src/server/ledger): a ledger row and the matching balance change. Only the
 * ledger's modules call them, always together and in one transaction (ledger.service.ts, referral-pair.ts, redemption-coins.ts).
 * A row written here (an adjustment, a redemption's hold or refund, a referral bonus) writes its event in
 * `ledger_events` with it, as an award does (sql/ledger-award.sql): every coin movement is an event its consumers
 * (ledger-events.ts) take once — the daily figures among them (docs/product.md, "Rollups").
 */

export async function insertEntry(
  trx: Database,
  row: {
    userId: string;
    amount: number;
    kind: string;
    reason: string;
    causeKey: string;
    limitKey?: string | null;
  },
): Promise<number | null> {
  const inserted = await trx
    .insertInto("coin_ledger")
    .values({
      user_id: row.userId,
      amount: row.amount,
      kind: row.kind,
      reason: row.reason,
      cause_key: row.causeKey,
      limit_key: row.limitKey ?? null,
    })
    .onConflict((oc) => oc.column("cause_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return null;
  await trx.insertInto("ledger_events").values({ entry_id: inserted.id, user_id: row.userId }).execute();
  return Number(inserted.id);
}

export async function addCoins(
  trx: Database,
  userId: string,
  amount: number,
): Promise<{ balance: number; referredBy: string | null }> {
  const row = await trx
    .updateTable("user_profiles")
    .set({ points: sql<number>`points + ${amount}` })
    .where("id", "=", userId)
    .returning(["points", "referred_by"])
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No profile exists for this user.");
  return { balance: row.points, referredBy: row.referred_by };
}

/**
 * Repays the user's debt first from the earning just paid (its ledger row `entryId`), in the caller's transaction:
 * the one implementation is the SQL function `ledger_repay_debt` (sql/ledger-repay-debt.sql), which the award calls
 * too. Answers the coins repaid. Called after every earning the ledger pays outside the award (a partner credit, a
 * referral bonus, a redemption's refund).
 */
export async function repayDebt(trx: Database, userId: string, entryId: number): Promise<number> {
  const { rows } = await sql<{ repaid: number }>`
    select ledger_repay_debt(${userId}, ${entryId}) as repaid`.execute(trx);
  return Number(rows[0]?.repaid ?? 0);
}

/**
 * Records coins the user owes (a reversal's coins that were already spent), once per `causeKey`: a row of
 * `coin_debts` and the profile's `debt_coins` together. Answers whether it was recorded now.
 */
export async function recordDebt(
  trx: Database,
  debt: { userId: string; coins: number; reason: string; causeKey: string },
): Promise<boolean> {
  if (debt.coins <= 0) return false;
  const row = await trx
    .insertInto("coin_debts")
    .values({ user_id: debt.userId, coins: debt.coins, reason: debt.reason, cause_key: debt.causeKey })
    .onConflict((oc) => oc.column("cause_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .updateTable("user_profiles")
    .set({ debt_coins: sql<number>`debt_coins + ${debt.coins}` })
    .where("id", "=", debt.userId)
    .execute();
  return true;
}
