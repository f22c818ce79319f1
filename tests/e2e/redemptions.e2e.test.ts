import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fromPGlite } from "~/server/db/client";
import { migrateToLatest } from "~/server/db/migrate";
import { createPGlite } from "~/server/db/pglite";
import { grantCoins } from "../support/coins";
import { type TestUser, uniqueEmail, waitForMail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { giveApprovedKyc } from "../support/kyc";
import { freePort } from "../support/server-process";
import { createTestContext } from "../support/test-app";
import { desktop, phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, navBalance, useE2E } from "./support/fixtures";

/**
 * Redeeming for real: a user with 1000+ coins and approved KYC asks for a PayPal payout, sees it pending and the
 * −1000 entry; an administrator approves it and records the manual payout's reference; the user sees 'Paid'. A
 * rejected request gives the coins back. The users, their coins and KYC are made in the server's own data dir
 * through the app's code before the server starts (the KYC pages are not part of this journey).
 */
async function expectNotice(page: Page, title: string, description: RegExp | string) {
  const notice = page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .locator("li")
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ has: page.getByText(description) });
  await notice.waitFor({ timeout: 15_000 });
}

describeE2E("redemptions", () => {
  const adminEmail = uniqueEmail("admin");
  // The users' session cookies are made here, before the server starts: both sign with this secret.
  const secret = randomBytes(32).toString("base64url");
  let dataDir = "";
  let port = 0;
  let payee: TestUser;
  let rejected: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "ple-e2e-redeem-"));
    port = await freePort();
    const handle = fromPGlite(await createPGlite(path.join(dataDir, "pglite")));
    await migrateToLatest(handle.db);
    const ctx = await createTestContext(
      { ADMIN_EMAILS: adminEmail, APP_URL: `http://localhost:${port}`, AUTH_SECRET: secret },
      {},
      handle,
    );
    payee = await ctx.createVerifiedUser();
    rejected = await ctx.createVerifiedUser();
    admin = await ctx.createVerifiedUser({ email: adminEmail });
    for (const user of [payee, rejected]) {
      await grantCoins(ctx.db, user.id, 1200);
      await giveApprovedKyc(ctx.deps, user.id);
    }
    await ctx.close();
  }, 120_000);
  const e2e = useE2E(() => ({
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    ADMIN_EMAILS: adminEmail,
    AUTH_SECRET: secret,
  }));
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function open(user: TestUser, pathname: string, options = desktop) {
    const opened = await e2e.newPage(options);
    await addSessionCookie(opened.context, user.cookie, e2e.server.url);
    await opened.page.goto(pathname);
    return opened;
  }

  it("a verified user redeems 1000 coins to PayPal; the admin approves and marks it paid; the user sees 'Paid'", async () => {
    const { page, errors } = await open(payee, "/wallet");
    const checklist = page.getByRole("list", { name: "Cash-out checklist" });
    await checklist.waitFor({ timeout: 15_000 });
    await expect.poll(() => checklist.getByText("(done)").count(), { timeout: 10_000 }).toBe(4);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Redeem Coins for Cash" }).click();
    const dialog = page.getByRole("dialog", { name: "Redeem Coins for Cash" });
    await dialog.getByText(/^Dollar value: .*minimum 1000 coins/).waitFor({ timeout: 10_000 });
    await dialog.getByLabel("Coins to redeem (max 1200)", { exact: true }).fill("1000");
    await dialog.getByRole("radio", { name: "PayPal" }).check();
    await dialog.getByLabel("PayPal e-mail address").fill("payee.paypal@example.com");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Submit Redemption Request" }).click();
    await expectNotice(
      page,
      "Redemption Requested",
      /^Your request to redeem 1000 coins \(\$5\.00\) is pending review/,
    );
    await dialog.waitFor({ state: "hidden" });

    const mine = page.getByRole("list", { name: "Redemptions" }).getByRole("listitem").first();
    await mine.getByText("Pending", { exact: true }).waitFor({ timeout: 10_000 });
    const title = await mine.getByText(/^#\d+: 1000 Coins \(\$5\.00\) by PayPal$/).textContent();
    const id = Number(/^#(\d+)/.exec(title ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    await mine.getByText("To payee.paypal@example.com").waitFor();
    const entry = page.getByRole("list", { name: "Transactions" }).getByRole("listitem").first();
    await entry.getByText(`Redemption request #${id}`).waitFor({ timeout: 10_000 });
    expect(await entry.getByText("-1000 Coins", { exact: true }).count()).toBe(1);
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(200);
    // The balance card says where the coins are: 200 available, the 1000 requested on hold.
    const coinState = (label: string) =>
      page
        .locator("dl[aria-label='Your coins'] > div")
        .filter({ has: page.getByText(label, { exact: true }) });
    await expect
      .poll(() => coinState("On hold").textContent(), { timeout: 10_000 })
      .toContain("1000 coins ($5.00)");
    expect(await coinState("Available").textContent()).toContain("200 coins ($1.00)");
    expect(await coinState("Paid out").textContent()).toContain("0 coins ($0.00)");
    // The 'request received' mail, sent with the request.
    const received = await waitForMail(
      httpClient(e2e.server.url),
      payee.email,
      /Play, Learn, Earn: we received your redemption request/,
    );
    expect(received.text).toContain(`#${id} of 1000 coins ($5.00) by PayPal to payee.paypal@example.com`);
    expect(received.text).toContain("usually 1–3 business days after approval");
    expect(errors).toEqual([]);

    // The administrator: the queue shows it pending, with the user's KYC; approve, then record the payout.
    const adminView = await open(admin, "/admin/redemptions");
    const item = adminView.page.getByRole("listitem", { name: `Redemption #${id}` });
    await item.waitFor({ timeout: 15_000 });
    await item.getByText("approved", { exact: true }).waitFor();
    await expectNoAxeViolations(adminView.page);
    await item.getByRole("button", { name: `Approve #${id}` }).click();
    // The confirmation states the effect before any money moves.
    const confirm = adminView.page.getByRole("alertdialog");
    await confirm
      .getByText(`Pay $5.00 (1000 coins): PayPal to payee.paypal@example.com`, { exact: false })
      .waitFor();
    // …and how this installation pays (no provider configured: by hand), without hedging.
    await confirm
      .getByText(
        `This installation pays by hand: after approving, pay $5.00 to payee.paypal@example.com yourself, then record its reference with 'Mark paid #${id}'.`,
      )
      .waitFor();
    await confirm.getByRole("button", { name: `Approve #${id}` }).click();
    await expectNotice(adminView.page, "Redemption Approved", `Redemption #${id} is approved.`);
    // The approval is mailed, with the timeline so far.
    const approvedMail = await waitForMail(httpClient(e2e.server.url), payee.email, /has been approved/);
    expect(approvedMail.text).toContain(`#${id} of 1000 coins ($5.00) by PayPal to payee.paypal@example.com`);
    expect(approvedMail.text).toMatch(/Timeline: Requested .+ UTC → Approved .+ UTC → Paid \(not yet\)/);
    await adminView.page.getByLabel("Show").selectOption("approved");
    const approved = adminView.page.getByRole("listitem", { name: `Redemption #${id}` });
    // A reference of zero-width spaces reads empty: the form refuses it with the server's own rule, no dialog.
    await approved.getByLabel("Payout reference").fill("\u200b\u200b");
    await approved.getByRole("button", { name: `Mark #${id} paid` }).click();
    await expectNotice(adminView.page, "Missing Text", /Invisible characters .* do not count/);
    expect(await adminView.page.getByRole("alertdialog").count()).toBe(0);
    await approved.getByLabel("Payout reference").fill("PAYPAL-TX-1000");
    await approved.getByRole("button", { name: `Mark #${id} paid` }).click();
    await adminView.page
      .getByRole("alertdialog")
      .getByRole("button", { name: `Mark #${id} paid` })
      .click();
    await expectNotice(adminView.page, "Redemption Paid", `Redemption #${id} is paid.`);
    expect(adminView.errors).toEqual([]);

    await page.reload();
    const paid = page.getByRole("list", { name: "Redemptions" }).getByRole("listitem").first();
    await paid.getByText("Paid", { exact: true }).waitFor({ timeout: 15_000 });
    await paid.getByText("Reference: PAYPAL-TX-1000").waitFor();
    // The timeline: requested → approved → paid, each step with its date.
    const steps = paid.getByRole("list", { name: `Timeline of redemption #${id}` }).getByRole("listitem");
    expect(await steps.count()).toBe(3);
    for (const [i, label] of ["Requested", "Approved", "Paid"].entries()) {
      expect(await steps.nth(i).textContent()).toContain(label);
      expect(await steps.nth(i).locator("time[datetime]").count()).toBe(1);
    }
    await expect
      .poll(() => coinState("Paid out").textContent(), { timeout: 10_000 })
      .toContain("1000 coins ($5.00)");
    expect(await coinState("On hold").textContent()).toContain("0 coins ($0.00)");
  });

  it("a rejected request returns the coins, shows the reason, and works at 360 px", async () => {
    const api = httpClient(e2e.server.url);
    const res = await api.request("/api/redemptions", {
      method: "POST",
      cookie: rejected.cookie,
      json: { coins: 1000, method: "gift_card" },
    });
    expect(res.status).toBe(201);
    const { redemption } = await res.json();

    const adminView = await open(admin, "/admin/redemptions", phone);
    const item = adminView.page.getByRole("listitem", { name: `Redemption #${redemption.id}` });
    await item.waitFor({ timeout: 15_000 });
    await item.getByLabel("Reason for rejecting").fill("Payout address could not be verified");
    await item.getByRole("button", { name: `Reject #${redemption.id}` }).click();
    await adminView.page
      .getByRole("alertdialog")
      .getByRole("button", { name: `Reject #${redemption.id}` })
      .click();
    await expectNotice(adminView.page, "Redemption Rejected", `Redemption #${redemption.id} is rejected.`);

    const { page, errors } = await open(rejected, "/wallet", phone);
    const mine = page.getByRole("list", { name: "Redemptions" }).getByRole("listitem").first();
    await mine.getByText("Rejected", { exact: true }).waitFor({ timeout: 15_000 });
    await mine.getByText("Reason: Payout address could not be verified").waitFor();
    const steps = mine
      .getByRole("list", { name: `Timeline of redemption #${redemption.id}` })
      .getByRole("listitem");
    expect(await steps.allTextContents()).toEqual([
      expect.stringMatching(/^Requested /),
      expect.stringMatching(/Rejected /),
    ]);
    expect(await steps.locator("time[datetime]").count()).toBe(2);
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(1200);
    const refund = page.getByRole("list", { name: "Transactions" }).getByRole("listitem").first();
    await refund.getByText(`Refund of redemption request #${redemption.id}`).waitFor();
    expect(await refund.getByText("+1000 Coins", { exact: true }).count()).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
