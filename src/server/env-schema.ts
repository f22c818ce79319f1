import { z } from "zod";
import { DEFAULT_DUAL_CONTROL } from "~/core/dual-control";
import {
  DEFAULT_EARNING_LIMITS,
  DEFAULT_GUEST_QUIZ_SESSIONS_PER_HOUR,
  DEFAULT_REFERRAL_RELEASE,
} from "~/core/earning";
import { KYC_DEFAULT_MAX_UPLOAD_BYTES, KYC_DEFAULT_RETENTION_DAYS } from "~/core/kyc";
import { REDEEM_DEFAULTS } from "~/core/public-settings";
import {
  DEFAULT_QUIZZES_FEATURED_PER_DAY,
  QUIZZES_FEATURED_PER_DAY_MAX,
  QUIZZES_FEATURED_PER_DAY_MIN,
} from "~/core/quiz/todays-quizzes";
import { DEFAULT_STREAK_RULES } from "~/core/streak";

/**
 * The schema of the configuration that env.ts reads (one key per environment variable, each with its
 * default and its message). Nothing here reads process.env.
 */

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

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

/** A whole number between `min` and `max`, with the one message every such setting gives. */
const wholeNumberIn = (min: number, max: number) =>
  z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

const wholeNumber = (min: number, max: number, fallback: number) => wholeNumberIn(min, max).default(fallback);

