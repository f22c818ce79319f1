import { sql } from "kysely";
import type { Database } from "~/server/db/client";

/**
 * Gives a test user coins the way an administrator's adjustment does: an `adjustment` ledger row and the
 * balance change in one transaction, so the balance still equals the sum of the user's ledger rows.
 */
export async function grantCoins(db: Database, userId: string, coins: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("coin_ledger")
      .values({
        user_id: userId,
        amount: coins,
        kind: "adjustment",
        reason: "Test grant",
        cause_key: `test-grant:${userId}:${crypto.randomUUID()}`,
      })
      .execute();
    await trx
      .updateTable("user_profiles")
      .set({ points: sql<number>`points + ${coins}` })
      .where("id", "=", userId)
      .execute();
  });
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
