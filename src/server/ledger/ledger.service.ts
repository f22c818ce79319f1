import { type RawBuilder, sql, type Transaction } from "kysely";
import type { Earned } from "~/core/api/earned";
import { type EarningKind, isPlayKind, rewards, streakBonusReason } from "~/core/coins";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { countAward } from "../metrics/registry";
import { dailyLimitOf, ledgerPolicy } from "./ledger-policy";
import { insertEntry } from "./ledger-rows";
import { withRetryableStatement } from "./transaction";

/**
 * THE ONLY WRITER of coin_ledger and user_profiles.points. Every change is a ledger row with a unique
 * cause key, written in the same transaction as the balance change (`points = points + n`), so that
 * at every commit: points = Σ amount of the user's rows. A cause key seen before pays nothing. An award is one
 * call of the SQL function `ledger_award` (sql/ledger-award.sql, its one implementation), which writes one 'paid'
 * event with the row (the outbox: ledger-events.ts; the daily goal and a referral's first earning are its
 * consumers, which the ledger does not know); the daily limits it counts against are the ledger's policy
 * (ledger-policy.ts). The module's row writes are in ledger-rows.ts, the cause keys in cause-keys.ts, the referral
 * pair's pending coins and their release in referral-pair.ts (called by the referral rules in src/server/referrals),
 * a redemption's hold and refund in redemption-coins.ts, and a partner's credits, holds, reversals and debts in
 * partner-coins.ts.
 */

/**
 * What happened — never a limit: the ledger's policy (ledger-policy.ts) decides the allowance it counts against.
 * A video watch names its video (`subjectId`), as its allowance is per video.
 */
export type AwardInput = {
  userId: string;
  /** Unique, server-made cause of this award, e.g. `ttt-win:<gameId>`. */
  causeKey: string;
  /** When it happened (a win's end, a watch's start): the UTC day of its allowance. Default: now. */
  occurredAt?: Date | undefined;
  /** The session token the request acts through, if any: looked at again under the award's lock. */
  sessionToken?: string | null | undefined;
} & (
  | {
      kind: "video_watch";
      subjectId: string;
      /** What the video offers (AwardSource's `reward` and `per_day`), within the ledger's terms; default: those. */
      reward?: number | undefined;
      perDay?: number | null | undefined;
    }
  /** A streak milestone (the n-th): the bonus's coins are the ledger's policy (STREAK_BONUS_COINS). */
  | { kind: "streak_bonus"; milestone: number; subjectId?: undefined }
  /** A quiz's answer or bonus: what the round's quiz offers (`reward`), within the ledger's terms; default: those. */
  | { kind: "quiz_correct" | "quiz_bonus"; subjectId?: undefined; reward?: number | undefined }
  | {
      kind: Exclude<EarningKind, "video_watch" | "streak_bonus" | "quiz_correct" | "quiz_bonus">;
      subjectId?: undefined;
    }
);

export interface AwardResult {
  /** The ledger row of this cause (the first one's, for a replay; 0 when limited). */
  entryId: number;
  /** Coins this call paid (0 when the cause was already paid). */
  amount: number;
  reason: string;
  /** The user's balance after this call. */
  balance: number;
  /** True when the cause key had been paid before: nothing was paid now. */
  duplicate: boolean;
  /** True when the day's allowance was used up: nothing was paid now. */
  limited: boolean;
  /** The user's coins today (UTC) earned by playing (PLAY_KINDS), after the award: its counter under its lock. */
  goalCoinsToday: number;
}

type AwardOutcome = "paid" | "limited" | "duplicate" | "missing" | "refused" | "foreign";

interface AwardRow {
  /** Null only where no award was made (awardFrom's source yielded no row). */
  outcome: AwardOutcome | null;
  entry_id: string | number | null;
  points: number | null;
  /** The user's coins of PLAY_KINDS today, after this award (the profile's counter, sql/ledger-award.sql). */
  play_coins: number | null;
}

/** What the award of `kind` pays and counts against, by the ledger's policy: the same for every path in. */
function terms(db: Database, what: Pick<AwardInput, "kind"> & { milestone?: number }) {
  const policy = ledgerPolicy(db);
  const { amount, reason } =
    what.kind === "streak_bonus"
      ? { amount: policy.streakBonusCoins, reason: streakBonusReason(what.milestone ?? 0) }
      : rewards[what.kind];
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error("an award pays a whole number of coins above 0");
  return { amount, reason, max: dailyLimitOf(policy.limits, what.kind), play: isPlayKind(what.kind) };
}

