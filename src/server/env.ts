import os from "node:os";
import { z } from "zod";
import {
  DEFAULT_EARNING_LIMITS,
  DEFAULT_GUEST_QUIZ_SESSIONS_PER_HOUR,
  type EarningLimits,
} from "~/core/earning";
import { KYC_DEFAULT_MAX_UPLOAD_BYTES, KYC_DEFAULT_RETENTION_DAYS } from "~/core/kyc";

/**
 * The one place that reads configuration. `main.ts` passes `process.env` in;
 * tests pass a plain object. Nothing else in the code base reads process.env.
 */
const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const optionalUrl = (schemes: readonly string[], what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          const url = new URL(v);
          return schemes.includes(url.protocol) && url.host !== "";
        } catch {
          return false;
        }
      },
      { message: `must be a ${what} URL (${schemes.map((s) => `${s}//…`).join(" or ")})` },
    );

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "PostgreSQL"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  APP_URL: optionalUrl(["http:", "https:"], "http(s)"),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"], "SMTP"),
  MAIL_FROM: z.string().trim().min(3).default("Play, Learn, Earn <no-reply@play-learn-earn.local>"),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  AUTH_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
  AUTH_RATE_LIMIT: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 10000")
    .max(10_000, "must be between 1 and 10000")
    .default(5),
  MAIL_RATE_LIMIT: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 10000")
    .max(10_000, "must be between 1 and 10000")
    .default(3),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  REDIS_URL: optionalUrl(["redis:", "rediss:"], "Redis"),
  DEV_ORIGIN: optionalUrl(["http:", "https:"], "http(s)"),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,64}$/, "must be 1-64 letters, digits or . _ : -")
    .default("ple:"),
  WEB_CONCURRENCY: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 64")
    .max(64, "must be between 1 and 64")
    .optional(),
  VIDEO_WATCH_LIMIT: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 100000")
    .max(100_000, "must be between 1 and 100000")
    .default(30),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e !== ""),
    )
    .refine((list) => list.every((e) => /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/.test(e)), {
      message: "must be e-mail addresses separated by commas",
    }),
  ADMIN_RATE_LIMIT: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 10000")
    .max(10_000, "must be between 1 and 10000")
    .default(30),
  EARN_TTT_WINS_PER_DAY: wholeNumber(0, 100_000, DEFAULT_EARNING_LIMITS.tttWinsPerDay),
  EARN_QUIZ_SESSIONS_PER_DAY: wholeNumber(0, 100_000, DEFAULT_EARNING_LIMITS.quizSessionsPerDay),
  EARN_VIDEO_WATCHES_PER_DAY: wholeNumber(0, 100_000, DEFAULT_EARNING_LIMITS.videoWatchesPerDay),
  REFERRAL_BONUSES_PER_30_DAYS: wholeNumber(0, 100_000, DEFAULT_EARNING_LIMITS.referralBonusesPer30Days),
  GUEST_QUIZ_SESSIONS_PER_HOUR: wholeNumber(1, 100_000, DEFAULT_GUEST_QUIZ_SESSIONS_PER_HOUR),
  MEDIA_DIR: z.string().trim().min(1).default("./media"),
  REDEEM_MIN_COINS: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 100000000")
    .max(100_000_000, "must be between 1 and 100000000")
    .default(1000),
  REDEEM_REQUIRE_KYC: z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  REDEEM_MAX_PENDING: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 1000")
    .max(1000, "must be between 1 and 1000")
    .default(1),
  REDEEM_DAILY_CAP_DOLLARS: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 1000000")
    .max(1_000_000, "must be between 1 and 1000000")
    .default(50),
  TREMENDOUS_API_KEY: z.string().trim().min(1).optional(),
  TREMENDOUS_API_URL: optionalUrl(["http:", "https:"], "http(s)"),
  TREMENDOUS_FUNDING_SOURCE_ID: z.string().trim().min(1).max(100).default("balance"),
  TREMENDOUS_CAMPAIGN_ID: z.string().trim().min(1).max(100).optional(),
  JOB_LEASE_SECONDS: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 3600")
    .max(3600, "must be between 1 and 3600")
    .default(60),
  KYC_ENCRYPTION_KEY: z
    .string()
    .trim()
    .optional()
    .refine(
      (v) => v === undefined || (/^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, "base64").length === 32),
      {
        message: "must be 32 bytes in base64 (openssl rand -base64 32)",
      },
    ),
  KYC_MAX_UPLOAD_BYTES: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1024, "must be between 1024 and 52428800")
    .max(50 * 1024 * 1024, "must be between 1024 and 52428800")
    .default(KYC_DEFAULT_MAX_UPLOAD_BYTES),
  KYC_RETENTION_DAYS: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 3650")
    .max(3650, "must be between 0 and 3650")
    .default(KYC_DEFAULT_RETENTION_DAYS),
});

