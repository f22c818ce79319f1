import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { answerQuizCorrectly } from "../support/earning";
import { createVerifiedUser, type TestUser, uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { pngFile } from "../support/kyc-files";
import { phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";

/**
 * Every word the pages say is true (docs/product.md): the `?ref=` landing promises a bonus only for a code that
 * gives one; the KYC page and Privacy state the one retention period (KYC_RETENTION_DAYS, here 45); the console
 * names every ledger kind in words, names a KYC decision by its person, explains 'Compared as' and says what the
 * Users tile counts; the wallet has no button that does nothing. At 360 px.
 */
const noticeTexts = (page: Page) =>
  page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .locator("li")
    .allTextContents();

describeE2E("true words", () => {
  const adminEmail = uniqueEmail("admin");
  // A goal of 10 coins and a bonus every day: one right answer pays a streak bonus, so the console shows that kind.
  const e2e = useE2E({
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
    ADMIN_EMAILS: adminEmail,
    KYC_RETENTION_DAYS: "45",
    DAILY_GOAL_COINS: "10",
    STREAK_BONUS_EVERY_DAYS: "1",
  });
  const api = () => httpClient(e2e.server.url);
  async function signedIn(user: TestUser) {
    const opened = await e2e.newPage(phone);
    await addSessionCookie(opened.context, user.cookie, e2e.server.url);
    return opened;
  }

  it("/auth?ref=NOTACODE promises no bonus; a real code does", async () => {
    const { page, errors } = await e2e.newPage(phone);
    await page.goto("/auth?ref=NOTACODE");
    await page.getByText("Invalid referral code. Proceeding without referral.", { exact: true }).waitFor();
    await page
      .getByText("No account has this code, so no referral bonus comes with this link.", { exact: false })
      .waitFor();
    expect(await page.getByText(/bonus coins for you and your friend/).count()).toBe(0);
    expect((await noticeTexts(page)).join(" ")).not.toContain("Referral Applied");
    await expectNoAxeViolations(page);

    const referrer = await createVerifiedUser(api());
    const { profile } = (await (await api().request("/api/me", { cookie: referrer.cookie })).json()) as {
      profile: { referralCode: string };
    };
    await page.goto(`/auth?ref=${profile.referralCode}`);
    await page
      .getByText("You were invited: 50 bonus coins for you and your friend", { exact: true })
      .waitFor();
    expect(await page.getByText("Invalid referral code. Proceeding without referral.").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("the KYC page and Privacy state the same retention period, from KYC_RETENTION_DAYS", async () => {
    const user = await createVerifiedUser(api());
    const { page, errors } = await signedIn(user);
    await page.goto("/kyc");
    await page.getByText(/deleted 45 days after their decision\.$/).waitFor({ timeout: 20_000 });
    expect(await page.getByText(/some time after/).count()).toBe(0);
    await page.goto("/privacy");
    const stated = page.locator('[data-setting="kycRetentionDays"]');
    await stated.first().waitFor();
    expect(new Set(await stated.allTextContents())).toEqual(new Set(["45 days"]));
    expect(errors).toEqual([]);
  });

  it("the console: 'Compared as' explained, a KYC decision named by its person, every kind in words, the Users tile says what it counts; the wallet has no dead button", {
    timeout: 180_000,
  }, async () => {
    const user = await createVerifiedUser(api());
    const form = new FormData();
    form.set("fullName", "Katherine Johnson");
    form.set("documentId", "P-55501234");
    form.set("documentUpload", new File([pngFile()], "id.png", { type: "image/png" }));
    expect((await api().request("/api/kyc", { method: "POST", form, cookie: user.cookie })).status).toBe(201);
    await answerQuizCorrectly(api(), user, 1);

    const wallet = await signedIn(user);
    await wallet.page.goto("/wallet");
    // The wallet's redeem button ('Redeem Coins for Cash', or 'Redeem: N more coins needed' once the minimum is
    // known: this player has a few coins) is there, and no dead button beside it.
    await wallet.page.getByRole("button", { name: /^Redeem/ }).waitFor({ timeout: 20_000 });
    expect(await wallet.page.getByRole("button", { name: /More Options|Coming Soon/ }).count()).toBe(0);

    const operator = await createVerifiedUser(api(), { email: adminEmail });
    const { page, errors } = await signedIn(operator);
    await page.goto("/admin/kyc");
    await page.getByRole("button", { name: `Review Katherine Johnson (${user.email})` }).click();
    await page.getByRole("heading", { name: "Review: Katherine Johnson" }).waitFor({ timeout: 20_000 });
    await page.getByText("P555OL234", { exact: true }).waitFor();
    await page.getByText(/^The document ID as we compare it with every other account's/).waitFor();
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await expect
      .poll(() => noticeTexts(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining("KYC Approved")]));

    await page.goto("/admin/audit");
    await page
      .getByText(`${adminEmail} approved the KYC submission of ${user.email}.`)
      .waitFor({ timeout: 20_000 });

    await page.goto("/admin");
    const issued = page.getByRole("table");
    await issued.getByRole("rowheader", { name: "Streak bonuses", exact: true }).waitFor({ timeout: 20_000 });
    const kinds = await issued.getByRole("rowheader").allTextContents();
    expect(kinds.filter((k) => /_/.test(k))).toEqual([]);
    await page.getByText(/^Every sign-up, deleted accounts included; \d+ new in the last 7 days$/).waitFor();
    expect(fitsThePhone(await page.evaluate(() => document.documentElement.scrollWidth))).toBe(true);
    expect(errors).toEqual([]);
  });
});

/** No horizontal scroll at 360 px. */
const fitsThePhone = (scrollWidth: number) => scrollWidth <= 360;
