import { sql } from "kysely";
import type { AdminRedemption } from "~/core/api/redemptions";
import { type DualControl, fourEyesWords, redemptionNeedsSecondAdmin } from "~/core/dual-control";
import { isBanned } from "../auth/require-user";
import type { Database } from "../db/client";
import { approvedAlone, pendingRedemptionsWhy } from "../dual-control/four-eyes";
import { kycStatesOf } from "../kyc/kyc.service";
import { toRedemption } from "./redemptions.service";

const DAY_MS = 24 * 60 * 60 * 1000;
/** An account younger than this is flagged. */
const YOUNG_ACCOUNT_DAYS = 7;
/** The earnings by channel shown (and the referral-bonus signal) are those of the last this many days. */
export const EARNINGS_DAYS = 90;
/** A ban (or unban) this recent is flagged. */
const RECENT_BAN_DAYS = 30;

/** Where an administrator's eye goes first: pending (oldest first), then failed, approved, and the rest (newest). */
const ORDER = sql<number>`case status when 'pending' then 0 when 'failed' then 1 when 'approved' then 2 else 3 end`;
/** The order within a rank: pending oldest first, the rest newest first. (ORDER, KEY) is the queue's key and index. */
const KEY = sql<number>`case when status = 'pending' then redemptions.id else -redemptions.id end`;

type QueueOptions = {
  status?: string | undefined;
  ids?: number[];
  limit: number;
  after?: string | undefined;
};

/** The cursor of a row of the queue: its rank and key (redemptionQueueCursor). */
function cursorOf(r: { id: number; status: string }): string {
  const rank = ["pending", "failed", "approved"].indexOf(r.status);
  return `${rank < 0 ? 3 : rank}.${r.status === "pending" ? Number(r.id) : -Number(r.id)}`;
}

/**
 * The redemptions of the queue, each with its user's address, age and ban. The page is picked from redemptions
 * alone (redemptions_status_idx) and only its rows are joined to their users, never the whole queue.
 */
async function queueRows(db: Database, options: QueueOptions) {
  let picked = db.selectFrom("redemptions").selectAll().orderBy(ORDER).orderBy(KEY).limit(options.limit);
  if (options.after) {
    // The cursor is validated at the edge (rank 0-3 and an integer key); the row comparison reads the queue's
    // index (redemptions_queue_idx) from that place on.
    const [rank, key] = options.after.split(".").map(Number) as [number, number];
    picked = picked.where(sql<boolean>`(${ORDER}, ${KEY}) > (${rank}::int, ${key}::bigint)`);
  }
  if (options.status === "open") picked = picked.where("status", "in", ["pending", "failed", "approved"]);
  else if (options.status) picked = picked.where("status", "=", options.status as "pending");
  if (options.ids) picked = picked.where("id", "in", options.ids);
  return await db
    .selectFrom(picked.as("redemptions"))
    .innerJoin("user", "user.id", "redemptions.user_id")
    .selectAll("redemptions")
    .select([
      "user.email",
      "user.createdAt as user_created_at",
      "user.banned",
      "user.banExpires",
      "user.banReason",
    ])
    .orderBy(ORDER)
    .orderBy(KEY)
    .execute();
}

type QueueRow = Awaited<ReturnType<typeof queueRows>>[number];

/**
 * Each user's positive earnings by channel since `since` (not refunds). One small aggregate per user (a lateral
 * join over the ids): each reads that user's window from the ledger's covering index alone
 * (coin_ledger_user_created_incl_idx: an index-only scan) and groups a few hundred rows in memory — where one
 * GROUP BY over all the page's users sorted their ~100 000 rows on disk (docs/benchmarks.md, `bench:scale`). The
 * window keeps the sum to what the daily limits allow in it, whatever the length of a user's history.
 */
async function earningsOf(db: Database, userIds: string[], since: Date) {
  const { rows } = await sql<{ user_id: string; kind: string; coins: number }>`
    select u.user_id, e.kind, e.coins
    from unnest(${userIds}::text[]) as u(user_id)
    cross join lateral (
      select l.kind, sum(l.amount)::int as coins from coin_ledger l
      where l.user_id = u.user_id and l.created_at >= ${since} and l.amount > 0 and l.kind <> 'redemption_refund'
      group by l.kind
    ) e
    order by e.kind`.execute(db);
  return rows.map((r) => ({ ...r, coins: Number(r.coins) }));
}

