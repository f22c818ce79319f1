import type { Proposal } from "~/core/api/dual-control";
import type { KycDecisionResult } from "~/core/api/kyc";
import type { AppDeps } from "../app-deps";
import type { Actor } from "../audit/audit.service";
import type { ProposalEffect } from "../dual-control/effects";
import { needsSecondAdmin } from "../dual-control/four-eyes";
import { createProposal, loadProposal } from "../dual-control/proposal-records";
import { approveProposal } from "../dual-control/proposals.service";
import { withRetryableTransaction } from "../ledger/transaction";
import { decideKycIn, type KycDecision, kycDecisionCase } from "./kyc-decision.service";

type Deps = AppDeps;
/** What the effect uses. */
type EffectDeps = Pick<AppDeps, "db" | "env" | "mailOutbox" | "payoutProvider">;
type KycStep = { approve: number } | { proposal: Proposal } | { kyc: KycDecisionResult };

/**
 * An administrator's 'Approve' on a KYC submission: applied at once when one administrator alone may approve it,
 * else a proposal (the administrator credited the account, or its document number is approved on another account)
 * — or, when a different administrator already proposed it, the second approval that applies it.
 */
export async function requestKycApproval(
  deps: Deps,
  actor: Actor,
  input: Pick<KycDecision, "submissionId" | "reason">,
): Promise<{ kyc: KycDecisionResult } | { proposal: Proposal }> {
  const decision: KycDecision = {
    ...input,
    actorId: actor.adminId,
    decision: "approve",
    requestId: actor.requestId,
  };
  const outcome = await withRetryableTransaction(deps.db, async (trx): Promise<KycStep> => {
    // The submission's lock (kycDecisionCase) makes concurrent first approvals one proposal.
    const found = await kycDecisionCase(trx, decision);
    const open = await trx
      .selectFrom("admin_proposals")
      .select(["id", "proposed_by"])
      .where("kyc_submission_id", "=", input.submissionId)
      .where("status", "=", "proposed")
      .executeTakeFirst();
    if (open && open.proposed_by !== actor.adminId) return { approve: Number(open.id) };
    if (open) return { proposal: await loadProposal(trx, Number(open.id)) };
    const movement = {
      kind: "kyc.approve" as const,
      userId: found.userId,
      submissionId: input.submissionId,
      reusedDocument: found.reusedDocument,
    };
    const pending = await trx
      .selectFrom("kyc_submissions")
      .select("status")
      .where("id", "=", input.submissionId)
      .executeTakeFirstOrThrow();
    if (
      pending.status !== "pending" ||
      !(await needsSecondAdmin(trx, deps.env.dualControl, actor.adminId, movement))
    )
      return { kyc: await decideKycIn(trx, deps, decision) };
    const proposal = await createProposal(trx, deps, actor, {
      kind: "kyc.approve",
      userId: found.userId,
      amount: 0,
      adjustmentId: null,
      redemptionId: null,
      kycSubmissionId: input.submissionId,
      role: null,
      reason: found.reason,
    });
    return { proposal };
  });
  if ("approve" in outcome) {
    const approved = await approveProposal(deps, actor, outcome.approve);
    return {
      kyc: { submissionId: input.submissionId, userId: approved.proposal.user.id, status: "approved" },
    };
  }
  return outcome;
}

/** The effect of an approved `kyc.approve` proposal: the submission's approval. */
export const kycApprovalEffect: ProposalEffect<EffectDeps> = async (trx, deps, actor, p) => {
  const decision = {
    submissionId: p.kyc_submission_id ?? "",
    actorId: actor.adminId,
    decision: "approve" as const,
    reason: p.reason,
    requestId: actor.requestId,
  };
  return { kycStatus: (await decideKycIn(trx, deps, decision, Number(p.id))).status };
};
