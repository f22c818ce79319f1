import type { Role } from "~/core/admin";
import type { RoleResult } from "~/core/api/admin";
import type { Proposal } from "~/core/api/dual-control";
import type { Redemption } from "~/core/api/redemptions";
import { refuseListedAdmin } from "../admin/users.service";
import type { AppDeps } from "../app-deps";
import type { Actor } from "../audit/audit.service";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { withRetryableTransaction } from "../ledger/transaction";
import { approveRedemptionIn } from "../redemptions/redemption-transitions";
import { toRedemption } from "../redemptions/redemptions.service";
import { needsSecondAdmin } from "./four-eyes";
import { createProposal, loadProposal } from "./proposal-records";
import { approveProposal } from "./proposals.service";

/**
 * What an administrator's 'Approve' on a redemption or change of a role does (docs/product.md, "Dual control"):
 * applied at once when one administrator alone may do it, else a proposal — or, when a different administrator
 * already proposed the very same change, the second approval that applies it. The decision is four-eyes.ts's;
 * the effects check it again themselves.
 */
type Deps = Pick<AppDeps, "db" | "env" | "mailOutbox" | "payoutProvider">;
type Step = { approve: number } | { proposal: Proposal } | { redemption: Redemption };
type RoleStep = { approve: number } | { proposal: Proposal } | RoleResult;

export async function requestRedemptionApproval(
  deps: Deps,
  acting: Actor,
  id: number,
): Promise<{ redemption: Redemption } | { proposal: Proposal }> {
  const outcome = await withRetryableTransaction(deps.db, async (trx): Promise<Step> => {
    // The redemption's lock makes concurrent first approvals one proposal.
    const row = await trx
      .selectFrom("redemptions")
      .select(["user_id", "status", "coins", "cents"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "No such redemption.");
    if (row.user_id === acting.adminId)
      throw new AppError(
        "SELF_ACTION",
        "You cannot decide your own redemption: another administrator must do it.",
      );
    if (row.status !== "pending") return { redemption: await approveRedemptionIn(trx, deps, acting, id) };
    const open = await trx
      .selectFrom("admin_proposals")
      .select(["id", "proposed_by"])
      .where("redemption_id", "=", id)
      .where("status", "=", "proposed")
      .executeTakeFirst();
    if (open && open.proposed_by !== acting.adminId) return { approve: Number(open.id) };
    if (open) return { proposal: await loadProposal(trx, Number(open.id)) };
    const movement = { kind: "redemption.approve" as const, userId: row.user_id, redemptionId: id, ...row };
    if (!(await needsSecondAdmin(trx, deps.env.dualControl, acting.adminId, movement)))
      return { redemption: await approveRedemptionIn(trx, deps, acting, id) };
    const proposal = await createProposal(trx, deps, acting, {
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
    await approveProposal(deps, acting, outcome.approve);
    return { redemption: await loadRedemption(deps.db, id) };
  }
  return outcome;
}

/**
 * Granting or revoking the administrator role through the console or API: always a proposal (power is money);
 * never one's own role (403 SELF_ACTION), never demoting an ADMIN_EMAILS account (403 LISTED_ADMIN). A user who
 * already has the role answers `changed: false`; a different role change of the user already waiting is a 409.
 */
export async function requestRoleChange(
  deps: Deps,
  acting: Actor,
  input: { userId: string; role: Role; reason: string },
): Promise<RoleResult | { proposal: Proposal }> {
  if (input.userId === acting.adminId) throw new AppError("SELF_ACTION", "You cannot change your own role.");
  const outcome = await deps.db.transaction().execute(async (trx): Promise<RoleStep> => {
    const user = await trx
      .selectFrom("user")
      .select(["id", "role"])
      .where("id", "=", input.userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new AppError("NOT_FOUND", "No such user.");
    if (input.role !== "admin") await refuseListedAdmin(trx, deps.env.adminEmails, user.id, "demoted");
    if ((user.role ?? "user") === input.role) return { role: input.role, changed: false };
    const open = await trx
      .selectFrom("admin_proposals")
      .select(["id", "proposed_by", "role"])
      .where("user_id", "=", user.id)
      .where("kind", "=", "role.change")
      .where("status", "=", "proposed")
      .executeTakeFirst();
    if (open && open.role !== input.role)
      throw new AppError(
        "CONFLICT",
        "Another change of this user's role is waiting: decide that proposal first.",
      );
    if (open && open.proposed_by !== acting.adminId) return { approve: Number(open.id) };
    if (open) return { proposal: await loadProposal(trx, Number(open.id)) };
    const proposal = await createProposal(trx, deps, acting, {
      kind: "role.change",
      userId: user.id,
      amount: 0,
      adjustmentId: null,
      redemptionId: null,
      role: input.role,
      reason: input.reason,
    });
    return { proposal };
  });
  if ("approve" in outcome) {
    await approveProposal(deps, acting, outcome.approve);
    return { role: input.role, changed: true };
  }
  return outcome;
}

async function loadRedemption(db: Database, id: number): Promise<Redemption> {
  const row = await db.selectFrom("redemptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return toRedemption(row);
}
