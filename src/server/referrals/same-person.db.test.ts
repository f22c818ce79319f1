import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referralRow } from "#tests/support/db-users";
import { watchVideoToEnd } from "#tests/support/earning";
import { cookieFrom, type TestUser } from "#tests/support/factories";
import { createTestContext, nextIp, type TestContext } from "#tests/support/test-app";
import { DEVICE_COOKIE } from "../auth/device";

/**
 * The referral bonus pair is held for review when friend and referrer look like one person (docs/product.md,
 * "Referral program"): the same mailbox, the same browser, or the same address — not only the same IP.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

interface Account extends TestUser {
  /** The `ple_device=…` cookie of the browser that signed up. */
  device: string;
  code: string;
}

const deviceOf = (res: Response) =>
  cookieFrom(res)
    .split("; ")
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));

/** Signs up (from `browser`, a device cookie, if given), confirms and signs in from a fresh browser and IP. */
async function account(
  email: string,
  options: { referralCode?: string; browser?: string; ip?: string } = {},
): Promise<Account> {
  const password = `pw-${randomUUID()}`;
  const res = await ctx.request("/api/auth/sign-up/email", {
    json: { email, password, referralCode: options.referralCode },
    ip: options.ip ?? nextIp(),
    ...(options.browser ? { cookie: options.browser } : {}),
  });
  expect(res.status).toBe(200);
  const device = options.browser ?? deviceOf(res);
  if (!device) throw new Error("no device cookie at sign-up");
  await ctx.verifyEmail(email);
  const cookie = await ctx.signIn(email, password);
  const me = await (await ctx.api({ cookie }).me.$get()).json();
  return { id: me.user.id, email, password, cookie, device, code: me.profile.referralCode };
}

/** The friend's first earning decides the pair (pending or held); the referral row's state after it. */
async function settledState(friend: TestUser) {
  const watched = await watchVideoToEnd(ctx.client, ctx.db, friend);
  expect(watched.status).toBe(200);
  // The earning writes the first-earning job; the referral rules decide the pair when it runs.
  await ctx.deps.jobs.drain();
  return (await referralRow(ctx.db, friend.id)).bonus_status;
}

const tag = () => randomUUID().slice(0, 8);

describe("the same person behind a referral", () => {
  it("a+1@x referred by a@x is held for review", async () => {
    const local = `a${tag()}`;
    const referrer = await account(`${local}@x.example`);
    const friend = await account(`${local}+1@x.example`, { referralCode: referrer.code });
    expect(await settledState(friend)).toBe("held");
  });

  it("another spelling of one Gmail mailbox (dots, case, googlemail.com) is held", async () => {
    const local = `ada${tag()}`;
    const referrer = await account(`${local}@gmail.com`);
    const friend = await account(`${local.slice(0, 2)}.${local.slice(2).toUpperCase()}@googlemail.com`, {
      referralCode: referrer.code,
    });
    expect(await settledState(friend)).toBe("held");
  });

  it("a friend who signs up in the browser that made the referrer's account, from another IP, is held", async () => {
    const referrer = await account(`ref-${tag()}@example.test`);
    const friend = await account(`friend-${tag()}@example.org`, {
      referralCode: referrer.code,
      browser: referrer.device,
    });
    expect(
      (
        await ctx.db
          .selectFrom("user_profiles")
          .select("signup_device")
          .where("id", "=", friend.id)
          .executeTakeFirstOrThrow()
      ).signup_device,
    ).toBe(referrer.device.split("=")[1]);
    expect(await settledState(friend)).toBe("held");
  });

  it("a friend who signs in from a browser the referrer signed in from is held", async () => {
    const referrer = await account(`ref-${tag()}@example.test`);
    const friend = await account(`friend-${tag()}@example.org`, { referralCode: referrer.code });
    // The friend's account is used in the referrer's browser before its first earning.
    const res = await ctx.request("/api/auth/sign-in/email", {
      json: { email: friend.email, password: friend.password },
      cookie: referrer.device,
    });
    expect(res.status).toBe(200);
    expect(await settledState(friend)).toBe("held");
  });

  it("a friend with another mailbox, browser and address is not held", async () => {
    const referrer = await account(`ref-${tag()}@example.test`);
    const friend = await account(`friend-${tag()}@example.test`, { referralCode: referrer.code });
    expect(await settledState(friend)).not.toBe("held");
  });
});
