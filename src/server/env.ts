import os from "node:os";
import type { z } from "zod";
import type { DualControl } from "~/core/dual-control";
import type { EarningLimits, ReferralReleaseRule } from "~/core/earning";
import type { StreakRules } from "~/core/streak";
import { envSchema, type logLevels } from "./env-schema";

/**
 * The one place that reads configuration. `main.ts` passes `process.env` in;
 * tests pass a plain object. Nothing else in the code base reads process.env. The variables' schema is in
 * env-schema.ts.
 */
export type RawEnv = z.input<typeof envSchema>;

export interface Env {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Public origin, without trailing slash; used in e-mailed links. */
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SUPPORT_EMAIL: where players write for help (/help, the footer, mails, error notices); undefined: none shown. */
  supportEmail: string | undefined;
  logLevel: (typeof logLevels)[number];
  /**
   * AUTH_SECRET when set. Unset outside production, main.ts generates one and keeps it under DATA_DIR
   * (auth/auth-secret.ts); nothing in the source is a usable secret.
   */
  authSecret: string | undefined;
  /** Origin of the Vite dev server, trusted besides APP_URL; only `npm run dev` sets it, never in production. */
  devOrigin: string | undefined;
  /** Sign-in and sign-up attempts allowed per minute per client IP. */
  authRateLimit: number;
  /** Verification and reset mails allowed per minute per client IP and per e-mail address. */
  mailRateLimit: number;
  /** Confirmation and reset mails actually queued to one address per hour / per day; more are dropped silently. */
  mailPerAddressHourly: number;
  mailPerAddressDaily: number;
  /** Sign-in attempts per account per lock window from browsers the account has not signed in from. */
  signInAccountLimit: number;
  /** The account's sign-in window: over the limit, new browsers wait until it ends (or the owner unlocks). */
  signInLockMinutes: number;
  /** Read the client IP from X-Forwarded-For (set only behind a reverse proxy that overwrites it). */
  trustProxy: boolean;
  /** Shared Redis (rate-limit counters, better-auth's session cache) for running several processes. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several apps (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Paid video watches per user per minute (a person clicking through the cards never reaches it). */
  videoWatchLimit: number;
  /** Addresses (lower case) made administrators when their account is created or signs in. */
  adminEmails: string[];
  /** Administrative changes allowed per administrator per minute. */
  adminRateLimit: number;
  /** Postbacks allowed per partner and source address per minute (docs/product.md, "Earning partners"). */
  postbackRateLimit: number;
  /**
   * Dual control (docs/product.md, "Dual control"): a coin adjustment of more than `coins` coins either way, or a
   * redemption approval of more than `dollars` dollars, takes effect only when a second administrator approves
   * it. 0 turns that half off.
   */
  dualControl: DualControl;
  /** Serving processes sharing the port: default one per core on PostgreSQL (where the system allows it); always 1 on PGlite. */
  webConcurrency: number;
  /** Per-user daily earning limits (0 = that channel pays nothing). */
  earningLimits: EarningLimits;
  /** The daily goal and the streak's milestone bonus (src/core/streak.ts). */
  streakRules: StreakRules;
  /** When a pending referral pair is released (docs/product.md, "Referral program"). */
  referralRelease: ReferralReleaseRule;
  /** Guest quiz sessions allowed per client IP per hour. */
  guestQuizSessionsPerHour: number;
  /** Today's quizzes: how many live quizzes each UTC day features (docs/product.md, "Quizzes"). */
  quizzesFeaturedPerDay: number;
  /** Folder of the files served under /media (the videos and their captions). */
  mediaDir: string;
  /** The largest video file the console accepts (VIDEO_MAX_UPLOAD_BYTES). */
  videoMaxUploadBytes: number;
  /** Redemptions (docs/product.md, "Redemptions"). */
  redeem: {
    minCoins: number;
    requireKyc: boolean;
    maxPending: number;
    dailyCapDollars: number;
  };
  /** Set when both TREMENDOUS_API_KEY and TREMENDOUS_API_URL are: payouts go through Tremendous. */
  tremendous:
    | { apiKey: string; apiUrl: string; fundingSourceId: string; campaignId: string | undefined }
    | undefined;
  /** Manual gift-card payouts: the brand bought and where its card is redeemed (the paid mail states them). */
  giftCard: { brand: string; redeemUrl: string };
  /** How long a claimed job is held before another worker may run it again (its process may have died). */
  jobLeaseMs: number;
  /** AES-256-GCM key for KYC documents and document ids (32 bytes); unset outside production: see kyc-key.ts. */
  kycEncryptionKey: Buffer | undefined;
  /** Largest KYC document accepted, in bytes. */
  kycMaxUploadBytes: number;
  /** Days after a KYC decision before the document's bytes are deleted. */
  kycRetentionDays: number;
  /** Days after a quiz session expires before its question list is pruned; answers and ledger rows stay. */
  quizDetailRetentionDays: number;
  /** Whether the app counts metrics and serves /metrics (METRICS_ENABLED, default true). */
  metricsEnabled: boolean;
  /** The bearer token that opens /metrics from other machines (METRICS_TOKEN); loopback needs none. */
  metricsToken: string | undefined;
}

