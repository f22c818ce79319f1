import { type Selectable, sql, type Transaction } from "kysely";
import type { RedeemEligibility, Redemption, RedemptionRequest } from "~/core/api/redemptions";
import { coinsToCents, formatDollars } from "~/core/coins";
import { payoutMethodDelivery, payoutMethodLabels, redemptionNotices } from "~/core/redemptions";
import type { AppDeps } from "../app-deps";
import type { Database } from "../db/client";
import type { DB, RedemptionTable } from "../db/schema";
import { AppError } from "../errors";
import { getBalance, lockBalance } from "../ledger/ledger.service";
import { holdForRedemption, refundRedemption } from "../ledger/redemption-coins";
import { withRetryableTransaction } from "../ledger/transaction";
import { redemptionRequestedMail } from "../mail/templates";
import { lifecycleMessages } from "../messages/lifecycle-texts";
import { addToInbox } from "../messages/messages.service";
import { countRedemption } from "../metrics/registry";
import { checklistOf, dollarsOfCents, type RedeemDeps, standingOf } from "./redeem-standing";

type Row = Selectable<RedemptionTable>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toRedemption(r: Row): Redemption {
  return {
    id: Number(r.id),
    coins: r.coins,
    dollars: formatDollars(r.coins),
    method: r.method,
    recipient: r.recipient,
    status: r.status,
    reason: r.reason,
    reference: r.provider_reference,
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: iso(r.decided_at),
    approvedAt: iso(r.approved_at),
    paidAt: iso(r.paid_at),
  };
}

/** The pre-cash-out checklist and limits, as the server will apply them to a request. */
export async function getEligibility(
  deps: RedeemDeps,
  userId: string,
  now = new Date(),
): Promise<RedeemEligibility> {
  const s = await standingOf(deps.db, userId, now);
  const checklist = checklistOf(deps, s);
  const capCents = deps.env.redeem.dailyCapDollars * 100;
  return {
    balance: s.balance,
    minCoins: deps.env.redeem.minCoins,
    minDollars: formatDollars(deps.env.redeem.minCoins),
    dailyCapDollars: dollarsOfCents(capCents),
    remainingTodayDollars: dollarsOfCents(Math.max(0, capCents - s.centsToday)),
    maxPending: deps.env.redeem.maxPending,
    pending: s.pending,
    kycRequired: deps.env.redeem.requireKyc,
    onHoldCoins: s.onHoldCoins,
    paidOutCoins: s.paidOutCoins,
    checklist,
    ready: checklist.every((i) => i.ok),
  };
}

/**
 * A redemption request: checks every rule, then writes the redemption, its `redemption` ledger row and the
 * 'request received' mail (the outbox) in one transaction. The user's profile row is locked first, so one user's requests run one at a time (limits hold
 * under concurrency); the balance can never go below 0.
 */
