import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  getSessionQuerySchema,
  requestPasswordResetBodySchema,
  requestPasswordResetResponseSchema,
  resetPasswordBodySchema,
  sendVerificationEmailBodySchema,
  sessionResponseSchema,
  signInBodySchema,
  signInResponseSchema,
  signOutResponseSchema,
  signUpBodySchema,
  signUpResponseSchema,
  statusResponseSchema,
  verifyEmailQuerySchema,
  verifyPasswordBodySchema,
} from "~/core/api/auth";
import { isCommonPassword } from "~/core/password-policy";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { clientIp } from "../http/client-ip";
import { consumeRateLimit, type RateLimitRule, rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import type { AppBindings } from "../http/router";
import { createRouter } from "../http/router";
import { forwardToAuth, readCredentials, readJsonObject } from "./auth-request";
import { deviceOf, withDeviceCookie } from "./device";
import { createSignInLock } from "./sign-in-lock";
import { runSignUp, type SignUpState } from "./sign-up-scope";
import { createTimingEqualiser } from "./timing-equaliser";

/**
 * 400 PASSWORD_TOO_COMMON for a new password among the most common ones (src/core/password-policy.ts). Only from
 * 6 characters up: shorter ones keep better-auth's "too short" answer, as the form's hint says.
 */
function refuseCommonPassword(password: unknown): void {
  if (
    typeof password === "string" &&
    password.length >= 6 &&
    password.length <= 128 &&
    isCommonPassword(password)
  )
    throw new AppError("PASSWORD_TOO_COMMON");
}

export const signUpExtras = z.object({
  referralCode: z.string().max(100).nullish(),
});

/**
 * /api/auth/*: better-auth's endpoints, with ours in front of a few of them — rate limits, the product's
 * missing-credentials message, the referral code at sign-up and the confirmation-link redirect.
 * Everything else goes straight to better-auth. Contract: docs/api/auth.md.
 */
export const createAuthRoutes = (deps: AppDeps) => {
  const { env, rateLimitStore: store } = deps;
  const signUpTiming = createTimingEqualiser();
  const signInLock = createSignInLock(deps);
  const ip = (c: Context<AppBindings>) => clientIp(c, env.trustProxy);
  const mailRules = (c: Context<AppBindings>, email: unknown): RateLimitRule[] => [
    { key: `mail:ip:${ip(c)}`, limit: env.mailRateLimit },
    ...(typeof email === "string" && email.trim()
      ? [{ key: `mail:to:${email.trim().toLowerCase()}`, limit: env.mailRateLimit }]
      : []),
  ];
  const limitMail = rateLimit(store, async (c) => mailRules(c, (await readJsonObject(c)).email));
  /**
   * Every check of a password an attacker could repeat — sign-in, verify-password, change-password — is limited
   * like sign-in: AUTH_RATE_LIMIT a minute per client IP, and for the checks of a signed-in user also per user
   * (so a stolen session cannot guess from many addresses). Reset tokens (unguessable, but still a credential)
   * get the same per-IP limit.
   */
  const limitPasswordCheck = rateLimit(store, async (c) => {
    // It runs behind `signedIn`, which has read the session's user.
    const user = c.var.user;
    if (!user) throw new Error("limitPasswordCheck must run behind signedIn");
    return [
      { key: `password-check:ip:${ip(c)}`, limit: env.authRateLimit },
      { key: `password-check:user:${user.id}`, limit: env.authRateLimit },
    ];
  });
  /**
   * 401 unless the request's session record exists in the database (auth/session-reader.ts): better-auth would
   * accept a cached copy of a session revoked while Redis was away; a revoked session checks no password.
   */
  const signedIn = createMiddleware<AppBindings>(async (c, next) => {
    const user = await deps.sessions.user(c.req.raw.headers);
    if (!user) throw new AppError("UNAUTHORIZED");
    c.set("user", user);
    await next();
  });
  const limitReset = rateLimit(store, (c) => [
    { key: `reset-password:ip:${ip(c)}`, limit: env.authRateLimit },
  ]);
  /** Mail endpoints get the address trimmed, like sign-in and sign-up. */
  const forwardTrimmed = async (c: Context<AppBindings>) => {
    const body = await readJsonObject(c);
    return forwardToAuth(
      c,
      deps,
      typeof body.email === "string" ? { ...body, email: body.email.trim() } : undefined,
    );
  };

  const forward = (c: Context<AppBindings>) => forwardToAuth(c, deps);

  return createRouter()
    .post(
      "/sign-up/email",
      responds(
        { 200: signUpResponseSchema },
        {
          summary: "Create an account and mail its confirmation link",
          description: "An address already registered answers exactly like a new one.",
          body: signUpBodySchema,
          errors: ["MISSING_CREDENTIALS", "PASSWORD_TOO_COMMON"],
        },
      ),
      rateLimit(store, (c) => [{ key: `sign-up:ip:${ip(c)}`, limit: env.authRateLimit }]),
      async (c) => {
        const startedAt = performance.now();
        const { body, email, password } = await readCredentials(c);
        refuseCommonPassword(password);
        const extras = signUpExtras.safeParse(body);
        if (!extras.success) {
          throw new AppError("VALIDATION_FAILED", undefined, [
            { path: "referralCode", message: "must be a string" },
          ]);
        }
        // Over the mail quota the account is still created, only its confirmation mail is not sent.
        const overMailQuota = (await consumeRateLimit(store, mailRules(c, email))) > 0;
        // The browser's device id (set now if it has none): stored with the new account (docs/product.md).
        const device = deviceOf(c);
        const state: SignUpState = {
          referralCode: extras.data.referralCode ?? null,
          skipMail: overMailQuota,
          ip: ip(c),
          deviceId: device.id,
          userAgent: c.req.header("user-agent"),
        };
        const res = await runSignUp(state, () => forwardToAuth(c, deps, { name: "", email, password }));
        // An existing address creates nothing and would answer sooner: it waits as long as a creation takes.
        await signUpTiming.settle(startedAt, state.outcome !== undefined);
        if (!res.ok) return withDeviceCookie(res, device, env);
        // An already-registered address creates nothing; it must answer exactly like a new one.
        const referral = state.outcome ?? (await deps.accounts.referralOutcome(state.referralCode));
        const headers = new Headers(res.headers);
        headers.delete("content-length");
        const answer = new Response(JSON.stringify({ ...(await res.json()), referral }), {
          status: res.status,
          headers,
        });
        return withDeviceCookie(answer, device, env);
      },
    )
    .post(
      "/sign-in/email",
      responds(
        { 200: signInResponseSchema },
        {
          summary: "Log in with email and password",
          description:
            "Sets the session cookie; refused until the address is confirmed. Limited per IP and per account: " +
            "past SIGN_IN_ACCOUNT_LIMIT attempts in SIGN_IN_LOCK_MINUTES, browsers that never signed in to the " +
            "account get 429 SIGN_IN_LOCKED (with Retry-After) and the owner is mailed an unlock link.",
          body: signInBodySchema,
          errors: ["MISSING_CREDENTIALS", "EMAIL_NOT_VERIFIED", "SIGN_IN_LOCKED"],
        },
      ),
      rateLimit(store, (c) => [{ key: `sign-in:ip:${ip(c)}`, limit: env.authRateLimit }]),
      async (c) => {
        const { body, email, password } = await readCredentials(c);
        const device = deviceOf(c);
        const refused = await signInLock.admit(email, device.isNew ? undefined : device.id);
        if (refused) {
          c.header("Retry-After", String(refused.retryAfter));
          throw new AppError(refused.code);
        }
        const res = await forwardToAuth(c, deps, { ...body, email, password });
        if (!res.ok) return res;
        // The right password: this browser is now one the account knows (and keeps its device id).
        const signedIn = signInResponseSchema.safeParse(await res.clone().json());
        if (signedIn.success)
          await signInLock.succeeded(email, signedIn.data.user.id, device.id, c.req.header("user-agent"));
        return withDeviceCookie(res, device, env);
      },
    )
    .get(
      "/unlock-sign-in",
      responds(
        {
          302: {
            description:
              "Redirects to /auth?unlocked=1 (the account's sign-in lock is lifted and this browser may sign in), " +
              "/auth?unlockError=USED_TOKEN (the link was followed before: it works once) " +
              "or /auth?unlockError=INVALID_TOKEN (forged, expired or unknown account)",
          },
        },
        {
          summary: "Follow the unlock link of a 'repeated sign-in attempts' mail",
          query: z.object({ token: z.string().optional() }),
        },
      ),
      // A token check like reset-password's: AUTH_RATE_LIMIT a minute per IP, counted on its own.
      rateLimit(store, (c) => [{ key: `unlock-sign-in:ip:${ip(c)}`, limit: env.authRateLimit }]),
      async (c) => {
        const device = deviceOf(c);
        const token = c.req.query("token") ?? "";
        const outcome =
          token.length <= 512
            ? await signInLock.unlock(token, device.id, c.req.header("user-agent"))
            : "INVALID_TOKEN";
        const target = outcome === "unlocked" ? "/auth?unlocked=1" : `/auth?unlockError=${outcome}`;
        return withDeviceCookie(c.redirect(`${env.appUrl}${target}`, 302), device, env);
      },
    )
    .post(
      "/send-verification-email",
      responds(
        { 200: statusResponseSchema },
        {
          summary: "Send a new confirmation link",
          description: "Answers the same for unknown or already confirmed addresses.",
          body: sendVerificationEmailBodySchema,
        },
      ),
      limitMail,
      forwardTrimmed,
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
      limitMail,
      forwardTrimmed,
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
      limitReset,
      async (c) => {
        const body = await readJsonObject(c);
        refuseCommonPassword(body.newPassword);
        return forwardToAuth(c, deps);
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
        },
      ),
      signedIn,
      limitPasswordCheck,
      forward,
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
          errors: ["PASSWORD_TOO_COMMON"],
        },
      ),
      signedIn,
      limitPasswordCheck,
      async (c) => {
        const body = await readJsonObject(c);
        refuseCommonPassword(body.newPassword);
        // A changed password ends every other session of the user, whatever the client asked for.
        return forwardToAuth(c, deps, { ...body, revokeOtherSessions: true });
      },
    )
    .get(
      "/get-session",
      responds(
        { 200: sessionResponseSchema },
        { summary: "The current session, or null", query: getSessionQuerySchema, session: "optional" },
      ),
      forward,
    )
    .post(
      "/sign-out",
      responds({ 200: signOutResponseSchema }, { summary: "Log out (the cookie is cleared)" }),
      forward,
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
