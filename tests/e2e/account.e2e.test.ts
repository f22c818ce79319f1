import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { createVerifiedUser, signIn, type TestUser, uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { pngFile } from "../support/kyc-files";
import { desktop, phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, navBalance, useE2E } from "./support/fixtures";
import { expectNotice, signedInPage } from "./support/pages";

/**
 * The account page (docs/product.md "Your account") in the browser: the header's user menu, the password change,
 * two browsers and the sessions list, the data download, deleting the account — and the Terms and Privacy pages,
 * which state this server's configured retention (KYC_RETENTION_DAYS=45 here, not the default 30).
 */
describeE2E("account", () => {
  const adminEmail = uniqueEmail("admin");
  const e2e = useE2E({
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
    ADMIN_EMAILS: adminEmail,
    KYC_RETENTION_DAYS: "45",
  });
  const api = () => httpClient(e2e.server.url);
  let admin: TestUser | undefined;
  const adminUser = async () => {
    admin ??= await createVerifiedUser(api(), { email: adminEmail });
    return admin;
  };
  const status = async (cookie: string, path = "/api/me") => (await api().request(path, { cookie })).status;
  const signInStatus = async (email: string, password: string) =>
    (await api().request("/api/auth/sign-in/email", { method: "POST", json: { email, password } })).status;

  const REFUSED = "Failed to load resource: the server responded with a status of 400 (Bad Request)";
  /**
   * The password step both forms share: a wrong current password is refused, marked on its field and told in a
   * notice titled `title`; the form stays as it was otherwise. The browser logs the refused request (REFUSED).
   */
  async function expectWrongPasswordMarked(page: Page, form: Locator, field: Locator, title: string) {
    await field.fill("not-the-password-1");
    await form.locator("button[type=submit]").click();
    await expectNotice(page, title, "Invalid password");
    await form.getByText("This is not your current password.", { exact: true }).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
  }

  async function openAccount(page: Page) {
    await page.goto("/account");
    await page.getByRole("heading", { level: 2, name: "Password" }).waitFor({ timeout: 20_000 });
  }

  it("the header's user menu opens by keyboard and leads to the account page", async () => {
    const user = await createVerifiedUser(api());
    const { page, errors } = await signedInPage(e2e, user, phone);
    await page.goto("/wallet");
    const trigger = page.getByRole("button", { name: `Account menu (${user.email})` });
    await trigger.waitFor({ timeout: 20_000 });
    // The spec's balance and Logout stay in the bar.
    await page.getByRole("banner").getByRole("button", { name: "Logout", exact: true }).waitFor();
    expect(await navBalance(page)).toBe(0);
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    await menu.getByText(user.email, { exact: true }).waitFor();
    const items = await menu.getByRole("menuitem").allTextContents();
    expect(items).toEqual(["Account", "Identity verification", "Referral Program", "Logout"]);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);
    await trigger.click();
    await page.getByRole("menuitem", { name: "Account" }).click();
    await page.waitForURL("**/account");
    await page.getByRole("heading", { level: 2, name: "Delete account" }).waitFor({ timeout: 20_000 });
    await page.getByRole("list", { name: "Sessions" }).waitFor();
    await expectNoAxeViolations(page);
    // Signed in on a 360 px phone: nothing scrolls sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  it("changes the password: the old one is refused afterwards and the other browser is signed out", async () => {
    const user = await createVerifiedUser(api());
    const other = await signIn(api(), user.email, user.password);
    const { page, errors } = await signedInPage(e2e, user);
    await openAccount(page);
    await page.getByText(/Changing your password signs you out on every other device/).waitFor();
    const form = page.getByRole("form", { name: "Change password" });
    const current = form.getByLabel("Current password", { exact: true });
    await form.getByLabel("New password", { exact: true }).fill("a-much-better-passphrase-7");
    await form.getByLabel("Confirm new password", { exact: true }).fill("a-much-better-passphrase-7");
    await expectWrongPasswordMarked(page, form, current, "Password Not Changed");
    expect(await signInStatus(user.email, user.password)).toBe(200);
    await current.fill(user.password);
    await form.getByRole("button", { name: "Change password" }).click();
    await expectNotice(
      page,
      "Password Changed",
      "Your password has been changed. Every other device has been signed out.",
    );
    expect(await status(other)).toBe(401);
    expect(await signInStatus(user.email, user.password)).toBe(401);
    expect(await signInStatus(user.email, "a-much-better-passphrase-7")).toBe(200);
    // This browser stays signed in.
    await page.reload();
    await page.getByRole("heading", { level: 2, name: "Password" }).waitFor({ timeout: 20_000 });
    expect(errors).toEqual([REFUSED]); // the wrong password's answer, and nothing else
  });

  it("a second browser appears in the sessions list; ending it makes its next request fail", async () => {
    const user = await createVerifiedUser(api());
    const first = await signedInPage(e2e, user);
    // The second browser signs in through the form, so its device is this Chromium.
    const second = await e2e.newPage(phone);
    await second.page.goto("/auth");
    await second.page.getByLabel("Email", { exact: true }).fill(user.email);
    await second.page.getByLabel("Password", { exact: true }).fill(user.password);
    await second.page.getByRole("button", { name: "Login", exact: true }).click();
    await second.page
      .getByRole("button", { name: `Account menu (${user.email})` })
      .waitFor({ timeout: 20_000 });

    await openAccount(first.page);
    const list = first.page.getByRole("list", { name: "Sessions" });
    await expect.poll(() => list.getByRole("listitem").count(), { timeout: 20_000 }).toBe(2);
    await list.getByText("This device", { exact: true }).waitFor();
    const end = list.getByRole("button", { name: /^End session: Chrome/ });
    expect(await end.count()).toBe(1);
    await end.click();
    await expectNotice(first.page, "Signed Out", "That session has been ended.");
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);

    const next = await second.page.request.get("/api/me");
    expect(next.status()).toBe(401);
    await second.page.goto("/account");
    await second.page.getByText("Please log in to manage your account.").waitFor({ timeout: 20_000 });
    expect(first.errors).toEqual([]);
  });

  it("'Download my data' saves a file whose ledger sums to the balance", async () => {
    const user = await createVerifiedUser(api());
    const operator = await adminUser();
    for (const amount of [700, -150, 35]) {
      const res = await api().request(`/api/admin/users/${user.id}/adjustments`, {
        method: "POST",
        cookie: operator.cookie,
        json: { adjustmentId: randomUUID(), amount, reason: `Support adjustment of ${amount}` },
      });
      expect(res.status).toBe(201);
    }
    const { page, errors } = await signedInPage(e2e, user);
    await openAccount(page);
    await expect.poll(() => navBalance(page), { timeout: 20_000 }).toBe(585);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("play-learn-earn-data.json");
    const data = JSON.parse(await readFile((await download.path())!, "utf8"));
    const sum = data.ledger.reduce((n: number, r: { amount: number }) => n + r.amount, 0);
    expect(sum).toBe(585);
    expect(data.balance).toBe(585);
    expect(data.user.email).toBe(user.email);
    expect(errors).toEqual([]);
  });

  it("deleting the account: signed out, old password refused, KYC document gone, its coins move to breakage", async () => {
    const user = await createVerifiedUser(api());
    const operator = await adminUser();
    const form = new FormData();
    form.set("fullName", "Del Eted");
    form.set("documentId", "P-99901234");
    form.set("documentUpload", new File([pngFile()], "passport.png", { type: "image/png" }));
    expect((await api().request("/api/kyc", { method: "POST", cookie: user.cookie, form })).status).toBe(201);
    const adjust = await api().request(`/api/admin/users/${user.id}/adjustments`, {
      method: "POST",
      cookie: operator.cookie,
      json: { adjustmentId: randomUUID(), amount: 400, reason: "Coins to forfeit" },
    });
    expect(adjust.status).toBe(201);
    const { documents } = await (
      await api().request("/api/account/export/kyc-documents", { cookie: user.cookie })
    ).json();
    const documentPath = `/api/admin/kyc/${documents[0].id}/document`;
    expect(await status(operator.cookie, documentPath)).toBe(200);

    const console = await signedInPage(e2e, operator);
    const totals = async () => {
      await console.page.goto("/admin");
      await console.page.getByText("Outstanding liability").waitFor({ timeout: 20_000 });
      const main = console.page.getByRole("main");
      await main.getByRole("heading", { name: "Coins issued", exact: true }).waitFor();
      await main.getByText("Breakage", { exact: true }).waitFor();
      const text = (await main.textContent()) ?? "";
      // The books: what the platform owes to live accounts, what deleted accounts forfeited (breakage), and the
      // coins issued per channel (the queues may change).
      const coins = (label: string) =>
        Number(new RegExp(`${label}(\\d+) Coins`).exec(text)?.[1] ?? Number.NaN);
      return {
        owed: coins("Outstanding liability"),
        breakage: coins("Breakage"),
        // The issued table alone: the charts below it (liability, breakage) change with a deletion by design.
        issued: await main
          .getByRole("table")
          .filter({ has: console.page.getByRole("columnheader", { name: "Last 7 days" }) })
          .textContent(),
      };
    };
    const before = await totals();
    expect(before.owed).toBeGreaterThanOrEqual(400);

    const { page, errors } = await signedInPage(e2e, user, phone);
    await openAccount(page);
    const card = page.getByRole("form", { name: "Delete account" });
    await page
      .getByText("Your balance of 400 coins is forfeited", { exact: false })
      .waitFor({ timeout: 20_000 });
    await page.getByText(/A pending redemption request is cancelled first/).waitFor();
    await card.getByLabel("Type DELETE to confirm", { exact: true }).fill("DELETE");
    await expectWrongPasswordMarked(
      page,
      card,
      card.getByLabel("Password", { exact: true }),
      "Account Not Deleted",
    );
    expect(await status(user.cookie)).toBe(200);
    await card.getByLabel("Password", { exact: true }).fill(user.password);
    await expectNoAxeViolations(page);
    await card.getByRole("button", { name: "Delete my account" }).click();
    await expectNotice(
      page,
      "Account Deleted",
      "Your account has been deleted and 400 coins were forfeited. A confirmation is on its way to your e-mail address.",
    );
    await page.getByRole("link", { name: "Login/Register" }).waitFor({ timeout: 20_000 });
    expect(await status(user.cookie)).toBe(401);
    expect(await signInStatus(user.email, user.password)).toBe(401);
    expect(await status(operator.cookie, documentPath)).toBe(404);
    // The 400 coins leave what is owed and show as breakage, apart from it; nothing issued changes.
    expect(await totals()).toEqual({
      owed: before.owed - 400,
      breakage: before.breakage + 400,
      issued: before.issued,
    });
    await console.page.getByText(/forfeited by \d+ deleted accounts?; owed to nobody/).waitFor();
    await console.page.goto(`/admin/users/${user.id}`);
    await console.page.getByText(/Deleted by the account holder/).waitFor({ timeout: 20_000 });
    expect(errors).toEqual([REFUSED]); // the wrong password's answer, and nothing else
  });

  for (const [path, title] of [
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
  ] as const) {
    it(`${path} is a real page, linked from the footer, marked as a template, with this server's settings`, async () => {
      // The HTML as sent, before any script: the configured retention is already there.
      const html = await (await api().request(path)).text();
      expect(html).toContain("Template: to be reviewed by the operator");
      if (path === "/privacy") expect(html).toContain('data-setting="kycRetentionDays">45 days<');
      expect(html).not.toContain(">30 days<");

      const { page, errors } = await e2e.newPage(desktop);
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: title, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole("heading", { level: 1, name: title }).waitFor({ timeout: 20_000 });
      if (path === "/privacy") await page.getByText(/deleted 45 days after the decision/).waitFor();
      else await page.getByText(/The smallest redemption is 1000 coins \(\$5\.00\)/).waitFor();
      await expectNoAxeViolations(page);
      // Opened directly (prerendered, then hydrated), too.
      await page.goto(path);
      await page.getByText("Template: to be reviewed by the operator").waitFor();
      if (path === "/privacy") await page.getByText(/deleted 45 days after the decision/).waitFor();
      expect(errors).toEqual([]);
    });
  }
});
