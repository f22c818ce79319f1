import { sql, type Transaction } from "kysely";
import type { TransactionsPage } from "~/core/api/account";
import { type Earned, type EarningKind, rewards } from "~/core/coins";
import { DEFAULT_EARNING_LIMITS } from "~/core/earning";
import type { Database } from "../db/client";
import { cursorPage } from "../db/cursor-page";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { settleReferralAtFirstEarning } from "../referrals/referrals.service";
import { awardFast, awardLimitedFast } from "./award-statements";
import { addPoints, insertEntry, type Tx } from "./ledger-rows";
import { withRetryableTransaction } from "./transaction";

/**
 * THE ONLY WRITER of coin_ledger and user_profiles.points. Every change is a ledger row with a unique
 * cause key, written in the same transaction as the balance change (`points = points + n`), so that
 * at every commit: points = Σ amount of the user's rows. A cause key seen before pays nothing. The module's
 * row writes are in ledger-rows.ts, the cause keys in cause-keys.ts, the referral bonus pair's writes in
 * referral-pair.ts (the referral rules that decide it are in src/server/referrals/referrals.service.ts) and a
 * redemption's hold and refund in redemption-coins.ts.
 */

export interface AwardInput {
  userId: string;
  kind: EarningKind;
  /** Unique, server-made cause of this award, e.g. `ttt-win:<gameId>`. */
  causeKey: string;
  /**
   * An allowance this award counts against: it pays only while fewer than `max` rows of the user carry `key`
   * (e.g. `ttt_win:2026-11-23`), decided under a lock on the user's profile in the award's transaction.
   */
  limit?: { key: string; max: number } | undefined;
  /** Referrer bonuses a referrer may receive per 30 days, if this award turns out to be a first earning. */
  referralBonusesPer30Days?: number | undefined;
  /** Coins and reason of a configured amount (the streak bonus); other awards pay `rewards[kind]`. */
  paid?: { amount: number; reason: string } | undefined;
}

export interface AwardResult {
  /** The ledger row of this cause (the first one's, for a replay). */
  entryId: number;
  /** Coins this call paid (0 when the cause was already paid). */
  amount: number;
  reason: string;
  /** The user's balance after this call, including any referral bonus paid with it. */
  balance: number;
  /** True when the cause key had been paid before: nothing was paid now. */
  duplicate: boolean;
  /** True when the allowance (`limit`) was used up: nothing was paid now. */
  limited: boolean;
  /** The friend's referral bonus paid in the same transaction, if this was the first earning. */
  referralBonus: number;
}

/** Pays the reward of `kind` to `userId` once per `causeKey`. Safe to retry and to call concurrently. */
export async function award(db: Database, input: AwardInput): Promise<AwardResult> {
  const { amount, reason } = input.paid ?? rewards[input.kind];
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error("an award pays a whole number of coins above 0");
  const fast = input.limit
    ? await awardLimitedFast(db, { ...input, limit: input.limit }, amount, reason)
    : await awardFast(db, input, amount, reason);
  if (fast?.outcome === "paid")
    return {
      entryId: fast.entryId,
      amount,
      reason,
      balance: fast.points,
      duplicate: false,
      limited: false,
      referralBonus: 0,
    };
  if (fast?.outcome === "limited")
    return {
      entryId: 0,
      amount: 0,
      reason,
      balance: fast.points,
      duplicate: false,
      limited: true,
      referralBonus: 0,
    };
  // A limited award, a replayed cause, a possible first earning of a referred user, or a missing profile.
  return withRetryableTransaction(db, async (tx) => {
    const unpaid = (entryId: number, balance: number, flags: { duplicate: boolean; limited: boolean }) => ({
      entryId,
      amount: 0,
      reason,
      balance,
      ...flags,
      referralBonus: 0,
    });
    if (input.limit) {
      // Awards against one user's allowances take turns: the count below sees every committed row.
      const profile = await tx
        .selectFrom("user_profiles")
        .select("points")
        .where("id", "=", input.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!profile) throw new AppError("NOT_FOUND", "No profile exists for this user.");
      const replay = await findCause(tx, input);
      if (replay) return unpaid(replay.id, profile.points, { duplicate: true, limited: false });
      const used = await tx
        .selectFrom("coin_ledger")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("user_id", "=", input.userId)
        .where("limit_key", "=", input.limit.key)
        .executeTakeFirstOrThrow();
      if (Number(used.n) >= input.limit.max)
        return unpaid(0, profile.points, { duplicate: false, limited: true });
    }
    const entryId = await insertEntry(tx, { ...input, amount, reason, limitKey: input.limit?.key });
    if (entryId === null) {
      const first = await findCause(tx, input);
      if (!first) throw new Error(`cause key ${input.causeKey} vanished`);
      return unpaid(first.id, first.points, { duplicate: true, limited: false });
    }
    const { points, referredBy } = await addPoints(tx, input.userId, amount);
    const referralLimit = input.referralBonusesPer30Days ?? DEFAULT_EARNING_LIMITS.referralBonusesPer30Days;
    const referralBonus = referredBy
      ? await settleReferralAtFirstEarning(tx, input.userId, referredBy, referralLimit)
      : 0;
    const balance = points + referralBonus;
    return { entryId, amount, reason, balance, duplicate: false, limited: false, referralBonus };
  });
}

