import type { Context } from "hono";
import { z } from "zod";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { clientIp } from "../http/client-ip";
import { consumeRateLimit, type RateLimitRule, rateLimit } from "../http/rate-limit";
import type { AppBindings } from "../http/router";
import { createRouter } from "../http/router";
import { referralOutcomeOf } from "../profile/profiles";
import { forwardToAuth, readCredentials, readJsonObject } from "./auth-request";
import { runSignUp, type SignUpState } from "./sign-up-scope";

export const signUpExtras = z.object({
  referralCode: z.string().max(100).nullish(),
});

/**
 * /api/auth/*: better-auth's endpoints, with ours in front of a few of them — rate limits, the SPEC's
 * missing-credentials message, the referral code at sign-up and the confirmation-link redirect.
 * Everything else goes straight to better-auth. Contract: docs/api/auth.md.
 */
export const createAuthRoutes = (deps: AppDeps) => {
  const { env, db, rateLimitStore: store } = deps;
  const ip = (c: Context<AppBindings>) => clientIp(c, env.trustProxy);
  const mailRules = (c: Context<AppBindings>, email: unknown): RateLimitRule[] => [
    { key: `mail:ip:${ip(c)}`, limit: env.mailRateLimit },
    ...(typeof email === "string" && email.trim()
      ? [{ key: `mail:to:${email.trim().toLowerCase()}`, limit: env.mailRateLimit }]
      : []),
  ];
  const limitMail = rateLimit(store, async (c) => mailRules(c, (await readJsonObject(c)).email));
  /** Mail endpoints get the address trimmed, like sign-in and sign-up. */
  const forwardTrimmed = async (c: Context<AppBindings>) => {
    const body = await readJsonObject(c);
    return forwardToAuth(
      c,
      deps,
      typeof body.email === "string" ? { ...body, email: body.email.trim() } : undefined,
    );
  };

  return createRouter()
    .post(
      "/sign-up/email",
      rateLimit(store, (c) => [{ key: `sign-up:ip:${ip(c)}`, limit: env.authRateLimit }]),
      async (c) => {
        const { body, email, password } = await readCredentials(c);
        const extras = signUpExtras.safeParse(body);
        if (!extras.success) {
          throw new AppError("VALIDATION_FAILED", undefined, [
            { path: "referralCode", message: "must be a string" },
          ]);
        }
        // Over the mail quota the account is still created, only its confirmation mail is not sent.
        const overMailQuota = (await consumeRateLimit(store, mailRules(c, email))) > 0;
        const state: SignUpState = {
          referralCode: extras.data.referralCode ?? null,
          skipMail: overMailQuota,
          ip: ip(c),
        };
        const res = await runSignUp(state, () => forwardToAuth(c, deps, { name: "", email, password }));
        if (!res.ok) return res;
        // An already-registered address creates nothing; it must answer exactly like a new one.
        const referral = state.outcome ?? (await referralOutcomeOf(db, state.referralCode));
        const headers = new Headers(res.headers);
        headers.delete("content-length");
        return new Response(JSON.stringify({ ...(await res.json()), referral }), {
          status: res.status,
          headers,
        });
      },
    )
    .post(
      "/sign-in/email",
      rateLimit(store, (c) => [{ key: `sign-in:ip:${ip(c)}`, limit: env.authRateLimit }]),
      async (c) => {
        const { body, email, password } = await readCredentials(c);
        return forwardToAuth(c, deps, { ...body, email, password });
      },
    )
    .post("/send-verification-email", limitMail, forwardTrimmed)
    .post("/request-password-reset", limitMail, forwardTrimmed)
    .get("/verify-email", async (c) => {
      const res = await forwardToAuth(c, deps);
      const location = res.headers.get("location");
      if (!location) return res;
      const error = new URL(location, env.appUrl).searchParams.get("error");
      const target = error ? `/auth?verifyError=${encodeURIComponent(error)}` : "/auth?verified=1";
      return c.redirect(`${env.appUrl}${target}`, 302);
    })
    .on(["GET", "POST"], "/*", (c) => forwardToAuth(c, deps));
};
