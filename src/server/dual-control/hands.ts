import { sql } from "kysely";
import { coinsToCents } from "~/core/coins";
import { DUAL_CONTROL_WINDOW_HOURS } from "~/core/dual-control";
import type { Database } from "../db/client";

/**
 * What one administrator's hand did, as dual control weighs it (docs/product.md, "Dual control"): what they moved
 * alone across all accounts in 24 hours, and whether they credited an account or approved its KYC recently.
 * Read from the audit log (every adjustment and approval writes its row in its own transaction) and the proposals.
 */

const hoursAgo = (hours: number) => sql<Date>`now() - make_interval(hours => ${hours})`;
const daysAgo = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

/**
 * Cents `adminId` moved alone across all accounts in the last 24 hours: coins credited by adjustment and
 * redemptions approved, each without a proposal (what a proposal applies counts against no one).
 */
export async function movedAloneTodayCents(db: Database, adminId: string): Promise<number> {
  const row = await db
    .selectFrom("audit_log")
    .select(
      sql<string>`coalesce(sum(case
        when action = 'coins.adjust' then greatest((after->>'amount')::bigint, 0)
        else (after->>'coins')::bigint end), 0)`.as("coins"),
    )
    .where("actor_id", "=", adminId)
    .where("action", "in", ["coins.adjust", "redemption.approve"])
    .where("created_at", ">", hoursAgo(DUAL_CONTROL_WINDOW_HOURS))
    .where(sql<string>`after->>'proposalId'`, "is", null)
    .executeTakeFirstOrThrow();
  return coinsToCents(Number(row.coins));
}

/** When `adminId` last credited `userId` and last approved its KYC within `days` (null: not in that time). */
export interface Hand {
  credited: Date | null;
  approvedKyc: Date | null;
}

/**
 * The hand of `adminId` on `userId` in the last `days`: a coin adjustment upwards they made alone, applied as the
 * second administrator, or proposed and saw approved; a KYC approval they made, or proposed and saw approved.
 */
export async function handOn(db: Database, adminId: string, userId: string, days: number): Promise<Hand> {
  if (days <= 0) return { credited: null, approvedKyc: null };
  // One after the other: inside a transaction the queries share one connection.
  const credit = await db
    .selectFrom("audit_log")
    .select(sql<Date | null>`max(created_at)`.as("at"))
    .where("target_id", "=", userId)
    .where("target_type", "=", "user")
    .where("action", "=", "coins.adjust")
    .where("actor_id", "=", adminId)
    .where(sql<boolean>`(after->>'amount')::bigint > 0`)
    .where("created_at", ">", daysAgo(days))
    .executeTakeFirst();
  const proposed = await db
    .selectFrom("admin_proposals")
    .select([
      sql<Date | null>`max(decided_at) filter (where kind = 'coins.adjust' and amount > 0)`.as("credited"),
      sql<Date | null>`max(decided_at) filter (where kind = 'kyc.approve')`.as("kyc"),
    ])
    .where("user_id", "=", userId)
    .where("proposed_by", "=", adminId)
    .where("status", "=", "approved")
    .where("decided_at", ">", daysAgo(days))
    .executeTakeFirst();
  const kyc = await db
    .selectFrom("kyc_submissions")
    .select(sql<Date | null>`max(decided_at)`.as("at"))
    .where("user_id", "=", userId)
    .where("decided_by", "=", adminId)
    .where("status", "=", "approved")
    .where("decided_at", ">", daysAgo(days))
    .executeTakeFirst();
  return {
    credited: latest(credit?.at, proposed?.credited),
    approvedKyc: latest(kyc?.at, proposed?.kyc),
  };
}

function latest(...dates: (Date | string | null | undefined)[]): Date | null {
  const times = dates.flatMap((d) => (d ? [new Date(d).getTime()] : []));
  return times.length ? new Date(Math.max(...times)) : null;
}
