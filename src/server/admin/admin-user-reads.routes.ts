import {
  adminLedgerPageSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  ledgerPageQuery,
  userIdParam,
  userSearchQuery,
} from "~/core/api/admin";
import { dualControlStateSchema } from "~/core/api/dual-control";
import type { AppDeps } from "../app-deps";
import { actingAdmin } from "../auth/require-admin";
import { dualControlState } from "../dual-control/proposals.service";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { params, query } from "../http/validate";
import { listEntries } from "../ledger/ledger-history";
import { getUserDetail } from "./users.service";
import { searchUsers } from "./users-list";

/**
 * /api/admin/users…: finding a user and reading their profile, coin history and dual-control state. Mounted by
 * createAdminRoutes behind requireAdmin.
 */
export const createAdminUserReadRoutes = (deps: AppDeps) =>
  createRouter()
    .get(
      "/users",
      responds(
        { 200: adminUserListSchema },
        {
          summary: "Find users",
          description:
            "By exact id, else by part of the e-mail address (any case); newest first, 20 a page, paged by the cursors of the answer (after: older, before: newer).",
        },
      ),
      query(userSearchQuery),
      async (c) => c.json(await searchUsers(deps.db, c.req.valid("query"))),
    )
    .get(
      "/users/:userId",
      responds(
        { 200: adminUserDetailSchema },
        {
          summary: "A user's profile",
          description:
            "Balance, ban state, referral code, referrer and referrals, sign-up address and live sessions.",
        },
      ),
      params(userIdParam),
      async (c) => c.json(await getUserDetail(deps.db, c.req.valid("param").userId, deps.env.adminEmails)),
    )
    .get(
      "/users/:userId/ledger",
      responds({ 200: adminLedgerPageSchema }, { summary: "A user's coin history, newest first" }),
      params(userIdParam),
      query(ledgerPageQuery),
      async (c) => {
        const { userId } = c.req.valid("param");
        await getUserDetail(deps.db, userId);
        return c.json(await listEntries(deps.db, userId, c.req.valid("query")));
      },
    )
    .get(
      "/users/:userId/dual-control",
      responds(
        { 200: dualControlStateSchema },
        {
          summary: "Dual control for this user, as the asking administrator stands",
          description:
            "The thresholds, the coins the asking administrator adjusted alone for this user in the last 24 hours (with the rule of src/core/dual-control.ts the console says before a confirmation whether an adjustment becomes a proposal), when the asking administrator became one, and the user's proposals waiting for a second administrator.",
        },
      ),
      params(userIdParam),
      async (c) => c.json(await dualControlState(deps, actingAdmin(c.var), c.req.valid("param").userId)),
    );
