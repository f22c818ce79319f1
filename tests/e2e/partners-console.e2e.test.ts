import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { parseSimulatorArgs, simulatePartner } from "~/server/partners/partner-simulator";
import { createVerifiedUser, uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { balanceOf, expectNotice, signedInPage } from "./support/pages";

/**
 * The partners console end to end (docs/product.md, "Earning partners"; docs/decisions/112), at 360 px: an
 * administrator creates a partner on /admin/partners and sees its secret once, a second one approves it there;
 * the simulator sends credits past the partner's daily cap, the held one is listed with its reason, the second
 * administrator releases it with a reason and the player's wallet has its coins. axe-clean, no sideways scroll,
 * no console errors.
 */
const adminEmails = [uniqueEmail("console-a"), uniqueEmail("console-b")];

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
}

describeE2E("the partners console", () => {
  const e2e = useE2E({
    ADMIN_EMAILS: adminEmails.join(","),
    ADMIN_RATE_LIMIT: "1000",
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
  });
  const api = () => httpClient(e2e.server.url);

  it("creates and approves a partner on the page, then releases a held credit into the player's balance", {
    timeout: 240_000,
  }, async () => {
    const [a, b] = [
      await createVerifiedUser(api(), { email: adminEmails[0] }),
      await createVerifiedUser(api(), { email: adminEmails[1] }),
    ];

    // Administrator A creates the partner: its secret and postback URL are shown once.
    const { page: pageA, errors: errorsA } = await signedInPage(e2e, a, phone);
    await pageA.goto("/admin/partners");
    await pageA.getByRole("heading", { level: 1, name: "Earning partners" }).waitFor({ timeout: 20_000 });
    await pageA.getByText("No earning partners yet.").waitFor({ timeout: 20_000 });
    await expectFits(pageA);
    const form = pageA.getByRole("form", { name: "New partner" });
    await form.getByLabel("Name").fill("Console Wall");
    await form.getByLabel("Hold days").fill("0");
    await form.getByLabel("Daily cap per player, coins (optional)").fill("100");
    await form.getByRole("button", { name: "Create partner" }).click();
    const shown = pageA.getByRole("region", { name: "Console Wall is created" });
    await shown.waitFor({ timeout: 15_000 });
    await shown.getByText("The secret is shown only once", { exact: false }).waitFor();
    const secret = ((await shown.locator("dd").nth(0).textContent()) ?? "").trim();
    const postbackUrl = ((await shown.locator("dd").nth(1).textContent()) ?? "").trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(postbackUrl).toMatch(/^https?:\/\/.+\/api\/postbacks\/console-wall$/);
    const listA = pageA.getByRole("list", { name: "Earning partners" }).getByRole("listitem");
    await listA.getByText("Waiting for another administrator to approve your change.").waitFor();
    expect(await listA.getByRole("button", { name: "Approve enabling" }).count()).toBe(0);
    await expectFits(pageA);
    await shown.getByRole("button", { name: "I have copied the secret" }).click();
    await shown.waitFor({ state: "detached" });
    expect(await pageA.getByText(secret).count()).toBe(0);
    expect(errorsA).toEqual([]);

    // Administrator B approves its enabling on the page.
    const { page: pageB, errors: errorsB } = await signedInPage(e2e, b, phone);
    await pageB.goto("/admin/partners");
    const row = pageB.getByRole("list", { name: "Earning partners" }).getByRole("listitem").filter({
      hasText: "Console Wall",
    });
    await row.getByRole("button", { name: "Approve enabling" }).click();
    await expectNotice(pageB, "Change approved", "Console Wall is enabled.");
    await row.getByText("Enabled", { exact: true }).waitFor({ timeout: 15_000 });
    expect(await row.getByText("Partner's reward").count()).toBe(1);

    // The player: 100 coins fill the daily cap, the next 40 are held.
    const player = await createVerifiedUser(api());
    const offers = await api().request("/api/offers", { cookie: player.cookie });
    const { partnerUserId } = (await offers.json()) as { partnerUserId: string };
    for (const [reward, transaction] of [
      ["100", "fill"],
      ["40", "over"],
    ] as const) {
      const options = parseSimulatorArgs(
        [
          "--url",
          e2e.server.url,
          "--slug",
          "console-wall",
          "--secret",
          secret,
          "--user",
          partnerUserId,
        ].concat(["--reward", reward, "--transaction", transaction, "--steps", "credit"]),
      );
      const [sent] = await simulatePartner(options);
      expect([sent?.status, sent?.body]).toEqual([200, "OK"]);
    }
    expect(await balanceOf(api(), player)).toBe(100);

    // Administrator B sees it held with its reason and releases it with a reason.
    await pageB.reload();
    const held = pageB.getByRole("list", { name: "Held credits" }).getByRole("listitem").filter({
      hasText: player.email,
    });
    await held.waitFor({ timeout: 20_000 });
    await held
      .getByText(
        "Over Console Wall's daily cap of 100 coins per player: 100 coins credited today, this one 40",
      )
      .waitFor();
    await expectFits(pageB);
    await held.getByLabel("Reason").fill("Checked with the partner");
    await held.getByRole("button", { name: "Release credit" }).click();
    const confirm = pageB.getByRole("alertdialog");
    await confirm.getByText(`+40 coins to ${player.email} from Console Wall`).waitFor({ timeout: 15_000 });
    await confirm.getByRole("button", { name: "Release credit" }).click();
    await expectNotice(pageB, "Partner credit released", "Its coins are in the player's balance.");
    await pageB.getByText("No partner credits are held for review.").waitFor({ timeout: 15_000 });
    await expectFits(pageB);
    expect(errorsB).toEqual([]);

    // The player's balance and wallet have the 40 coins.
    expect(await balanceOf(api(), player)).toBe(140);
    const { page: wallet, errors: walletErrors } = await signedInPage(e2e, player, phone);
    await wallet.goto("/wallet");
    await wallet.getByText("$0.70 USD", { exact: true }).waitFor({ timeout: 20_000 });
    const lines = wallet.getByRole("list", { name: "Transactions" }).getByRole("listitem");
    await expect
      .poll(async () => (await lines.allTextContents()).join(" | "), { timeout: 10_000 })
      .toContain("+40 Coins");
    await expectFits(wallet);
    expect(walletErrors).toEqual([]);
  });
});
