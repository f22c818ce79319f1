import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "~/server/db/client";
import { adjustmentCauseKey } from "~/server/ledger/cause-keys";
import { adjustBalance } from "~/server/ledger/ledger.service";

/** Gives a test user coins as an administrator's adjustment does: through the ledger's own writer. */
export async function grantCoins(db: Database, userId: string, coins: number): Promise<void> {
  await db.transaction().execute((trx) =>
    adjustBalance(trx, {
      userId,
      amount: coins,
      reason: "Test grant",
      causeKey: adjustmentCauseKey(userId, randomUUID()),
    }),
  );
}

/** The user's balance and the sum of the user's ledger rows (equal whenever the ledger is sound). */
export async function balanceAndLedger(
  db: Database,
  userId: string,
): Promise<{ balance: number; ledger: number }> {
  const profile = await db
    .selectFrom("user_profiles")
    .select("points")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const sum = await db
    .selectFrom("coin_ledger")
    .select(sql<number>`coalesce(sum(amount), 0)::int`.as("total"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { balance: profile.points, ledger: sum.total };
}
