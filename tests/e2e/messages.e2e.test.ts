import { expect, it } from "vitest";
import { answerQuizCorrectly } from "#tests/support/earning";
import { createVerifiedUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

/**
 * The inbox at 360 px (docs/product.md, "Messages"): a referral bonus released by the friend's earning reaches the
 * referrer's bell with an unread count; opening it lists the message, marks it read, and the message opens the
 * referral page. The release rule is lowered to one earning so the release happens now.
 */
describeE2E("messages", () => {
  const e2e = useE2E({
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
    TRUST_PROXY: "true",
    REFERRAL_RELEASE_COINS: "10",
    REFERRAL_RELEASE_DAYS: "1",
  });
  const api = () => httpClient(e2e.server.url);

  it("the bell shows the referral release with an unread count, marks it read when seen and opens /referral", async () => {
    const referrer = await createVerifiedUser(api(), { ip: "10.88.0.1" });
    // Never quiet, whatever the hour the test runs at.
    const quiet = await api().request("/api/messages/settings", {
      method: "PUT",
      cookie: referrer.cookie,
      json: { quietStart: 0, quietEnd: 0 },
    });
    expect(quiet.status).toBe(200);
    const me = await (await api().request("/api/me", { cookie: referrer.cookie })).json();
    const friend = await createVerifiedUser(api(), {
      referralCode: me.profile.referralCode,
      ip: "10.88.0.2",
    });
    await answerQuizCorrectly(api(), friend, 1);

    const { page, context, errors } = await signedInPage(e2e, referrer, phone);
    await page.goto("/wallet");
    const unreadBell = page.getByRole("button", { name: "Messages (1 unread)" });
    await expect
      .poll(
        async () => {
          if (await unreadBell.isVisible()) return true;
          await page.reload();
          return false;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await unreadBell.click();
    const item = page.getByRole("menuitem", { name: /Your friend's referral bonus is paid/ });
    await item.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Messages", exact: true }).waitFor();
    await item.click();
    await page.waitForURL(/\/referral$/);
    await page.getByRole("heading", { name: "Referral Program" }).first().waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });
});
