import { sql } from "kysely";
import type { Database } from "../db/client";
import { getBalances } from "./ledger.service";
import { addCoins, insertEntry, recordDebt, repayDebt } from "./ledger-rows";
import { lockProfiles } from "./referral-pair";

/**
 * The ledger's half of a partner's credit (docs/product.md, "Earning partners"): its coins pending
 * (user_profiles.pending_points, never in the balance) until its release date, then one ledger row of kind
 * `partner_credit` and the balance (a debt repaid first from it); a reversal drops the pending coins, or takes the
 * paid ones back with a row of kind `partner_reversal` and records what was spent as a debt. When a credit is
 * recorded, released or reversed is decided by the partners' rules in
 * src/server/partners, which call these inside their transaction, under a lock on the credit's row.
 */

export interface PartnerEntry {
  userId: string;
  coins: number;
  causeKey: string;
  reason: string;
}

async function addPending(trx: Database, userId: string, coins: number): Promise<void> {
  await lockProfiles(trx, [userId]);
  await trx
    .updateTable("user_profiles")
    .set({ pending_points: sql<number>`pending_points + ${coins}` })
    .where("id", "=", userId)
    .execute();
}

/** Records a credit's coins as pending (visible, not in the balance). Call once per credit. */
export async function recordPartnerPending(trx: Database, userId: string, coins: number): Promise<void> {
  await addPending(trx, userId, coins);
}

/** Takes a pending credit's coins out of the pending ones, paying nothing (it was reversed before release). */
export async function dropPartnerPending(trx: Database, userId: string, coins: number): Promise<void> {
  await addPending(trx, userId, -coins);
}

/**
 * Pays a credit: its row (`causeKey`, unique: a second call pays nothing) and the balance, and — when
 * `fromPending` — takes its coins out of the pending ones. True when it paid now.
 */
export async function payPartnerCredit(
  trx: Database,
  entry: PartnerEntry,
  fromPending: boolean,
): Promise<boolean> {
  await lockProfiles(trx, [entry.userId]);
  if (entry.coins === 0) return false;
  const id = await insertEntry(trx, { ...entry, amount: entry.coins, kind: "partner_credit" });
  if (id === null) return false;
  await addCoins(trx, entry.userId, entry.coins);
  if (fromPending) await addPending(trx, entry.userId, -entry.coins);
  await repayDebt(trx, entry.userId, id);
  return true;
}

/**
 * Takes a paid credit's coins back: as many as the balance holds (never below 0), in one row of kind
 * `partner_reversal`; the shortfall — coins already spent — is recorded as the player's debt (`debtCauseKey`,
 * coin_debts and user_profiles.debt_coins), which their next earnings repay first (ledger-rows.ts: repayDebt).
 * Answers the coins taken and the debt recorded.
 */
export async function takeBackPartnerCredit(
  trx: Database,
  entry: PartnerEntry & { debtCauseKey: string; debtReason: string },
): Promise<{ taken: number; debt: number }> {
  await lockProfiles(trx, [entry.userId]);
  const { balance } = await getBalances(trx, entry.userId);
  const taken = Math.min(entry.coins, Math.max(balance, 0));
  const { debtCauseKey, debtReason, ...row } = entry;
  if (taken > 0) {
    const id = await insertEntry(trx, { ...row, amount: -taken, kind: "partner_reversal" });
    if (id === null) return { taken: 0, debt: 0 };
    await addCoins(trx, entry.userId, -taken);
  }
  const short = entry.coins - taken;
  const recorded = await recordDebt(trx, {
    userId: entry.userId,
    coins: short,
    reason: debtReason,
    causeKey: debtCauseKey,
  });
  return { taken, debt: recorded ? short : 0 };
}