/** A video's or a quiz's own reward (and a video's paid watches a day), never above the ledger's terms. */
function sourceTerms<T extends { amount: number; max: number | null }>(
  t: T,
  source: { reward?: number | undefined; perDay?: number | null | undefined },
): T {
  const amount = Math.min(source.reward ?? t.amount, t.amount);
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error("a video's or quiz's reward is a whole number above 0");
  const max = t.max === null ? (source.perDay ?? null) : Math.min(source.perDay ?? t.max, t.max);
  return { ...t, amount, max };
}

function toResult(row: AwardRow | undefined, t: { amount: number; reason: string }, causeKey: string) {
  const result = (entryId: number, paid: number, flags: { duplicate: boolean; limited: boolean }) => ({
    entryId,
    amount: paid,
    reason: t.reason,
    balance: row?.points ?? 0,
    goalCoinsToday: row?.play_coins ?? 0,
    ...flags,
  });
  switch (row?.outcome) {
    case "paid":
      return result(Number(row.entry_id), t.amount, { duplicate: false, limited: false });
    case "duplicate":
      return result(Number(row.entry_id), 0, { duplicate: true, limited: false });
    case "limited":
      return result(0, 0, { duplicate: false, limited: true });
    case "missing":
      throw new AppError("NOT_FOUND", "No profile exists for this user.");
    case "refused":
      // Deleted, banned or signed out by the time the award held the lock: nobody to earn for.
      throw new AppError("LOGIN_REQUIRED");
    default:
      throw new Error(`cause key ${causeKey} belongs to another user`);
  }
}

/**
 * Pays the reward of `kind` to `userId` once per `causeKey`, within the allowance the ledger's policy gives the
 * kind. One statement (one round trip, atomic); safe to retry and to call concurrently.
 */
export async function award(db: Database, input: AwardInput): Promise<AwardResult> {
  const kindTerms = terms(db, input);
  if (input.kind === "video_watch" && !input.subjectId)
    throw new Error("a video watch's award names its video (subjectId)");
  const t =
    input.kind === "video_watch" || input.kind === "quiz_correct" || input.kind === "quiz_bonus"
      ? sourceTerms(kindTerms, input)
      : kindTerms;
  // One statement: a deadlock with another money transaction (a deletion on another instance) runs it again.
  const { rows } = await withRetryableStatement(db, () =>
    sql<AwardRow>`
    select a.outcome, a.entry_id, a.points, a.play_coins
    from ledger_award(${input.userId}, ${t.amount}, ${input.kind}, ${t.reason}, ${input.causeKey},
      ${input.subjectId ?? null}, ${input.occurredAt ?? new Date()}, ${t.max}, ${input.sessionToken ?? null},
      ${t.play}) a`.execute(db),
  );
  return countAward(input.kind, toResult(rows[0], t, input.causeKey));
}

/**
 * The columns a statement that decides an earning hands to the award (awardFrom): whose it is, its cause key,
 * what it happened to (the video of a watch; null otherwise) and when (the UTC day of its allowance).
 */
export interface AwardSource {
  user_id: string;
  cause_key: string;
  subject_id: string | null;
  occurred_at: Date | string;
  /**
   * A video watch's source names what its video offers (docs/product.md, "Content operations"): `reward`, the
   * coins a full watch pays, and `per_day`, its paid watches a day (null: the policy's). The ledger's terms stay
   * the ceiling: it pays the lesser of the video's reward and the kind's, within the lesser allowance.
   */
  reward?: number;
  per_day?: number | null;
}

/**
 * The award of `kind` for the row `source` yields, in the same statement, for the acting user `actor` (an SQL
 * expression of their id, e.g. a session's own check, auth/earner.ts): `source` (typically an UPDATE … RETURNING
 * that marks the thing done, given the actor's id as SQL) runs as a CTE and the award is made for its row, so
 * deciding and paying are one round trip and one commit. `sessionToken`: the session the request acts through
 * (AwardInput). `actorId` is null when `actor` is (nothing was done); `decided` is null when `source` yields no
 * row (nothing was decided: nothing is paid).
 */
