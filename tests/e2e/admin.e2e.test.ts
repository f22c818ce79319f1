import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { answerQuizCorrectly } from "../support/earning";
import { createVerifiedUser, mailTo, signIn, uniqueEmail, verifyEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { desktop, phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, navBalance, useE2E } from "./support/fixtures";

/**
 * The operators' console: an ADMIN_EMAILS account signs up through the UI, opens /admin, finds a user by
 * e-mail and adds 1000 coins with a reason; the user's nav and history show them with that reason, and the
 * audit log lists the change. A non-admin sees 'Administrators only'; every console page is axe-clean.
 */
const adminEmail = uniqueEmail("operator");
const adminPassword = "operator-secret-1";
/** Two more administrators, for dual control. */
const proposerEmail = uniqueEmail("operator-b");
const approverEmail = uniqueEmail("operator-c");

const notices = (page: Page) =>
  page.getByRole("region", { name: /Notifications/, includeHidden: true }).locator('li[data-state="open"]');

async function expectNotice(page: Page, text: RegExp) {
  await expect
    .poll(() => notices(page).allTextContents(), { timeout: 15_000 })
    .toEqual([expect.stringMatching(text)]);
}

describeE2E("the admin console", () => {
  const e2e = useE2E({
    ADMIN_EMAILS: `${adminEmail.toUpperCase()},${proposerEmail},${approverEmail}`,
    REDEEM_REQUIRE_KYC: "false",
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
  });
  const api = () => httpClient(e2e.server.url);

  it("sign up as ADMIN_EMAILS → find a user → +1000 coins with a reason → user's nav and history → audit log", {
    timeout: 240_000,
  }, async () => {
    const { page, errors } = await e2e.newPage(desktop);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Register here", exact: true }).click();
    await page.getByLabel("Email", { exact: true }).fill(adminEmail);
    await page.getByLabel("Password", { exact: true }).fill(adminPassword);
    await page.getByLabel("Confirm Password", { exact: true }).fill(adminPassword);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await page
      .getByText("Welcome! Please check your email to confirm your account.")
      .waitFor({ timeout: 15_000 });
    await verifyEmail(api(), adminEmail);
    await page.getByRole("button", { name: "Login here", exact: true }).click();
    await page.getByLabel("Email", { exact: true }).fill(adminEmail);
    await page.getByLabel("Password", { exact: true }).fill(adminPassword);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/");

    const user = await createVerifiedUser(api());
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Admin", exact: true })
      .click();
    await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor({ timeout: 15_000 });
    await page.getByText("Outstanding liability").waitFor();
    await expectNoAxeViolations(page);

    const consoleNav = page.getByRole("navigation", { name: "Admin console" });
    await consoleNav.getByRole("link", { name: "Users", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Users" }).waitFor();
    await page.getByLabel("E-mail or user id", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Search users", exact: true }).click();
    await page.getByText("1 user matching").waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: user.email, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: user.email }).waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page);

    const adjust = page.getByRole("form", { name: "Adjust coins" });
    await adjust.getByLabel("Coins (+ to add, − to take)").fill("1000");
    await adjust.getByLabel("Reason").fill("Welcome bonus from support");
    await adjust.getByRole("button", { name: "Apply adjustment" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText(`+1000 coins to ${user.email}: 0 → 1000`).waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Confirm adjustment" }).click();
    await expectNotice(page, /Coins adjusted\+1000 coins for .* New balance: 1000\./);
    await page.getByRole("list", { name: "Coin history" }).getByText("Welcome bonus from support").waitFor();

    // Taking more than the balance is refused with a notice, and nothing changes.
    await adjust.getByLabel("Coins (+ to add, − to take)").fill("-3000");
    await adjust.getByLabel("Reason").fill("Too much");
    await adjust.getByRole("button", { name: "Apply adjustment" }).click();
    await confirm.getByText(`−3000 coins from ${user.email}: 1000 → −2000`).waitFor();
    await confirm.getByRole("button", { name: "Confirm adjustment" }).click();
    await expectNotice(page, /below 0 coins; nothing was changed/);

    // The user sees the coins in the nav and the reason in their history.
    const userView = await e2e.newPage(desktop);
    await addSessionCookie(userView.context, user.cookie, e2e.server.url);
    await userView.page.goto("/wallet");
    await expect.poll(() => navBalance(userView.page), { timeout: 15_000 }).toBe(1000);
    const history = userView.page.getByRole("list", { name: "Transactions" });
    await history.getByText("Welcome bonus from support").waitFor({ timeout: 15_000 });
    await history.getByText("+1000 Coins").waitFor();

    // A non-admin opening /admin.
    await userView.page.goto("/admin");
    await userView.page.getByRole("heading", { name: "Administrators only" }).waitFor({ timeout: 15_000 });
    expect(await userView.page.getByRole("navigation", { name: "Admin console" }).count()).toBe(0);
    expect(
      await userView.page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Admin" })
        .count(),
    ).toBe(0);
    await expectNoAxeViolations(userView.page);

    await consoleNav.getByRole("link", { name: "Audit log", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    const entries = page.getByRole("list", { name: "Audit entries" });
    const adjustment = entries.getByRole("listitem").filter({ hasText: "Coin adjustment" });
    await adjustment.first().waitFor({ timeout: 15_000 });
    expect(await adjustment.count()).toBe(1);
    // The entry reads as a sentence; the raw record is behind a toggle.
    await adjustment
      .getByText(
        `${adminEmail} added 1000 coins to ${user.email}'s balance (0 → 1000). Reason: “Welcome bonus from support”.`,
      )
      .waitFor();
    await adjustment.getByText("Raw record").click();
    await adjustment.getByText(/"adjustmentId"/).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel("Action", { exact: true }).selectOption("user.ban");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await page.getByText("No matching entries.").waitFor({ timeout: 15_000 });
    expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
  });

  it("bans a user from the console: their session ends; the console fits a 360 px screen", {
    timeout: 120_000,
  }, async () => {
    const user = await createVerifiedUser(api());
    const { page, context } = await e2e.newPage(phone);
    await addSessionCookie(context, await signIn(api(), adminEmail, adminPassword), e2e.server.url);
    await page.goto(`/admin/users/${user.id}`);
    await page.getByRole("heading", { level: 1, name: user.email }).waitFor({ timeout: 15_000 });
    const ban = page.getByRole("form", { name: "Ban user" });
    await ban.getByLabel("Reason").fill("Automated play");
    await ban.getByRole("button", { name: "Ban user" }).click();
    await expectNotice(page, /User banned.*1 sessions ended/);
    await page.getByRole("form", { name: "Lift the ban" }).waitFor();
    expect((await api().request("/api/me", { cookie: user.cookie })).status).toBe(401);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    for (const path of ["/admin", "/admin/users", "/admin/referrals", "/admin/audit"]) {
      await page.goto(path);
      await page.getByRole("navigation", { name: "Admin console" }).waitFor({ timeout: 15_000 });
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });

  it("a same-address referral waits as 'Bonus held for review'; an admin releases it; the referrer's balance shows it", {
    timeout: 180_000,
  }, async () => {
    const referrer = await createVerifiedUser(api(), { ip: "10.78.0.1" });
    const code = (
      (await (await api().request("/api/referrals", { cookie: referrer.cookie })).json()) as {
        code: string;
      }
    ).code;
    const friend = await createVerifiedUser(api(), { referralCode: code, ip: "10.78.0.1" });
    await answerQuizCorrectly(api(), friend, 1);
    // The earning queues the first-earning job; the referral rules hold the pair when it runs.
    await expect
      .poll(async () => {
        const view = await api().request("/api/referrals", { cookie: referrer.cookie });
        return ((await view.json()) as { friends: { bonus: string }[] }).friends.map((f) => f.bonus);
      })
      .toEqual(["held"]);

    const referrerView = await e2e.newPage(desktop);
    await addSessionCookie(referrerView.context, referrer.cookie, e2e.server.url);
    await referrerView.page.goto("/referral");
    const friends = referrerView.page.getByRole("list", { name: "Referred friends" }).getByRole("listitem");
    await friends.getByText("Bonus held for review").waitFor({ timeout: 15_000 });
    expect(await navBalance(referrerView.page)).toBe(0);

    const { page, context } = await e2e.newPage(phone);
    await addSessionCookie(context, await signIn(api(), adminEmail, adminPassword), e2e.server.url);
    await page.goto("/admin");
    await page.getByText("Referral bonuses held for review", { exact: true }).waitFor({ timeout: 15_000 });
    await page
      .getByRole("navigation", { name: "Admin console" })
      .getByRole("link", { name: "Referral reviews" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Referral reviews" }).waitFor({ timeout: 15_000 });
    const card = page.getByRole("listitem").filter({ hasText: friend.email });
    await card.getByText(`referred by ${referrer.email}`).waitFor({ timeout: 15_000 });
    // Both sign-up addresses are shown, and they are the same one.
    const addresses = await card.locator("dd.font-mono").allTextContents();
    expect(addresses).toHaveLength(2);
    expect(addresses[0]).not.toBe("Unknown");
    expect(addresses[1]).toBe(addresses[0]);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Without a reason nothing is sent; with one the pair is paid.
    await card.getByRole("button", { name: "Release bonus" }).click();
    await card.getByRole("alert").getByText("Give a reason of at least 3 characters.").waitFor();
    await card.getByLabel("Reason").fill("Same flat, different people");
    await card.getByRole("button", { name: "Release bonus" }).click();
    const release = page.getByRole("alertdialog");
    await release.getByText(`+50 coins to ${friend.email} and +50 coins to ${referrer.email}`).waitFor();
    await release.getByRole("button", { name: "Release bonus" }).click();
    await expectNotice(page, /Referral bonus released.*received 50 Coins/);
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);

    await referrerView.page.goto("/wallet");
    await expect.poll(() => navBalance(referrerView.page), { timeout: 15_000 }).toBe(50);
    await referrerView.page.goto("/referral");
    await friends.getByText(/^\+50 coins paid on /).waitFor({ timeout: 15_000 });
  });

  it("an adjustment whose answer is lost is sent again with the same id and applied once", {
    timeout: 120_000,
  }, async () => {
    const user = await createVerifiedUser(api());
    const { page, context } = await e2e.newPage(desktop);
    await addSessionCookie(context, await signIn(api(), adminEmail, adminPassword), e2e.server.url);
    const sent: { adjustmentId: string; amount: number }[] = [];
    await page.route("**/api/admin/users/*/adjustments", async (route) => {
      sent.push(route.request().postDataJSON());
      if (sent.length > 1) return route.continue();
      await route.fetch(); // the server applies it…
      await route.abort("connectionreset"); // …and the answer never reaches the console.
    });
    await page.goto(`/admin/users/${user.id}`);
    await page.getByRole("heading", { level: 1, name: user.email }).waitFor({ timeout: 15_000 });
    const adjust = page.getByRole("form", { name: "Adjust coins" });
    await adjust.getByLabel("Coins (+ to add, − to take)").fill("500");
    await adjust.getByLabel("Reason").fill("Lost answer");
    const apply = adjust.getByRole("button", { name: "Apply adjustment" });
    const confirmed = async () => {
      await apply.click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Confirm adjustment" }).click();
    };
    await confirmed();
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => apply.isEnabled(), { timeout: 15_000 }).toBe(true);
    await confirmed();
    await expect
      .poll(() => notices(page).allTextContents(), { timeout: 15_000 })
      .toContainEqual(
        expect.stringMatching(
          /Coins adjusted\+500 coins for .* Your earlier attempt had already made this adjustment; it was not made twice\. Balance after it: 500\./,
        ),
      );
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    const balance = await api().request("/api/ledger/balance", { cookie: user.cookie });
    expect(((await balance.json()) as { balance: number }).balance).toBe(500);

    // The next adjustment is a new one, with a new id.
    await adjust.getByLabel("Coins (+ to add, − to take)").fill("500");
    await adjust.getByLabel("Reason").fill("Lost answer");
    await confirmed();
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(3);
    expect(sent[2]?.adjustmentId).not.toBe(sent[0]?.adjustmentId);
    await expect
      .poll(() => notices(page).allTextContents(), { timeout: 15_000 })
      .toContainEqual(expect.stringMatching(/New balance: 1000\./));
  });

  it("the confirmation step comes before a coin adjustment: nothing is sent until it is confirmed", {
    timeout: 120_000,
  }, async () => {
    const user = await createVerifiedUser(api());
    const { page, context } = await e2e.newPage(desktop);
    const cookie = await signIn(api(), adminEmail, adminPassword);
    await addSessionCookie(context, cookie, e2e.server.url);
    const sent: unknown[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && req.url().includes("/adjustments")) sent.push(req.postDataJSON());
    });
    await page.goto(`/admin/users/${user.id}`);
    await page.getByRole("heading", { level: 1, name: user.email }).waitFor({ timeout: 15_000 });
    const adjust = page.getByRole("form", { name: "Adjust coins" });
    await adjust.getByLabel("Coins (+ to add, − to take)").fill("1000");
    await adjust.getByLabel("Reason").fill("Contest prize");
    await adjust.getByRole("button", { name: "Apply adjustment" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirm the adjustment" });
    await confirm.getByText(`+1000 coins to ${user.email}: 0 → 1000`).waitFor({ timeout: 15_000 });
    expect(sent).toEqual([]);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(sent).toEqual([]);
    const balance = async () =>
      (
        (await (await api().request("/api/ledger/balance", { cookie: user.cookie })).json()) as {
          balance: number;
        }
      ).balance;
    expect(await balance()).toBe(0);

    // Confirmed, it is made once.
    await adjust.getByRole("button", { name: "Apply adjustment" }).click();
    await confirm.getByRole("button", { name: "Confirm adjustment" }).click();
    await expectNotice(page, /Coins adjusted\+1000 coins for .* New balance: 1000\./);
    expect(sent).toHaveLength(1);
    expect(await balance()).toBe(1000);

    // On their own page the administrator is offered no adjustment, ban or role change.
    const me = (await (await api().request("/api/me", { cookie })).json()) as { user: { id: string } };
    await page.goto(`/admin/users/${me.user.id}`);
    await page.getByText("This is your own account", { exact: false }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("form", { name: "Adjust coins" }).count()).toBe(0);
    expect(await page.getByRole("form", { name: "Ban user" }).count()).toBe(0);
    expect(await page.getByRole("form", { name: "Revoke administrator" }).count()).toBe(0);
  });

  it("dual control: a large adjustment is proposed by one administrator and applied when another approves it", {
    timeout: 180_000,
  }, async () => {
    const user = await createVerifiedUser(api());
    const proposer = await createVerifiedUser(api(), { email: proposerEmail });
    const second = await createVerifiedUser(api(), { email: approverEmail });
    const first = await e2e.newPage(desktop);
    await addSessionCookie(first.context, proposer.cookie, e2e.server.url);
    await first.page.goto(`/admin/users/${user.id}`);
    await first.page.getByRole("heading", { level: 1, name: user.email }).waitFor({ timeout: 15_000 });
    const adjust = first.page.getByRole("form", { name: "Adjust coins" });
    await adjust.getByLabel("Coins (+ to add, − to take)").fill("8000");
    await adjust.getByLabel("Reason").fill("Tournament prize");
    await adjust.getByRole("button", { name: "Apply adjustment" }).click();
    // The confirmation says it before it is confirmed: this becomes a proposal.
    const confirmation = first.page.getByRole("alertdialog");
    await confirmation
      .getByText("Needs a second administrator: this becomes a proposal", { exact: true })
      .waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(first.page);
    await confirmation.getByRole("button", { name: "Propose adjustment" }).click();
    await expectNotice(first.page, /Adjustment proposed.*waits for a second administrator/);
    // The user's page shows it waiting, with who proposed it.
    await first.page
      .getByRole("list", { name: "Waiting proposals" })
      .getByText(`Awaiting a second administrator (proposed by ${proposerEmail},`, { exact: false })
      .waitFor({ timeout: 15_000 });
    const balance = async () =>
      (
        (await (await api().request("/api/ledger/balance", { cookie: user.cookie })).json()) as {
          balance: number;
        }
      ).balance;
    expect(await balance()).toBe(0);
    // The proposer sees it waiting, without an Approve button.
    await first.page.goto("/admin/proposals");
    const mine = first.page
      .getByRole("list", { name: "Proposals" })
      .getByRole("listitem")
      .filter({ hasText: user.email });
    await mine.getByText("You proposed this", { exact: false }).waitFor({ timeout: 15_000 });
    expect(await mine.getByRole("button", { name: "Approve", exact: true }).count()).toBe(0);

    const other = await e2e.newPage(phone);
    await addSessionCookie(other.context, second.cookie, e2e.server.url);
    await other.page.goto("/admin");
    await other.page
      .getByText("Proposals waiting for a second administrator", { exact: true })
      .waitFor({ timeout: 15_000 });
    await other.page.goto("/admin/proposals");
    const item = other.page
      .getByRole("list", { name: "Proposals" })
      .getByRole("listitem")
      .filter({ hasText: user.email });
    await item.getByText(`+8000 coins to ${user.email}`).waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(other.page);
    expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await item.getByRole("button", { name: "Approve", exact: true }).click();
    await other.page.getByRole("alertdialog").getByRole("button", { name: "Approve and apply" }).click();
    await expectNotice(other.page, /Proposal approved.*New balance: 8000\./);
    expect(await balance()).toBe(8000);
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(0);
    expect(other.errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    // The second administrator was mailed that a proposal waited; the proposer that it was approved.
    const subjects = async (to: string) => (await mailTo(api(), to)).map((m) => m.subject);
    expect(await subjects(approverEmail)).toContainEqual(
      expect.stringMatching(/a proposal waits for a second administrator/),
    );
    await expect
      .poll(() => subjects(proposerEmail), { timeout: 15_000 })
      .toContainEqual(expect.stringMatching(/your proposal #\d+ was approved/));

    // A redemption above DUAL_CONTROL_DOLLARS: the approval's confirmation says it becomes a proposal, the queue
    // shows it awaiting, and the second administrator sees the payout address with the whole case.
    const made = await api().request("/api/redemptions", {
      method: "POST",
      cookie: user.cookie,
      json: { coins: 6000, method: "paypal" },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { redemption } = (await made.json()) as { redemption: { id: number } };
    await first.page.goto("/admin/redemptions");
    const queued = first.page.getByRole("listitem", { name: `Redemption #${redemption.id}` });
    await queued.getByRole("button", { name: `Approve #${redemption.id}` }).click({ timeout: 15_000 });
    const ask = first.page.getByRole("alertdialog");
    await ask.getByText("Needs a second administrator: this becomes a proposal", { exact: true }).waitFor();
    // It says why: the rule that this approval would pass.
    await ask
      .getByText(
        "This user's redemptions approved by one administrator alone in 24 hours would pass $25 (DUAL_CONTROL_DOLLARS).",
        { exact: false },
      )
      .waitFor();
    await ask.getByRole("button", { name: `Propose approval of #${redemption.id}` }).click();
    await queued
      .getByText(`Awaiting a second administrator (proposed by ${proposerEmail},`, { exact: false })
      .waitFor({ timeout: 15_000 });
    expect(await queued.getByRole("button", { name: `Approve #${redemption.id}` }).count()).toBe(0);
    await other.page.goto("/admin/proposals");
    const waiting = other.page
      .getByRole("list", { name: "Proposals" })
      .getByRole("listitem")
      .filter({ hasText: `redemption #${redemption.id}` });
    await waiting.getByText(`PayPal to ${user.email}`, { exact: true }).waitFor({ timeout: 15_000 });
    await waiting.getByText("Earned in 7 days", { exact: true }).waitFor();
    await expectNoAxeViolations(other.page);
  });

  it("a guest at /admin gets the log-in prompt that returns to /admin", async () => {
    const { page } = await e2e.newPage(desktop);
    await page.goto("/admin");
    await page.getByRole("heading", { level: 1, name: "Admin Panel" }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("link", { name: "Log in", exact: true }).getAttribute("href")).toBe(
      "/auth?redirectTo=%2Fadmin",
    );
    await expectNoAxeViolations(page);
  });
});
