import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { createVerifiedUser } from "../support/factories";
import { httpClient } from "../support/http-client";
import { desktop, phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { expectNotice, signedInPage } from "./support/pages";

/**
 * docs/product.md "Signed out elsewhere" and "Help and contact": a browser whose session ended on another device
 * says so at its next request or when its tab is shown again; /help and /privacy state this server's settings,
 * its cookies and its support address, accessibly, on a phone and a desktop.
 */
const SUPPORT = "help-desk@example.test";
const SIGNED_OUT = ["Signed Out", "You were signed out on this device. Log in again to continue."] as const;

describeE2E("trust", () => {
  const e2e = useE2E({
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
    SUPPORT_EMAIL: SUPPORT,
    EARN_TTT_WINS_PER_DAY: "7",
    REFERRAL_RELEASE_COINS: "450",
  });
  const api = () => httpClient(e2e.server.url);

  /** The header of a signed-out page: 'Login' instead of the balance and 'Logout'. */
  async function expectSignedOutHeader(page: Page) {
    const banner = page.getByRole("banner");
    await banner
      .getByRole("link", { name: /^Login/ })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await banner.getByRole("button", { name: "Logout", exact: true }).count()).toBe(0);
  }

  it("a password changed on another device: this browser's next request shows the signed-out state and says so", async () => {
    const user = await createVerifiedUser(api());
    const { page } = await signedInPage(e2e, user, desktop);
    await page.goto("/account");
    await page.getByRole("heading", { level: 2, name: "Password" }).waitFor({ timeout: 20_000 });
    await page.getByRole("banner").getByRole("button", { name: "Logout", exact: true }).waitFor();

    // Elsewhere — another browser, through the API with a session of its own — the password is changed.
    const elsewhere = await api().request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    const cookie = elsewhere.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const changed = await api().request("/api/auth/change-password", {
      cookie,
      json: { currentPassword: user.password, newPassword: "a-new-passphrase-from-afar-5" },
    });
    expect(changed.status).toBe(200);

    // One request of this browser — the wallet's, after a tap on its link — finds the session gone.
    await page.getByRole("banner").getByRole("link", { name: "Wallet" }).first().click();
    await expectNotice(page, ...SIGNED_OUT);
    await page.getByText("Please log in to view your wallet.").waitFor({ timeout: 20_000 });
    await expectSignedOutHeader(page);
    expect(await page.getByRole("button", { name: "Redeem Coins for Cash" }).count()).toBe(0);
  });

  it("a session ended elsewhere: showing the tab again is enough", async () => {
    const user = await createVerifiedUser(api());
    const { page } = await signedInPage(e2e, user);
    await page.goto("/wallet");
    await page
      .getByRole("banner")
      .getByRole("button", { name: "Logout", exact: true })
      .waitFor({ timeout: 20_000 });
    expect((await api().request("/api/auth/sign-out", { method: "POST", cookie: user.cookie })).status).toBe(
      200,
    );
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expectNotice(page, ...SIGNED_OUT);
    await expectSignedOutHeader(page);
    await page.getByText("Please log in to view your wallet.").waitFor();
  });

  for (const [name, size] of [
    ["a phone", phone],
    ["a desktop", desktop],
  ] as const) {
    it(`/help and /privacy on ${name}: the live settings, every cookie, the support address; axe-clean`, async () => {
      const { page, errors } = await e2e.newPage(size);
      await page.goto("/help");
      await page.getByRole("heading", { level: 1, name: "Help" }).waitFor({ timeout: 20_000 });
      await page.getByText(/up to 7 wins a day/).waitFor();
      await page.getByText(/earned 450 coins by playing on at least 3 days/).waitFor();
      await page.getByRole("main").getByRole("link", { name: SUPPORT }).waitFor();
      await page.getByRole("contentinfo").getByRole("link", { name: SUPPORT }).waitFor();
      await expectNoAxeViolations(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);

      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
      await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor({ timeout: 20_000 });
      const cookies = page.getByRole("list", { name: "Cookies" });
      await cookies.getByText("ple_device", { exact: true }).waitFor();
      await cookies.getByText(/Kept: 400 days\./).waitFor();
      await cookies.getByText("better-auth.session_token", { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });
  }
});
