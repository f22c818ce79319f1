import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, followConfirmation, signUp, uniqueEmail } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";

/** docs/product.md "Accounts": confirming the address signs the player in, once. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe("confirming the address", () => {
  it("signs the confirming browser in; the link followed again signs nobody in", async () => {
    const email = uniqueEmail("first");
    const made = await signUp(ctx.client, email, "a-good-first-passphrase");
    expect(made.status).toBe(200);
    const device = cookieFrom(made);
    const confirmed = await followConfirmation(ctx.client, email, device);
    expect(confirmed.location).toBe(`${ctx.env.appUrl}/auth?verified=1`);
    const me = await ctx.request("/api/me", { cookie: `${device}; ${confirmed.cookie}` });
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe(email);

    const again = await followConfirmation(ctx.client, email);
    expect(again.location).toBe(`${ctx.env.appUrl}/auth?verified=1`);
    expect(again.cookie).not.toMatch(/session_token=/);

    // The confirmation was the account's first sign-in: a later one is welcomed back, and the browser is known.
    const signIn = await ctx.request("/api/auth/sign-in/email", {
      json: { email, password: "a-good-first-passphrase" },
      cookie: device,
    });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).firstSignIn).toBe(false);
    expect((await ctx.mailTo(email)).map((m) => m.subject)).not.toContainEqual(
      expect.stringMatching(/new browser/),
    );
  });
});
