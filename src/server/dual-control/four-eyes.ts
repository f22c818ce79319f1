import { sql, type Transaction } from "kysely";
import type { Role } from "~/core/admin";
import { coinsToCents } from "~/core/coins";
import {
  DUAL_CONTROL_WINDOW_HOURS,
  type DualControl,
  fourEyesReasons,
  fourEyesWords,
} from "~/core/dual-control";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { handOn, movedAloneTodayCents } from "./hands";

/**
 * The one place that decides four eyes (docs/product.md, "Dual control"; docs/decisions/063). Every effect that
 * moves coins, money or power — an adjustment (admin/adjustments.service.ts), a redemption's approval
 * (redemptions/redemption-transitions.ts) and a role change (admin/roles.service.ts) — calls requireFourEyes
 * inside its own transaction, before it writes anything: what needs a second administrator is refused unless
 * the effect carries out a proposal that a different administrator has just approved. So a caller that skips
 * the routes still cannot move money alone.
 */

/** One movement of coins, money or power, as the rule weighs it. */
export type Movement =
  | { kind: "coins.adjust"; userId: string; amount: number; adjustmentId: string }
  | {
      kind: "redemption.approve";
      userId: string;
      redemptionId: number;
      cents: number;
      coins: number;
      /** Why it is held for review (redemptions/redemption-holds.service.ts): then a second administrator. */
      heldReason: string | null;
    }
  | { kind: "role.change"; userId: string; role: Role }
  | { kind: "kyc.approve"; userId: string; submissionId: string; reusedDocument: boolean };

/** The proposal an effect carries out: recorded in its audit row beside the approving administrator. */
export interface Approval {
  proposalId: number;
  proposedBy: string;
}

const windowStart = sql<Date>`now() - ${sql.raw(`interval '${DUAL_CONTROL_WINDOW_HOURS} hours'`)}`;

/**
 * Serialises the four-eyes decisions about one account until the transaction ends, so two concurrent small
 * actions cannot both count the same 24 hours and slip under the threshold together. A transaction-scoped
 * advisory lock: no row is locked, so it adds no lock order against the ledger or the redemption rows.
 */
export async function lockAccount(trx: Transaction<DB>, userId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`four-eyes:${userId}`}, 0))`.execute(trx);
}

/** Coins (sizes added, either way) that `adminId` adjusted alone for `userId` in the last 24 hours. */
export async function movedAlone(db: Database, adminId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom("audit_log")
    .select(sql<string>`coalesce(sum(abs((after->>'amount')::bigint)), 0)`.as("coins"))
    .where("action", "=", "coins.adjust")
    .where("target_type", "=", "user")
    .where("target_id", "=", userId)
    .where("actor_id", "=", adminId)
    .where("created_at", ">", windowStart)
    .where(sql<string>`after->>'proposalId'`, "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.coins);
}

/** Cents of `userId`'s redemptions approved by one administrator alone (no proposal) in the last 24 hours. */
export async function approvedAlone(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("redemptions as r")
    .select(sql<string>`coalesce(sum(r.cents), 0)`.as("cents"))
    .where("r.user_id", "=", userId)
    .where("r.status", "in", ["approved", "paid", "failed"])
    .where("r.decided_at", ">", windowStart)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("admin_proposals as p")
            .select(sql`1`.as("one"))
            .whereRef("p.redemption_id", "=", "r.id")
            .where("p.status", "=", "approved"),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** Serialises the four-eyes decisions of one administrator, so their daily total cannot be passed in parallel. */
async function lockAdmin(trx: Transaction<DB>, adminId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`four-eyes-admin:${adminId}`}, 0))`.execute(trx);
}

/** The cents a movement adds to its administrator's daily total: credits and payouts, not debits. */
const dailyCents = (m: Movement) =>
  m.kind === "coins.adjust"
    ? coinsToCents(Math.max(m.amount, 0))
    : m.kind === "redemption.approve"
      ? m.cents
      : 0;

/**
 * Why `movement` by `adminId` needs a second administrator now, in the console's words (empty: one administrator
 * alone may do it): the per-account thresholds, the administrator's daily total across all accounts, the hand that
 * credited the account (or approved its KYC), and a KYC of a document number another account had approved.
 */
export async function fourEyesWhy(db: Database, rule: DualControl | null, adminId: string, m: Movement) {
  if (m.kind === "role.change")
    return ["Every change of the administrator role needs a second administrator."];
  if (rule === null) return ["This needs a second administrator."];
  const cents = dailyCents(m);
  const perAccountSoFar =
    m.kind === "coins.adjust"
      ? await movedAlone(db, adminId, m.userId)
      : m.kind === "redemption.approve"
        ? await approvedAlone(db, m.userId)
        : 0;
  const movedTodayCents = cents > 0 && rule.dailyDollars > 0 ? await movedAloneTodayCents(db, adminId) : 0;
  const hand =
    m.kind === "coins.adjust"
      ? { credited: null, approvedKyc: null }
      : await handOn(db, adminId, m.userId, rule.creditWindowDays);
  return fourEyesReasons(rule, {
    kind: m.kind,
    coins: m.kind === "coins.adjust" ? m.amount : m.kind === "redemption.approve" ? m.coins : 0,
    cents,
    perAccountSoFar,
    movedTodayCents,
    ...hand,
    reusedDocument: m.kind === "kyc.approve" && m.reusedDocument,
    heldReason: m.kind === "redemption.approve" ? m.heldReason : null,
  });
}

/**
 * Why approving each of `pending` (the redemption queue's pending rows) would need a second administrator if
 * `adminId` approved it now: the facts read once per administrator and once per account, not per row.
 */
