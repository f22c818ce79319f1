import { sql } from "kysely";
import type { Database } from "../db/client";
import type { AwardInput } from "./ledger.service";

/**
 * The ledger's one-round-trip awards (part of the one writer of coins, called only by award() in ledger.service.ts): the
 * common cases, each in a single statement. Anything else answers null or 'fallback' having changed nothing, and
 * award() decides it in its full transaction.
 */

/**
 * The common case in one statement (one round trip, atomic like any statement): the ledger row and the
 * balance change together, only when no referral bonus can be due (the user was not referred, or the
 * referral is settled: paid, held or declined) and the cause is new. Returns null when the full transaction must decide.
 */
export async function awardFast(db: Database, input: AwardInput, amount: number, reason: string) {
  const { rows } = await sql<{ id: number | null; points: number | null }>`
    with eligible as (
      select id from user_profiles
      where id = ${input.userId}
        and (referred_by is null
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
  return { outcome: "paid" as const, entryId: Number(row.id), points: row.points };
}

/**
 * An award against a daily allowance in one call of `ledger_award_limited` (migration 0090): under a lock on the
 * user's profile it counts the allowance, writes the row and changes the balance — the same steps, in the same
 * order, as award()'s transaction. 'limited' when the allowance is used up; null (fallback) when a referral bonus
 * may be due, the cause was seen before or the profile is missing.
 */
export async function awardLimitedFast(
  db: Database,
  input: AwardInput & { limit: { key: string; max: number } },
  amount: number,
  reason: string,
) {
  const { rows } = await sql<{
    outcome: "paid" | "limited" | "fallback";
    entry_id: string | null;
    points: number | null;
  }>`
    select outcome, entry_id, points from ledger_award_limited(
      ${input.userId}, ${amount}, ${input.kind}, ${reason}, ${input.causeKey}, ${input.limit.key}, ${input.limit.max})`.execute(
    db,
  );
  const row = rows[0];
  if (row?.outcome === "paid" && row.entry_id != null && row.points != null)
    return { outcome: "paid" as const, entryId: Number(row.entry_id), points: row.points };
  if (row?.outcome === "limited" && row.points != null)
    return { outcome: "limited" as const, points: row.points };
  return null;
}
