import {
  banInput,
  banResultSchema,
  reasonInput,
  revokeSessionsResultSchema,
  roleInput,
  roleResultSchema,
  unbanResultSchema,
  userIdParam,
} from "~/core/api/admin";
import { proposedSchema } from "~/core/api/dual-control";
import type { AppDeps } from "../app-deps";
import { actingAdmin, requireFreshSession } from "../auth/require-admin";
import type { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params } from "../http/validate";
import { requestRoleChange } from "./role-change.service";
import { banUser, revokeSessions, unbanUser } from "./users.service";

/**
 * /api/admin/users/:userId/…: the changes to one user's access (ban, sessions, role; coins: admin-adjustments.routes.ts). Mounted by createAdminRoutes
 * behind requireAdmin; each is rate-limited per administrator (`limited`) and writes its audit row in the
 * transaction of the change; a role change also needs a session signed in within 15 minutes.
 */
export const createAdminUserActionRoutes = (deps: AppDeps, limited: ReturnType<typeof rateLimit>) =>
  createRouter()
    .post(
      "/users/:userId/ban",
      responds(
        { 200: banResultSchema },
        {
          summary: "Ban a user",
          description:
            "Ends all of the user's sessions; sign-in and earning are refused until the ban ends. Never oneself (403 SELF_ACTION), never an ADMIN_EMAILS account (403 LISTED_ADMIN: the operator's configuration).",
          errors: ["SELF_ACTION", "LISTED_ADMIN", "INVISIBLE_TEXT"],
        },
      ),
      params(userIdParam),
      limited,
      jsonBody(banInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        const { reason, expiresAt } = c.req.valid("json");
        return c.json(
          await banUser(deps, actingAdmin(c.var), {
            userId,
            reason,
            expiresAt: expiresAt ? new Date(expiresAt) : null,
          }),
        );
      },
    )
    .post(
      "/users/:userId/unban",
      responds(
        { 200: unbanResultSchema },
        {
          summary: "Lift a ban",
          description: "Never one's own (403 SELF_ACTION).",
          errors: ["CONFLICT", "SELF_ACTION"],
        },
      ),
      params(userIdParam),
      limited,
      jsonBody(reasonInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        return c.json(await unbanUser(deps.db, actingAdmin(c.var), { userId, ...c.req.valid("json") }));
      },
    )
    .post(
      "/users/:userId/revoke-sessions",
      responds({ 200: revokeSessionsResultSchema }, { summary: "Sign a user out everywhere" }),
      params(userIdParam),
      limited,
      jsonBody(reasonInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        return c.json(await revokeSessions(deps, actingAdmin(c.var), { userId, ...c.req.valid("json") }));
      },
    )
    .post(
      "/users/:userId/role",
      responds(
        { 200: roleResultSchema, 202: proposedSchema },
        {
          summary: "Propose granting or revoking the administrator role",
          description:
            "Power is money: the change is a proposal (202, mailed to the other administrators) that takes effect when a different administrator approves it at /api/admin/proposals/{id}/approve; when a different administrator already proposed this very change, this request is that approval (200, `changed: true`). A user who already has the role answers 200 with `changed: false`; another role change of the user waiting is a 409 CONFLICT. Needs a session signed in within 15 minutes; an administrator cannot change their own role (403 SELF_ACTION), and an ADMIN_EMAILS account cannot be demoted through the API (403 LISTED_ADMIN: the operator's configuration). The operator's own bootstrap stays ADMIN_EMAILS and `npm run admin` (audited).",
          errors: ["SELF_ACTION", "LISTED_ADMIN", "CONFLICT", "APPROVER_TOO_NEW"],
        },
      ),
      params(userIdParam),
      requireFreshSession(),
      limited,
      jsonBody(roleInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        const outcome = await requestRoleChange(deps, actingAdmin(c.var), { userId, ...c.req.valid("json") });
        return "proposal" in outcome ? c.json(outcome, 202) : c.json(outcome, 200);
      },
    );
