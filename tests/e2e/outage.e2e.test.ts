import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createVerifiedUser } from "../support/factories";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy";
import { httpClient } from "../support/http-client";
import { redisUrlForTests, requireRedisUnderCi } from "../support/redis";
import { phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, navBalance, useE2E } from "./support/fixtures";

/**
 * While the server's cache (Redis, through a TCP fault proxy) is away, an earning click gets the server's 503: the
 * page shows 'Service Unavailable' with its message, the failed request's reference (found in the server's log) and
 * a 'Try again' button; once Redis is back, 'Try again' completes the same click and pays.
 */
requireRedisUnderCi("outage notice e2e");

let proxy: FaultProxy | undefined;
beforeAll(async () => {
  if (!redisUrlForTests) return;
  const u = new URL(redisUrlForTests);
  proxy = await startFaultProxy({ host: u.hostname, port: Number(u.port || 6379) });
});
afterAll(async () => {
  await proxy?.close();
});

const notices = (page: Page) =>
  page.getByRole("region", { name: /Notifications/, includeHidden: true }).locator("li");

(redisUrlForTests ? describeE2E : describeE2E.skip)("a dependency outage in the browser", () => {
  const e2e = useE2E(() => ({
    REDIS_URL: proxy?.via(redisUrlForTests ?? "") ?? "",
    REDIS_PREFIX: `ple-e2e:${randomUUID().slice(0, 8)}:`,
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
  }));

  it("shows 'Service Unavailable' with a working 'Try again' (360 px, axe-clean)", {
    timeout: 150_000,
  }, async () => {
    const user = await createVerifiedUser(httpClient(e2e.server.url));
    const { page, context, errors } = await e2e.newPage(phone);
    await addSessionCookie(context, user.cookie, e2e.server.url);
    await page.goto("/videos");
    await expect.poll(() => navBalance(page), { timeout: 15_000 }).toBe(0);
    const watch = page.getByRole("button", { name: "Watch Video (Earn 10 Coins)", exact: true }).first();
    await watch.waitFor();

    proxy?.down();
    await watch.click();
    const notice = notices(page).filter({ has: page.getByText("Service Unavailable", { exact: true }) });
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.getByText("Service temporarily unavailable, try again in a moment.").count()).toBe(1);
    // An added line names the failed request, as the server logged it (docs/product.md, 'Request ids').
    const reference = (await notice.getByText(/^Reference /).textContent())?.replace("Reference ", "") ?? "";
    expect(reference).toMatch(/^[0-9a-f-]{36}$/);
    const logged = e2e.server
      .output()
      .split("\n")
      .filter((line) => line.includes(`"reqId":"${reference}"`))
      .map((line) => JSON.parse(line) as { msg?: string; status?: number });
    expect(logged).toContainEqual(expect.objectContaining({ msg: "request", status: 503 }));
    await expectNoAxeViolations(page);

    proxy?.up();
    await expect
      .poll(async () => (await fetch(`${e2e.server.url}/api/ready`)).status, { timeout: 15_000 })
      .toBe(200);
    await notice.getByRole("button", { name: "Try again" }).click();
    // The retried start of the watch goes through: the video plays, and pays when it ends.
    await page.getByText("Watching — the coins are paid when the video ends.").waitFor({ timeout: 15_000 });
    await page.getByRole("alertdialog").waitFor({ timeout: 90_000 });
    await expect.poll(() => navBalance(page), { timeout: 15_000 }).toBe(10);
    // The browser reports the 503 answers themselves; nothing else may fail on the page.
    expect(errors.filter((e) => !/status of 503/.test(e))).toEqual([]);
  });
});
