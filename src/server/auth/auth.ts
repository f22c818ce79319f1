import { betterAuth, type SecondaryStorage } from "better-auth";
import { createEmailVerificationToken } from "better-auth/api";
import { admin } from "better-auth/plugins";
import type { Database } from "../db/client";
import { runBeforeCommit } from "../db/transaction-scope";
import type { Env } from "../env";
import { trustedOrigins } from "../http/origin-check";
import type { Logger } from "../logger";
import type { MailOutbox } from "../mail/outbox.job";
import { passwordResetMail, verificationMail } from "../mail/templates";
import type { AccountHooks } from "./account-hooks";
import { ConfirmationDetour, claimConfirmation, settleContested } from "./confirmation";
import { isDeviceId, rememberDevice } from "./device";
import type { MailCap } from "./mail-cap";

import { type Argon2Params, createPasswordHasher } from "./password-hash";
import { currentSignUp } from "./sign-up-scope";

/** The composition root builds the mail cap auth is handed (mail-cap.ts). */
export { createMailCap } from "./mail-cap";

export const AUTH_BASE_PATH = "/api/auth";
/** Header our routes set from the socket (or trusted proxy) address before better-auth sees a request. */
export const CLIENT_IP_HEADER = "x-ple-client-ip";
/** Header our confirmation-link route sets to the browser's device id (set now if it had none). */
export const DEVICE_ID_HEADER = "x-ple-device-id";
/** Where a confirmation link lands; auth.routes.ts turns it into /auth?verified=1 or /auth?verifyError=CODE. */
const VERIFY_CALLBACK = "/auth";
/** Where a confirmation that signs no browser in leads (the address is confirmed). */
export const CONFIRMED_TARGET = "/auth?verified=1";
/** How long a confirmation link works. */
const VERIFY_EXPIRES_IN_S = 24 * 60 * 60;

/**
 * The admin plugin's own HTTP endpoints stay off: they would change roles, bans and sessions without an audit
 * row. Our /api/admin routes make those changes, each with its audit row in the same transaction; the plugin
 * gives the columns, the role on every session and the refusal of banned users at sign-in.
 */
export const DISABLED_AUTH_PATHS = [
  "/admin/set-role",
  "/admin/get-user",
  "/admin/create-user",
  "/admin/update-user",
  "/admin/list-users",
  "/admin/list-user-sessions",
  "/admin/unban-user",
  "/admin/ban-user",
  "/admin/impersonate-user",
  "/admin/stop-impersonating",
  "/admin/revoke-user-session",
  "/admin/revoke-user-sessions",
  "/admin/remove-user",
  "/admin/set-user-password",
  "/admin/has-permission",
];

/** What a banned user is told when signing in. */
export const BANNED_MESSAGE =
  "Your account has been suspended. Please contact support if you think this is a mistake.";

/**
 * better-auth's admin plugin with `role` defaulting to "user" in its schema too (the column's default), so the
 * made-up answer to a sign-up with a registered address carries role "user" like a real one (no enumeration).
 */
function adminPlugin() {
  const plugin = admin({ defaultRole: "user", adminRoles: ["admin"], bannedUserMessage: BANNED_MESSAGE });
  const { fields } = plugin.schema.user;
  return {
    ...plugin,
    schema: {
      ...plugin.schema,
      user: { ...plugin.schema.user, fields: { ...fields, role: { ...fields.role, defaultValue: "user" } } },
    },
  };
}

/** better-auth endpoints the app does not use (exact paths; parameterised ones are simply never routed). */
export const UNUSED_AUTH_PATHS = [
  "/sign-in/social",
  "/link-social",
  "/unlink-account",
  "/list-accounts",
  "/account-info",
  "/get-access-token",
  "/refresh-token",
  "/change-email",
  "/delete-user",
  "/delete-user/callback",
  // Nothing in the app shows a name or an image, so nothing may store them (docs/decisions/020).
  "/update-user",
  "/update-session",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
];

export interface AuthDeps {
  env: Env;
  db: Database;
  logger: Logger;
  mailOutbox: MailOutbox;
  /** The per-address hourly and daily caps of confirmation and reset mails (mail-cap.ts). */
  mailCap: MailCap;
  /** The domains' part of an account's life (profile, referral, listed administrators): account-hooks.ts. */
  accounts: AccountHooks;
  /** Cheaper argon2 parameters for tests; production uses PRODUCTION_ARGON2. */
  argon2?: Argon2Params;
  /** Redis (REDIS_URL) as better-auth's session cache, shared by every process; sessions stay in the database too. */
  secondaryStorage?: SecondaryStorage | undefined;
}

/**
 * better-auth's user-creation hook: the domains' records of a new account (profile, referral, device) and its
 * confirmation mail, all in the sign-up transaction (ADR 004). No role: ADMIN_EMAILS is granted at confirmation.
 */
