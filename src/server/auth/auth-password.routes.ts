import type { Context } from "hono";
import { z } from "zod";
import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  requestPasswordResetBodySchema,
  requestPasswordResetResponseSchema,
  resetPasswordBodySchema,
  sendVerificationEmailBodySchema,
  statusResponseSchema,
  verifyPasswordBodySchema,
} from "~/core/api/auth";
import type { AppDeps } from "../app-deps";
import { responds } from "../http/route-docs";
import { type AppBindings, createRouter } from "../http/router";
import { forwardToAuth, readJsonObject } from "./auth-request";
import { type AuthRouteKit, refuseCommonPassword } from "./auth-route-kit";
import { markContested } from "./confirmation";
import { mailPasswordChanged } from "./security-mails";

/** The account whose password a reset token would set (better-auth's verification row), if any. */
async function resetTokenOwner({ db }: Pick<AppDeps, "db">, token: string) {
  if (token.length > 512) return undefined;
  return await db
    .selectFrom("verification as v")
    .innerJoin("user as u", "u.id", "v.value")
    .select(["u.id", "u.email"])
    .where("v.identifier", "=", `reset-password:${token}`)
    .executeTakeFirst();
}

/** POST /change-password: ends the user's other sessions and mails the owner (docs/product.md "Security mails"). */
function changePassword(deps: AppDeps, kit: AuthRouteKit) {
  return async (c: Context<AppBindings>) => {
    const body = await readJsonObject(c);
    refuseCommonPassword(body.newPassword);
    // A changed password ends every other session of the user, whatever the client asked for.
    const res = await forwardToAuth(c, deps, { ...body, revokeOtherSessions: true });
    const changed = changePasswordResponseSchema.safeParse(res.ok ? await res.clone().json() : null);
    if (changed.success) {
      const { user, token } = changed.data;
      await mailPasswordChanged(deps, user, {
        how: "changed",
        changeKey: token ?? `${user.id}:${Date.now()}`,
        from: kit.from(c),
      });
    }
    return res;
  };
}

/** The mailed links (confirmation, password reset) and the password checks (mounted by auth.routes.ts). */
export const createPasswordRoutes = (deps: AppDeps, kit: AuthRouteKit) =>
  createRouter()
    .post(
      "/send-verification-email",
      responds(
        { 200: statusResponseSchema },
        {
          summary: "Send a new confirmation link",
          description:
            "Answers the same for unknown or already confirmed addresses. The confirmation of an account after " +
            "such a request leads its browser to choose the password (docs/product.md).",
          body: sendVerificationEmailBodySchema,
        },
      ),
      kit.limitMail,
      async (c, next) => {
        const { email } = await readJsonObject(c);
        if (typeof email === "string" && email.length <= 320) await markContested(deps.db, email);
        await next();
      },
      kit.forwardTrimmed,
    )
    .post(
      "/request-password-reset",
      responds(
        { 200: requestPasswordResetResponseSchema },
        {
          summary: "Mail a password-reset link",
          description: "Answers the same for unknown addresses.",
          body: requestPasswordResetBodySchema,
        },
      ),
      kit.limitMail,
      kit.forwardTrimmed,
    )
    .post(
      "/reset-password",
      responds(
        { 200: statusResponseSchema },
        {
          summary: "Set a new password with the token of a reset mail",
          description:
            "Every session of the user is revoked. A used, expired or unknown token → 400 INVALID_TOKEN.",
          body: resetPasswordBodySchema,
          query: z.object({ token: z.string().optional() }),
          errors: ["INVALID_TEXT", "PASSWORD_TOO_COMMON"],
        },
      ),
      kit.limitReset,
      async (c) => {
        const body = await readJsonObject(c);
        refuseCommonPassword(body.newPassword);
        const token = c.req.query("token") ?? (typeof body.token === "string" ? body.token : "");
        // Whose password the token resets: read before better-auth spends it.
        const user = token ? await resetTokenOwner(deps, token) : undefined;
        const res = await forwardToAuth(c, deps);
        if (res.ok && user)
          await mailPasswordChanged(deps, user, { how: "reset", changeKey: token, from: kit.from(c) });
        return res;
      },
    )
    .post(
      "/verify-password",
      responds(
        { 200: statusResponseSchema },
        {
          summary: "Check the signed-in user's password",
          description: "Limited like sign-in, per client IP and per user.",
          body: verifyPasswordBodySchema,
          session: "user",
          errors: ["INVALID_PASSWORD"],
        },
      ),
      kit.signedIn,
      kit.limitPasswordCheck,
      kit.forward,
    )
    .post(
      "/change-password",
      responds(
        { 200: changePasswordResponseSchema },
        {
          summary: "Change the signed-in user's password",
          description: "Ends every other session of the user, whatever the client asks for.",
          body: changePasswordBodySchema,
          session: "user",
          errors: ["INVALID_PASSWORD", "PASSWORD_TOO_COMMON"],
        },
      ),
      kit.signedIn,
      kit.limitPasswordCheck,
      changePassword(deps, kit),
    );
