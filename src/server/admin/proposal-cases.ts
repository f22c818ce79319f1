import { sql } from "kysely";
import type { Proposal, ProposalCase } from "~/core/api/dual-control";
import type { Database } from "../db/client";
import { kycStatesOf } from "../kyc/kyc.service";
import { listRedemptionQueue } from "../redemptions/redemptions.admin.service";

/** How many of the account's latest coin movements a proposal shows. */
const HISTORY_ROWS = 10;
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The whole case a second administrator decides on (docs/product.md, "Dual control"): for every waiting proposal
 * the account (address, role, age, KYC status), its balance before and after, its latest coin movements and what
 * it earned in 7 days; for a redemption also the method, the payout address and the same-person signals of the
 * redemption queue.
 */
export async function proposalCases(db: Database, proposals: Proposal[]): Promise<Map<number, ProposalCase>> {
  const userIds = [...new Set(proposals.map((p) => p.user.id))];
  if (userIds.length === 0) return new Map();
  const redemptionIds = proposals.flatMap((p) => (p.redemptionId === null ? [] : [p.redemptionId]));
  const [accounts, earned, kyc, redemptions, histories] = await Promise.all([
    db
      .selectFrom("user")
      .innerJoin("user_profiles", "user_profiles.id", "user.id")
      .select(["user.id", "user.email", "user.role", "user.createdAt", "user_profiles.points"])
      .where("user.id", "in", userIds)
      .execute(),
    db
      .selectFrom("coin_ledger")
      .select(["user_id", sql<string>`coalesce(sum(amount), 0)`.as("coins")])
      .where("user_id", "in", userIds)
      .where("amount", ">", 0)
      .where("kind", "not in", ["adjustment", "redemption_refund"])
      .where("created_at", ">", sql<Date>`now() - interval '7 days'`)
      .groupBy("user_id")
      .execute(),
    kycStatesOf(db, userIds),
    redemptionIds.length
      ? listRedemptionQueue(db, { ids: redemptionIds, limit: redemptionIds.length })
      : Promise.resolve([]),
    Promise.all(userIds.map(async (id) => [id, await history(db, id)] as const)),
  ]);
  const historyOf = new Map(histories);
  const cases = new Map<number, ProposalCase>();
  for (const p of proposals) {
    const account = accounts.find((a) => a.id === p.user.id);
    if (!account) continue;
    const r = redemptions.find((q) => q.id === p.redemptionId);
    cases.set(p.id, {
      balanceBefore: account.points,
      balanceAfter: account.points + (p.kind === "coins.adjust" ? p.amount : 0),
      history: historyOf.get(p.user.id) ?? [],
      earnedLast7Days: Number(earned.find((e) => e.user_id === p.user.id)?.coins ?? 0),
      account: {
        email: account.email,
        role: account.role === "admin" ? "admin" : "user",
        createdAt: iso(account.createdAt),
        kycStatus: kyc.get(p.user.id) ?? "none",
      },
      redemption: r
        ? { method: r.method, recipient: r.recipient, signals: r.signals, earnings: r.user.earnings }
        : null,
    });
  }
  return cases;
}

async function history(db: Database, userId: string): Promise<ProposalCase["history"]> {
  const rows = await db
    .selectFrom("coin_ledger")
    .select(["kind", "amount", "reason", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(HISTORY_ROWS)
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    amount: r.amount,
    reason: r.reason,
    createdAt: iso(r.created_at),
  }));
}