export type RawEnv = z.input<typeof schema>;

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
  /** HTTP worker processes (node:cluster): default one per core on PostgreSQL; always 1 on PGlite. */
  webConcurrency: number;
  /** Per-user daily earning limits (0 = that channel pays nothing). */
  earningLimits: EarningLimits;
  /** Guest quiz sessions allowed per client IP per hour. */
  guestQuizSessionsPerHour: number;
  /** Folder of the files served under /media (the videos and their captions). */
  mediaDir: string;
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
  /** How long a claimed job is held before another worker may run it again (its process may have died). */
  jobLeaseMs: number;
  /** AES-256-GCM key for KYC documents and document ids (32 bytes); unset outside production: see kyc-key.ts. */
  kycEncryptionKey: Buffer | undefined;
  /** Largest KYC document accepted, in bytes. */
  kycMaxUploadBytes: number;
  /** Days after a KYC decision before the document's bytes are deleted. */
  kycRetentionDays: number;
}

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings as "not set" so `.env` files with `FOO=` behave.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = String(issue?.path[0] ?? "configuration");
    const got = cleaned[key];
    throw new EnvError(
      `Invalid configuration: ${key} ${issue?.message ?? "is invalid"}${got === undefined ? "" : ` (got ${JSON.stringify(got)})`}`,
    );
  }
  const e = result.data;
  if (!e.DATABASE_URL && e.WEB_CONCURRENCY !== undefined && e.WEB_CONCURRENCY > 1) {
    throw new EnvError(
      `Invalid configuration: WEB_CONCURRENCY must be 1 without DATABASE_URL (PGlite is one process) (got "${e.WEB_CONCURRENCY}")`,
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
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    devOrigin: e.DEV_ORIGIN === undefined ? undefined : new URL(e.DEV_ORIGIN).origin,
    authRateLimit: e.AUTH_RATE_LIMIT,
    mailRateLimit: e.MAIL_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    videoWatchLimit: e.VIDEO_WATCH_LIMIT,
    adminEmails: [...new Set(e.ADMIN_EMAILS)],
    adminRateLimit: e.ADMIN_RATE_LIMIT,
    webConcurrency: e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? os.availableParallelism() : 1),
    earningLimits: {
      tttWinsPerDay: e.EARN_TTT_WINS_PER_DAY,
      quizSessionsPerDay: e.EARN_QUIZ_SESSIONS_PER_DAY,
      videoWatchesPerDay: e.EARN_VIDEO_WATCHES_PER_DAY,
      referralBonusesPer30Days: e.REFERRAL_BONUSES_PER_30_DAYS,
    },
    guestQuizSessionsPerHour: e.GUEST_QUIZ_SESSIONS_PER_HOUR,
    mediaDir: e.MEDIA_DIR,
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
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    kycEncryptionKey: e.KYC_ENCRYPTION_KEY ? Buffer.from(e.KYC_ENCRYPTION_KEY, "base64") : undefined,
    kycMaxUploadBytes: e.KYC_MAX_UPLOAD_BYTES,
    kycRetentionDays: e.KYC_RETENTION_DAYS,
  };
}
