import type { AdminOverview } from "~/core/api/admin";
import { formatDollars } from "~/core/coins";
import { type DualControl, dualControlWarning } from "~/core/dual-control";
import type { Database } from "../db/client";
import { countOpenProposals } from "../dual-control/proposals.service";
import { countPendingKyc } from "../kyc/kyc.admin.service";
import { pendingRedemptions } from "../redemptions/redemptions.admin.service";
import { countHeldReferrals } from "../referrals/referrals.service";
import { readOverviewFigures } from "../rollups/business-days.service";

/**
 * A count of work waiting for an operator, shown on the overview with a link to its queue. Areas with a queue
 * (KYC review, proposals, held referral bonuses, redemptions) has one entry in `pendingCounts`, in the overview's order.
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
  {
    key: "redemptions",
    label: "Pending redemptions",
    href: "/admin/redemptions",
    count: async (db) => (await pendingRedemptions(db)).count,
    dollars: async (db) => formatDollars((await pendingRedemptions(db)).coins),
  },
];

/**
 * The console's overview: users, coins issued today and in the last 7 UTC days (today and the six before) per
 * kind, what is owed to live accounts and what deleted accounts forfeited — read from the daily figures
 * (docs/product.md, "Rollups"), a few rows whatever the size of the ledger — and the queues' counts.
 */
export async function getOverview(
  db: Database,
  dualControl: DualControl,
  now: Date = new Date(),
): Promise<AdminOverview> {
  const [figures, pending] = await Promise.all([
    readOverviewFigures(db, now),
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
  const { liability: owed, breakage } = figures;
  return {
    users: figures.users,
    issued: figures.issued,
    liability: { coins: owed, dollars: formatDollars(owed) },
    breakage: { coins: breakage.coins, dollars: formatDollars(breakage.coins), accounts: breakage.accounts },
    pending,
    dualControl: { ...dualControl, warning: dualControlWarning(dualControl) },
  };
}
