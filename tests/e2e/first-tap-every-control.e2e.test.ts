import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { unexpected } from "./support/accounts";
import { phone } from "./support/chromium";
import { describeE2E, useE2E } from "./support/fixtures";

/**
 * Every control of every prerendered page (the guest's variant, as a new visitor gets it): a tap the moment
 * `page.goto` resolves, at 4× CPU slowdown, does what the same tap does on the live page (docs/product.md,
 * "Every tap counts"). A control whose tap changes nothing visible on the live page (e.g. 'Reset Game' on a new
 * board) is not compared. Links are real links and work before the app runs.
 */

const webRoot = path.resolve(import.meta.dirname, "../../dist/web");
const pagesJson = () =>
  JSON.parse(readFileSync(path.join(webRoot, "pages.json"), "utf8")) as {
    pages: Record<string, string>;
    guestPages: Record<string, string>;
  };

/** The buttons in <main> of a prerendered page's HTML, counted as the browser will see them. */
function prerenderedButtonCount(route: string): number {
  const { pages, guestPages } = pagesJson();
  const file = guestPages[route] ?? pages[route];
  if (!file) throw new Error(`no prerendered page for ${route}`);
  const html = readFileSync(path.join(webRoot, "pages", file), "utf8");
  const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
  return main.match(/<button[\s>]/g)?.length ?? 0;
}

/**
 * What a tap can change: the body's markup (without classes) and the focused field. (Not a focused button: the
 * browser focuses a tapped button itself, with or without the app.)
 */
const signature = (page: Page) =>
  page.evaluate(() => {
    const body = document.body.innerHTML.replace(/ class="[^"]*"/g, "");
    const focused = document.activeElement;
    const focus = focused?.matches("input, textarea, select") ? `${focused.tagName}#${focused.id}` : "";
    return `${body}\n${focus}`;
  });

describeE2E("a first tap on every control of every prerendered page", () => {
  const e2e = useE2E();

  async function open(route: string, waitForLive: boolean) {
    const context = await e2e.browser.newContext({ ...phone, baseURL: e2e.server.url });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto(route);
    if (waitForLive) await live(page);
    return { page, context, errors };
  }

  async function live(page: Page) {
    await page.waitForFunction(() => document.documentElement.dataset.app === "live", undefined, {
      timeout: 30_000,
    });
    await page.waitForLoadState("networkidle");
  }

  const nthButton = (page: Page, index: number) => page.locator("main button").nth(index);

  it("takes effect on each button, tapped at load, as on the live page", { timeout: 600_000 }, async () => {
    const routes = Object.keys(pagesJson().pages);
    expect(routes).toEqual(expect.arrayContaining(["/", "/auth", "/games/tic-tac-toe", "/update-password"]));
    let compared = 0;
    for (const route of routes) {
      const count = prerenderedButtonCount(route);
      for (let index = 0; index < count; index++) {
        const what = `${route}, button ${index + 1}`;
        // On the live page: the state before the tap, and whether the tap changes it.
        const late = await open(route, true);
        const before = await signature(late.page);
        const name =
          (await nthButton(late.page, index).getAttribute("aria-label")) ??
          (await nthButton(late.page, index).textContent()) ??
          "";
        await nthButton(late.page, index).tap();
        const changes = await expect
          .poll(() => signature(late.page), { timeout: 5_000 })
          .not.toBe(before)
          .then(
            () => true,
            () => false,
          );
        await late.context.close();
        if (!changes) continue;
        compared++;

        // The same tap the moment `goto` resolves.
        const early = await open(route, false);
        await nthButton(early.page, index).tap();
        await live(early.page);
        await expect
          .poll(() => signature(early.page), { message: `${what} (${name})`, timeout: 10_000 })
          .not.toBe(before);
        expect(unexpected(early.errors), what).toEqual([]);
        await early.context.close();
      }
    }
    // /auth's four buttons, the board's nine cells and /update-password's form at least.
    expect(compared).toBeGreaterThanOrEqual(14);
  });
});
