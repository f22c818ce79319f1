import type { Context } from "hono";
import { z } from "zod";
import {
  authSignInSchema,
  signInBodySchema,
  signInResponseSchema,
  signUpBodySchema,
  signUpResponseSchema,
} from "~/core/api/auth";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { consumeRateLimit, rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import type { AppBindings } from "../http/router";
import { createRouter } from "../http/router";
import { forwardToAuth, readCredentials } from "./auth-request";
import { type AuthRouteKit, refuseCommonPassword } from "./auth-route-kit";
import { markContested } from "./confirmation";
import { deviceOf, withDeviceCookie } from "./device";
import { rememberSignIn } from "./security-mails";
import { createSignInLock } from "./sign-in-lock";
import { runSignUp, type SignUpState } from "./sign-up-scope";
import { createTimingEqualiser } from "./timing-equaliser";

/** better-auth's sign-up answer, as far as ours reshapes it. */
const signUpAnswerSchema = z.looseObject({ user: z.looseObject({ role: z.unknown().optional() }) });

export const signUpExtras = z.object({
  referralCode: z.string().max(100).nullish(),
});

/** POST /sign-up/email: the account, its referral code and device, its confirmation mail unless over quota. */
function signUpHandler(deps: AppDeps, kit: AuthRouteKit) {
  const signUpTiming = createTimingEqualiser();
  return async (c: Context<AppBindings>) => {
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
    const overMailQuota = (await consumeRateLimit(deps.rateLimitStore, kit.mailRules(c, email))) > 0;
    // The browser's device id (set now if it has none): stored with the new account (docs/product.md).
    const device = deviceOf(c);
    const state: SignUpState = {
      referralCode: extras.data.referralCode ?? null,
      skipMail: overMailQuota,
      ip: kit.ip(c),
      deviceId: device.id,
      userAgent: c.req.header("user-agent"),
    };
    const res = await runSignUp(state, () => forwardToAuth(c, deps, { name: "", email, password }));
    // A second sign-up for an unconfirmed address: its confirmation will make the owner choose the password.
    if (res.ok && state.outcome === undefined) await markContested(deps.db, email);
    // An existing address creates nothing and would answer sooner: it waits as long as a creation takes.
    await signUpTiming.settle(startedAt, state.outcome !== undefined);
    if (!res.ok) return withDeviceCookie(res, device, deps.env);
    // An already-registered address creates nothing; it must answer exactly like a new one.
    const referral = state.outcome ?? (await deps.accounts.referralOutcome(state.referralCode));
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    // Nothing before confirmation says anything about roles (ADMIN_EMAILS is granted at confirmation).
    const { user, ...rest } = signUpAnswerSchema.parse(await res.json());
    const { role: _role, ...withoutRole } = user;
    const answer = new Response(JSON.stringify({ ...rest, user: withoutRole, referral }), {
      status: res.status,
      headers,
    });
    return withDeviceCookie(answer, device, deps.env);
  };
}

/** Sign-up, sign-in and the sign-in lock's unlock link (mounted by auth.routes.ts). */
export const createSignInRoutes = (deps: AppDeps, kit: AuthRouteKit) => {
  const { env, rateLimitStore: store } = deps;
  const signInLock = createSignInLock(deps);
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
      rateLimit(store, (c) => [{ key: `sign-up:ip:${kit.ip(c)}`, limit: env.authRateLimit }]),
      signUpHandler(deps, kit),
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
      rateLimit(store, (c) => [{ key: `sign-in:ip:${kit.ip(c)}`, limit: env.authRateLimit }]),
      async (c) => {
        const { body, email, password } = await readCredentials(c);
        const device = deviceOf(c);
        const from = kit.from(c);
        const refused = await signInLock.admit(email, device.isNew ? undefined : device.id, from);
        if (refused) {
          c.header("Retry-After", String(refused.retryAfter));
          throw new AppError(refused.code);
        }
        const res = await forwardToAuth(c, deps, { ...body, email, password });
        if (!res.ok) return res;
        // The right password: this browser is now one the account knows (and keeps its device id).
        const signedIn = authSignInSchema.safeParse(await res.json());
        if (!signedIn.success) throw new Error("better-auth's sign-in answer has another shape");
        await signInLock.succeeded(email, signedIn.data.user.id, device.id);
        const { first } = await rememberSignIn(deps, signedIn.data.user, device.id, from);
        const headers = new Headers(res.headers);
        headers.delete("content-length");
        const answer = new Response(JSON.stringify({ ...signedIn.data, firstSignIn: first }), {
          status: res.status,
          headers,
        });
        return withDeviceCookie(answer, device, env);
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
      rateLimit(store, (c) => [{ key: `unlock-sign-in:ip:${kit.ip(c)}`, limit: env.authRateLimit }]),
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
    );
};