export async function awardFrom<Row extends AwardSource>(
  db: Database,
  kind: Exclude<EarningKind, "streak_bonus">,
  actor: RawBuilder<string | null>,
  source: (actorId: RawBuilder<string | null>) => RawBuilder<Row>,
  sessionToken: string | null = null,
): Promise<{ actorId: string | null; decided: { row: Row; result: AwardResult } | null }> {
  const t = terms(db, { kind });
  const perSource = kind === "video_watch";
  const amount = perSource
    ? sql<number>`least(source.reward, ${t.amount}::integer)`
    : sql<number>`${t.amount}::integer`;
  const max = perSource
    ? sql<number | null>`least(coalesce(source.per_day, ${t.max}::integer), ${t.max}::integer)`
    : sql<number | null>`${t.max}::integer`;
  // One statement (deciding and paying): on a deadlock all of it rolled back, and it runs again.
  const { rows } = await withRetryableStatement(db, () =>
    sql<{ actor_id: string | null; paid_amount: number | null } & Row & AwardRow>`
    with actor as (select ${actor} as id),
    source as (${source(sql<string | null>`(select id from actor)`)})
    select actor.id as actor_id, x.* from actor left join lateral (
      select source.*, ${amount} as paid_amount, a.outcome, a.entry_id, a.points, a.play_coins from source
      cross join lateral ledger_award(source.user_id, ${amount}, ${kind}, ${t.reason}, source.cause_key,
        source.subject_id, source.occurred_at, ${max}, ${sessionToken}, ${t.play}) a) x on true`.execute(db),
  );
  const row = rows[0];
  const actorId = row?.actor_id ?? null;
  if (!row?.outcome) return { actorId, decided: null };
  const paid = { ...t, amount: row.paid_amount ?? t.amount };
  return { actorId, decided: { row, result: countAward(kind, toResult(row, paid, row.cause_key)) } };
}

/**
 * The one `earned` builder: what the awards of one request paid (a quiz answer may pay the answer and the
 * completion bonus), or null when they paid nothing (replayed causes). `balance` is the user's balance after
 * the last award. A referral bonus is never paid with an earning any more (it clears first: docs/product.md,
 * "Referral program"), so `referralBonus` is 0.
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
    referralBonus: 0,
    goalCoinsToday: last.goalCoinsToday,
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
 * An administrator's correction of a balance, as a ledger row of kind `adjustment`, inside `trx` — the caller's
 * transaction, which also holds the audit row of the change. The balance never goes below 0: a negative
 * amount larger than the balance throws ADJUSTMENT_BELOW_ZERO and writes nothing. A deleted account's balance
 * is forfeited for good (docs/product.md, "Deleting the account"): adjusting it is refused (NOT_FOUND), looked at
 * under the profile's lock, so no coin moves into or out of an account once its deletion committed.
 */
export async function adjustBalance(
  trx: Transaction<DB>,
  input: AdjustmentInput,
): Promise<{ entryId: number; balance: number }> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0)
    throw new Error("an adjustment is a whole number of coins other than 0");
  const row = await trx
    .updateTable("user_profiles")
    .set({ points: sql<number>`points + ${input.amount}` })
    .where("id", "=", input.userId)
    .where("deleted_at", "is", null)
    .where(sql<boolean>`points + ${input.amount} >= 0`)
    .returning("points")
    .executeTakeFirst();
  if (!row) {
    const profile = await trx
      .selectFrom("user_profiles")
      .select("deleted_at")
      .where("id", "=", input.userId)
      .executeTakeFirst();
    if (!profile) throw new AppError("NOT_FOUND");
    if (profile.deleted_at)
      throw new AppError("NOT_FOUND", "This account was deleted: its balance is forfeited.");
    throw new AppError("ADJUSTMENT_BELOW_ZERO");
  }
  const entryId = await insertEntry(trx, { ...input, kind: "adjustment" });
  if (entryId === null) throw new Error(`cause key ${input.causeKey} was used before`);
  return { entryId, balance: row.points };
}

/** The user's balance (0 without a profile); inside a transaction `trx`, as that transaction sees it. */
export async function getBalance(db: Database, userId: string): Promise<number> {
  return (await getBalances(db, userId)).balance;
}

/** The balance and the coins recorded but not yet in it (pending referral bonuses). */
export async function getBalances(
  db: Database,
  userId: string,
): Promise<{ balance: number; pending: number }> {
  const row = await db
    .selectFrom("user_profiles")
    .select(["points", "pending_points"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return { balance: row?.points ?? 0, pending: row?.pending_points ?? 0 };
}

/**
 * Locks the user's profile row (the ledger's lock: awards, holds and adjustments of this user wait for it) until
 * `trx` ends, and reads the balance under it. Null when the user has no profile.
 */
export async function lockBalance(trx: Transaction<DB>, userId: string): Promise<number | null> {
  const row = await trx
    .selectFrom("user_profiles")
    .select("points")
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  return row ? row.points : null;
}