export async function pendingRedemptionsWhy(
  db: Database,
  rule: DualControl,
  adminId: string,
  pending: readonly {
    id: number;
    user_id: string;
    cents: number;
    coins: number;
    held_reason: string | null;
  }[],
): Promise<Map<number, string[]>> {
  const movedTodayCents =
    rule.dailyDollars > 0 && pending.length ? await movedAloneTodayCents(db, adminId) : 0;
  const facts = new Map<string, { perAccountSoFar: number; hand: Awaited<ReturnType<typeof handOn>> }>();
  for (const userId of new Set(pending.map((r) => r.user_id)))
    facts.set(userId, {
      perAccountSoFar: await approvedAlone(db, userId),
      hand: await handOn(db, adminId, userId, rule.creditWindowDays),
    });
  const why = new Map<number, string[]>();
  for (const r of pending) {
    const f = facts.get(r.user_id);
    if (!f) continue;
    why.set(
      Number(r.id),
      fourEyesReasons(rule, {
        kind: "redemption.approve",
        coins: r.coins,
        cents: r.cents,
        perAccountSoFar: f.perAccountSoFar,
        movedTodayCents,
        ...f.hand,
        reusedDocument: false,
        heldReason: r.held_reason,
      }),
    );
  }
  return why;
}

/**
 * Whether `movement` by `adminId` needs a second administrator now. Takes the account's lock first, then the
 * administrator's (held to the end of the transaction, always in that order), so the answer stays true until the
 * movement is written or refused.
 */
export async function needsSecondAdmin(
  trx: Transaction<DB>,
  rule: DualControl | null,
  adminId: string,
  m: Movement,
): Promise<boolean> {
  await lockAccount(trx, m.userId);
  if (rule !== null && rule.dailyDollars > 0 && dailyCents(m) > 0) await lockAdmin(trx, adminId);
  return (await fourEyesWhy(trx, rule, adminId, m)).length > 0;
}

/**
 * The second administrator of a payout or a KYC approval is not a hand on the account: whoever credited it (or,
 * for a payout, approved its KYC) within the credit window is refused (403 CREDITING_HAND), saying when.
 */
export async function refuseCreditingHand(
  db: Database,
  rule: DualControl | null,
  adminId: string,
  m: Movement,
) {
  if (rule === null || (m.kind !== "redemption.approve" && m.kind !== "kyc.approve")) return;
  const hand = await handOn(db, adminId, m.userId, rule.creditWindowDays);
  if (hand.credited) throw new AppError("CREDITING_HAND", fourEyesWords.credited(hand.credited));
  if (m.kind === "redemption.approve" && hand.approvedKyc)
    throw new AppError("CREDITING_HAND", fourEyesWords.approvedKyc(hand.approvedKyc));
}

/**
 * The gate every effect calls first, inside its transaction. No self-service (403 SELF_ACTION). With
 * `proposalId`, the effect carries out that proposal: it must be approved, in this very shape, by `adminId`, who
 * did not propose it; else 403 FOUR_EYES_REQUIRED. Without one, what needs a second administrator is refused
 * (403 FOUR_EYES_REQUIRED) and null answers that one administrator alone may do it. `rule` holds the thresholds
 * of coins and money (null: none apply, so everything needs a second administrator, as every role change does).
 */
export async function requireFourEyes(
  trx: Transaction<DB>,
  rule: DualControl | null,
  adminId: string,
  m: Movement,
  proposalId?: number,
): Promise<Approval | null> {
  if (m.userId === adminId)
    throw new AppError(
      "SELF_ACTION",
      "This moves your own coins, money or role: another administrator must do it.",
    );
  if (proposalId === undefined) {
    if (await needsSecondAdmin(trx, rule, adminId, m)) throw new AppError("FOUR_EYES_REQUIRED");
    return null;
  }
  let q = trx
    .selectFrom("admin_proposals")
    .select(["id", "proposed_by"])
    .where("id", "=", proposalId)
    .where("status", "=", "approved")
    .where("decided_by", "=", adminId)
    .where("proposed_by", "<>", adminId)
    .where("kind", "=", m.kind)
    .where("user_id", "=", m.userId);
  if (m.kind === "coins.adjust")
    q = q.where("amount", "=", m.amount).where("adjustment_id", "=", m.adjustmentId);
  else if (m.kind === "redemption.approve") q = q.where("redemption_id", "=", m.redemptionId);
  else if (m.kind === "kyc.approve") q = q.where("kyc_submission_id", "=", m.submissionId);
  else q = q.where("role", "=", m.role);
  const approved = await q.executeTakeFirst();
  if (!approved) throw new AppError("FOUR_EYES_REQUIRED");
  await refuseCreditingHand(trx, rule, adminId, m);
  return { proposalId: Number(approved.id), proposedBy: approved.proposed_by };
}

/**
 * An administrator approves only proposals made after they became one (user_profiles.admin_since), so an
 * account granted the role for the purpose — or re-created with the same address — cannot approve what was
 * waiting before (403 APPROVER_TOO_NEW).
 */
export async function refuseNewerApprover(trx: Transaction<DB>, adminId: string, proposedAt: Date) {
  const row = await trx
    .selectFrom("user_profiles")
    .select("admin_since")
    .where("id", "=", adminId)
    .executeTakeFirst();
  const since = row?.admin_since ? new Date(row.admin_since) : null;
  if (!since || since.getTime() > new Date(proposedAt).getTime()) throw new AppError("APPROVER_TOO_NEW");
}
