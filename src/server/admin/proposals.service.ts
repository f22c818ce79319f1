import type { Proposal, ProposalApproval } from "~/core/api/dual-control";
import type { Redemption } from "~/core/api/redemptions";
import { type DualControl, redemptionNeedsSecondAdmin } from "~/core/dual-control";
import type { AppDeps } from "../app-deps";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { withRetryableTransaction } from "../ledger/transaction";
import { approveRedemption, approveRedemptionIn } from "../redemptions/redemption-transitions";
import { toRedemption } from "../redemptions/redemptions.service";
import { applyAdjustment } from "./adjustments.service";
import {
  createProposal,
  loadProposal,
  proposalRows,
  proposalTarget,
  toProposal,
  withdrawProposalIn,
} from "./proposal-records";

/**
 * Dual control (docs/decisions/056): large movements wait as proposals until a different administrator approves
 * them. Approving locks the proposal, moves it from `proposed` to `approved` and applies its effect (the
 * adjustment through the ledger's one writer, or the redemption's approval) with both audit rows, all in one
 * transaction: of any number of concurrent approvals exactly one applies it; the others find it approved (409).
 */
type Deps = Pick<AppDeps, "db" | "env" | "mailOutbox" | "payoutProvider">;

export async function listProposals(
  db: Database,
  filter: { status: Proposal["status"]; limit: number },
): Promise<Proposal[]> {
  const rows = await proposalRows(db)
    .where("p.status", "=", filter.status)
    .orderBy("p.id", filter.status === "proposed" ? "asc" : "desc")
    .limit(filter.limit)
    .execute();
  return rows.map(toProposal);
}

export async function countOpenProposals(db: Database): Promise<number> {
  const row = await db
    .selectFrom("admin_proposals")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("status", "=", "proposed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function approveProposal(deps: Deps, acting: Actor, id: number): Promise<ProposalApproval> {
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
    if (p.proposed_by === acting.adminId) throw new AppError("SECOND_ADMIN_REQUIRED");
    if (p.user_id === acting.adminId)
      throw new AppError(
        "SELF_ACTION",
        "This proposal moves your own coins or money: another administrator must approve it.",
      );
    await trx
      .updateTable("admin_proposals")
      .set({ status: "approved", decided_by: acting.adminId, decided_at: new Date() })
      .where("id", "=", id)
      .where("status", "=", "proposed")
      .execute();
    const redemptionId = p.redemption_id === null ? null : Number(p.redemption_id);
    await recordAudit(trx, {
      actorId: acting.adminId,
      action: "proposal.approve",
      ...proposalTarget({ kind: p.kind, userId: p.user_id, redemptionId }),
      before: { proposalId: id, status: "proposed", proposedBy: p.proposed_by },
      after: { proposalId: id, kind: p.kind, status: "approved", amount: p.amount },
      reason: p.reason,
      requestId: acting.requestId,
    });
    const approved = { proposalId: id, proposedBy: p.proposed_by };
    let balance: number | null = null;
    let redemptionStatus: string | null = null;
    if (p.kind === "coins.adjust") {
      const result = await applyAdjustment(
        trx,
        acting,
        { userId: p.user_id, amount: p.amount, reason: p.reason ?? "", adjustmentId: p.adjustment_id ?? "" },
        approved,
      );
      balance = result.balance;
    } else {
      const redemption = await approveRedemptionIn(trx, deps, acting, redemptionId ?? 0, approved);
      redemptionStatus = redemption.status;
    }
    return { proposal: await loadProposal(trx, id), balance, redemptionStatus };
  });
}

/** The proposer takes a proposal back, or another administrator declines it: nothing moves. */
export async function withdrawProposal(
  db: Database,
  acting: Actor,
  id: number,
  reason: string,
): Promise<Proposal> {
  return db.transaction().execute(async (trx) => {
    const p = await trx
      .selectFrom("admin_proposals")
      .select(["status", "user_id"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!p) throw new AppError("NOT_FOUND", "No such proposal.");
    if (p.user_id === acting.adminId)
      throw new AppError(
        "SELF_ACTION",
        "This proposal moves your own coins or money: another administrator must decide it.",
      );
    if (!(await withdrawProposalIn(trx, acting, id, reason)))
      throw new AppError("PROPOSAL_STATE", `This proposal was ${p.status} already.`);
    return loadProposal(trx, id);
  });
}

/**
 * An administrator's 'Approve' on a redemption: approved at once below DUAL_CONTROL_DOLLARS (or when it is off);
 * above it, a proposal — or, when another administrator already proposed it, the second approval that applies it.
 */
export async function approveOrProposeRedemption(
  deps: Deps,
  acting: Actor,
  id: number,
  rule: DualControl,
): Promise<{ redemption: Redemption } | { proposal: Proposal }> {
  const row = await deps.db
    .selectFrom("redemptions")
    .select(["user_id", "cents", "coins", "status"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such redemption.");
  if (row.user_id === acting.adminId)
    throw new AppError(
      "SELF_ACTION",
      "You cannot decide your own redemption: another administrator must do it.",
    );
  if (!redemptionNeedsSecondAdmin(rule, row.cents) || row.status !== "pending")
    return { redemption: await approveRedemption(deps, acting, id) };
  type Step = { retry: true } | { approve: number } | { proposal: Proposal };
  const outcome = await withRetryableTransaction(deps.db, async (trx): Promise<Step> => {
    // The redemption's lock makes concurrent first approvals one proposal.
    const locked = await trx
      .selectFrom("redemptions")
      .select(["status", "coins"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.status !== "pending") return { retry: true };
    const open = await trx
      .selectFrom("admin_proposals")
      .select(["id", "proposed_by"])
      .where("redemption_id", "=", id)
      .where("status", "=", "proposed")
      .executeTakeFirst();
    if (open && open.proposed_by !== acting.adminId) return { approve: Number(open.id) };
    if (open) return { proposal: await loadProposal(trx, Number(open.id)) };
    const proposal = await createProposal(trx, acting, {
      kind: "redemption.approve",
      userId: row.user_id,
      amount: locked.coins,
      adjustmentId: null,
      redemptionId: id,
      reason: null,
    });
    return { proposal };
  });
  if ("proposal" in outcome) return { proposal: outcome.proposal };
  if ("approve" in outcome) {
    await approveProposal(deps, acting, outcome.approve);
    return { redemption: await loadRedemption(deps.db, id) };
  }
  return { redemption: await approveRedemption(deps, acting, id) };
}

async function loadRedemption(db: Database, id: number): Promise<Redemption> {
  const row = await db.selectFrom("redemptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return toRedemption(row);
}