/** What the signals of the queue are read from: earnings by channel, recent bans, shared addresses, held pairs. */
async function evidenceOf(db: Database, rows: QueueRow[], userIds: string[], now: Date) {
  const [earnings, bans, shared, heldReferrals] = await Promise.all([
    earningsOf(db, userIds, new Date(now.getTime() - EARNINGS_DAYS * DAY_MS)),
    db
      .selectFrom("audit_log")
      .select(["target_id", "action"])
      .where("target_type", "=", "user")
      .where("target_id", "in", userIds)
      .where("action", "in", ["user.ban", "user.unban"])
      .where("created_at", ">=", new Date(now.getTime() - RECENT_BAN_DAYS * DAY_MS))
      .execute(),
    db
      .selectFrom("redemptions as mine")
      .innerJoin("redemptions as theirs", (j) =>
        j.onRef("theirs.recipient", "=", "mine.recipient").onRef("theirs.user_id", "<>", "mine.user_id"),
      )
      .select("mine.id")
      .distinct()
      .where(
        "mine.id",
        "in",
        rows.map((r) => r.id),
      )
      .execute(),
    db
      .selectFrom("referrals")
      .select(["referrer_id", "referred_id"])
      .where("bonus_status", "=", "held")
      .where((eb) => eb.or([eb("referrer_id", "in", userIds), eb("referred_id", "in", userIds)]))
      .execute(),
  ]);
  return { earnings, bans, sharedIds: new Set(shared.map((s) => Number(s.id))), heldReferrals };
}

/**
 * The redemption queue of the console: each redemption with what helps to judge it — the user's KYC state,
 * account age, earnings by channel, and signals: a recent ban, a young account, earnings mostly from referral
 * bonuses, a payout address another account also used, referral bonus pairs held for review.
 */
export async function listRedemptionQueue(
  db: Database,
  options: QueueOptions & { rule?: DualControl; adminId?: string },
  now = new Date(),
): Promise<AdminRedemption[]> {
  const rows = await queueRows(db, options);
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  if (userIds.length === 0) return [];
  const { earnings, bans, sharedIds, heldReferrals } = await evidenceOf(db, rows, userIds, now);
  const kyc = await kycStatesOf(db, userIds);
  const fourEyes = await fourEyesOf(db, rows, options.rule, options.adminId);
  return rows.map((r) => {
    const mix = earnings
      .filter((e) => e.user_id === r.user_id)
      .map((e) => ({ kind: e.kind, coins: e.coins }));
    const earned = mix.reduce((sum, e) => sum + e.coins, 0);
    const referral = mix.find((e) => e.kind === "referral_bonus")?.coins ?? 0;
    const ageDays = Math.floor((now.getTime() - new Date(r.user_created_at).getTime()) / DAY_MS);
    const signals: string[] = r.held_reason ? [`Held for review: ${r.held_reason}`] : [];
    if (isBanned({ banned: r.banned, banExpires: r.banExpires }, now))
      signals.push(`Banned${r.banReason ? `: ${r.banReason}` : ""}`);
    else if (bans.some((b) => b.target_id === r.user_id))
      signals.push(`Banned or unbanned in the last ${RECENT_BAN_DAYS} days`);
    if (ageDays < YOUNG_ACCOUNT_DAYS) signals.push(`Account is ${ageDays} days old`);
    if (earned > 0 && referral * 2 > earned)
      signals.push("More than half of the earnings are referral bonuses");
    if (sharedIds.has(Number(r.id))) signals.push("Another account redeemed to the same address");
    signals.push(...heldReferralSignals(heldReferrals, r.user_id));
    return {
      ...toRedemption(r),
      provider: r.provider,
      user: {
        id: r.user_id,
        email: r.email,
        createdAt: new Date(r.user_created_at).toISOString(),
        accountAgeDays: ageDays,
        kycStatus: kyc.get(r.user_id) ?? "none",
        earnings: mix,
      },
      signals,
      fourEyes: fourEyes(r),
    };
  });
}

