import type { Kysely, Transaction } from "kysely";
import type { Proposal } from "~/core/api/dual-control";
import { formatDollars } from "~/core/coins";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { mailProposalDecided, mailProposalWaiting, type NotifyDeps } from "./notify";

/**
 * The rows of dual control (admin_proposals, migrations 0130 and 0170): one shape for adjustments, redemption
 * approvals and role changes; made, read and withdrawn here, approved by proposals.service.ts. Every change of a
 * proposal writes its audit row, and its mail, in the same transaction.
 */

const iso = (d: Date | string) => new Date(d).toISOString();

export function proposalRows(db: Kysely<DB>) {
  return db
    .selectFrom("admin_proposals as p")
    .innerJoin("user as u", "u.id", "p.user_id")
    .leftJoin("user as proposer", "proposer.id", "p.proposed_by")
    .leftJoin("user as decider", "decider.id", "p.decided_by")
    .selectAll("p")
    .select(["u.email as user_email", "proposer.email as proposer_email", "decider.email as decider_email"]);
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
  kycSubmissionId: r.kyc_submission_id,
  role: r.role,
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

export interface NewProposal {
  kind: Proposal["kind"];
  userId: string;
  amount: number;
  adjustmentId: string | null;
  redemptionId: number | null;
  /** The KYC submission of a `kyc.approve` proposal (else absent). */
  kycSubmissionId?: string;
  role: Proposal["role"];
  reason: string | null;
}

/**
 * A new proposal, its `proposal.create` audit row and the mail to the other administrators, inside the caller's
 * transaction.
 */
export async function createProposal(
  trx: Transaction<DB>,
  deps: NotifyDeps,
  actor: Actor,
  input: NewProposal,
): Promise<Proposal> {
  const row = await trx
    .insertInto("admin_proposals")
    .values({
      kind: input.kind,
      user_id: input.userId,
      amount: input.amount,
      adjustment_id: input.adjustmentId,
      redemption_id: input.redemptionId,
      kyc_submission_id: input.kycSubmissionId ?? null,
      role: input.role,
      reason: input.reason,
      proposed_by: actor.adminId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await recordAudit(trx, {
    actorId: actor.adminId,
    action: "proposal.create",
    ...proposalTarget(input),
    after: {
      proposalId: id,
      kind: input.kind,
      status: "proposed",
      userId: input.userId,
      amount: input.amount,
      ...(input.adjustmentId ? { adjustmentId: input.adjustmentId } : {}),
      ...(input.role ? { role: input.role } : {}),
    },
    reason: input.reason,
    requestId: actor.requestId,
  });
  const proposal = await loadProposal(trx, id);
  await mailProposalWaiting(trx, deps, proposal);
  return proposal;
}

/** The audit target of a proposal: the redemption for a redemption approval, else the user. */
export const proposalTarget = (p: {
  kind: Proposal["kind"];
  userId: string;
  redemptionId: number | null;
  kycSubmissionId?: string | null | undefined;
}) => {
  if (p.kind === "redemption.approve") return { targetType: "redemption", targetId: String(p.redemptionId) };
  if (p.kind === "kyc.approve" && p.kycSubmissionId)
    return { targetType: "kyc_submission", targetId: p.kycSubmissionId };
  return { targetType: "user", targetId: p.userId };
};

/**
 * Withdraws, inside `trx`, the proposal `id` if it still waits (status `proposed`), with its `proposal.withdraw`
 * audit row (actor null: the system) and, when `deps` are given, the mail to its proposer. Returns whether it
 * moved: of two concurrent withdrawals or approvals exactly one does.
 */
export async function withdrawProposalIn(
  trx: Transaction<DB>,
  deps: NotifyDeps | null,
  actor: { adminId: string | null; requestId: string | null },
  id: number,
  reason: string,
): Promise<boolean> {
  const row = await trx
    .updateTable("admin_proposals")
    .set({ status: "withdrawn", decided_by: actor.adminId, decided_at: new Date(), decision_reason: reason })
    .where("id", "=", id)
    .where("status", "=", "proposed")
    .returning(["id", "kind", "user_id", "redemption_id", "kyc_submission_id", "amount", "proposed_by"])
    .executeTakeFirst();
  if (!row) return false;
  await recordAudit(trx, {
    actorId: actor.adminId,
    action: "proposal.withdraw",
    ...proposalTarget({
      kind: row.kind,
      userId: row.user_id,
      redemptionId: row.redemption_id === null ? null : Number(row.redemption_id),
      kycSubmissionId: row.kyc_submission_id,
    }),
    before: { proposalId: Number(row.id), status: "proposed", proposedBy: row.proposed_by },
    after: { proposalId: Number(row.id), kind: row.kind, status: "withdrawn", amount: row.amount },
    reason,
    requestId: actor.requestId,
  });
  if (deps) await mailProposalDecided(trx, deps, await loadProposal(trx, id));
  return true;
}

/**
 * When a redemption (a number) or a KYC submission (an id) is rejected, its approval proposal still waiting is
 * withdrawn with it.
 */
export async function withdrawOpenProposals(
  trx: Transaction<DB>,
  deps: NotifyDeps,
  actor: Actor,
  of: number | string,
) {
  const open = await trx
    .selectFrom("admin_proposals")
    .select("id")
    .where(typeof of === "number" ? "redemption_id" : "kyc_submission_id", "=", of)
    .where("status", "=", "proposed")
    .execute();
  const reason = typeof of === "number" ? "The redemption was rejected." : "The KYC submission was rejected.";
  for (const p of open) await withdrawProposalIn(trx, deps, actor, Number(p.id), reason);
}

/**
 * A proposal belongs to a person: when its proposer's account is deleted, banned or no longer an administrator,
 * every proposal of theirs still waiting is withdrawn in that same transaction (each with its audit row).
 * `actor` is who did it (null: the system — ADMIN_EMAILS or `npm run admin`). No mail: the proposer is the one
 * removed. Returns how many.
 */
export async function withdrawProposalsOf(
  trx: Transaction<DB>,
  proposerId: string,
  actor: { adminId: string | null; requestId: string | null },
  reason: string,
): Promise<number> {
  const open = await trx
    .selectFrom("admin_proposals")
    .select("id")
    .where("proposed_by", "=", proposerId)
    .where("status", "=", "proposed")
    .orderBy("id")
    .forUpdate()
    .execute();
  let withdrawn = 0;
  for (const p of open) if (await withdrawProposalIn(trx, null, actor, Number(p.id), reason)) withdrawn += 1;
  return withdrawn;
}
