import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject } from "vitest";
import { type RunningServer, startServer } from "#tests/support/server-process";
import { desktop, launchBrowser } from "./chromium";

export const chromiumPath = inject("chromiumPath");
/** `describeE2E` runs only when a browser exists; the global setup already failed under CI=true otherwise. */
export const describeE2E = describe.skipIf(!chromiumPath);

export interface E2EHarness {
  server: RunningServer;
  browser: Browser;
  /** A new isolated browser context + page that records page errors. */
  newPage(
    options?: BrowserContextOptions,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
}

/**
 * A prerendered page is painted before its JavaScript runs (the app loads after the first paint), so a test that
 * acted right after `goto` could click a link or submit a form the app does not handle yet. `goto` and `reload`
 * therefore also wait until the page has hydrated (`<html data-app="live">`, src/web/components/layout/root-layout.tsx)
 * on pages of the app.
 */
function waitForAppOnNavigation(page: Page): void {
  const ready = () =>
    page.waitForFunction(
      () => !document.getElementById("root") || document.documentElement.dataset.app === "live",
      undefined,
      { timeout: 30_000 },
    );
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
}

/**
 * One server and one browser per test file. `serverEnv` may be a function, read when the server starts: for
 * values that an earlier `beforeAll` creates (e.g. the SMTP sink's URL).
 */
export function useE2E(serverEnv: Record<string, string> | (() => Record<string, string>) = {}): E2EHarness {
  const harness = {} as E2EHarness;
  beforeAll(async () => {
    harness.server = await startServer(typeof serverEnv === "function" ? serverEnv() : serverEnv);
    harness.browser = await launchBrowser(chromiumPath);
    harness.newPage = async (options = desktop) => {
      const context = await harness.browser.newContext({ ...options, baseURL: harness.server.url });
      const page = await context.newPage();
      waitForAppOnNavigation(page);
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      return { context, page, errors };
    };
  }, 120_000);
  afterAll(async () => {
    await harness.browser?.close();
    await harness.server?.stop();
  });
  return harness;
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A dialog or notice still fading in has its text at part opacity, which axe reads as low contrast: wait for the
  // page's finite animations to end (a spinner's endless one never does).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // A notice closing on its own (its 5 s are up) may start fading out after that wait: it is leaving the page, so
  // its part-opacity text is not read.
  const result = await new AxeBuilder({ page }).exclude('[data-notice][data-state="closed"]').analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/** Puts an API session (a `Cookie` header value) into a browser context, as if the user had logged in there. */
export async function addSessionCookie(context: BrowserContext, cookie: string, url: string): Promise<void> {
  const cookies = cookie
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    });
  await context.addCookies(cookies);
}

/**
 * The balance the nav shows as 'N Coins', or null when it shows none. Located by element, not role:
 * an open modal dialog hides the header from the accessibility tree.
 */
export async function navBalance(page: Page): Promise<number | null> {
  const badge = page
    .locator("body > div header")
    .first()
    .getByText(/\d+ Coins$/);
  if ((await badge.count()) !== 1) return null;
  const match = (await badge.textContent())?.match(/(\d+) Coins$/);
  return match ? Number(match[1]) : null;
}