/** A page of the queue (`limit` items after the cursor `after`) and the cursor of the next, null on the last. */
export async function redemptionQueuePage(
  db: Database,
  options: QueueOptions & { rule?: DualControl; adminId?: string },
  now = new Date(),
): Promise<{ redemptions: AdminRedemption[]; nextCursor: string | null }> {
  const rows = await listRedemptionQueue(db, { ...options, limit: options.limit + 1 }, now);
  const redemptions = rows.slice(0, options.limit);
  const last = redemptions.at(-1);
  return { redemptions, nextCursor: rows.length > options.limit && last ? cursorOf(last) : null };
}

/**
 * Dual control for each redemption of the queue: the proposal waiting for a second administrator, and for a
 * pending one without it whether approving it now would become a proposal, and why (`rule`; without it, false):
 * for the asking administrator `adminId` every rule (four-eyes.ts), else the per-account threshold only.
 */
async function fourEyesOf(
  db: Database,
  rows: {
    id: number;
    user_id: string;
    cents: number;
    coins: number;
    status: string;
    held_reason: string | null;
  }[],
  rule: DualControl | undefined,
  adminId: string | undefined,
) {
  const open = await db
    .selectFrom("admin_proposals as p")
    .leftJoin("user as u", "u.id", "p.proposed_by")
    .select(["p.id", "p.redemption_id", "p.proposed_by", "u.email", "p.proposed_at"])
    .where("p.status", "=", "proposed")
    .where(
      "p.redemption_id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  const pending = rows.filter((r) => r.status === "pending");
  const pendingUsers = [...new Set(pending.map((r) => r.user_id))];
  const alone = new Map(
    rule && !adminId
      ? await Promise.all(pendingUsers.map(async (u) => [u, await approvedAlone(db, u)] as const))
      : [],
  );
  const why =
    rule && adminId ? await pendingRedemptionsWhy(db, rule, adminId, pending) : new Map<number, string[]>();
  const reasons = (r: (typeof rows)[number]): string[] => {
    if (!rule || r.status !== "pending") return [];
    if (adminId) return why.get(Number(r.id)) ?? [];
    return [
      ...(redemptionNeedsSecondAdmin(rule, r.cents, alone.get(r.user_id))
        ? [fourEyesWords.perAccount(rule)]
        : []),
      ...(r.held_reason ? [fourEyesWords.held(r.held_reason)] : []),
    ];
  };
  return (r: (typeof rows)[number]) => {
    const p = open.find((o) => Number(o.redemption_id) === Number(r.id));
    const because = reasons(r);
    return {
      needsSecondAdmin: because.length > 0,
      why: because,
      proposal: p
        ? {
            id: Number(p.id),
            proposedBy: { id: p.proposed_by, email: p.email },
            proposedAt: new Date(p.proposed_at).toISOString(),
          }
        : null,
    };
  };
}

/**
 * Referral bonus pairs of the user held for review (the friend signed up from the referrer's address), on
 * either side of the pair.
 */
function heldReferralSignals(held: { referrer_id: string; referred_id: string }[], userId: string) {
  const signals: string[] = [];
  if (held.some((h) => h.referred_id === userId))
    signals.push("Referral bonus held for review: signed up from the referrer's address");
  const asReferrer = held.filter((h) => h.referrer_id === userId).length;
  if (asReferrer > 0)
    signals.push(
      `${asReferrer} referral ${asReferrer === 1 ? "bonus" : "bonuses"} held for review: friends signed up from this account's address`,
    );
  return signals;
}

/** The overview's entry: pending redemptions and their dollars. */
export async function pendingRedemptions(db: Database): Promise<{ count: number; coins: number }> {
  const row = await db
    .selectFrom("redemptions")
    .select([
      sql<number>`count(*)::int`.as("count"),
      sql<number>`coalesce(sum(coins), 0)::bigint`.as("coins"),
    ])
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return { count: row.count, coins: Number(row.coins) };
}
