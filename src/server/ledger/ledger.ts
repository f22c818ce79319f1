import { type Kysely, sql, type Transaction } from "kysely";
import {
  type Earned,
  type EarningKind,
  maskEmail,
  REFERRAL_BONUS_COINS,
  referralReasons,
  rewards,
} from "~/core/coins";
import { redemptionReasons } from "~/core/redemptions";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { withRetryableTransaction } from "./transaction";

/**
 * THE ONLY WRITER of coin_ledger and user_profiles.points. Every change is a ledger row with a unique
 * cause key, written in the same transaction as the balance change (`points = points + n`), so that
 * at every commit: points = Σ amount of the user's rows. A cause key seen before pays nothing.
 */

export interface AwardInput {
  userId: string;
  kind: EarningKind;
  /** Unique, server-made cause of this award, e.g. `ttt-win:<gameId>`. */
  causeKey: string;
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
  /** The friend's referral bonus paid in the same transaction, if this was the first earning. */
  referralBonus: number;
}

type Tx = Transaction<DB> | Kysely<DB>;

async function insertEntry(
  tx: Tx,
  row: { userId: string; amount: number; kind: string; reason: string; causeKey: string },
): Promise<number | null> {
  const inserted = await tx
    .insertInto("coin_ledger")
    .values({
      user_id: row.userId,
      amount: row.amount,
      kind: row.kind,
      reason: row.reason,
      cause_key: row.causeKey,
    })
    .onConflict((oc) => oc.column("cause_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : null;
}

async function addPoints(
  tx: Tx,
  userId: string,
  amount: number,
): Promise<{ points: number; referredBy: string | null }> {
  const row = await tx
    .updateTable("user_profiles")
    .set({ points: sql<number>`points + ${amount}` })
    .where("id", "=", userId)
    .returning(["points", "referred_by"])
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No profile exists for this user.");
  return { points: row.points, referredBy: row.referred_by };
}

export const referralCauseKeys = (referredUserId: string) => ({
  friend: `referral:${referredUserId}:friend`,
  referrer: `referral:${referredUserId}:referrer`,
});

/**
 * Pays the referral bonus pair for `userId`, referred by `referrerId`, unless it was paid already. Runs inside
 * the transaction of the user's earning, so the first earning to commit pays it, exactly once (the bonus
 * row's unique cause key makes every later or concurrent attempt a no-op).
 */
async function payReferralBonus(tx: Tx, userId: string, referrerId: string): Promise<number> {
  const keys = referralCauseKeys(userId);
  const paid = await insertEntry(tx, {
    userId,
    amount: REFERRAL_BONUS_COINS,
    kind: "referral_bonus",
    reason: referralReasons.friend,
    causeKey: keys.friend,
  });
  if (paid === null) return 0;
  await addPoints(tx, userId, REFERRAL_BONUS_COINS);
  const friend = await tx
    .selectFrom("user")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  await insertEntry(tx, {
    userId: referrerId,
    amount: REFERRAL_BONUS_COINS,
    kind: "referral_bonus",
    reason: referralReasons.referrer(maskEmail(friend.email)),
    causeKey: keys.referrer,
  });
  await addPoints(tx, referrerId, REFERRAL_BONUS_COINS);
  return REFERRAL_BONUS_COINS;
}

/**
 * The common case in one statement (one round trip, atomic like any statement): the ledger row and the
 * balance change together, only when no referral bonus can be due (the user was not referred, or the
 * bonus is already paid) and the cause is new. Returns null when the full transaction must decide.
 */
async function awardFast(db: Database, input: AwardInput, amount: number, reason: string) {
  const friendKey = referralCauseKeys(input.userId).friend;
  const { rows } = await sql<{ id: number | null; points: number | null }>`
    with eligible as (
      select id from user_profiles
      where id = ${input.userId}
        and (referred_by is null or exists (select 1 from coin_ledger where cause_key = ${friendKey}))
    ), ins as (
      insert into coin_ledger (user_id, amount, kind, reason, cause_key)
      select id, ${amount}, ${input.kind}, ${reason}, ${input.causeKey} from eligible
      on conflict (cause_key) do nothing
      returning id
    ), upd as (
      update user_profiles set points = points + ${amount}
      where id = ${input.userId} and exists (select 1 from ins)
      returning points
    )
    select (select id from ins) as id, (select points from upd) as points`.execute(db);
  const row = rows[0];
  if (row?.id == null || row.points == null) return null;
  return { entryId: Number(row.id), points: row.points };
}

/** Pays the reward of `kind` to `userId` once per `causeKey`. Safe to retry and to call concurrently. */
export async function award(db: Database, input: AwardInput): Promise<AwardResult> {
  const { amount, reason } = rewards[input.kind];
  const fast = await awardFast(db, input, amount, reason);
  if (fast)
    return {
      entryId: fast.entryId,
      amount,
      reason,
      balance: fast.points,
      duplicate: false,
      referralBonus: 0,
    };
  // A replayed cause, a possible first earning of a referred user, or a missing profile.
  return withRetryableTransaction(db, async (tx) => {
    const entryId = await insertEntry(tx, { ...input, amount, reason });
    if (entryId === null) {
      const first = await tx
        .selectFrom("coin_ledger")
        .innerJoin("user_profiles", "user_profiles.id", "coin_ledger.user_id")
        .select(["coin_ledger.id", "coin_ledger.user_id", "user_profiles.points"])
        .where("coin_ledger.cause_key", "=", input.causeKey)
        .executeTakeFirstOrThrow();
      if (first.user_id !== input.userId)
        throw new Error(`cause key ${input.causeKey} belongs to another user`);
      return {
        entryId: Number(first.id),
        amount: 0,
        reason,
        balance: first.points,
        duplicate: true,
        referralBonus: 0,
      };
    }
    const { points, referredBy } = await addPoints(tx, input.userId, amount);
    const referralBonus = referredBy ? await payReferralBonus(tx, input.userId, referredBy) : 0;
    const balance = points + referralBonus;
    return { entryId, amount, reason, balance, duplicate: false, referralBonus };
  });
}

/**
 * `earned` for an action paid by one award, or null for a replayed cause; with the ledger row that paid it
 * (for support and audits) and the friend's referral bonus paid with it (already in `balance`).
 */
export function earnedFrom(
  result: AwardResult,
): (Earned & { entryId: number; referralBonus: number }) | null {
  if (result.duplicate) return null;
  return {
    entryId: result.entryId,
    amount: result.amount,
    reason: result.reason,
    balance: result.balance,
    referralBonus: result.referralBonus,
  };
}

export async function getBalance(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("user_profiles")
    .select("points")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.points ?? 0;
}

export interface LedgerEntry {
  id: number;
  kind: string;
  reason: string;
  amount: number;
  createdAt: string;
}

/** Newest first; `before` is the id cursor of the previous page's last entry. */
export async function listEntries(
  db: Database,
  userId: string,
  page: { limit: number; before?: number | undefined },
): Promise<{ entries: LedgerEntry[]; nextCursor: number | null }> {
  let q = db
    .selectFrom("coin_ledger")
    .select(["id", "kind", "reason", "amount", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(page.limit + 1);
  if (page.before !== undefined) q = q.where("id", "<", page.before);
  const rows = await q.execute();
  const entries = rows.slice(0, page.limit).map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    reason: r.reason,
    amount: r.amount,
    createdAt: new Date(r.created_at).toISOString(),
  }));
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > page.limit && last ? last.id : null };
}

