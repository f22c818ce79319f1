import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, waitForMail } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function resetToken(email: string): Promise<string> {
  const res = await ctx.request("/api/auth/request-password-reset", {
    json: { email, redirectTo: "/update-password" },
  });
  expect(res.status).toBe(200);
  const mail = await waitForMail(ctx.client, email, /reset/i);
  expect(mail.subject).toBe("Play, Learn, Earn: reset your password");
  const link = linkIn(mail, "/update-password");
  expect(link.origin + link.pathname).toBe(`${ctx.env.appUrl}/update-password`);
  const token = link.searchParams.get("token");
  if (!token) throw new Error("no token in the reset link");
  return token;
}

describe("password reset by mail", () => {
  it("sets the new password, refuses the old one and signs out every session", async () => {
    const user = await ctx.createVerifiedUser();
    const otherDevice = await ctx.signIn(user.email, user.password);
    const token = await resetToken(user.email);

    const reset = await ctx.request("/api/auth/reset-password", {
      json: { newPassword: "brand-new-password", token },
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ status: true });

    for (const cookie of [user.cookie, otherDevice]) {
      expect((await ctx.request("/api/me", { cookie })).status).toBe(401);
    }
    const old = await ctx.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(old.status).toBe(401);
    const cookie = await ctx.signIn(user.email, "brand-new-password");
    expect((await ctx.request("/api/me", { cookie })).status).toBe(200);
  });

  it("a used, unknown or missing token is refused with INVALID_TOKEN", async () => {
    const user = await ctx.createVerifiedUser();
    const token = await resetToken(user.email);
    const use = (body: object) => ctx.request("/api/auth/reset-password", { json: body });
    expect((await use({ newPassword: "password-one", token })).status).toBe(200);

    for (const body of [
      { newPassword: "password-two", token },
      { newPassword: "password-two", token: "not-a-token" },
      { newPassword: "password-two" },
    ]) {
      const res = await use(body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toEqual({ code: "INVALID_TOKEN", message: "Invalid token" });
    }
  });

  it("keeps the password rules on the new password", async () => {
    const user = await ctx.createVerifiedUser();
    const token = await resetToken(user.email);
    const res = await ctx.request("/api/auth/reset-password", { json: { newPassword: "short", token } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("PASSWORD_TOO_SHORT");
  });
});
