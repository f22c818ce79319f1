import type { Proposal } from "~/core/api/dual-control";
import type { Redemption } from "~/core/api/redemptions";
import type { AppDeps } from "../app-deps";
import type { Actor } from "../audit/audit.service";
import type { Database } from "../db/client";
import type { ProposalEffect } from "../dual-control/effects";
import { needsSecondAdmin } from "../dual-control/four-eyes";
import { createProposal, loadProposal } from "../dual-control/proposal-records";
import { approveProposal } from "../dual-control/proposals.service";
import { AppError } from "../errors";
import { withRetryableTransaction } from "../ledger/transaction";
import { approveRedemptionIn } from "./redemption-transitions";
import { toRedemption } from "./redemptions.service";

/**
 * What an administrator's 'Approve' on a redemption does (docs/product.md, "Dual control"): applied at once when
 * one administrator alone may do it, else a proposal — or, when a different administrator already proposed the
 * very same change, the second approval that applies it. The decision is four-eyes.ts's; the effect (below,
 * handed to dual control at composition) checks it again itself.
 */
type Deps = AppDeps;
/** What the effect uses. */
type EffectDeps = Pick<AppDeps, "db" | "env" | "mailOutbox" | "payoutProvider">;
type Step = { approve: number } | { proposal: Proposal } | { redemption: Redemption };

export async function requestRedemptionApproval(
  deps: Deps,
  actor: Actor,
  id: number,
): Promise<{ redemption: Redemption } | { proposal: Proposal }> {
  const outcome = await withRetryableTransaction(deps.db, async (trx): Promise<Step> => {
    // The redemption's lock makes concurrent first approvals one proposal.
    const row = await trx
      .selectFrom("redemptions")
      .select(["user_id", "status", "coins", "cents", "held_reason"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "No such redemption.");
    if (row.user_id === actor.adminId)
      throw new AppError(
        "SELF_ACTION",
        "You cannot decide your own redemption: another administrator must do it.",
      );
    if (row.status !== "pending") return { redemption: await approveRedemptionIn(trx, deps, actor, id) };
    const open = await trx
      .selectFrom("admin_proposals")
      .select(["id", "proposed_by"])
      .where("redemption_id", "=", id)
      .where("status", "=", "proposed")
      .executeTakeFirst();
    if (open && open.proposed_by !== actor.adminId) return { approve: Number(open.id) };
    if (open) return { proposal: await loadProposal(trx, Number(open.id)) };
    const movement = {
      kind: "redemption.approve" as const,
      userId: row.user_id,
      redemptionId: id,
      heldReason: row.held_reason,
      ...row,
    };
    if (!(await needsSecondAdmin(trx, deps.env.dualControl, actor.adminId, movement)))
      return { redemption: await approveRedemptionIn(trx, deps, actor, id) };
    const proposal = await createProposal(trx, deps, actor, {
      kind: "redemption.approve",
      userId: row.user_id,
      amount: row.coins,
      adjustmentId: null,
      redemptionId: id,
      role: null,
      reason: null,
    });
    return { proposal };
  });
  if ("approve" in outcome) {
    await approveProposal(deps, actor, outcome.approve);
    return { redemption: await loadRedemption(deps.db, id) };
  }
  return outcome;
}

async function loadRedemption(db: Database, id: number): Promise<Redemption> {
  const row = await db.selectFrom("redemptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return toRedemption(row);
}

/** The effect of an approved `redemption.approve` proposal: the redemption's approval. */
export const redemptionApprovalEffect: ProposalEffect<EffectDeps> = async (trx, deps, actor, p) => ({
  redemptionStatus: (await approveRedemptionIn(trx, deps, actor, Number(p.redemption_id ?? 0), Number(p.id)))
    .status,
});
