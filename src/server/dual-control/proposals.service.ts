import type { DualControlState, Proposal, ProposalApproval } from "~/core/api/dual-control";
import type { AppDeps } from "../app-deps";
import type { Actor } from "../audit/audit.service";
import { recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { withRetryableTransaction } from "../ledger/transaction";
import { applyProposalEffect } from "./effects";
import { movedAlone, refuseNewerApprover } from "./four-eyes";
import { movedAloneTodayCents } from "./hands";
import { mailProposalDecided } from "./notify";
import {
  loadProposal,
  proposalRows,
  proposalTarget,
  toProposal,
  withdrawProposalIn,
} from "./proposal-records";

/**
 * Dual control (docs/decisions/056 and 063): coins, money and power wait as proposals until a different
 * administrator approves them. Approving locks the proposal, moves it from `proposed` to `approved` and applies
 * its effect — the one its domain registered for its kind (effects.ts): the adjustment through the ledger's one
 * writer, the redemption's approval, the KYC approval, or the role change —
 * with the audit rows and the proposer's mail, all in one transaction: of any number of concurrent approvals
 * exactly one applies it; the others find it approved (409). Each effect checks again, itself, that it carries
 * out an approved proposal (four-eyes.ts).
 */
type Deps = AppDeps;

export async function countOpenProposals(db: Database): Promise<number> {
  const row = await db
    .selectFrom("admin_proposals")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("status", "=", "proposed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function approveProposal(deps: Deps, actor: Actor, id: number): Promise<ProposalApproval> {
  return withRetryableTransaction(deps.db, async (trx) => {
    const p = await trx
      .selectFrom("admin_proposals")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!p) throw new AppError("NOT_FOUND", "No such proposal.");
    if (p.status !== "proposed")
      throw new AppError("PROPOSAL_STATE", `This proposal was ${p.status} already.`);
    if (p.proposed_by === actor.adminId) throw new AppError("SECOND_ADMIN_REQUIRED");
    if (p.user_id === actor.adminId)
      throw new AppError(
        "SELF_ACTION",
        "This proposal moves your own coins, money or role: another administrator must approve it.",
      );
    await refuseNewerApprover(trx, actor.adminId, p.proposed_at);
    await trx
      .updateTable("admin_proposals")
      .set({ status: "approved", decided_by: actor.adminId, decided_at: new Date() })
      .where("id", "=", id)
      .where("status", "=", "proposed")
      .execute();
    const redemptionId = p.redemption_id === null ? null : Number(p.redemption_id);
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "proposal.approve",
      ...proposalTarget({
        kind: p.kind,
        userId: p.user_id,
        redemptionId,
        kycSubmissionId: p.kyc_submission_id,
      }),
      before: { proposalId: id, status: "proposed", proposedBy: p.proposed_by },
      after: {
        proposalId: id,
        kind: p.kind,
        status: "approved",
        amount: p.amount,
        ...(p.role ? { role: p.role } : {}),
      },
      reason: p.reason,
      requestId: actor.requestId,
    });
    const result = await applyProposalEffect(trx, deps, actor, p);
    const proposal = await loadProposal(trx, id);
    await mailProposalDecided(trx, deps, proposal);
    return { proposal, ...result };
  });
}

/** The proposer takes a proposal back, or another administrator declines it: nothing moves. */
export async function withdrawProposal(
  deps: Pick<AppDeps, "db" | "env" | "mailOutbox">,
  actor: Actor,
  id: number,
  reason: string,
): Promise<Proposal> {
  return deps.db.transaction().execute(async (trx) => {
    const p = await trx
      .selectFrom("admin_proposals")
      .select(["status", "user_id"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!p) throw new AppError("NOT_FOUND", "No such proposal.");
    if (p.user_id === actor.adminId)
      throw new AppError(
        "SELF_ACTION",
        "This proposal moves your own coins, money or role: another administrator must decide it.",
      );
    if (!(await withdrawProposalIn(trx, deps, actor, id, reason)))
      throw new AppError("PROPOSAL_STATE", `This proposal was ${p.status} already.`);
    return loadProposal(trx, id);
  });
}

/**
 * GET /api/admin/users/{userId}/dual-control: the rule, what the asking administrator adjusted alone for the user
 * in 24 hours (the console says before a confirmation whether it becomes a proposal), when they became an
 * administrator, and the user's waiting proposals.
 */
export async function dualControlState(
  deps: Pick<AppDeps, "db" | "env">,
  actor: Actor,
  userId: string,
): Promise<DualControlState> {
  const user = await deps.db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "No such user.");
  const [moved, today, me, open] = await Promise.all([
    movedAlone(deps.db, actor.adminId, userId),
    movedAloneTodayCents(deps.db, actor.adminId),
    deps.db
      .selectFrom("user_profiles")
      .select("admin_since")
      .where("id", "=", actor.adminId)
      .executeTakeFirst(),
    proposalRows(deps.db)
      .where("p.user_id", "=", userId)
      .where("p.status", "=", "proposed")
      .orderBy("p.id")
      .execute(),
  ]);
  return {
    rule: deps.env.dualControl,
    movedAlone: moved,
    movedAloneTodayCents: today,
    adminSince: me?.admin_since ? new Date(me.admin_since).toISOString() : null,
    proposals: open.map(toProposal),
  };
}
