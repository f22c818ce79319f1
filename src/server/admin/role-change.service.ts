import type { Role } from "~/core/admin";
import type { RoleResult } from "~/core/api/admin";
import type { Proposal } from "~/core/api/dual-control";
import type { AppDeps } from "../app-deps";
import type { Actor } from "../audit/audit.service";
import type { ProposalEffect } from "../dual-control/effects";
import { createProposal, loadProposal } from "../dual-control/proposal-records";
import { approveProposal } from "../dual-control/proposals.service";
import { AppError } from "../errors";
import { setRole } from "./roles.service";
import { refuseListedAdmin } from "./users.service";

type Deps = AppDeps;
/** What the effect uses. */
type EffectDeps = Pick<AppDeps, "db" | "env" | "mailOutbox" | "payoutProvider">;
type RoleStep = { approve: number } | { proposal: Proposal } | RoleResult;

/**
 * Granting or revoking the administrator role through the console or API: always a proposal (power is money);
 * never one's own role (403 SELF_ACTION), never demoting an ADMIN_EMAILS account (403 LISTED_ADMIN). A user who
 * already has the role answers `changed: false`; a different role change of the user already waiting is a 409.
 */
export async function requestRoleChange(
  deps: Deps,
  actor: Actor,
  input: { userId: string; role: Role; reason: string },
): Promise<RoleResult | { proposal: Proposal }> {
  if (input.userId === actor.adminId) throw new AppError("SELF_ACTION", "You cannot change your own role.");
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
    if (open && open.proposed_by !== actor.adminId) return { approve: Number(open.id) };
    if (open) return { proposal: await loadProposal(trx, Number(open.id)) };
    const proposal = await createProposal(trx, deps, actor, {
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
    await approveProposal(deps, actor, outcome.approve);
    return { role: input.role, changed: true };
  }
  return outcome;
}

/** The effect of an approved `role.change` proposal: the role change. */
export const roleChangeEffect: ProposalEffect<EffectDeps> = async (trx, _deps, actor, p) => {
  const role = p.role ?? "user";
  await setRole(trx, {
    userId: p.user_id,
    role,
    actorId: actor.adminId,
    reason: p.reason ?? "",
    requestId: actor.requestId,
    proposalId: Number(p.id),
  });
  return { role };
};
