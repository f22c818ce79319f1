import { type Kysely, sql, type Transaction } from "kysely";
import {
  type Earned,
  type EarningKind,
  maskEmail,
  REFERRAL_BONUS_COINS,
  referralReasons,
  rewards,
} from "~/core/coins";
import { DEFAULT_EARNING_LIMITS, REFERRAL_LIMIT_WINDOW_MS } from "~/core/earning";
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
  /**
   * An allowance this award counts against: it pays only while fewer than `max` rows of the user carry `key`
   * (e.g. `ttt_win:2026-11-23`), decided under a lock on the user's profile in the award's transaction.
   */
  limit?: { key: string; max: number } | undefined;
  /** Referrer bonuses a referrer may receive per 30 days, if this award turns out to be a first earning. */
  referralBonusesPer30Days?: number | undefined;
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

type Tx = Transaction<DB> | Kysely<DB>;

async function insertEntry(
  tx: Tx,
  row: {
    userId: string;
    amount: number;
    kind: string;
    reason: string;
    causeKey: string;
    limitKey?: string | null;
  },
): Promise<number | null> {
  const inserted = await tx
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

/** The limit key of referrer bonuses: counted over the last 30 days (REFERRAL_LIMIT_WINDOW_MS). */
const REFERRER_BONUS_LIMIT_KEY = "referral_referrer";

/** Row locks on profiles, in a fixed order of ids, so two transactions never wait on each other in a cycle. */
async function lockProfiles(tx: Tx, userIds: string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort())
    await tx.selectFrom("user_profiles").select("id").where("id", "=", id).forUpdate().execute();
}

/** True when the friend signed up from the address the referrer signed up or last signed in from. */
async function sameAddress(tx: Tx, friendId: string, referrerId: string): Promise<boolean> {
  const friend = await tx
    .selectFrom("user_profiles")
    .select("signup_ip")
    .where("id", "=", friendId)
    .executeTakeFirst();
  const ip = friend?.signup_ip;
  if (!ip) return false;
  const referrer = await tx
    .selectFrom("user_profiles")
    .select("signup_ip")
    .where("id", "=", referrerId)
    .executeTakeFirst();
  if (referrer?.signup_ip === ip) return true;
  const lastSignIn = await tx
    .selectFrom("session")
    .select("ipAddress")
    .where("userId", "=", referrerId)
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  return lastSignIn?.ipAddress === ip;
}

/**
 * Pays the pair's two rows: the friend's, and the referrer's while the referrer has received fewer than
 * `referrerLimit` referrer bonuses in the last 30 days. Returns the friend's coins (0 if paid before).
 */
async function payBonusPair(tx: Tx, friendId: string, referrerId: string, referrerLimit: number) {
  const keys = referralCauseKeys(friendId);
  const paid = await insertEntry(tx, {
    userId: friendId,
    amount: REFERRAL_BONUS_COINS,
    kind: "referral_bonus",
    reason: referralReasons.friend,
    causeKey: keys.friend,
  });
  if (paid === null) return { friend: 0, referrerPaid: false };
  await addPoints(tx, friendId, REFERRAL_BONUS_COINS);
  const since = new Date(Date.now() - REFERRAL_LIMIT_WINDOW_MS);
  const recent = await tx
    .selectFrom("coin_ledger")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", referrerId)
    .where("limit_key", "=", REFERRER_BONUS_LIMIT_KEY)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= referrerLimit) return { friend: REFERRAL_BONUS_COINS, referrerPaid: false };
  const friend = await tx
    .selectFrom("user")
    .select("email")
    .where("id", "=", friendId)
    .executeTakeFirstOrThrow();
  const referrerEntry = await insertEntry(tx, {
    userId: referrerId,
    amount: REFERRAL_BONUS_COINS,
    kind: "referral_bonus",
    reason: referralReasons.referrer(maskEmail(friend.email)),
    causeKey: keys.referrer,
    limitKey: REFERRER_BONUS_LIMIT_KEY,
  });
  if (referrerEntry !== null) await addPoints(tx, referrerId, REFERRAL_BONUS_COINS);
  return { friend: REFERRAL_BONUS_COINS, referrerPaid: referrerEntry !== null };
}

