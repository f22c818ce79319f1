import {
  getSessionQuerySchema,
  sessionResponseSchema,
  signOutResponseSchema,
  verifyEmailQuerySchema,
} from "~/core/api/auth";
import type { AppDeps } from "../app-deps";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { createPasswordRoutes } from "./auth-password.routes";
import { forwardToAuth } from "./auth-request";
import { createAuthRouteKit } from "./auth-route-kit";
import { createSignInRoutes } from "./auth-sign-in.routes";

/**
 * /api/auth/*: better-auth's endpoints, with ours in front of a few of them — rate limits, the product's
 * missing-credentials message, the referral code at sign-up and the confirmation-link redirect.
 * Everything else goes straight to better-auth. Contract: docs/api/auth.md.
 */
export const createAuthRoutes = (deps: AppDeps) => {
  const { env } = deps;
  const kit = createAuthRouteKit(deps);
  return createRouter()
    .route("/", createSignInRoutes(deps, kit))
    .route("/", createPasswordRoutes(deps, kit))
    .get(
      "/get-session",
      responds(
        { 200: sessionResponseSchema },
        { summary: "The current session, or null", query: getSessionQuerySchema, session: "optional" },
      ),
      kit.forward,
    )
    .post(
      "/sign-out",
      responds({ 200: signOutResponseSchema }, { summary: "Log out (the cookie is cleared)" }),
      kit.forward,
    )
    .get(
      "/verify-email",
      responds(
        {
          302: {
            description:
              "Redirects to /auth?verified=1 or /auth?verifyError=TOKEN_EXPIRED|INVALID_TOKEN|USER_NOT_FOUND",
          },
        },
        { summary: "Follow a confirmation link", query: verifyEmailQuerySchema },
      ),
      async (c) => {
        const res = await forwardToAuth(c, deps);
        const location = res.headers.get("location");
        if (!location) return res;
        const error = new URL(location, env.appUrl).searchParams.get("error");
        const target = error ? `/auth?verifyError=${encodeURIComponent(error)}` : "/auth?verified=1";
        return c.redirect(`${env.appUrl}${target}`, 302);
      },
    );
};
