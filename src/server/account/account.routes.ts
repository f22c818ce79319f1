import { deleteCookie } from "hono/cookie";
import { accountDeletedSchema, deleteAccountSchema } from "~/core/api/account";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody } from "../http/validate";
import { createAccountDownloadRoutes } from "./account-downloads.routes";
import { createAccountKycRoutes } from "./account-kyc.routes";
import { createAccountRouteKit } from "./account-route-kit";
import { createAccountSessionRoutes } from "./account-sessions.routes";
import { deleteAccount } from "./delete-account.service";

/**
 * /api/account: the signed-in user's control over their own account (docs/product.md "Your account") — the
 * sessions, the data download, the KYC document behind a fresh password check, and deletion. Every route is the
 * caller's own: an id of another user's session or submission is a 404.
 */
export const createAccountRoutes = (deps: AppDeps) => {
  const kit = createAccountRouteKit(deps);
  return createRouter()
    .use(requireUser(deps))
    .route("/", createAccountSessionRoutes(deps))
    .route("/", createAccountDownloadRoutes(deps, kit))
    .route("/", createAccountKycRoutes(deps, kit))
    .post(
      "/delete",
      responds(
        { 200: accountDeletedSchema },
        {
          summary: "Delete my account",
          description:
            "Needs the password and the typed confirmation. Pending redemptions are cancelled first; while a payout is being sent → 409. The balance is forfeited; personal data is erased at once; the ledger stays with the user anonymised. A second submit answers the first one's result.",
          errors: ["INVALID_PASSWORD", "PAYOUT_IN_FLIGHT"],
          tag: "Account",
        },
      ),
      kit.limitPasswordCheck,
      jsonBody(deleteAccountSchema),
      async (c) => {
        const result = await deleteAccount(deps, {
          userId: c.var.user!.id,
          password: c.req.valid("json").password,
          requestId: c.var.requestId ?? null,
        });
        const ctx = await deps.auth.$context;
        const cookie = ctx.authCookies.sessionToken.name;
        deleteCookie(c, cookie, { path: "/", secure: cookie.startsWith("__Secure-") });
        return c.json(result);
      },
    );
};
