import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { type ApiClient, signIn, signUp, uniqueEmail } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { type SmtpSink, startSmtpSink } from "#tests/support/smtp-sink";
import { useE2E } from "./fixtures";

/** The sign-in page, its notices and the accounts' mail, for the account E2E suites. */

/** The notices (docs/product.md: at most one), inside Radix's viewport region; a closed one leaves after its animation. */
export const notices = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).locator("li");
export const openNotices = (page: Page) => notices(page).and(page.locator('[data-state="open"]'));

/**
 * Waits until the visible notice reads `title` + `description` (a notice's text is its title then description).
 * Generous: the notice area's code loads with the first notice of a visit.
 */
export async function expectNotice(page: Page, title: string, description = "") {
  await expect
    .poll(() => openNotices(page).allTextContents(), {
      message: `notice '${title}'`,
      timeout: 15_000,
    })
    .toEqual([`${title}${description}`]);
}

export const banner = (page: Page) => page.getByRole("banner");
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
export const button = (scope: Page | Locator, name: string) =>
  scope.getByRole("button", { name, exact: true });

/** Page errors, without the browser's own log line for an expected 4xx answer (e.g. a refused login). */
export const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource"));

export async function fillLogin(page: Page, email: string, password: string) {
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await button(page, "Login").click();
}

/**
 * A server that sends its mail to an SMTP sink (started first, so the server starts with the sink's URL) and
 * a browser, for this file; with the API and confirmed accounts made through it.
 */
export function useAccountsE2E() {
  let sink: SmtpSink;
  // Declared before useE2E: its beforeAll runs first, so the server starts with the sink's URL.
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });
  const e2e = useE2E(() => ({ SMTP_URL: sink.url, AUTH_RATE_LIMIT: "1000", MAIL_RATE_LIMIT: "1000" }));
  const api = (): ApiClient => httpClient(e2e.server.url);

  /** The link of the newest mail to `email` whose subject matches, waiting for the SMTP delivery. */
  async function linkInMail(email: string, subject: RegExp, part: string): Promise<string> {
    const mail = await sink.waitForMail(email, { subject });
    const link = mail.links.find((l) => l.includes(part));
    if (!link) throw new Error(`no ${part} link in:\n${mail.text}`);
    return link;
  }

  /** A confirmed account made through the API, with its session cookie. */
  async function confirmedUser(prefix: string, referralCode?: string) {
    const email = uniqueEmail(prefix);
    const password = `pw-${prefix}-123`;
    expect((await signUp(api(), email, password, { referralCode })).status).toBe(200);
    const link = new URL(await linkInMail(email, /confirm/i, "/api/auth/verify-email"));
    expect((await api().request(link.pathname + link.search)).status).toBe(302);
    return { email, password, cookie: await signIn(api(), email, password) };
  }

  const mailCount = (email: string) => sink.messages.filter((m) => m.to.includes(email)).length;

  return { e2e, api, sink: () => sink, linkInMail, confirmedUser, mailCount };
}
