import type { Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import type { BusinessStats } from "~/core/api/stats";
import { utcDay } from "~/core/utc-day";
import { answerQuizCorrectly } from "../support/earning";
import { createVerifiedUser, uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { desktop, phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

/**
 * The business in pictures (docs/product.md): the console's charts over 30/90 days and the player's last 30 days,
 * each a drawing with its numbers as a table — after an earning, both show the day's coins; axe-clean and no
 * sideways scroll at 360 px and on a desktop. Against the real server: GET /api/admin/stats and /api/me/stats.
 */
const adminEmails = [uniqueEmail("charts-a"), uniqueEmail("charts-b")];
const viewports = [
  ["at 360 px", phone, 0],
  ["on a desktop", desktop, 1],
] as const;

/** The card of the chart titled `title`: its drawing, and its table once "Show the numbers" is opened. */
async function openChart(page: Page, title: string) {
  const card = page.getByRole("region", { name: title, exact: true });
  await card.getByRole("img").waitFor({ timeout: 15_000 });
  await card.getByText("Show the numbers", { exact: true }).click();
  const table = card.getByRole("table", { name: `${title}: the numbers` });
  await table.waitFor();
  return { card, table };
}

/** The cell of `column` in the row headed `row`. */
async function cell(table: Locator, row: string, column: string): Promise<string> {
  const headers = await table.locator("thead th").allTextContents();
  const index = headers.indexOf(column);
  expect(index, `${column} in ${headers.join(", ")}`).toBeGreaterThan(0);
  const cells = table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name: row }) });
  return (await cells.locator("th, td").nth(index).textContent()) ?? "";
}

async function expectFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describeE2E("charts", () => {
  const e2e = useE2E({
    ADMIN_EMAILS: adminEmails.join(","),
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
  });
  const api = () => httpClient(e2e.server.url);

  for (const [name, viewport, n] of viewports)
    it(`the console's overview, ${name}: after an earning the day's issued coins are in the chart and its table`, {
      timeout: 120_000,
    }, async () => {
      const admin = await createVerifiedUser(api(), { email: adminEmails[n] });
      const statsNow = async () => {
        const res = await api().request("/api/admin/stats?days=30", { cookie: admin.cookie });
        expect(res.status).toBe(200);
        return (await res.json()) as BusinessStats;
      };
      const before = (await statsNow()).days.at(-1)!;
      const player = await createVerifiedUser(api());
      await answerQuizCorrectly(api(), player, 3);
      const today = utcDay(new Date());
      const quizzes = before.issued.quiz + 30;

      const { page, errors } = await signedInPage(e2e, admin, viewport);
      await page.goto("/admin");
      await page
        .getByRole("heading", { level: 2, name: "The business over time" })
        .waitFor({ timeout: 15_000 });
      const issued = await openChart(page, "Coins issued per day");
      // The drawing is named by its reading of the last day; the table has every day, today last.
      const drawn = await issued.card.getByRole("img").getAttribute("aria-label");
      expect(drawn).toContain(`On ${today}:`);
      const total = Number(/On \S+ (\d+) coins/.exec(drawn ?? "")?.[1]);
      expect(total).toBeGreaterThanOrEqual(quizzes);
      expect(await cell(issued.table, today, "Quizzes")).toBe(String(quizzes));
      expect(await issued.table.locator("tbody tr").count()).toBe(30);
      for (const title of [
        "Coins requested and paid out",
        "Liability and breakage",
        "Sign-ups and active earners",
      ])
        expect(await (await openChart(page, title)).table.locator("tbody tr").count(), title).toBe(30);
      const queues = await openChart(page, "Queue ages now");
      expect(await queues.table.locator("tbody th").allTextContents()).toEqual([
        "KYC",
        "Redemptions",
        "Proposals",
      ]);

      // 90 days: the same charts over the longer range.
      await page.getByRole("button", { name: "90 days" }).click();
      await expect.poll(() => issued.table.locator("tbody tr").count(), { timeout: 15_000 }).toBe(90);
      expect(await page.getByRole("button", { name: "90 days" }).getAttribute("aria-pressed")).toBe("true");
      expect(await cell(issued.table, today, "Quizzes")).toBe(String(quizzes));

      await expectFits(page, viewport.viewport?.width ?? 0);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });

  for (const [name, viewport] of viewports)
    it(`the player's dashboard, ${name}: today's earnings in the chart of their last 30 days and its table`, {
      timeout: 120_000,
    }, async () => {
      const player = await createVerifiedUser(api());
      await answerQuizCorrectly(api(), player, 3);
      const today = utcDay(new Date());
      const { page, errors } = await signedInPage(e2e, player, viewport);
      const chartLibrary = page.waitForResponse((r) =>
        /\/chart-canvas-[^/]*\.js$/.test(new URL(r.url()).pathname),
      );
      await page.goto("/");
      await page.getByRole("heading", { level: 1, name: "Your dashboard" }).waitFor({ timeout: 15_000 });
      const month = await openChart(page, "Your last 30 days");
      // The chart library comes with the drawing (a guest's "/" never loads it: first-load.e2e.test.ts).
      expect((await chartLibrary).status()).toBe(200);
      expect(await month.card.getByRole("img").getAttribute("aria-label")).toContain("Today: 30 coins.");
      expect(await month.table.locator("tbody tr").count()).toBe(30);
      expect(await cell(month.table, today, "Quizzes")).toBe("30");
      expect(await cell(month.table, today, "Videos")).toBe("0");
      expect(await cell(month.table, today, "Goal met")).toBe("No");
      // The CSV holds the same numbers.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        month.card.getByRole("button", { name: /^Download CSV/ }).click(),
      ]);
      const csv = await (await download.createReadStream()).toArray();
      const lines = Buffer.concat(csv).toString("utf8").split("\r\n");
      expect(lines[0]).toBe(
        "Day (UTC),Games,Quizzes,Videos,Referrals,Streak bonuses,Adjustments,Partner offers,Goal met",
      );
      expect(lines.at(-2)).toBe(`${today},0,30,0,0,0,0,0,no`);
      expect(download.suggestedFilename()).toBe(`my-last-30-days-${today}.csv`);

      await expectFits(page, viewport.viewport?.width ?? 0);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
});