/** true/false (or 1/0). */
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .default(fallback ? "true" : "false")
    .transform((v) => v === "true" || v === "1");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: wholeNumber(0, 65535, 3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "PostgreSQL"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  APP_URL: optionalUrl(["http:", "https:"], "http(s)"),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"], "SMTP"),
  MAIL_FROM: z.string().trim().min(3).default("Play, Learn, Earn <no-reply@play-learn-earn.local>"),
  // Where players write for help: shown on /help, in the footer, in mails and error notices. Unset: none shown.
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.email("must be an e-mail address").max(254).optional()),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  AUTH_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
  AUTH_RATE_LIMIT: wholeNumber(1, 10_000, 5),
  MAIL_RATE_LIMIT: wholeNumber(1, 10_000, 3),
  MAIL_PER_ADDRESS_HOURLY: wholeNumber(1, 10_000, 5),
  MAIL_PER_ADDRESS_DAILY: wholeNumber(1, 100_000, 10),
  SIGN_IN_ACCOUNT_LIMIT: wholeNumber(1, 10_000, 5),
  SIGN_IN_LOCK_MINUTES: wholeNumber(1, 1440, 15),
  TRUST_PROXY: flag(false),
  REDIS_URL: optionalUrl(["redis:", "rediss:"], "Redis"),
  DEV_ORIGIN: optionalUrl(["http:", "https:"], "http(s)"),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,64}$/, "must be 1-64 letters, digits or . _ : -")
    .default("ple:"),
  WEB_CONCURRENCY: wholeNumberIn(1, 64).optional(),
  VIDEO_WATCH_LIMIT: wholeNumber(1, 100_000, 30),
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
  ADMIN_RATE_LIMIT: wholeNumber(1, 10_000, 30),
  POSTBACK_RATE_LIMIT: wholeNumber(1, 1_000_000, 600),
  DUAL_CONTROL_COINS: wholeNumber(0, 100_000_000, DEFAULT_DUAL_CONTROL.coins),
  DUAL_CONTROL_DOLLARS: wholeNumber(0, 1_000_000, DEFAULT_DUAL_CONTROL.dollars),
  DUAL_CONTROL_DAILY_DOLLARS: wholeNumber(0, 1_000_000, DEFAULT_DUAL_CONTROL.dailyDollars),
  DUAL_CONTROL_CREDIT_WINDOW_DAYS: wholeNumber(0, 3650, DEFAULT_DUAL_CONTROL.creditWindowDays),
  EARN_TTT_WINS_PER_DAY: wholeNumber(0, 100_000, DEFAULT_EARNING_LIMITS.tttWinsPerDay),
  EARN_QUIZ_SESSIONS_PER_DAY: wholeNumber(0, 100_000, DEFAULT_EARNING_LIMITS.quizSessionsPerDay),
  EARN_VIDEO_WATCHES_PER_DAY: wholeNumber(0, 100_000, DEFAULT_EARNING_LIMITS.videoWatchesPerDay),
  REFERRAL_BONUSES_PER_30_DAYS: wholeNumber(0, 100_000, DEFAULT_EARNING_LIMITS.referralBonusesPer30Days),
  DAILY_GOAL_COINS: wholeNumber(1, 100_000, DEFAULT_STREAK_RULES.goalCoins),
  STREAK_BONUS_COINS: wholeNumber(0, 1000, DEFAULT_STREAK_RULES.bonusCoins),
  STREAK_BONUS_EVERY_DAYS: wholeNumber(1, 365, DEFAULT_STREAK_RULES.bonusEveryDays),
  REFERRAL_RELEASE_COINS: wholeNumber(0, 1_000_000, DEFAULT_REFERRAL_RELEASE.coins),
  REFERRAL_RELEASE_DAYS: wholeNumber(0, 365, DEFAULT_REFERRAL_RELEASE.days),
  GUEST_QUIZ_SESSIONS_PER_HOUR: wholeNumber(1, 100_000, DEFAULT_GUEST_QUIZ_SESSIONS_PER_HOUR),
  // Today's quizzes: how many live quizzes each UTC day features (src/core/quiz/todays-quizzes.ts).
  QUIZZES_FEATURED_PER_DAY: wholeNumber(
    QUIZZES_FEATURED_PER_DAY_MIN,
    QUIZZES_FEATURED_PER_DAY_MAX,
    DEFAULT_QUIZZES_FEATURED_PER_DAY,
  ),
  MEDIA_DIR: z.string().trim().min(1).default("./media"),
  // The largest video file the console accepts (uploads are kept under DATA_DIR/videos).
  VIDEO_MAX_UPLOAD_BYTES: wholeNumber(64 * 1024, 1024 * 1024 * 1024, 50 * 1024 * 1024),
  REDEEM_MIN_COINS: wholeNumber(1, 100_000_000, REDEEM_DEFAULTS.minCoins),
  REDEEM_REQUIRE_KYC: flag(REDEEM_DEFAULTS.requireKyc),
  REDEEM_MAX_PENDING: wholeNumber(1, 1000, REDEEM_DEFAULTS.maxPending),
  REDEEM_DAILY_CAP_DOLLARS: wholeNumber(1, 1_000_000, REDEEM_DEFAULTS.dailyCapDollars),
  TREMENDOUS_API_KEY: z.string().trim().min(1).optional(),
  TREMENDOUS_API_URL: optionalUrl(["http:", "https:"], "http(s)"),
  TREMENDOUS_FUNDING_SOURCE_ID: z.string().trim().min(1).max(100).default("balance"),
  TREMENDOUS_CAMPAIGN_ID: z.string().trim().min(1).max(100).optional(),
  // Manual gift-card payouts: the brand an administrator buys and where its card is redeemed (the paid mail says).
  GIFT_CARD_BRAND: z.string().trim().min(1).max(60).default("Amazon.com"),
  GIFT_CARD_REDEEM_URL: z.url({ protocol: /^https?$/ }).default("https://www.amazon.com/gc/redeem"),
  JOB_LEASE_SECONDS: wholeNumber(1, 3600, 60),
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
  KYC_MAX_UPLOAD_BYTES: wholeNumber(1024, 50 * 1024 * 1024, KYC_DEFAULT_MAX_UPLOAD_BYTES),
  KYC_RETENTION_DAYS: wholeNumber(0, 3650, KYC_DEFAULT_RETENTION_DAYS),
  /** Days after a quiz session expires before its question list is pruned (quizzes/quiz-retention.job.ts). */
  QUIZ_DETAIL_RETENTION_DAYS: wholeNumber(1, 3650, 30),
  METRICS_ENABLED: flag(true),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || /^[\x21-\x7e]{32,200}$/.test(v), {
      message: "must be 32-200 printable characters without spaces (openssl rand -hex 32)",
    }),
});
