import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { uniqueEmail } from "#tests/support/factories";
import { expectNotice, unexpected } from "./support/accounts";
import { phone } from "./support/chromium";
import { describeE2E, useE2E } from "./support/fixtures";

/**
 * A prerendered page is on screen before its JavaScript runs; a tap made then must still take effect, at once or
 * as soon as the page is live, in order (docs/product.md, "Every tap counts"). Each test taps the moment
 * `page.goto` resolves (the load event), on a phone-sized page, without the harness's wait for the app, at no CPU
 * slowdown and at 4× (Chrome DevTools Protocol), and then checks the effect holds once the page is live.
 */

const speeds = [1, 4] as const;

describeE2E("a first tap on a prerendered page", () => {
  const e2e = useE2E();

  /** A phone page whose `goto` returns at the load event (not after the app is live), at `rate`× CPU slowdown. */
  async function rawPage(rate: number): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const context = await e2e.browser.newContext({ ...phone, baseURL: e2e.server.url });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") errors.push(m.text());
    });
    return { page, context, errors };
  }

  const live = (page: Page) =>
    page.waitForFunction(() => document.documentElement.dataset.app === "live", undefined, {
      timeout: 30_000,
    });

  /** The effect shows, and still shows once the page is live (nothing reverts it). */
  async function holds(page: Page, effect: () => Promise<boolean>, what: string) {
    await expect.poll(effect, { message: what, timeout: 15_000 }).toBe(true);
    await live(page);
    await expect.poll(effect, { message: `${what}, once live`, timeout: 5_000 }).toBe(true);
  }

  const byName = (page: Page, role: "button" | "heading", name: string): Locator =>
    page.getByRole(role, { name, exact: true });

  for (const rate of speeds) {
    it(`/auth at ${rate}×: 'Register here' tapped at load switches to the register form`, async () => {
      const { page, context, errors } = await rawPage(rate);
      await page.goto("/auth");
      await byName(page, "button", "Register here").tap();
      await holds(page, () => byName(page, "heading", "Create an Account").isVisible(), "register mode");
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it(`/auth at ${rate}×: the password's show button tapped at load shows the password`, async () => {
      const { page, context, errors } = await rawPage(rate);
      await page.goto("/auth");
      await page.getByLabel("Password", { exact: true }).fill("visible-secret");
      await byName(page, "button", "Show password").tap();
      await holds(
        page,
        async () =>
          (await page.getByLabel("Password", { exact: true }).getAttribute("type")) === "text" &&
          (await page.getByLabel("Password", { exact: true }).inputValue()) === "visible-secret",
        "password shown, with what was typed",
      );
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it(`/auth at ${rate}×: 'Forgot Password?' tapped at load, after typing an e-mail, sends the reset mail`, async () => {
      const { page, context, errors } = await rawPage(rate);
      await page.goto("/auth");
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("first-tap"));
      await byName(page, "button", "Forgot Password?").tap();
      await expectNotice(page, "Password Reset Email Sent", "Check your email for a password reset link.");
      await live(page);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it(`/quizzes at ${rate}×: a quiz card tapped as soon as it shows starts that quiz`, async () => {
      const { page, context, errors } = await rawPage(rate);
      await page.goto("/quizzes");
      await byName(page, "button", "Start Quiz: Science Facts").tap();
      await holds(
        page,
        () => page.getByRole("heading", { level: 1, name: "Science Facts" }).isVisible(),
        "the quiz's first question",
      );
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it(`/games/tic-tac-toe at ${rate}×: a square tapped at load takes the X`, async () => {
      const { page, context, errors } = await rawPage(rate);
      await page.goto("/games/tic-tac-toe");
      await byName(page, "button", "Cell 5, empty").tap();
      await holds(page, () => byName(page, "button", "Cell 5, X").isVisible(), "X in cell 5");
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });
  }

  it("at 4×, typing and two taps in a row before the page is live all take effect, in order", async () => {
    const { page, context, errors } = await rawPage(4);
    await page.goto("/auth");
    await byName(page, "button", "Register here").tap();
    // Held until the page is live, the tapped button shows it (dimmed), and is unmarked once its tap is played.
    const marked = await page.evaluate(() => ({
      live: document.documentElement.dataset.app === "live",
      held: document.querySelector("[data-app-held]")?.textContent ?? null,
    }));
    if (!marked.live) expect(marked.held).toBe("Register here");
    // Still the prerendered login form or already the register form: both have an Email field.
    await page.getByLabel("Email", { exact: true }).fill("order@example.com");
    await holds(page, () => byName(page, "heading", "Create an Account").isVisible(), "register mode");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("order@example.com");
    await byName(page, "button", "Login here").tap();
    await expect.poll(() => byName(page, "heading", "Welcome Back").isVisible()).toBe(true);
    expect(await page.locator("[data-app-held]").count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
