import type { Kysely, Transaction } from "kysely";
import type { Proposal } from "~/core/api/dual-control";
import { formatDollars } from "~/core/coins";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { DB } from "../db/schema";
import { AppError } from "../errors";

/**
 * The rows of dual control (admin_proposals, migration 0130): made, read and shown here; approved or withdrawn
 * by proposals.service.ts. Every change of a proposal writes its audit row in the same transaction.
 */

const iso = (d: Date | string) => new Date(d).toISOString();

export function proposalRows(db: Kysely<DB>) {
  return db
    .selectFrom("admin_proposals as p")
    .innerJoin("user as u", "u.id", "p.user_id")
    .leftJoin("user as proposer", "proposer.id", "p.proposed_by")
    .leftJoin("user as decider", "decider.id", "p.decided_by")
    .leftJoin("redemptions as r", "r.id", "p.redemption_id")
    .selectAll("p")
    .select([
      "u.email as user_email",
      "proposer.email as proposer_email",
      "decider.email as decider_email",
      "r.cents as redemption_cents",
    ]);
}

type ProposalRow = Awaited<ReturnType<ReturnType<typeof proposalRows>["executeTakeFirstOrThrow"]>>;

export const toProposal = (r: ProposalRow): Proposal => ({
  id: Number(r.id),
  kind: r.kind,
  status: r.status,
  user: { id: r.user_id, email: r.user_email },
  amount: r.amount,
  dollars: r.kind === "redemption.approve" ? formatDollars(r.amount) : null,
  adjustmentId: r.adjustment_id,
  redemptionId: r.redemption_id === null ? null : Number(r.redemption_id),
  reason: r.reason,
  proposedBy: { id: r.proposed_by, email: r.proposer_email },
  proposedAt: iso(r.proposed_at),
  decidedBy: r.decided_by ? { id: r.decided_by, email: r.decider_email } : null,
  decidedAt: r.decided_at ? iso(r.decided_at) : null,
  decisionReason: r.decision_reason,
});

export async function loadProposal(db: Kysely<DB>, id: number): Promise<Proposal> {
  const row = await proposalRows(db).where("p.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such proposal.");
  return toProposal(row);
}

/** A new proposal and its `proposal.create` audit row, inside the caller's transaction. */
export async function createProposal(
  trx: Transaction<DB>,
  acting: Actor,
  input: {
    kind: Proposal["kind"];
    userId: string;
    amount: number;
    adjustmentId: string | null;
    redemptionId: number | null;
    reason: string | null;
  },
): Promise<Proposal> {
  const row = await trx
    .insertInto("admin_proposals")
    .values({
      kind: input.kind,
      user_id: input.userId,
      amount: input.amount,
      adjustment_id: input.adjustmentId,
      redemption_id: input.redemptionId,
      reason: input.reason,
      proposed_by: acting.adminId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await recordAudit(trx, {
    actorId: acting.adminId,
    action: "proposal.create",
    ...proposalTarget(input),
    after: {
      proposalId: id,
      kind: input.kind,
      status: "proposed",
      userId: input.userId,
      amount: input.amount,
      ...(input.adjustmentId ? { adjustmentId: input.adjustmentId } : {}),
    },
    reason: input.reason,
    requestId: acting.requestId,
  });
  return loadProposal(trx, id);
}

/** The audit target of a proposal: the user for an adjustment, the redemption for a redemption approval. */
export const proposalTarget = (p: { kind: Proposal["kind"]; userId: string; redemptionId: number | null }) =>
  p.kind === "coins.adjust"
    ? { targetType: "user", targetId: p.userId }
    : { targetType: "redemption", targetId: String(p.redemptionId) };

/**
 * Withdraws, inside `trx`, the proposal `id` if it still waits (status `proposed`), with its `proposal.withdraw`
 * audit row. Returns whether it moved: of two concurrent withdrawals or approvals exactly one does.
 */
export async function withdrawProposalIn(
  trx: Transaction<DB>,
  acting: Actor,
  id: number,
  reason: string,
): Promise<boolean> {
  const row = await trx
    .updateTable("admin_proposals")
    .set({ status: "withdrawn", decided_by: acting.adminId, decided_at: new Date(), decision_reason: reason })
    .where("id", "=", id)
    .where("status", "=", "proposed")
    .returning(["id", "kind", "user_id", "redemption_id", "amount", "proposed_by"])
    .executeTakeFirst();
  if (!row) return false;
  await recordAudit(trx, {
    actorId: acting.adminId,
    action: "proposal.withdraw",
    ...proposalTarget({
      kind: row.kind,
      userId: row.user_id,
      redemptionId: row.redemption_id === null ? null : Number(row.redemption_id),
    }),
    before: { proposalId: Number(row.id), status: "proposed", proposedBy: row.proposed_by },
    after: { proposalId: Number(row.id), kind: row.kind, status: "withdrawn", amount: row.amount },
    reason,
    requestId: acting.requestId,
  });
  return true;
}

/** When a redemption is rejected, its approval proposal still waiting is withdrawn with it. */
export async function withdrawOpenProposals(trx: Transaction<DB>, acting: Actor, redemptionId: number) {
  const open = await trx
    .selectFrom("admin_proposals")
    .select("id")
    .where("redemption_id", "=", redemptionId)
    .where("status", "=", "proposed")
    .execute();
  for (const p of open) await withdrawProposalIn(trx, acting, Number(p.id), "The redemption was rejected.");
}
