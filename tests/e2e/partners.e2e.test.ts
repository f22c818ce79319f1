import type { Locator } from "playwright-core";
import { expect, it } from "vitest";
import { pendingLine } from "~/core/partners";
import { utcDay } from "~/core/utc-day";
import { parseSimulatorArgs, simulatePartner } from "~/server/partners/partner-simulator";
import { createVerifiedUser, uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

/**
 * Earning partners end to end (docs/product.md, "Earning partners"), against the real server at 360 px: an
 * administrator creates a partner, a second one approves it, the simulator sends a signed credit, the player's
 * wallet shows '+N coins available on <date>', and the console's partners chart and table show the dollars and the
 * margin. axe-clean, no sideways scroll.
 */
const adminEmails = [uniqueEmail("partners-a"), uniqueEmail("partners-b")];

async function cellOf(table: Locator, row: string, column: string): Promise<string> {
  const headers = (await table.locator("thead th").allTextContents()).map((h) => h.trim());
  const index = headers.indexOf(column);
  expect(index, `${column} in ${headers.join(", ")}`).toBeGreaterThan(0);
  const cells = table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name: row }) });
  return ((await cells.locator("th, td").nth(index).textContent()) ?? "").trim();
}

describeE2E("earning partners", () => {
  const e2e = useE2E({
    ADMIN_EMAILS: adminEmails.join(","),
    ADMIN_RATE_LIMIT: "1000",
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
  });
  const api = () => httpClient(e2e.server.url);

  it("a partner made by two administrators credits through the simulator; wallet and console show it", {
    timeout: 180_000,
  }, async () => {
    const [a, b] = [
      await createVerifiedUser(api(), { email: adminEmails[0] }),
      await createVerifiedUser(api(), { email: adminEmails[1] }),
    ];
    const made = await api().request("/api/admin/partners", {
      method: "POST",
      cookie: a.cookie,
      json: { name: "Sim Wall", holdDays: 10, coinsPerDollar: 100 },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const partner = (await made.json()) as { id: number; slug: string; secret: string; postbackUrl: string };
    const approved = await api().request(`/api/admin/partners/${partner.id}/approve`, {
      method: "POST",
      cookie: b.cookie,
      json: {},
    });
    expect(approved.status, await approved.clone().text()).toBe(200);

    const player = await createVerifiedUser(api());
    const offers = await api().request("/api/offers", { cookie: player.cookie });
    const { partnerUserId } = (await offers.json()) as { partnerUserId: string };
    // $3.40 at 100 coins per dollar: 340 coins, worth $1.70 at 1000 coins = $5, so a margin of $1.70.
    const options = parseSimulatorArgs([
      "--url",
      e2e.server.url,
      "--slug",
      partner.slug,
      "--secret",
      partner.secret,
      "--user",
      partnerUserId,
      "--payout",
      "3.40",
      "--steps",
      "credit",
    ]);
    const [sent] = await simulatePartner(options);
    expect([sent?.status, sent?.body]).toEqual([200, "OK"]);
    const coins = 340;
    const release = new Date(Date.now() + 10 * 86_400_000).toISOString();

    const { page: wallet, errors: walletErrors } = await signedInPage(e2e, player, phone);
    await wallet.goto("/wallet");
    const pending = wallet.getByRole("region", { name: "Pending partner coins" });
    await pending.waitFor({ timeout: 20_000 });
    expect(await pending.getByRole("listitem").allTextContents()).toEqual([pendingLine(coins, release)]);
    expect(await wallet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(wallet);
    expect(walletErrors).toEqual([]);

    const { page, errors } = await signedInPage(e2e, a, phone);
    await page.goto("/admin");
    await page.getByRole("heading", { level: 2, name: "Earning partners" }).waitFor({ timeout: 20_000 });
    const table = page.getByRole("region", { name: "Each partner over the last 30 days (UTC)" });
    await table.getByRole("rowheader", { name: "Sim Wall" }).waitFor({ timeout: 20_000 });
    expect(await cellOf(table, "Sim Wall", "Credits")).toBe("1");
    expect(await cellOf(table, "Sim Wall", "Coins issued")).toBe(String(coins));
    expect(await cellOf(table, "Sim Wall", "Dollars earned")).toBe("$3.40");
    expect(await cellOf(table, "Sim Wall", "Margin")).toBe("$1.70");
    const csv = table.getByRole("link", { name: `CSV of Sim Wall for ${utcDay(new Date()).slice(0, 7)}` });
    expect(await csv.getAttribute("href")).toBe(
      `/api/admin/partners/${partner.id}/statement.csv?month=${utcDay(new Date()).slice(0, 7)}`,
    );

    const chart = page.getByRole("region", { name: "Partners: dollars earned and margin", exact: true });
    const drawn = chart.getByRole("img");
    await drawn.waitFor({ timeout: 20_000 });
    expect(await drawn.getAttribute("aria-label")).toContain(`On ${utcDay(new Date())}:`);
    await chart.getByText("Show the numbers", { exact: true }).click();
    const numbers = chart.getByRole("table", { name: "Partners: dollars earned and margin: the numbers" });
    await numbers.waitFor();
    const today = utcDay(new Date());
    expect(await cellOf(numbers, today, "Dollars earned")).toBe("$3.40");
    expect(await cellOf(numbers, today, "Margin")).toBe("$1.70");
    expect(await numbers.locator("tbody tr").count()).toBe(30);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
