import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailTo, uniqueEmail } from "#tests/support/factories";
import { createTestContext, nextIp, type TestContext } from "#tests/support/test-app";
import { processRegistry } from "../metrics/registry";

/**
 * Password-reset and confirmation mails to one address are capped per hour and per day (docs/product.md
 * "Sign-up, sign-in and mail limits"), whatever client addresses ask; the cap is silent: every request is answered
 * exactly as an uncapped one, and ple_mail_dropped_total counts what was not sent, by kind.
 */
const HOURLY = 5;
let ctx: TestContext;
beforeAll(async () => {
  // The per-minute limit is raised out of the way: only the hourly cap may stop these mails.
  ctx = await createTestContext({
    MAIL_RATE_LIMIT: "1000",
    MAIL_PER_ADDRESS_HOURLY: String(HOURLY),
    MAIL_PER_ADDRESS_DAILY: "10",
  });
});
afterAll(async () => {
  await ctx.close();
});

async function dropped(kind: string): Promise<number> {
  const metric = processRegistry.getSingleMetric("ple_mail_dropped_total");
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

/** 50 requests from 50 client addresses for one address: all answered alike, at most HOURLY mails in the box. */
async function askFifty(path: string, email: string, kind: string, subject: RegExp) {
  const before = await dropped(kind);
  const answers = new Set<string>();
  for (let i = 0; i < 50; i++) {
    const res = await ctx.request(path, { json: { email, redirectTo: "/update-password" }, ip: nextIp() });
    answers.add(`${res.status} ${await res.text()}`);
  }
  expect([...answers]).toHaveLength(1);
  expect([...answers][0]).toMatch(/^200 /);
  const mails = (await mailTo(ctx.client, email)).filter((m) => subject.test(m.subject));
  expect(mails.length).toBeGreaterThan(0);
  expect(mails.length).toBeLessThanOrEqual(HOURLY);
  expect(await dropped(kind)).toBeGreaterThanOrEqual(before + 50 - HOURLY);
  return [...answers][0];
}

describe("mail caps per address", () => {
  it("50 reset requests for one address from 50 clients deliver at most the hourly cap, answered alike", async () => {
    const user = await ctx.createVerifiedUser();
    const capped = await askFifty("/api/auth/request-password-reset", user.email, "password_reset", /reset/i);
    // An address under its cap gets the very same answer.
    const other = await ctx.createVerifiedUser();
    const uncapped = await ctx.request("/api/auth/request-password-reset", {
      json: { email: other.email, redirectTo: "/update-password" },
      ip: nextIp(),
    });
    expect(`${uncapped.status} ${await uncapped.text()}`).toBe(capped);
  });

  it("50 confirmation-mail requests for one address deliver at most the hourly cap, sign-up's mail included", async () => {
    const email = uniqueEmail("capped");
    expect((await ctx.signUp(email, "a-password-of-mine-1", { ip: nextIp() })).status).toBe(200);
    await askFifty("/api/auth/send-verification-email", email, "confirmation", /confirm/i);
  });
});
