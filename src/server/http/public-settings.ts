import {
  DEFAULT_PUBLIC_SETTINGS,
  PUBLIC_SETTINGS_ELEMENT_ID,
  type PublicSettingName,
  type PublicSettings,
  settingText,
} from "~/core/public-settings";
import type { Env } from "../env";

/** The settings /terms, /privacy and /help state, from the configuration this server runs with. */
export function publicSettingsOf(env: Env): PublicSettings {
  return {
    kycRetentionDays: env.kycRetentionDays,
    kycMaxUploadBytes: env.kycMaxUploadBytes,
    redeemMinCoins: env.redeem.minCoins,
    redeemMaxPending: env.redeem.maxPending,
    redeemDailyCapDollars: env.redeem.dailyCapDollars,
    redeemRequireKyc: env.redeem.requireKyc,
    ...env.earningLimits,
    referralReleaseCoins: env.referralRelease.coins,
    referralReleaseDays: env.referralRelease.days,
    streakGoalCoins: env.streakRules.goalCoins,
    streakBonusCoins: env.streakRules.bonusCoins,
    streakBonusEveryDays: env.streakRules.bonusEveryDays,
    supportEmail: env.supportEmail ?? "",
  };
}

const SETTING_ELEMENT = /(<span data-setting="([A-Za-z0-9]+)">)[^<]*(<\/span>)/g;

/**
 * An HTML page with this server's settings filled in (docs/product.md "Terms and Privacy"): the text of every
 * prerendered `<span data-setting="name">` (written at build time with the defaults), and a JSON block before
 * `</head>` from which the browser renders the same text, so hydration finds what the server sent.
 */
export function fillPublicSettings(html: string, settings: PublicSettings): string {
  const known = Object.keys(DEFAULT_PUBLIC_SETTINGS);
  const filled = html.replace(SETTING_ELEMENT, (whole, open: string, name: string, close: string) =>
    known.includes(name)
      ? `${open}${escapeText(settingText(settings, name as PublicSettingName))}${close}`
      : whole,
  );
  // A data block (never executed, so the Content-Security-Policy has nothing to allow); `<` escaped inside.
  const block = `<script type="application/json" id="${PUBLIC_SETTINGS_ELEMENT_ID}">${JSON.stringify(settings).replaceAll("<", "\\u003c")}</script>`;
  return filled.includes("</head>") ? filled.replace("</head>", `${block}</head>`) : filled;
}

const escapeText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
