import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, linkIn, waitForMail } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { mailPasswordChanged } from "./security-mails";

/**
 * docs/product.md "Security mails": a password change or reset, a sign-in from a browser the account has not seen,
 * and the sign-in lock each mail the owner once, naming the device and address.
 */
const LIMIT = 5;
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const NEW_BROWSER = /sign-in from a new browser/;
const PASSWORD = /your password was/;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: "true", SIGN_IN_ACCOUNT_LIMIT: String(LIMIT) });
});
afterAll(async () => ctx?.close());

/** A request through the proxy from `clientIp`, as a browser with user agent `agent` and cookies `cookie`. */
const from = (clientIp: string, agent: string, cookie?: string) => ({
  ip: "127.0.0.9",
  headers: { "x-forwarded-for": clientIp, "user-agent": agent },
  ...(cookie ? { cookie } : {}),
});
const signIn = (email: string, password: string, clientIp: string, agent: string, cookie?: string) =>
  ctx.request("/api/auth/sign-in/email", { json: { email, password }, ...from(clientIp, agent, cookie) });
const mailsTo = async (email: string, subject: RegExp) =>
  (await ctx.mailTo(email)).filter((m) => subject.test(m.subject));

describe("a sign-in from a new browser", () => {
  it("mails the owner once per new browser, with its device, address and a link to the account page", async () => {
    const user = await ctx.createVerifiedUser();
    // The browser that made and confirmed the account is no news.
    expect((await signIn(user.email, user.password, "203.0.113.1", CHROME, user.cookie)).status).toBe(200);
    expect(await mailsTo(user.email, NEW_BROWSER)).toHaveLength(0);

    const first = await signIn(user.email, user.password, "203.0.113.77", FIREFOX);
    expect(first.status).toBe(200);
    expect((await first.json()).firstSignIn).toBe(false);
    const mails = await mailsTo(user.email, NEW_BROWSER);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Firefox 128 on Linux, address 203.0.113.77, on ");
    expect(linkIn(mails[0]!, "/account").pathname).toBe("/account");

    // The same browser again (its device cookie) sends nothing more.
    const again = await signIn(user.email, user.password, "203.0.113.78", FIREFOX, cookieFrom(first));
    expect(again.status).toBe(200);
    expect(await mailsTo(user.email, NEW_BROWSER)).toHaveLength(1);
  });
});

describe("a password change", () => {
  it("mails the owner once, with the device and address it was changed from", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await ctx.request("/api/auth/change-password", {
      json: { currentPassword: user.password, newPassword: "a-brand-new-passphrase-9" },
      ...from("203.0.113.20", CHROME, user.cookie),
    });
    expect(res.status).toBe(200);
    const mails = await mailsTo(user.email, PASSWORD);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("your password was changed");
    expect(mails[0]?.text).toContain("Chrome 131 on Linux, address 203.0.113.20, on ");
    // The same change told twice (a retried request or job) is one mail: its outbox key names the change.
    const { token, user: changed } = await res.clone().json();
    const change = {
      how: "changed",
      changeKey: token,
      from: { ip: "203.0.113.20", userAgent: CHROME },
    } as const;
    await mailPasswordChanged(ctx.deps, changed, change);
    await mailPasswordChanged(ctx.deps, changed, change);
    expect(await mailsTo(user.email, PASSWORD)).toHaveLength(1);
  });

  it("a reset by a mailed link mails the owner once too", async () => {
    const user = await ctx.createVerifiedUser();
    await ctx.request("/api/auth/request-password-reset", { json: { email: user.email, redirectTo: "/" } });
    const link = linkIn(await waitForMail(ctx.client, user.email, /reset/i), "/update-password");
    const token = link.searchParams.get("token") ?? "";
    const reset = await ctx.request("/api/auth/reset-password", {
      json: { token, newPassword: "another-fresh-passphrase-3" },
      ...from("203.0.113.30", FIREFOX),
    });
    expect(reset.status).toBe(200);
    const mails = await mailsTo(user.email, PASSWORD);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("your password was reset");
    expect(mails[0]?.text).toContain("Firefox 128 on Linux, address 203.0.113.30");
  });
});

describe("the sign-in lock", () => {
  it("mails once, with the count of attempts and the device and address of the last", async () => {
    const user = await ctx.createVerifiedUser();
    for (let i = 1; i <= LIMIT + 3; i++)
      await signIn(user.email, `wrong-${i}`, `198.51.100.${40 + i}`, CHROME);
    const mails = await mailsTo(user.email, /repeated sign-in attempts/);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`tried ${LIMIT + 1} times in a row`);
    expect(mails[0]?.text).toContain(`Chrome 131 on Linux, address 198.51.100.${40 + LIMIT + 1}`);
  });
});
