import { describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_SETTINGS, parsePublicSettings, settingText } from "~/core/public-settings";
import { fillPublicSettings } from "./public-settings";

const page = `<html><head><title>x</title></head><body><p>Kept <span data-setting="kycRetentionDays">30 days</span>, at least <span data-setting="redeemMinCoins">1000 coins ($5.00)</span>; <span data-setting="nope">as is</span></p></body></html>`;

describe("the public settings in the pages", () => {
  const settings = { ...DEFAULT_PUBLIC_SETTINGS, kycRetentionDays: 1, redeemMinCoins: 2500 };

  it("fills each setting's text and adds the JSON block the browser reads", () => {
    const html = fillPublicSettings(page, settings);
    expect(html).toContain('<span data-setting="kycRetentionDays">1 day</span>');
    expect(html).toContain('<span data-setting="redeemMinCoins">2500 coins ($12.50)</span>');
    expect(html).toContain('<span data-setting="nope">as is</span>');
    const block = /<script type="application\/json" id="public-settings">(.*?)<\/script><\/head>/.exec(html);
    expect(parsePublicSettings(block?.[1])).toEqual(settings);
  });

  it("reads defaults for a missing, broken or odd block", () => {
    expect(parsePublicSettings(null)).toEqual(DEFAULT_PUBLIC_SETTINGS);
    expect(parsePublicSettings("{nope")).toEqual(DEFAULT_PUBLIC_SETTINGS);
    expect(parsePublicSettings('{"kycRetentionDays":"45","redeemRequireKyc":false}')).toEqual({
      ...DEFAULT_PUBLIC_SETTINGS,
      redeemRequireKyc: false,
    });
  });

  it("words every setting for a sentence", () => {
    expect(settingText(DEFAULT_PUBLIC_SETTINGS, "kycRetentionDays")).toBe("30 days");
    expect(settingText(DEFAULT_PUBLIC_SETTINGS, "videoWatchesPerDay")).toBe("1 watch");
    expect(settingText({ ...DEFAULT_PUBLIC_SETTINGS, videoWatchesPerDay: 2 }, "videoWatchesPerDay")).toBe(
      "2 watches",
    );
    expect(settingText(DEFAULT_PUBLIC_SETTINGS, "referralBonusesPer30Days")).toBe("20 bonuses");
    expect(settingText(DEFAULT_PUBLIC_SETTINGS, "referralReleaseCoins")).toBe("300 coins");
    expect(settingText(DEFAULT_PUBLIC_SETTINGS, "referralReleaseDays")).toBe("3 days");
    expect(settingText(DEFAULT_PUBLIC_SETTINGS, "kycMaxUploadBytes")).toBe("5 MB");
    expect(settingText(DEFAULT_PUBLIC_SETTINGS, "redeemRequireKyc")).toBe("required");
  });
});
