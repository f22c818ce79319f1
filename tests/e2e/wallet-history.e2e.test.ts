import { expect, it } from "vitest";
import { startQuizSession } from "#tests/support/earning";
import { createVerifiedUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { describeE2E, useE2E } from "./support/fixtures";
import { balanceOf, signedInPage } from "./support/pages";

/**
 * The history's pages (docs/product.md "Wallet"): the server groups the ledger's rows into lines and pages over
 * lines, so a quiz session is one line with its whole amount on whichever page it is, never cut in two.
 */
describeE2E("wallet history pages", () => {
  // Many paid quiz sessions in a day: more lines than a page of 10.
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", TRUST_PROXY: "true", EARN_QUIZ_SESSIONS_PER_DAY: "100" });
  const api = () => httpClient(e2e.server.url);

  it("wallet and dashboard: a quiz session whose rows span a page is one line with its whole amount", async () => {
    const user = await createVerifiedUser(api());
    // General Knowledge: 4 answers, then 11 whole sessions of other quizzes (starting a quiz again resumes an open
    // round, so each is finished), then its last 6 answers and the bonus. 12 lines: the General Knowledge session's
    // 11 rows, read row by row among the others', would fall on both pages (10 lines a page).
    const general = await startQuizSession(api(), user, "general");
    await general(4);
    for (let i = 0; i < 11; i++)
      await (await startQuizSession(api(), user, i % 2 ? "science" : "history"))(10);
    await general(6);

    const { page, errors } = await signedInPage(e2e, user);
    await page.goto("/wallet");
    await page.getByText("$6.60 USD", { exact: true }).waitFor();
    const rows = page.getByRole("list", { name: "Transactions" }).getByRole("listitem");
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(10);
    const firstPage = await rows.allTextContents();
    // The first page: the ten newest other sessions, each whole; nothing of General Knowledge yet.
    expect(
      firstPage.every((text) =>
        /^(Science Facts|World History): 10 correct \+100, completion \+10.*\+110 Coins$/.test(text),
      ),
      firstPage.join("\n"),
    ).toBe(true);
    expect(firstPage.join()).not.toContain("General Knowledge");
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(12);
    const general10 = rows.filter({ hasText: "General Knowledge" });
    expect(await general10.count()).toBe(1);
    await general10
      .getByText("General Knowledge: 10 correct +100, completion +10", { exact: true })
      .waitFor();
    expect(await general10.getByText("+110 Coins", { exact: true }).count()).toBe(1);
    expect(await rows.nth(11).textContent()).toContain("General Knowledge");
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    // The lines add up to the balance: 12 lines of 110 coins.
    const amounts = (await rows.allTextContents()).map((t) => Number(/\+(\d+) Coins$/.exec(t)?.[1]));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(1320);
    expect(await balanceOf(api(), user)).toBe(1320);

    // The dashboard's 'Recent earnings': the first five of the same lines, as the server gave them.
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Your dashboard" }).waitFor();
    const recent = page.getByRole("list", { name: "Recent activity" }).getByRole("listitem");
    await expect.poll(() => recent.count(), { timeout: 10_000 }).toBe(5);
    expect(await recent.allTextContents()).toEqual(firstPage.slice(0, 5));
    expect(errors).toEqual([]);
  });
});