export class EnvError extends Error {}

/**
 * The systems whose sockets several processes can bind to the same port, the kernel spreading the connections
 * between them (SO_REUSEPORT as libuv supports it: Node's `reusePort`). WEB_CONCURRENCY above 1 needs one: every
 * serving process binds the port itself (serve.ts, cluster.ts).
 */
export const SHARED_PORT_PLATFORMS: readonly NodeJS.Platform[] = ["linux", "freebsd", "sunos", "aix"];

/** The source's values, validated one by one (envSchema); empty strings count as not set. */
function validatedSource(source: Record<string, string | undefined>): z.output<typeof envSchema> {
  // Treat empty strings as "not set" so `.env` files with `FOO=` behave.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = String(issue?.path[0] ?? "configuration");
    const got = cleaned[key];
    throw new EnvError(
      `Invalid configuration: ${key} ${issue?.message ?? "is invalid"}${got === undefined ? "" : ` (got ${JSON.stringify(got)})`}`,
    );
  }
  return result.data;
}

/** Settings that are valid one by one but not together (or not in production). */
function refuseUnsafeCombinations(e: z.output<typeof envSchema>, platform: NodeJS.Platform): void {
  if (!e.DATABASE_URL && e.WEB_CONCURRENCY !== undefined && e.WEB_CONCURRENCY > 1) {
    throw new EnvError(
      `Invalid configuration: WEB_CONCURRENCY must be 1 without DATABASE_URL (PGlite is one process) (got "${e.WEB_CONCURRENCY}")`,
    );
  }
  if (!SHARED_PORT_PLATFORMS.includes(platform) && e.WEB_CONCURRENCY !== undefined && e.WEB_CONCURRENCY > 1) {
    throw new EnvError(
      `Invalid configuration: WEB_CONCURRENCY must be 1 on ${platform}: several processes need a system whose sockets can share a port (Linux, FreeBSD) (got "${e.WEB_CONCURRENCY}")`,
    );
  }
  if (e.NODE_ENV === "production" && !e.AUTH_SECRET) {
    throw new EnvError(
      "Invalid configuration: AUTH_SECRET is required when NODE_ENV=production (32+ characters)",
    );
  }
  if (Boolean(e.TREMENDOUS_API_KEY) !== Boolean(e.TREMENDOUS_API_URL)) {
    throw new EnvError(
      "Invalid configuration: TREMENDOUS_API_KEY and TREMENDOUS_API_URL must be set together (or neither, for manual payouts)",
    );
  }
  if (e.NODE_ENV === "production" && !e.SMTP_URL) {
    throw new EnvError(
      "Invalid configuration: SMTP_URL is required when NODE_ENV=production (confirmation and reset e-mails must be delivered)",
    );
  }
  if (e.NODE_ENV === "production" && e.DEV_ORIGIN) {
    throw new EnvError(
      "Invalid configuration: DEV_ORIGIN is for `npm run dev` only and must not be set when NODE_ENV=production",
    );
  }
  if (e.NODE_ENV === "production" && !e.KYC_ENCRYPTION_KEY) {
    throw new EnvError(
      "Invalid configuration: KYC_ENCRYPTION_KEY is required when NODE_ENV=production (32 bytes in base64: openssl rand -base64 32)",
    );
  }
}