/** A redemption's coins as the ledger moves them: held (taken) at request, refunded at most once. */
export interface RedemptionCoins {
  userId: string;
  redemptionId: number;
  coins: number;
}

export const redemptionCauseKeys = (redemptionId: number) => ({
  hold: `redemption:${redemptionId}`,
  refund: `redemption-refund:${redemptionId}`,
});

/**
 * Takes a redemption's coins inside the request's transaction: a negative `redemption` row and
 * `points = points - coins` only where the balance covers it, else INSUFFICIENT_BALANCE (and the caller's
 * transaction rolls back). The database's `points >= 0` check backs this up under any concurrency.
 */
export async function holdForRedemption(
  tx: Transaction<DB>,
  input: RedemptionCoins,
): Promise<{ entryId: number; balance: number }> {
  const row = await tx
    .updateTable("user_profiles")
    .set({ points: sql<number>`points - ${input.coins}` })
    .where("id", "=", input.userId)
    .where("points", ">=", input.coins)
    .returning("points")
    .executeTakeFirst();
  if (!row) throw new AppError("INSUFFICIENT_BALANCE");
  const entryId = await insertEntry(tx, {
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
  tx: Transaction<DB>,
  input: RedemptionCoins,
): Promise<{ entryId: number; balance: number } | null> {
  const entryId = await insertEntry(tx, {
    userId: input.userId,
    amount: input.coins,
    kind: "redemption_refund",
    reason: redemptionReasons.refund(input.redemptionId),
    causeKey: redemptionCauseKeys(input.redemptionId).refund,
  });
  if (entryId === null) return null;
  const { points } = await addPoints(tx, input.userId, input.coins);
  return { entryId, balance: points };
}
