import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { createVerifiedUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { acceptanceLineMove } from "#tests/support/tic-tac-toe-lines";
import type { Board, Cell } from "~/core/tic-tac-toe/board";
import { phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, navBalance, useE2E } from "./support/fixtures";

/** By attribute, not role: the open Game Over dialog hides the board from the accessibility tree. */
const cellButton = (page: Page, index: number) =>
  page.locator(`main button[aria-label^="Cell ${index + 1}, "]`);

/** The board as the page names it: 'Cell n, empty' / 'Cell n, X' / 'Cell n, O'. */
async function readBoard(page: Page): Promise<Board> {
  const board: Cell[] = [];
  for (let i = 0; i < 9; i++) {
    const name = (await cellButton(page, i).getAttribute("aria-label")) ?? "";
    const mark = name.split(", ")[1];
    board.push(mark === "X" || mark === "O" ? mark : null);
  }
  return board;
}

const statusLine = (page: Page) => page.locator("main p[role=status]");
const marks = (board: Board) => board.filter((c) => c !== null).length;

/**
 * Plays the acceptance line through the UI, checking each move: X at once with 'Bot is thinking...', the bot's
 * O no sooner than 700 ms after the click, filled cells disabled. Returns when the game is over.
 */
async function playAcceptanceLine(page: Page) {
  for (;;) {
    const before = await readBoard(page);
    const cell = acceptanceLineMove(before);
    const clickedAt = Date.now();
    await cellButton(page, cell).click();
    await expect.poll(() => cellButton(page, cell).getAttribute("aria-label")).toBe(`Cell ${cell + 1}, X`);
    expect(await cellButton(page, cell).getAttribute("aria-disabled")).toBe("true");
    const status = await statusLine(page).textContent();
    if (status === "You Win!") return;
    expect(status).toBe("Bot is thinking...");
    // A click while the bot is thinking is ignored.
    const free = before.findIndex((c, i) => c === null && i !== cell);
    await cellButton(page, free).dispatchEvent("click");
    await expect.poll(async () => marks(await readBoard(page)), { timeout: 5000 }).toBe(marks(before) + 2);
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(650);
    expect((await readBoard(page))[free] === "X").toBe(false);
    expect(await statusLine(page).textContent()).toBe("Your turn (X)");
  }
}

describeE2E("tic tac toe", () => {
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000" });

  it("signed in: a win shows 'You Win!', the Game Over dialog with '+10 coins', +10 in the nav and in the transactions", async () => {
    const user = await createVerifiedUser(httpClient(e2e.server.url));
    const { page, context, errors } = await e2e.newPage();
    await addSessionCookie(context, user.cookie, e2e.server.url);

    await page.goto("/games");
    await page.getByRole("heading", { level: 1, name: "Game Zone" }).waitFor();
    expect(await page.getByRole("heading", { level: 2, name: "Tic Tac Toe" }).count()).toBe(1);
    expect(await page.getByText("More Games Coming Soon!", { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Play Now" }).click();
    await page.waitForURL("**/games/tic-tac-toe");
    await page.getByRole("heading", { level: 1, name: "Tic Tac Toe" }).waitFor();

    await expect.poll(() => navBalance(page)).toBe(0);
    const today = page.getByRole("region", { name: "Today" });
    await expect
      .poll(() => today.textContent(), { timeout: 10_000 })
      .toContain("20 of 20 paid wins left today");
    expect(await statusLine(page).textContent()).toBe("Your turn (X)");
    expect(await page.getByText("Log in to save your score and earn coins!").count()).toBe(0);
    for (let i = 0; i < 9; i++)
      expect(await cellButton(page, i).getAttribute("aria-label")).toBe(`Cell ${i + 1}, empty`);
    await expectNoAxeViolations(page);

    await playAcceptanceLine(page);
    expect(await statusLine(page).textContent()).toBe("You Win!");
    const dialog = page.getByRole("dialog", { name: "Game Over" });
    await dialog.waitFor();
    expect(await dialog.getByText("You Win!", { exact: true }).count()).toBe(1);
    // The reward is in the dialog itself: the coins and the new balance.
    await dialog.getByText("+10 coins", { exact: true }).waitFor();
    expect(await dialog.getByText("Balance: 10 coins", { exact: true }).count()).toBe(1);
    expect(await dialog.getByRole("button", { name: "Play Again" }).count()).toBe(1);
    expect(await page.locator("[data-winning]").count()).toBe(3);
    // Radix Toast also copies a notice into a screen-reader announcement, hence `first()`.
    await page.getByText("Coins Earned!", { exact: true }).first().waitFor();
    await page
      .getByText("You earned 10 coins for Tic Tac Toe win. Total: 10.", { exact: true })
      .first()
      .waitFor();
    await expect.poll(() => navBalance(page)).toBe(10);
    await expectNoAxeViolations(page);

    const res = await page.request.get("/api/ledger/transactions");
    expect(res.status()).toBe(200);
    const { entries } = (await res.json()) as { entries: { reason: string; amount: number; kind: string }[] };
    expect(entries.map((e) => [e.kind, e.reason, e.amount])).toEqual([["ttt_win", "Tic Tac Toe win", 10]]);

    // Closing the dialog resets the game. (Escape would first dismiss the newer 'Coins Earned!' notice.)
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await readBoard(page)).toEqual(Array(9).fill(null));
    expect(await statusLine(page).textContent()).toBe("Your turn (X)");
    // The 'Today' panel (hidden behind the dialog until now) has followed the win.
    await expect
      .poll(() => today.textContent(), { timeout: 10_000 })
      .toContain("19 of 20 paid wins left today");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("guest at 360 px: plays in the browser with the keyboard, sees the hint, earns nothing and is invited to sign up", async () => {
    const { page, context, errors } = await e2e.newPage(phone);
    const gameCalls: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/games")) gameCalls.push(req.url());
    });
    await page.goto("/games/tic-tac-toe");
    await page.getByText("Log in to save your score and earn coins!", { exact: true }).waitFor();
    expect(
      await page
        .getByRole("banner")
        .getByText(/ Coins$/)
        .count(),
    ).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // Keyboard: Enter plays the focused cell, focus stays on it, arrows move between cells.
    await cellButton(page, 0).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => cellButton(page, 0).getAttribute("aria-label")).toBe("Cell 1, X");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Cell 1, X");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(
      /^Cell 4, /,
    );
    await expect.poll(() => cellButton(page, 4).getAttribute("aria-label")).toBe("Cell 5, O");

    await page.getByRole("button", { name: "Reset Game" }).click();
    expect(await readBoard(page)).toEqual(Array(9).fill(null));

    await playAcceptanceLine(page);
    const dialog = page.getByRole("dialog", { name: "Game Over" });
    await dialog.waitFor();
    expect(await dialog.getByText("You Win!", { exact: true }).count()).toBe(1);
    // A guest's win would have paid an account: the dialog invites sign-up, and claims no coins.
    await dialog
      .getByText(
        "This win pays 10 coins when you are signed in. Create an account to earn coins like these.",
        {
          exact: true,
        },
      )
      .waitFor();
    expect(await dialog.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/auth?mode=register",
    );
    expect(await dialog.getByText(/\+\d+ coins/).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Play Again" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await readBoard(page)).toEqual(Array(9).fill(null));
    expect(await page.getByText("Coins Earned!").count()).toBe(0);
    expect(gameCalls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
