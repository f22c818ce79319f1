import type { Context } from "hono";
import {
  getSessionQuerySchema,
  sessionResponseSchema,
  signOutResponseSchema,
  verifyEmailQuerySchema,
} from "~/core/api/auth";
import type { AppDeps } from "../app-deps";
import { responds } from "../http/route-docs";
import { type AppBindings, createRouter } from "../http/router";
import { DEVICE_ID_HEADER } from "./auth";
import { createPasswordRoutes } from "./auth-password.routes";
import { forwardToAuth } from "./auth-request";
import { createAuthRouteKit } from "./auth-route-kit";
import { createSignInRoutes } from "./auth-sign-in.routes";
import { ConfirmationDetour } from "./confirmation";
import { deviceOf, withDeviceCookie } from "./device";

/**
 * Hands a confirmation link to better-auth; the confirmation hook's detour when it signs no browser in (another
 * browser confirmed the address first, or the confirming browser must choose the password).
 */
async function confirm(c: Context<AppBindings>, deps: AppDeps, deviceId: string) {
  try {
    return await forwardToAuth(c, deps, undefined, { [DEVICE_ID_HEADER]: deviceId });
  } catch (error) {
    if (error instanceof ConfirmationDetour) return error;
    throw error;
  }
}

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
              "Redirects to /auth?verified=1, /update-password?token=… (the address had a second sign-up or " +
              "confirmation request before it was confirmed: its browser chooses the password) or " +
              "/auth?verifyError=TOKEN_EXPIRED|INVALID_TOKEN|USER_NOT_FOUND",
          },
        },
        {
          summary: "Follow a confirmation link",
          description:
            "The first confirmation of an address signs one browser in (sets the session cookie), however many " +
            "open the link at once; a contested account's confirmation signs none in and ends every session.",
          query: verifyEmailQuerySchema,
        },
      ),
      async (c) => {
        const device = deviceOf(c);
        const res = await confirm(c, deps, device.id);
        if (res instanceof ConfirmationDetour)
          return withDeviceCookie(c.redirect(`${env.appUrl}${res.target}`, 302), device, env);
        const location = res.headers.get("location");
        if (!location) return res;
        const error = new URL(location, env.appUrl).searchParams.get("error");
        const target = error ? `/auth?verifyError=${encodeURIComponent(error)}` : "/auth?verified=1";
        const redirect = c.redirect(`${env.appUrl}${target}`, 302);
        // A first confirmation signs the browser in (docs/product.md): better-auth's session cookie goes along.
        for (const cookie of res.headers.getSetCookie()) redirect.headers.append("set-cookie", cookie);
        return withDeviceCookie(redirect, device, env);
      },
    );
};
