import {
  proposalApprovalSchema,
  proposalIdParams,
  proposalListQuery,
  proposalListSchema,
  proposalSchema,
  withdrawProposalInput,
} from "~/core/api/dual-control";
import type { AppDeps } from "../app-deps";
import { actingAdmin, requireFreshSession } from "../auth/require-admin";
import { approveProposal, withdrawProposal } from "../dual-control/proposals.service";
import type { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import { proposalsPage } from "./proposals.service";

/**
 * /api/admin/proposals: dual control (docs/decisions/056 and 063). Coin adjustments and redemption approvals past
 * the cumulative thresholds, and every change of the administrator role, wait here until a different
 * administrator approves them; mounted inside the admin router (requireAdmin).
 */
export const createProposalRoutes = (deps: AppDeps, limited: ReturnType<typeof rateLimit>) =>
  createRouter()
    .get(
      "/",
      responds(
        { 200: proposalListSchema },
        {
          summary: "Dual-control proposals",
          description:
            "Waiting ones (`status=proposed`, the default) oldest first, each with its whole case (the account, its balance before and after, its latest coin movements and recent earning, its KYC status; for a redemption the method, payout address and same-person signals); decided ones newest first, without it. A page at a time by id: `after` the previous page's `nextCursor` (null on the last page).",
        },
      ),
      query(proposalListQuery),
      async (c) => c.json(await proposalsPage(deps.db, c.req.valid("query"))),
    )
    .post(
      "/:id/approve",
      responds(
        { 200: proposalApprovalSchema },
        {
          summary: "Approve a proposal: the second administrator's approval applies it",
          description:
            "Applies the adjustment (through the ledger), the redemption's approval, the KYC approval or the role change, with the audit rows and the proposer's mail, in the transaction that approves the proposal; exactly once however many approvals arrive together. The proposer cannot approve (403 SECOND_ADMIN_REQUIRED), nor can the user whose coins, money or role it moves (403 SELF_ACTION), nor an administrator who became one after the proposal was made (403 APPROVER_TOO_NEW), nor — for a redemption or a KYC approval — one who credited the account (or, for a redemption, approved its KYC) within DUAL_CONTROL_CREDIT_WINDOW_DAYS (403 CREDITING_HAND). Needs a session signed in within 15 minutes.",
          errors: [
            "NOT_FOUND",
            "PROPOSAL_STATE",
            "SECOND_ADMIN_REQUIRED",
            "SELF_ACTION",
            "APPROVER_TOO_NEW",
            "CREDITING_HAND",
            "ADJUSTMENT_BELOW_ZERO",
            "REDEMPTION_STATE",
            "KYC_ALREADY_DECIDED",
          ],
        },
      ),
      params(proposalIdParams),
      requireFreshSession(),
      limited,
      async (c) => c.json(await approveProposal(deps, actingAdmin(c.var), c.req.valid("param").id)),
    )
    .post(
      "/:id/withdraw",
      responds(
        { 200: proposalSchema },
        {
          summary: "Withdraw a proposal",
          description:
            "Its proposer takes it back, or another administrator declines it, with a reason; nothing moves.",
          errors: ["NOT_FOUND", "PROPOSAL_STATE", "SELF_ACTION"],
        },
      ),
      params(proposalIdParams),
      limited,
      jsonBody(withdrawProposalInput),
      async (c) =>
        c.json(
          await withdrawProposal(
            deps,
            actingAdmin(c.var),
            c.req.valid("param").id,
            c.req.valid("json").reason,
          ),
        ),
    );
