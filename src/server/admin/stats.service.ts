import { type SelectQueryBuilder, sql } from "kysely";
import type { BusinessStats } from "~/core/api/stats";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { readBusinessDays } from "../rollups/business-days.service";

/**
 * GET /api/admin/stats (docs/product.md, "Rollups"): the business day by day from the daily figures, and how
 * long each queue's oldest open item has waited — one indexed probe per queue, never a count.
 */

/** Seconds since `at` (never below 0), or null for an empty queue. */
const ageOf = (at: Date | string | null | undefined, now: Date) =>
  at ? Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / 1000)) : null;

/**
 * The creation time of the open item with the smallest id among `statuses` (ids grow with time): one probe of
 * the table's (status, id) index per status.
 */
async function oldestByStatus(
  db: Database,
  table: "redemptions" | "admin_proposals",
  statuses: readonly string[],
) {
  const at = table === "redemptions" ? "created_at" : "proposed_at";
  const firsts = statuses.map((s) => sql`(select min(id) from ${sql.table(table)} where status = ${s})`);
  const { rows } = await sql<{ created_at: Date | string | null }>`
    select ${sql.ref(at)} as created_at from ${sql.table(table)} where id = least(${sql.join(firsts)})`.execute(
    db,
  );
  return rows[0]?.created_at ?? null;
}

async function oldestPendingKyc(db: Database) {
  // kyc_submissions_queue_idx: (created_at) where status = 'pending'.
  const q: SelectQueryBuilder<DB, "kyc_submissions", { at: Date | null }> = db
    .selectFrom("kyc_submissions")
    .select(sql<Date | null>`min(created_at)`.as("at"))
    .where("status", "=", "pending");
  return (await q.executeTakeFirst())?.at ?? null;
}

export async function getBusinessStats(db: Database, days: number, now = new Date()): Promise<BusinessStats> {
  const [daysOut, kyc, redemptions, proposals] = await Promise.all([
    readBusinessDays(db, days, now),
    oldestPendingKyc(db),
    oldestByStatus(db, "redemptions", ["pending", "approved", "failed"]),
    oldestByStatus(db, "admin_proposals", ["proposed"]),
  ]);
  return {
    days: daysOut,
    queueAges: {
      kyc: ageOf(kyc, now),
      redemptions: ageOf(redemptions, now),
      proposals: ageOf(proposals, now),
    },
  };
}
