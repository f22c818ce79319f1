import os from "node:os";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

const KYC_KEY = Buffer.alloc(32, 7).toString("base64");

function errorOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error("parseEnv accepted the configuration");
}

describe("parseEnv", () => {
  it("has defaults for everything in development", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "0.0.0.0",
      dataDir: "./data",
      databaseUrl: undefined,
      appUrl: "http://localhost:3000",
      smtpUrl: undefined,
      authRateLimit: 5,
      mailRateLimit: 3,
      trustProxy: false,
      logLevel: "info",
    });
    // No secret in the source: main.ts generates one under DATA_DIR (auth-secret.ts).
    expect(env.authSecret).toBeUndefined();
    // The Vite dev server is trusted only when `npm run dev` says so.
    expect(env.devOrigin).toBeUndefined();
  });

  it.each([
    ["defaults to", {}, [20, 1, 1, 20], 10, "./media"],
    [
      "reads (0 turns a channel's payments off)",
      {
        EARN_TTT_WINS_PER_DAY: "5",
        EARN_QUIZ_SESSIONS_PER_DAY: "0",
        EARN_VIDEO_WATCHES_PER_DAY: "2",
        REFERRAL_BONUSES_PER_30_DAYS: "3",
        GUEST_QUIZ_SESSIONS_PER_HOUR: "4",
        MEDIA_DIR: "/srv/media",
      },
      [5, 0, 2, 3],
      4,
      "/srv/media",
    ],
  ] as const)(
    "%s the earning limits, the guests' quiz limit and the media folder",
    (_, raw, limits, guest, media) => {
      const env = parseEnv(raw);
      const [tttWinsPerDay, quizSessionsPerDay, videoWatchesPerDay, referralBonusesPer30Days] = limits;
      expect(env.earningLimits).toEqual({
        tttWinsPerDay,
        quizSessionsPerDay,
        videoWatchesPerDay,
        referralBonusesPer30Days,
      });
      expect(env.guestQuizSessionsPerHour).toBe(guest);
      expect(env.mediaDir).toBe(media);
    },
  );

  it("reads the daily goal and the streak bonus, with the defaults of docs/product.md", () => {
    expect(parseEnv({}).streakRules).toEqual({ goalCoins: 100, bonusCoins: 25, bonusEveryDays: 7 });
    expect(
      parseEnv({ DAILY_GOAL_COINS: "50", STREAK_BONUS_COINS: "0", STREAK_BONUS_EVERY_DAYS: "3" }).streakRules,
    ).toEqual({ goalCoins: 50, bonusCoins: 0, bonusEveryDays: 3 });
    expect(errorOf({ DAILY_GOAL_COINS: "0" })).toBe(
      'Invalid configuration: DAILY_GOAL_COINS must be between 1 and 100000 (got "0")',
    );
    expect(errorOf({ STREAK_BONUS_EVERY_DAYS: "0" })).toBe(
      'Invalid configuration: STREAK_BONUS_EVERY_DAYS must be between 1 and 365 (got "0")',
    );
  });

  it("refuses nonsense earning limits", () => {
    expect(errorOf({ EARN_TTT_WINS_PER_DAY: "-1" })).toBe(
      'Invalid configuration: EARN_TTT_WINS_PER_DAY must be between 0 and 100000 (got "-1")',
    );
    expect(errorOf({ EARN_VIDEO_WATCHES_PER_DAY: "1.5" })).toBe(
      'Invalid configuration: EARN_VIDEO_WATCHES_PER_DAY must be a whole number (got "1.5")',
    );
    expect(errorOf({ GUEST_QUIZ_SESSIONS_PER_HOUR: "0" })).toBe(
      'Invalid configuration: GUEST_QUIZ_SESSIONS_PER_HOUR must be between 1 and 100000 (got "0")',
    );
  });

  it("reads and normalises what is set", () => {
    const env = parseEnv({
      PORT: "8080",
      APP_URL: "https://play.example/",
      AUTH_RATE_LIMIT: "10",
      MAIL_RATE_LIMIT: "4",
      TRUST_PROXY: "true",
      SMTP_URL: "smtp://mail.example:587",
      DATABASE_URL: "postgres://u@db/app",
      FOO: "",
    });
    expect(env).toMatchObject({
      port: 8080,
      appUrl: "https://play.example",
      authRateLimit: 10,
      mailRateLimit: 4,
      trustProxy: true,
      smtpUrl: "smtp://mail.example:587",
      databaseUrl: "postgres://u@db/app",
    });
    expect(parseEnv({ PORT: "8080" }).appUrl).toBe("http://localhost:8080");
    expect(parseEnv({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(parseEnv({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
    expect(parseEnv({})).toMatchObject({ redisUrl: undefined, redisPrefix: "ple:" });
    expect(parseEnv({ REDIS_URL: "redis://cache:6379", REDIS_PREFIX: "app-2:" })).toMatchObject({
      redisUrl: "redis://cache:6379",
      redisPrefix: "app-2:",
    });
  });

  it("reads the administrators' addresses, trimmed, lower-cased and without repeats", () => {
    expect(parseEnv({})).toMatchObject({ adminEmails: [], adminRateLimit: 30 });
    expect(
      parseEnv({
        ADMIN_EMAILS: " Boss@Example.com,ops@example.com ,, boss@example.COM",
        ADMIN_RATE_LIMIT: "5",
      }),
    ).toMatchObject({ adminEmails: ["boss@example.com", "ops@example.com"], adminRateLimit: 5 });
    expect(errorOf({ ADMIN_EMAILS: "boss@example.com;ops" })).toMatch(
      /^Invalid configuration: ADMIN_EMAILS must be e-mail addresses separated by commas/,
    );
    expect(errorOf({ ADMIN_RATE_LIMIT: "0" })).toMatch(
      /^Invalid configuration: ADMIN_RATE_LIMIT must be between/,
    );
  });

  it("explains a bad value in one line", () => {
    expect(errorOf({ PORT: "abc" })).toBe('Invalid configuration: PORT must be a whole number (got "abc")');
    expect(errorOf({ DATABASE_URL: "mysql://x/y" })).toBe(
      'Invalid configuration: DATABASE_URL must be a PostgreSQL URL (postgres://… or postgresql://…) (got "mysql://x/y")',
    );
    expect(errorOf({ AUTH_RATE_LIMIT: "0" })).toBe(
      'Invalid configuration: AUTH_RATE_LIMIT must be between 1 and 10000 (got "0")',
    );
    expect(errorOf({ TRUST_PROXY: "yes" })).toBe(
      'Invalid configuration: TRUST_PROXY must be true or false (got "yes")',
    );
    expect(errorOf({ REDIS_URL: "http://cache" })).toMatch(
      /^Invalid configuration: REDIS_URL must be a Redis URL/,
    );
    expect(errorOf({ REDIS_PREFIX: "has space" })).toMatch(/^Invalid configuration: REDIS_PREFIX must be/);
    expect(errorOf({ SMTP_URL: "http://mail" })).toMatch(
      /^Invalid configuration: SMTP_URL must be an? SMTP URL/,
    );
    for (const message of [errorOf({ PORT: "abc" }), errorOf({ AUTH_SECRET: "short" })]) {
      expect(message).not.toContain("\n");
    }
  });

  it("requires AUTH_SECRET and SMTP_URL in production", () => {
    expect(errorOf({ NODE_ENV: "production", SMTP_URL: "smtp://mail:25" })).toMatch(
      /AUTH_SECRET is required/,
    );
    expect(errorOf({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) })).toBe(
      "Invalid configuration: SMTP_URL is required when NODE_ENV=production (confirmation and reset e-mails must be delivered)",
    );
    const env = parseEnv({
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      SMTP_URL: "smtps://mail:465",
      KYC_ENCRYPTION_KEY: KYC_KEY,
    });
    expect(env.authSecret).toBe("x".repeat(32));
  });

  it("reads DEV_ORIGIN as an origin, and refuses it in production", () => {
    expect(parseEnv({ DEV_ORIGIN: "http://localhost:5173/" }).devOrigin).toBe("http://localhost:5173");
    expect(errorOf({ DEV_ORIGIN: "localhost:5173" })).toMatch(/^Invalid configuration: DEV_ORIGIN must be/);
    expect(
      errorOf({
        NODE_ENV: "production",
        AUTH_SECRET: "x".repeat(32),
        SMTP_URL: "smtp://mail:25",
        DEV_ORIGIN: "http://localhost:5173",
      }),
    ).toMatch(/DEV_ORIGIN is for `npm run dev` only/);
  });

  it("runs one worker process per core on PostgreSQL and exactly one on PGlite", () => {
    const pg = "postgres://app@db:5432/app";
    expect(parseEnv({ DATABASE_URL: pg }).webConcurrency).toBe(os.availableParallelism());
    expect(parseEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(parseEnv({}).webConcurrency).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(errorOf({ WEB_CONCURRENCY: "2" })).toBe(
      'Invalid configuration: WEB_CONCURRENCY must be 1 without DATABASE_URL (PGlite is one process) (got "2")',
    );
    expect(errorOf({ DATABASE_URL: pg, WEB_CONCURRENCY: "0" })).toBe(
      'Invalid configuration: WEB_CONCURRENCY must be between 1 and 64 (got "0")',
    );
    expect(errorOf({ DATABASE_URL: pg, WEB_CONCURRENCY: "two" })).toMatch(
      /WEB_CONCURRENCY must be a whole number/,
    );
  });

  it("runs one process where several cannot share a port, and refuses more", () => {
    const pg = "postgres://app@db:5432/app";
    expect(parseEnv({ DATABASE_URL: pg }, "linux").webConcurrency).toBe(os.availableParallelism());
    expect(parseEnv({ DATABASE_URL: pg }, "darwin").webConcurrency).toBe(1);
    expect(parseEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: "1" }, "win32").webConcurrency).toBe(1);
    expect(() => parseEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: "2" }, "darwin")).toThrow(
      'Invalid configuration: WEB_CONCURRENCY must be 1 on darwin: several processes need a system whose sockets can share a port (Linux, FreeBSD) (got "2")',
    );
  });

  it("reads the redemption rules, with defaults of 1000 coins, KYC required, 1 pending and $50 a day", () => {
    expect(parseEnv({}).redeem).toEqual({
      minCoins: 1000,
      requireKyc: true,
      maxPending: 1,
      dailyCapDollars: 50,
    });
    const env = parseEnv({
      REDEEM_MIN_COINS: "2000",
      REDEEM_REQUIRE_KYC: "false",
      REDEEM_MAX_PENDING: "3",
      REDEEM_DAILY_CAP_DOLLARS: "100",
      JOB_LEASE_SECONDS: "5",
    });
    expect(env.redeem).toEqual({ minCoins: 2000, requireKyc: false, maxPending: 3, dailyCapDollars: 100 });
    expect(env.jobLeaseMs).toBe(5000);
    expect(parseEnv({}).jobLeaseMs).toBe(60_000);
    expect(errorOf({ REDEEM_MIN_COINS: "0" })).toMatch(/REDEEM_MIN_COINS must be between 1/);
    expect(errorOf({ REDEEM_REQUIRE_KYC: "maybe" })).toMatch(/REDEEM_REQUIRE_KYC must be true or false/);
  });

  it("switches Tremendous on only when its key and URL are both set", () => {
    expect(parseEnv({}).tremendous).toBeUndefined();
    const env = parseEnv({
      TREMENDOUS_API_KEY: "TEST_key",
      TREMENDOUS_API_URL: "https://testflight.tremendous.com/",
    });
    expect(env.tremendous).toEqual({
      apiKey: "TEST_key",
      apiUrl: "https://testflight.tremendous.com",
      fundingSourceId: "balance",
      campaignId: undefined,
    });
    expect(errorOf({ TREMENDOUS_API_KEY: "TEST_key" })).toMatch(/must be set together/);
    expect(errorOf({ TREMENDOUS_API_URL: "ftp://x" })).toMatch(/TREMENDOUS_API_URL must be a http\(s\) URL/);
  });

  it("requires a 32-byte KYC_ENCRYPTION_KEY in production and reads the KYC limits", () => {
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), SMTP_URL: "smtps://mail:465" };
    expect(errorOf(production)).toMatch(/^Invalid configuration: KYC_ENCRYPTION_KEY is required/);
    expect(errorOf({ KYC_ENCRYPTION_KEY: Buffer.alloc(16, 1).toString("base64") })).toMatch(
      /^Invalid configuration: KYC_ENCRYPTION_KEY must be 32 bytes in base64/,
    );
    expect(errorOf({ KYC_ENCRYPTION_KEY: "not base64!" })).toMatch(/KYC_ENCRYPTION_KEY must be 32 bytes/);
    expect(errorOf({ KYC_MAX_UPLOAD_BYTES: "12" })).toMatch(/KYC_MAX_UPLOAD_BYTES must be between/);
    expect(errorOf({ KYC_RETENTION_DAYS: "-1" })).toMatch(/KYC_RETENTION_DAYS must be between/);
    const defaults = parseEnv({});
    expect(defaults.kycEncryptionKey).toBeUndefined();
    expect(defaults.kycMaxUploadBytes).toBe(5 * 1024 * 1024);
    expect(defaults.kycRetentionDays).toBe(30);
    const env = parseEnv({
      ...production,
      KYC_ENCRYPTION_KEY: KYC_KEY,
      KYC_MAX_UPLOAD_BYTES: "2048",
      KYC_RETENTION_DAYS: "0",
    });
    expect(env.kycEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(env.kycMaxUploadBytes).toBe(2048);
    expect(env.kycRetentionDays).toBe(0);
  });

  it("reads the quiz sessions' retention: 30 days by default, 1 to 3650", () => {
    expect(parseEnv({}).quizDetailRetentionDays).toBe(30);
    expect(parseEnv({ QUIZ_DETAIL_RETENTION_DAYS: "7" }).quizDetailRetentionDays).toBe(7);
    expect(errorOf({ QUIZ_DETAIL_RETENTION_DAYS: "0" })).toMatch(
      /QUIZ_DETAIL_RETENTION_DAYS must be between/,
    );
    expect(errorOf({ QUIZ_DETAIL_RETENTION_DAYS: "x" })).toMatch(/QUIZ_DETAIL_RETENTION_DAYS/);
  });

  it("reads how many quizzes a day features (Today's quizzes): 3 by default, 1 to 20", () => {
    expect(parseEnv({}).quizzesFeaturedPerDay).toBe(3);
    expect(parseEnv({ QUIZZES_FEATURED_PER_DAY: "1" }).quizzesFeaturedPerDay).toBe(1);
    expect(parseEnv({ QUIZZES_FEATURED_PER_DAY: "20" }).quizzesFeaturedPerDay).toBe(20);
    for (const bad of ["0", "21"])
      expect(errorOf({ QUIZZES_FEATURED_PER_DAY: bad })).toBe(
        `Invalid configuration: QUIZZES_FEATURED_PER_DAY must be between 1 and 20 (got "${bad}")`,
      );
    expect(errorOf({ QUIZZES_FEATURED_PER_DAY: "2.5" })).toBe(
      'Invalid configuration: QUIZZES_FEATURED_PER_DAY must be a whole number (got "2.5")',
    );
  });
});
