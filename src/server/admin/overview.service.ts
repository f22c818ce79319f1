import { sql } from "kysely";
import type { AdminOverview } from "~/core/api/admin";
import { formatDollars } from "~/core/coins";
import { type DualControl, dualControlWarning } from "~/core/dual-control";
import type { Database } from "../db/client";
import { countOpenProposals } from "../dual-control/proposals.service";
import { countPendingKyc } from "../kyc/kyc.admin.service";
import { countHeldReferrals } from "../referrals/referrals.service";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A count of work waiting for an operator, shown on the overview with a link to its queue. Areas with a queue
 * (KYC review, redemptions, held referral bonuses) add one entry to `pendingCounts`.
 */
export interface PendingCount {
  key: string;
  label: string;
  /** Console page of the queue, e.g. `/admin/kyc`. */
  href: string;
  count(db: Database): Promise<number>;
  /** The queue's value in dollars, where its items carry one (redemptions). */
  dollars?(db: Database): Promise<string>;
}

export const pendingCounts: PendingCount[] = [
  { key: "kyc", label: "KYC submissions to review", href: "/admin/kyc", count: countPendingKyc },
  {
    key: "referrals",
    label: "Referral bonuses held for review",
    href: "/admin/referrals",
    count: countHeldReferrals,
  },
  {
    key: "proposals",
    label: "Proposals waiting for a second administrator",
    href: "/admin/proposals",
    count: countOpenProposals,
  },
];

export async function getOverview(
  db: Database,
  dualControl: DualControl,
  now: Date = new Date(),
): Promise<AdminOverview> {
  const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekStart = new Date(now.getTime() - 7 * DAY_MS);
  const since = todayStart < weekStart ? todayStart : weekStart;
  const [users, issued, liability, pending] = await Promise.all([
    db
      .selectFrom("user")
      .select([
        sql<number>`count(*)::int`.as("total"),
        sql<number>`(count(*) filter (where "createdAt" >= ${weekStart}))::int`.as("newLast7Days"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("coin_ledger")
      .select([
        "kind",
        sql<number>`coalesce(sum(amount) filter (where created_at >= ${todayStart}), 0)::bigint`.as("today"),
        sql<number>`coalesce(sum(amount) filter (where created_at >= ${weekStart}), 0)::bigint`.as(
          "last7Days",
        ),
      ])
      .where("amount", ">", 0)
      .where("created_at", ">=", since)
      .groupBy("kind")
      .orderBy("kind")
      .execute(),
    // One pass over the balances, split by whether the account is live. There is no running total to read
    // instead (yet), so this reads every profile on each overview: O(accounts), the same pass as before.
    db
      .selectFrom("user_profiles")
      .select([
        sql<string>`coalesce(sum(points) filter (where deleted_at is null), 0)::bigint`.as("owed"),
        sql<string>`coalesce(sum(points) filter (where deleted_at is not null), 0)::bigint`.as("forfeited"),
        sql<number>`(count(*) filter (where deleted_at is not null and points > 0))::int`.as("forfeitedBy"),
      ])
      .executeTakeFirstOrThrow(),
    Promise.all(
      pendingCounts.map(async (p) => ({
        key: p.key,
        label: p.label,
        href: p.href,
        count: await p.count(db),
        ...(p.dollars ? { dollars: await p.dollars(db) } : {}),
      })),
    ),
  ]);
  const owed = Number(liability.owed);
  const forfeited = Number(liability.forfeited);
  return {
    users: { total: users.total, newLast7Days: users.newLast7Days },
    issued: issued.map((r) => ({ kind: r.kind, today: Number(r.today), last7Days: Number(r.last7Days) })),
    liability: { coins: owed, dollars: formatDollars(owed) },
    breakage: { coins: forfeited, dollars: formatDollars(forfeited), accounts: liability.forfeitedBy },
    pending,
    dualControl: { ...dualControl, warning: dualControlWarning(dualControl) },
  };
}