/**
 * Settles the referral bonus of `userId` (referred by `referrerId`) at the user's first earning, inside that
 * earning's transaction: under a lock on the referral row, a pending referral becomes paid (the pair, the
 * referrer's half subject to the 30-day limit) or — when the friend signed up from the referrer's sign-up or
 * last sign-in address — held for review with nothing paid. Returns the coins paid to `userId`.
 */
async function payReferralBonus(
  tx: Tx,
  userId: string,
  referrerId: string,
  referrerLimit: number,
): Promise<number> {
  const referral = await tx
    .selectFrom("referrals")
    .select("bonus_status")
    .where("referred_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  if (referral && referral.bonus_status !== "pending") return 0;
  if (referral && (await sameAddress(tx, userId, referrerId))) {
    await tx
      .updateTable("referrals")
      .set({ bonus_status: "held" })
      .where("referred_id", "=", userId)
      .execute();
    return 0;
  }
  await lockProfiles(tx, [referrerId]);
  const paid = await payBonusPair(tx, userId, referrerId, referrerLimit);
  await tx
    .updateTable("referrals")
    .set({ bonus_status: "paid", referrer_paid: paid.referrerPaid })
    .where("referred_id", "=", userId)
    .execute();
  return paid.friend;
}

/**
 * Decides a held referral bonus (an administrator's review): `release` pays the pair now (the referrer's
 * half still within the 30-day limit), `decline` pays nothing. Either way the referral is settled for good.
 * Returns false when the friend's referral is not held (unknown, or decided already).
 */
export async function decideHeldReferral(
  db: Database,
  input: {
    referredId: string;
    decision: "release" | "decline";
    decidedBy: string | null;
    referralBonusesPer30Days?: number | undefined;
  },
): Promise<boolean> {
  return withRetryableTransaction(db, async (tx) => {
    const referral = await tx
      .selectFrom("referrals")
      .select(["bonus_status", "referrer_id"])
      .where("referred_id", "=", input.referredId)
      .forUpdate()
      .executeTakeFirst();
    if (referral?.bonus_status !== "held") return false;
    let referrerPaid = false;
    if (input.decision === "release") {
      await lockProfiles(tx, [input.referredId, referral.referrer_id]);
      const limit = input.referralBonusesPer30Days ?? DEFAULT_EARNING_LIMITS.referralBonusesPer30Days;
      referrerPaid = (await payBonusPair(tx, input.referredId, referral.referrer_id, limit)).referrerPaid;
    }
    await tx
      .updateTable("referrals")
      .set({
        bonus_status: input.decision === "release" ? "released" : "declined",
        referrer_paid: referrerPaid,
        decided_at: new Date(),
        decided_by: input.decidedBy,
      })
      .where("referred_id", "=", input.referredId)
      .execute();
    return true;
  });
}

/** How many referral bonus pairs wait for an administrator's review. */
export async function countHeldReferrals(db: Database): Promise<number> {
  const row = await db
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("bonus_status", "=", "held")
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
        and (referred_by is null or exists (select 1 from coin_ledger where cause_key = ${friendKey})
          or exists (select 1 from referrals where referred_id = ${input.userId} and bonus_status <> 'pending'))
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
  const fast = input.limit ? null : await awardFast(db, input, amount, reason);
  if (fast)
    return {
      entryId: fast.entryId,
      amount,
      reason,
      balance: fast.points,
      duplicate: false,
      limited: false,
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
      ? await payReferralBonus(tx, input.userId, referredBy, referralLimit)
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
 * `earned` for an action paid by one award, or null for a replayed cause; with the ledger row that paid it
 * (for support and audits) and the friend's referral bonus paid with it (already in `balance`).
 */
export function earnedFrom(
  result: AwardResult,
): (Earned & { entryId: number; referralBonus: number }) | null {
  if (result.duplicate || result.limited) return null;
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
