import { formatDollars } from "./coins";
import { DEFAULT_EARNING_LIMITS, DEFAULT_REFERRAL_RELEASE } from "./earning";
import { KYC_DEFAULT_MAX_UPLOAD_BYTES, KYC_DEFAULT_RETENTION_DAYS } from "./kyc";
import { DEFAULT_STREAK_RULES } from "./streak";

/**
 * The server's settings that the public pages state (/terms, /privacy; docs/product.md "Terms and Privacy"): the
 * limits and retention periods the server enforces. The server fills them into every HTML page it sends — as
 * text in each `data-setting` element and as a JSON block the browser reads (src/server/http/public-settings.ts)
 * — so the pages say what this installation is configured to do, before and after the app runs.
 */
export const REDEEM_DEFAULTS = {
  minCoins: 1000,
  maxPending: 1,
  dailyCapDollars: 50,
  requireKyc: true,
} as const;

/** Free of zod: the legal pages' chunk stays small. */
export interface PublicSettings {
  kycRetentionDays: number;
  kycMaxUploadBytes: number;
  redeemMinCoins: number;
  redeemMaxPending: number;
  redeemDailyCapDollars: number;
  redeemRequireKyc: boolean;
  tttWinsPerDay: number;
  quizSessionsPerDay: number;
  videoWatchesPerDay: number;
  referralBonusesPer30Days: number;
  /** A pending referral pair clears once the friend earned this many coins … */
  referralReleaseCoins: number;
  /** … on at least this many different UTC days. */
  referralReleaseDays: number;
  /** The daily goal, the streak bonus and how often it is paid (STREAK_*). */
  streakGoalCoins: number;
  streakBonusCoins: number;
  streakBonusEveryDays: number;
  /** SUPPORT_EMAIL, or "" when none is configured (then no address is shown). */
  supportEmail: string;
}
export type PublicSettingName = keyof PublicSettings;

/** The defaults of src/server/env-schema.ts: what a build prerenders before the server fills in its own. */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  kycRetentionDays: KYC_DEFAULT_RETENTION_DAYS,
  kycMaxUploadBytes: KYC_DEFAULT_MAX_UPLOAD_BYTES,
  redeemMinCoins: REDEEM_DEFAULTS.minCoins,
  redeemMaxPending: REDEEM_DEFAULTS.maxPending,
  redeemDailyCapDollars: REDEEM_DEFAULTS.dailyCapDollars,
  redeemRequireKyc: REDEEM_DEFAULTS.requireKyc,
  ...DEFAULT_EARNING_LIMITS,
  referralReleaseCoins: DEFAULT_REFERRAL_RELEASE.coins,
  referralReleaseDays: DEFAULT_REFERRAL_RELEASE.days,
  streakGoalCoins: DEFAULT_STREAK_RULES.goalCoins,
  streakBonusCoins: DEFAULT_STREAK_RULES.bonusCoins,
  streakBonusEveryDays: DEFAULT_STREAK_RULES.bonusEveryDays,
  supportEmail: "",
};

/** How a setting reads in a sentence: "30 days", "1000 coins ($5.00)", "required". */
export function settingText(settings: PublicSettings, name: PublicSettingName): string {
  const n = (value: number, unit: string) => `${value} ${unit}${value === 1 ? "" : "s"}`;
  switch (name) {
    case "kycRetentionDays":
      return n(settings.kycRetentionDays, "day");
    case "kycMaxUploadBytes":
      return `${Math.round((settings.kycMaxUploadBytes / (1024 * 1024)) * 10) / 10} MB`;
    case "redeemMinCoins":
      return `${settings.redeemMinCoins} coins ($${formatDollars(settings.redeemMinCoins)})`;
    case "redeemMaxPending":
      return n(settings.redeemMaxPending, "request");
    case "redeemDailyCapDollars":
      return `$${settings.redeemDailyCapDollars}`;
    case "redeemRequireKyc":
      return settings.redeemRequireKyc ? "required" : "not required";
    case "tttWinsPerDay":
      return n(settings.tttWinsPerDay, "win");
    case "quizSessionsPerDay":
      return n(settings.quizSessionsPerDay, "session");
    case "videoWatchesPerDay":
      return n(settings.videoWatchesPerDay, "watch").replace("watchs", "watches");
    case "referralBonusesPer30Days":
      return n(settings.referralBonusesPer30Days, "bonus").replace("bonuss", "bonuses");
    case "referralReleaseCoins":
      return n(settings.referralReleaseCoins, "coin");
    case "referralReleaseDays":
      return n(settings.referralReleaseDays, "day");
    case "streakGoalCoins":
      return n(settings.streakGoalCoins, "coin");
    case "streakBonusCoins":
      return n(settings.streakBonusCoins, "coin");
    case "streakBonusEveryDays":
      return n(settings.streakBonusEveryDays, "day");
    case "supportEmail":
      return settings.supportEmail;
  }
}

/**
 * The settings in a page's JSON block (`text`), each checked against the default's type; the defaults for any that
 * is missing or odd (a page not sent by our server, e.g. the Vite dev server's).
 */
export function parsePublicSettings(text: string | null | undefined): PublicSettings {
  let value: unknown = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    value = null;
  }
  const given = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_PUBLIC_SETTINGS };
  for (const [name, fallback] of Object.entries(DEFAULT_PUBLIC_SETTINGS)) {
    const v = given[name];
    if (typeof v === typeof fallback && (typeof v !== "number" || Number.isFinite(v))) settings[name] = v;
  }
  return settings as unknown as PublicSettings;
}

/** The id of the JSON block of settings in every HTML page the server sends. */
export const PUBLIC_SETTINGS_ELEMENT_ID = "public-settings";