export async function requestRedemption(
  deps: RedeemDeps & Pick<AppDeps, "mailOutbox">,
  user: { id: string; email: string },
  input: { coins: number; method: RedemptionRequest["method"]; recipient?: string | undefined },
  now = new Date(),
): Promise<{ redemption: Redemption; balance: number }> {
  const { minCoins, requireKyc, maxPending, dailyCapDollars } = deps.env.redeem;
  if (input.coins < minCoins) {
    const notice = redemptionNotices.belowMinimum(minCoins, formatDollars(minCoins));
    throw new AppError("REDEEM_BELOW_MINIMUM", notice.description);
  }
  const cents = coinsToCents(input.coins);
  return withRetryableTransaction(deps.db, async (trx) => {
    await lockBalance(trx, user.id);
    const s = await standingOf(trx, user.id, now);
    if (!s.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED");
    if (s.banned) throw new AppError("REDEEM_NOT_ALLOWED");
    if (requireKyc && s.kyc !== "approved") throw new AppError("KYC_REQUIRED");
    if (s.balance < input.coins) throw new AppError("INSUFFICIENT_BALANCE");
    if (s.pending >= maxPending)
      throw new AppError(
        "REDEEM_PENDING_LIMIT",
        maxPending === 1
          ? undefined
          : `You already have ${s.pending} pending redemptions, the most allowed at a time.`,
      );
    const capCents = dailyCapDollars * 100;
    if (s.centsToday + cents > capCents)
      throw new AppError(
        "REDEEM_DAILY_CAP",
        `Redemptions are limited to $${dollarsOfCents(capCents)} a day; you can redeem up to $${dollarsOfCents(Math.max(0, capCents - s.centsToday))} more today.`,
      );
    const row = await trx
      .insertInto("redemptions")
      .values({
        user_id: user.id,
        coins: input.coins,
        cents,
        method: input.method,
        recipient: input.recipient ?? user.email.toLowerCase(),
        provider: null,
        provider_reference: null,
        reason: null,
        decided_by: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    countRedemption("requested", row.coins);
    const { balance } = await holdForRedemption(trx, {
      userId: user.id,
      redemptionId: Number(row.id),
      coins: input.coins,
    });
    const mail = redemptionRequestedMail(
      user.email,
      {
        id: Number(row.id),
        coins: row.coins,
        dollars: formatDollars(row.coins),
        method: payoutMethodLabels[row.method],
        delivery: payoutMethodDelivery[row.method],
        recipient: row.recipient,
      },
      `${deps.env.appUrl}/wallet`,
    );
    await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `redemption-requested:${row.id}` });
    await addToInbox(
      trx,
      lifecycleMessages.redemptionStep({
        userId: user.id,
        redemptionId: Number(row.id),
        coins: row.coins,
        step: "requested",
      }),
    );
    return { redemption: toRedemption(row), balance };
  });
}

export async function listRedemptions(db: Database, userId: string): Promise<Redemption[]> {
  const rows = await db
    .selectFrom("redemptions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows.map(toRedemption);
}

/**
 * The user takes back a pending request: pending → cancelled and the refund, in one transaction. Repeating it
 * answers the cancelled redemption again; any other state (or someone else's id) refuses.
 */
export async function cancelRedemption(
  db: Database,
  userId: string,
  id: number,
): Promise<{ redemption: Redemption; balance: number }> {
  return withRetryableTransaction(db, async (trx) => {
    const row = await trx
      .updateTable("redemptions")
      .set({ status: "cancelled", updated_at: sql`now()`, decided_at: sql`now()` })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (row) {
      countRedemption("cancelled", row.coins);
      const refund = await refundRedemption(trx, { userId, redemptionId: id, coins: row.coins });
      const balance = refund?.balance ?? (await getBalance(trx, userId));
      return { redemption: toRedemption(row), balance };
    }
    const current = await trx
      .selectFrom("redemptions")
      .selectAll()
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!current) throw new AppError("NOT_FOUND", "No such redemption.");
    if (current.status !== "cancelled")
      throw new AppError(
        "REDEMPTION_STATE",
        `This redemption is ${current.status} and can no longer be cancelled.`,
      );
    return { redemption: toRedemption(current), balance: await getBalance(trx, userId) };
  });
}

/**
 * Before an account is deleted (docs/product.md "Deleting the account"): refuses while a payout is in flight
 * (approved, or failed and waiting for a retry or a rejection: 409 PAYOUT_IN_FLIGHT), else cancels every pending
 * redemption and refunds its coins, in the deletion's transaction. Returns the cancelled ids.
 */
export async function cancelPendingForDeletion(trx: Transaction<DB>, userId: string): Promise<number[]> {
  const open = await trx
    .selectFrom("redemptions")
    .select(["id", "status", "coins"])
    .where("user_id", "=", userId)
    .where("status", "in", ["pending", "approved", "failed"])
    .forUpdate()
    .execute();
  if (open.some((r) => r.status !== "pending")) throw new AppError("PAYOUT_IN_FLIGHT");
  for (const r of open) {
    await trx
      .updateTable("redemptions")
      .set({ status: "cancelled", updated_at: sql`now()`, decided_at: sql`now()` })
      .where("id", "=", r.id)
      .execute();
    countRedemption("cancelled", r.coins);
    await refundRedemption(trx, { userId, redemptionId: r.id, coins: r.coins });
  }
  return open.map((r) => Number(r.id));
}