function userCreation(
  { logger, mailOutbox, mailCap, accounts }: AuthDeps,
  secret: string,
  verifyUrl: (token: string) => string,
) {
  return async <U extends { email: string }>(user: U) => {
    const signUp = currentSignUp();
    const queued = runBeforeCommit(async (trx) => {
      const created = await trx
        .selectFrom("user")
        .select("id")
        .where("email", "=", user.email)
        .executeTakeFirstOrThrow();
      const outcome = await accounts.createRecords(trx, {
        userId: created.id,
        referralCode: signUp?.referralCode,
        signupIp: signUp?.ip,
        signupDevice: signUp?.deviceId,
      });
      // The browser that chose the password has signed in to the account, as far as the lock is concerned.
      if (signUp?.deviceId) await rememberDevice(trx, created.id, signUp.deviceId, signUp.userAgent);
      if (signUp) signUp.outcome = outcome;
      if (signUp?.skipMail) {
        logger.warn({ to: user.email }, "mail quota used up: no confirmation mail for this sign-up");
      } else if (await mailCap.allow("confirmation", user.email)) {
        // The same token better-auth would make; queued with the user, so a crash cannot lose it.
        const token = await createEmailVerificationToken(secret, user.email, undefined, VERIFY_EXPIRES_IN_S, {
          userId: created.id,
        });
        await mailOutbox.enqueue(verificationMail(user.email, verifyUrl(token)), { db: trx });
      }
    });
    if (!queued) throw new Error("A user must be created inside a database transaction (see ADR 004)");
    return undefined;
  };
}

/**
 * The first confirmation of an address (better-auth has marked it confirmed): only one may sign a browser in, the
 * ADMIN_EMAILS role comes with it, a contested account's browser chooses its password (confirmation.ts), and the
 * browser that signs in is remembered, so its next sign-in is neither new nor a first.
 */
function afterConfirmation({ db, accounts }: AuthDeps) {
  return async (user: { id: string }, request?: Request) => {
    if (!(await claimConfirmation(db, user.id))) throw new ConfirmationDetour(CONFIRMED_TARGET);
    await accounts.signedIn(user.id);
    const choosePassword = await settleContested(db, user.id);
    if (choosePassword) throw new ConfirmationDetour(choosePassword);
    const deviceId = request?.headers.get(DEVICE_ID_HEADER);
    if (isDeviceId(deviceId))
      await rememberDevice(db, user.id, deviceId, request?.headers.get("user-agent"), { signedIn: true });
  };
}

export function createAuth(deps: AuthDeps) {
  const { env, db, logger, mailOutbox, mailCap, accounts, argon2, secondaryStorage } = deps;
  const authLogger = logger.child({ module: "better-auth" });
  // better-auth would fall back to a constant of its own; main.ts resolves one (auth-secret.ts) before this.
  const secret = env.authSecret;
  if (!secret) throw new Error("createAuth needs a secret: AUTH_SECRET or resolveAuthSecret()");
  const verifyUrl = (token: string) =>
    `${env.appUrl}${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(VERIFY_CALLBACK)}`;
  return betterAuth({
    appName: "Play, Learn, Earn",
    baseURL: env.appUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    // transaction: true makes sign-up one transaction; our hook writes the profile in it (ADR 004).
    database: { db, type: "postgres", transaction: true },
    // With Redis, sessions are read from it and written to both; the database stays the record (ADR 014).
    // Verification tokens are consumed in the database, race-safe, as without Redis.
    secondaryStorage,
    session: { storeSessionInDatabase: true },
    verification: { storeInDatabase: true },
    trustedOrigins: trustedOrigins(env),
    telemetry: { enabled: false },
    // Not used by the app: refused by better-auth too, should a route ever hand them over (auth.routes.ts
    // hands over only the endpoints the app uses).
    plugins: [adminPlugin()],
    disabledPaths: [...UNUSED_AUTH_PATHS, ...DISABLED_AUTH_PATHS],
    // No OpenTelemetry here: skip better-auth's span bookkeeping on every call (ADR 015).
    experimental: { instrumentation: { enabled: false } },
    // Ours (src/server/auth/auth.routes.ts) instead: keyed by the socket address, and per e-mail address.
    rateLimit: { enabled: false },
    // Unexpected errors reach our error handler (logged once, 500 JSON) instead of better-call's console.error.
    onAPIError: { throw: true },
    logger: {
      level: "info",
      log: (level, message, ...args) =>
        authLogger[level]({ details: args.length ? args : undefined }, message),
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: createPasswordHasher(argon2),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        if (!(await mailCap.allow("password_reset", user.email))) return;
        await mailOutbox.enqueue(
          passwordResetMail(user.email, `${env.appUrl}/update-password?token=${encodeURIComponent(token)}`),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // Confirming the address signs the player in (the link works so once: a confirmed address is not again).
      autoSignInAfterVerification: true,
      afterEmailVerification: afterConfirmation(deps),
      expiresIn: VERIFY_EXPIRES_IN_S,
      sendVerificationEmail: async ({ user, token }) => {
        // At sign-up the mail was queued in the sign-up transaction (below) or skipped over the mail quota.
        if (currentSignUp() || !(await mailCap.allow("confirmation", user.email))) return;
        await mailOutbox.enqueue(verificationMail(user.email, verifyUrl(token)));
      },
    },
    advanced: {
      // One query (session JOIN user) per session lookup instead of two (ADR 015).
      database: { joins: true },
      useSecureCookies: env.appUrl.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth turns its callbackURL and origin checks off when NODE_ENV=test; keep them on, so the
      // tests (API, fuzz, e2e) run what production runs.
      disableOriginCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          before: userCreation(deps, secret, verifyUrl),
        },
      },
      session: {
        create: {
          // ADMIN_EMAILS added after the account was made: granted at its next sign-in.
          after: async (session) => accounts.signedIn(session.userId),
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
