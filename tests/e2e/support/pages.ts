import type { BrowserContextOptions, Page } from "playwright-core";
import type { ApiClient, TestUser } from "#tests/support/factories";
import { desktop } from "./chromium";
import { addSessionCookie, type E2EHarness } from "./fixtures";

/** Helpers of the page journeys (videos, wallet, referral, KYC and admin). */

/** The one visible notice (Radix Toast renders an `li` in the F8 region) with this title and description. */
export async function expectNotice(page: Page, title: string, description: string) {
  // Hidden included: an open dialog hides the rest of the page from the accessibility tree.
  const notice = page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .locator("li")
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ has: page.getByText(description, { exact: true }) });
  await notice.waitFor({ timeout: 10_000 });
}

export async function balanceOf(api: ApiClient, user: TestUser): Promise<number> {
  const res = await api.request("/api/ledger/balance", { cookie: user.cookie });
  return (await res.json()).balance;
}

/** Every API request a page makes from now on, as "METHOD path". */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${req.method()} ${url.pathname}`);
  });
  return calls;
}

/** A page whose browser context carries `user`'s API session (signing in through the UI is tested elsewhere). */
export async function signedInPage(
  e2e: E2EHarness,
  user: TestUser,
  options: BrowserContextOptions = desktop,
) {
  const opened = await e2e.newPage(options);
  await addSessionCookie(opened.context, user.cookie, e2e.server.url);
  return opened;
}