/**
 * `platform`: the system the server runs on (WEB_CONCURRENCY above 1 needs one whose processes can share a port,
 * cluster.ts); a parameter so that tests can name another.
 */
export function parseEnv(
  source: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): Env {
  const e = validatedSource(source);
  refuseUnsafeCombinations(e, platform);
  const sharesPort = SHARED_PORT_PLATFORMS.includes(platform);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    devOrigin: e.DEV_ORIGIN === undefined ? undefined : new URL(e.DEV_ORIGIN).origin,
    authRateLimit: e.AUTH_RATE_LIMIT,
    mailRateLimit: e.MAIL_RATE_LIMIT,
    mailPerAddressHourly: e.MAIL_PER_ADDRESS_HOURLY,
    mailPerAddressDaily: e.MAIL_PER_ADDRESS_DAILY,
    signInAccountLimit: e.SIGN_IN_ACCOUNT_LIMIT,
    signInLockMinutes: e.SIGN_IN_LOCK_MINUTES,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    videoWatchLimit: e.VIDEO_WATCH_LIMIT,
    adminEmails: [...new Set(e.ADMIN_EMAILS)],
    adminRateLimit: e.ADMIN_RATE_LIMIT,
    postbackRateLimit: e.POSTBACK_RATE_LIMIT,
    dualControl: {
      coins: e.DUAL_CONTROL_COINS,
      dollars: e.DUAL_CONTROL_DOLLARS,
      dailyDollars: e.DUAL_CONTROL_DAILY_DOLLARS,
      creditWindowDays: e.DUAL_CONTROL_CREDIT_WINDOW_DAYS,
    },
    webConcurrency: e.WEB_CONCURRENCY ?? (e.DATABASE_URL && sharesPort ? os.availableParallelism() : 1),
    earningLimits: {
      tttWinsPerDay: e.EARN_TTT_WINS_PER_DAY,
      quizSessionsPerDay: e.EARN_QUIZ_SESSIONS_PER_DAY,
      videoWatchesPerDay: e.EARN_VIDEO_WATCHES_PER_DAY,
      referralBonusesPer30Days: e.REFERRAL_BONUSES_PER_30_DAYS,
    },
    streakRules: {
      goalCoins: e.DAILY_GOAL_COINS,
      bonusCoins: e.STREAK_BONUS_COINS,
      bonusEveryDays: e.STREAK_BONUS_EVERY_DAYS,
    },
    referralRelease: { coins: e.REFERRAL_RELEASE_COINS, days: e.REFERRAL_RELEASE_DAYS },
    guestQuizSessionsPerHour: e.GUEST_QUIZ_SESSIONS_PER_HOUR,
    quizzesFeaturedPerDay: e.QUIZZES_FEATURED_PER_DAY,
    mediaDir: e.MEDIA_DIR,
    videoMaxUploadBytes: e.VIDEO_MAX_UPLOAD_BYTES,
    redeem: {
      minCoins: e.REDEEM_MIN_COINS,
      requireKyc: e.REDEEM_REQUIRE_KYC,
      maxPending: e.REDEEM_MAX_PENDING,
      dailyCapDollars: e.REDEEM_DAILY_CAP_DOLLARS,
    },
    tremendous:
      e.TREMENDOUS_API_KEY && e.TREMENDOUS_API_URL
        ? {
            apiKey: e.TREMENDOUS_API_KEY,
            apiUrl: e.TREMENDOUS_API_URL.replace(/\/+$/, ""),
            fundingSourceId: e.TREMENDOUS_FUNDING_SOURCE_ID,
            campaignId: e.TREMENDOUS_CAMPAIGN_ID,
          }
        : undefined,
    giftCard: { brand: e.GIFT_CARD_BRAND, redeemUrl: e.GIFT_CARD_REDEEM_URL },
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    kycEncryptionKey: e.KYC_ENCRYPTION_KEY ? Buffer.from(e.KYC_ENCRYPTION_KEY, "base64") : undefined,
    kycMaxUploadBytes: e.KYC_MAX_UPLOAD_BYTES,
    kycRetentionDays: e.KYC_RETENTION_DAYS,
    quizDetailRetentionDays: e.QUIZ_DETAIL_RETENTION_DAYS,
    metricsEnabled: e.METRICS_ENABLED,
    metricsToken: e.METRICS_TOKEN,
  };
}
