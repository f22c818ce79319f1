import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cookieFrom, linkIn, uniqueEmail, waitForMail } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { isReferralCodeFormat } from "~/core/referral-code";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("sign-up → confirmation mail → sign-in", () => {
  it("confirms the address by mail before the account can sign in", async () => {
    const email = uniqueEmail("life");
    const password = "secret1";

    const signUp = await ctx.signUp(email, password);
    expect(signUp.status).toBe(200);
    const body = await signUp.json();
    expect(body).toMatchObject({ token: null, user: { email, emailVerified: false }, referral: "none" });
    // No session: only the browser's device id (docs/product.md, "Accounts and devices").
    expect(signUp.headers.getSetCookie().filter((c) => !c.startsWith("ple_device="))).toEqual([]);

    const mail = await waitForMail(ctx.client, email, /confirm/i);
    expect(mail.subject).toBe("Play, Learn, Earn: confirm your email");
    expect(mail.html).toContain("<a href=");
    const link = linkIn(mail, "/api/auth/verify-email");
    expect(link.origin).toBe(ctx.env.appUrl);

    const refused = await ctx.request("/api/auth/sign-in/email", { json: { email, password } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: "EMAIL_NOT_VERIFIED", message: "Email not verified" },
    });
    expect(refused.headers.getSetCookie()).toEqual([]);

    const confirmed = await ctx.request(link.pathname + link.search);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?verified=1`);

    const signIn = await ctx.request("/api/auth/sign-in/email", { json: { email, password } });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ user: { id: body.user.id, email, emailVerified: true } });
    const cookie = cookieFrom(signIn);

    const me = await ctx.request("/api/me", { cookie });
    expect(me.status).toBe(200);
    const profile = await me.json();
    expect(profile).toEqual({
      user: { id: body.user.id, email },
      profile: { points: 0, referralCode: expect.any(String) },
    });
    expect(isReferralCodeFormat(profile.profile.referralCode)).toBe(true);
  });

  it("sets an HttpOnly, SameSite=Lax session cookie, not Secure on http", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await ctx.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^better-auth\.session_token=/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it("accepts the email in any case and with spaces around it", async () => {
    const user = await ctx.createVerifiedUser();
    const cookie = await ctx.signIn(`  ${user.email.toUpperCase()} `, user.password);
    expect((await ctx.request("/api/me", { cookie })).status).toBe(200);
  });

  it("refuses a wrong password with the backend's message", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await ctx.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: "wrong-password" },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
    });
  });

  it("refuses passwords shorter than 6 or longer than 128 characters", async () => {
    for (const password of ["12345", "x".repeat(129)]) {
      const res = await ctx.signUp(uniqueEmail("len"), password);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toMatch(/^PASSWORD_TOO_(SHORT|LONG)$/);
    }
    // Six characters are enough when they are not a common password.
    expect((await ctx.signUp(uniqueEmail("len"), "q7#Lm2")).status).toBe(200);
  });

  it("signs out: the cookie no longer opens /api/me", async () => {
    const user = await ctx.createVerifiedUser();
    const out = await ctx.request("/api/auth/sign-out", { method: "POST", cookie: user.cookie });
    expect(out.status).toBe(200);
    expect((await ctx.request("/api/me", { cookie: user.cookie })).status).toBe(401);
  });

  it("reports the session at /api/auth/get-session", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await ctx.request("/api/auth/get-session", { cookie: user.cookie });
    expect(await res.json()).toMatchObject({ user: { id: user.id, email: user.email, emailVerified: true } });
    expect(await (await ctx.request("/api/auth/get-session")).json()).toBeNull();
  });
});

describe("confirmation links", () => {
  async function freshLink() {
    const email = uniqueEmail("link");
    await ctx.signUp(email, "secret1");
    return { email, link: linkIn(await waitForMail(ctx.client, email, /confirm/i), "/verify-email") };
  }

  it("a used link still lands on the confirmed page", async () => {
    const { link } = await freshLink();
    await ctx.request(link.pathname + link.search);
    const again = await ctx.request(link.pathname + link.search);
    expect(again.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?verified=1`);
  });

  it("a tampered link lands on /auth?verifyError=INVALID_TOKEN", async () => {
    const { link } = await freshLink();
    link.searchParams.set("token", `${link.searchParams.get("token")}x`);
    const res = await ctx.request(link.pathname + link.search);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?verifyError=INVALID_TOKEN`);
  });

  it("an expired link lands on /auth?verifyError=TOKEN_EXPIRED, and a new one can be requested", async () => {
    const { email, link } = await freshLink();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 25 * 60 * 60 * 1000 });
    const res = await ctx.request(link.pathname + link.search);
    expect(res.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?verifyError=TOKEN_EXPIRED`);
    vi.useRealTimers();

    const resend = await ctx.request("/api/auth/send-verification-email", { json: { email } });
    expect(resend.status).toBe(200);
    expect(await resend.json()).toEqual({ status: true });
    expect(await ctx.mailTo(email)).toHaveLength(2);
    // Anyone may ask for that mail: its confirmation makes the mailbox's owner choose the password
    // (docs/product.md "Confirming an address").
    expect(await ctx.verifyEmail(email)).toMatch(new RegExp(`^${ctx.env.appUrl}/update-password\\?token=`));
  });

  it("a resend for an unknown address answers like one for a real account and sends nothing", async () => {
    const { email } = await freshLink();
    const known = await ctx.request("/api/auth/send-verification-email", { json: { email } });
    const unknownEmail = uniqueEmail("nobody");
    const unknown = await ctx.request("/api/auth/send-verification-email", { json: { email: unknownEmail } });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await ctx.mailTo(unknownEmail)).toEqual([]);
  });
});