/** The ledger row of a cause key already paid, with its owner's balance; throws if another user owns it. */
async function findCause(tx: Tx, input: AwardInput) {
  const first = await tx
    .selectFrom("coin_ledger")
    .innerJoin("user_profiles", "user_profiles.id", "coin_ledger.user_id")
    .select(["coin_ledger.id", "coin_ledger.user_id", "user_profiles.points"])
    .where("coin_ledger.cause_key", "=", input.causeKey)
    .executeTakeFirst();
  if (!first) return null;
  if (first.user_id !== input.userId) throw new Error(`cause key ${input.causeKey} belongs to another user`);
  return { id: Number(first.id), points: first.points };
}

/**
 * The one `earned` builder: what the awards of one request paid (a quiz answer may pay the answer and the
 * completion bonus), or null when they paid nothing (replayed causes). `balance` is the user's balance after
 * the last award; a friend's referral bonus paid with them is already in it.
 */
export function earnedFrom(results: AwardResult | readonly AwardResult[]): Earned | null {
  const fresh = [results].flat().filter((r) => !r.duplicate && !r.limited && r.amount > 0);
  const last = fresh.at(-1);
  if (!last) return null;
  return {
    amount: fresh.reduce((sum, r) => sum + r.amount, 0),
    reason: fresh.map((r) => r.reason).join(" and "),
    balance: last.balance,
    entryId: last.entryId,
    referralBonus: fresh.reduce((sum, r) => sum + r.referralBonus, 0),
  };
}

export interface AdjustmentInput {
  userId: string;
  /** Coins to add (positive) or take (negative); never 0. */
  amount: number;
  /** The administrator's reason, shown to the user in their history. */
  reason: string;
  /** Unique cause of this adjustment, e.g. `adjustment:<uuid>`. */
  causeKey: string;
}

/**
 * An administrator's correction of a balance, as a ledger row of kind `adjustment`, inside `tx` — the caller's
 * transaction, which also holds the audit row of the change. The balance never goes below 0: a negative
 * amount larger than the balance throws ADJUSTMENT_BELOW_ZERO and writes nothing.
 */
export async function adjustBalance(
  tx: Transaction<DB>,
  input: AdjustmentInput,
): Promise<{ entryId: number; balance: number }> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0)
    throw new Error("an adjustment is a whole number of coins other than 0");
  const row = await tx
    .updateTable("user_profiles")
    .set({ points: sql<number>`points + ${input.amount}` })
    .where("id", "=", input.userId)
    .where(sql<boolean>`points + ${input.amount} >= 0`)
    .returning("points")
    .executeTakeFirst();
  if (!row) {
    const exists = await tx
      .selectFrom("user_profiles")
      .select("id")
      .where("id", "=", input.userId)
      .executeTakeFirst();
    throw new AppError(exists ? "ADJUSTMENT_BELOW_ZERO" : "NOT_FOUND");
  }
  const entryId = await insertEntry(tx, { ...input, kind: "adjustment" });
  if (entryId === null) throw new Error(`cause key ${input.causeKey} was used before`);
  return { entryId, balance: row.points };
}

export async function getBalance(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("user_profiles")
    .select("points")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.points ?? 0;
}

/** Newest first; `before` is the id cursor of the previous page's last entry. */
export async function listEntries(
  db: Database,
  userId: string,
  page: { limit: number; before?: number | undefined },
): Promise<TransactionsPage> {
  let q = db
    .selectFrom("coin_ledger")
    // A quiz row's cause key names its session (cause-keys.ts: `quiz:<session>:<question>`, `quiz-bonus:<session>`),
    // looked up by the sessions' primary key; other kinds' keys are never cast.
    .leftJoin("quiz_sessions", (join) =>
      join.on(
        sql<boolean>`quiz_sessions.id = case when coin_ledger.kind in ('quiz_correct', 'quiz_bonus')
          then cast(split_part(coin_ledger.cause_key, ':', 2) as uuid) end`,
      ),
    )
    .leftJoin("quizzes", "quizzes.id", "quiz_sessions.quiz_id")
    .select([
      "coin_ledger.id",
      "coin_ledger.kind",
      "coin_ledger.reason",
      "coin_ledger.amount",
      "coin_ledger.created_at",
      "quiz_sessions.id as session_id",
      "quizzes.name as quiz_name",
    ])
    .where("coin_ledger.user_id", "=", userId)
    .orderBy("coin_ledger.id", "desc")
    .limit(page.limit + 1);
  if (page.before !== undefined) q = q.where("coin_ledger.id", "<", page.before);
  const rows = await q.execute();
  return cursorPage(rows, page.limit, (r) => ({
    id: Number(r.id),
    kind: r.kind,
    reason: r.reason,
    amount: r.amount,
    createdAt: new Date(r.created_at).toISOString(),
    quizSession: r.session_id && r.quiz_name ? { id: r.session_id, quizName: r.quiz_name } : null,
  }));
}
