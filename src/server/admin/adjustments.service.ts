import { sql, type Transaction } from "kysely";
import type { AdjustmentResult } from "~/core/api/admin";
import type { Proposal } from "~/core/api/dual-control";
import type { AppDeps } from "../app-deps";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { DB } from "../db/schema";
import type { ProposalEffect } from "../dual-control/effects";
import { needsSecondAdmin, requireFourEyes } from "../dual-control/four-eyes";
import { createProposal, loadProposal } from "../dual-control/proposal-records";
import { AppError } from "../errors";
import { adjustmentCauseKey } from "../ledger/cause-keys";
import { adjustBalance, lockBalance } from "../ledger/ledger.service";

type Deps = Pick<AppDeps, "db" | "env" | "mailOutbox">;

export interface AdjustmentInput {
  userId: string;
  amount: number;
  reason: string;
  adjustmentId: string;
}

/** What a request to adjust coins did: applied them (or answered an earlier application), or proposed them. */
export type AdjustmentOutcome = { applied: AdjustmentResult } | { proposed: Proposal; replayed: boolean };

/**
 * +N or −N coins through the ledger's one writer (kind `adjustment`), with its audit row, in one transaction.
 * `adjustmentId` (made by the console once per intended adjustment) makes a resend harmless: the first request
 * applies it, a resend with the same user, amount and reason gets the first result back, marked `replayed`, and the id
 * with anything else is a 409. Requests with one id are serialised by a transaction lock on the id.
 *
 * No self-service: an administrator never adjusts their own coins (403 SELF_ACTION). Dual control
 * (dual-control/four-eyes.ts): an adjustment that takes what this administrator adjusted alone for this account
 * in 24 hours past DUAL_CONTROL_COINS is not applied but proposed, and is applied when a different administrator
 * approves it.
 */
export async function adjustCoins(
  deps: Deps,
  actor: Actor,
  input: AdjustmentInput,
): Promise<AdjustmentOutcome> {
  if (input.userId === actor.adminId)
    throw new AppError("SELF_ACTION", "You cannot adjust your own coins: another administrator must do it.");
  return deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`adjustment:${input.adjustmentId}`}, 0))`.execute(
      trx,
    );
    const earlier = await trx
      .selectFrom("audit_log")
      .select(["id", "target_id", "after", "reason"])
      .where("action", "=", "coins.adjust")
      .where(sql<string>`after->>'adjustmentId'`, "=", input.adjustmentId)
      .executeTakeFirst();
    if (earlier) return { applied: replayOf(earlier, input) };
    const proposal = await trx
      .selectFrom("admin_proposals")
      .select(["id", "user_id", "amount", "reason"])
      .where("adjustment_id", "=", input.adjustmentId)
      .executeTakeFirst();
    if (proposal) {
      if (!sameAdjustment(proposal, input))
        throw new AppError("CONFLICT", "This adjustment id was already used for a different adjustment.");
      return { proposed: await loadProposal(trx, Number(proposal.id)), replayed: true };
    }
    const balance = await balanceOf(trx, input.userId);
    if (
      await needsSecondAdmin(trx, deps.env.dualControl, actor.adminId, { kind: "coins.adjust", ...input })
    ) {
      // A proposal that would take the balance below 0 as it stands is refused now (and again when applied).
      if (balance + input.amount < 0) throw new AppError("ADJUSTMENT_BELOW_ZERO");
      const created = await createProposal(trx, deps, actor, {
        kind: "coins.adjust",
        userId: input.userId,
        amount: input.amount,
        adjustmentId: input.adjustmentId,
        redemptionId: null,
        role: null,
        reason: input.reason,
      });
      return { proposed: created, replayed: false };
    }
    return { applied: await applyAdjustment(trx, deps, actor, input) };
  });
}

/** The user's balance (404 when there is no such user). */
async function balanceOf(trx: Transaction<DB>, userId: string): Promise<number> {
  const row = await trx
    .selectFrom("user_profiles")
    .select("points")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such user.");
  return row.points;
}

/**
 * The adjustment itself, inside `trx`: the ledger row and its `coins.adjust` audit row. Four eyes first
 * (dual-control/four-eyes.ts): past the rule it is refused (403 FOUR_EYES_REQUIRED) unless `proposalId` names the
 * proposal of this adjustment that `actor` has just approved; the audit row then records who proposed it.
 */
export async function applyAdjustment(
  trx: Transaction<DB>,
  deps: Pick<AppDeps, "env">,
  actor: Actor,
  input: AdjustmentInput,
  proposalId?: number,
): Promise<AdjustmentResult> {
  const movement = { kind: "coins.adjust" as const, ...input };
  const approved = await requireFourEyes(trx, deps.env.dualControl, actor.adminId, movement, proposalId);
  const before = await lockBalance(trx, input.userId);
  if (before === null) throw new AppError("NOT_FOUND", "No such user.");
  const { entryId, balance } = await adjustBalance(trx, {
    userId: input.userId,
    amount: input.amount,
    reason: input.reason,
    causeKey: adjustmentCauseKey(input.userId, input.adjustmentId),
  });
  const auditId = await recordAudit(trx, {
    actorId: actor.adminId,
    action: "coins.adjust",
    targetType: "user",
    targetId: input.userId,
    before: { balance: before },
    after: {
      balance,
      amount: input.amount,
      ledgerEntryId: entryId,
      adjustmentId: input.adjustmentId,
      ...(approved ?? {}),
    },
    reason: input.reason,
    requestId: actor.requestId,
  });
  return { entryId, amount: input.amount, balance, auditId, replayed: false };
}

const sameAdjustment = (
  earlier: { user_id: string; amount: number; reason: string | null },
  input: { userId: string; amount: number; reason: string },
) => earlier.user_id === input.userId && earlier.amount === input.amount && earlier.reason === input.reason;

/** The first answer of an adjustment id, read back from its audit row; 409 when the id meant another change. */
function replayOf(
  earlier: { id: number | string; target_id: string; after: unknown; reason: string | null },
  input: { userId: string; amount: number; reason: string },
): AdjustmentResult {
  const after = earlier.after as { balance: number; amount: number; ledgerEntryId: number };
  if (!sameAdjustment({ user_id: earlier.target_id, amount: after.amount, reason: earlier.reason }, input))
    throw new AppError("CONFLICT", "This adjustment id was already used for a different adjustment.");
  return {
    entryId: Number(after.ledgerEntryId),
    amount: after.amount,
    balance: after.balance,
    auditId: Number(earlier.id),
    replayed: true,
  };
}

/** The effect of an approved `coins.adjust` proposal: the adjustment, through the ledger's one writer. */
export const adjustmentEffect: ProposalEffect<Deps> = async (trx, deps, actor, p) => {
  const input = {
    userId: p.user_id,
    amount: p.amount,
    reason: p.reason ?? "",
    adjustmentId: p.adjustment_id ?? "",
  };
  return { balance: (await applyAdjustment(trx, deps, actor, input, Number(p.id))).balance };
};
