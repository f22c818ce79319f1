import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";

/** Regressions for what the API fuzzer (tests/db/fuzz.test.ts) found under /api/auth. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const INVALID_TEXT = {
  error: {
    code: "INVALID_TEXT",
    message: "The request contains characters that are not allowed (such as a NUL byte).",
  },
};

describe("text the database cannot store", () => {
  it("a NUL byte that better-auth looks up answers 400 INVALID_TEXT, not 500", async () => {
    const reset = await ctx.request("/api/auth/reset-password?token=%00", {
      json: { newPassword: "new-password-1" },
    });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toEqual(INVALID_TEXT);

    const user = await ctx.createVerifiedUser();
    const inBody = await ctx.request("/api/auth/reset-password", {
      json: { token: "a\u0000b", newPassword: "new-password-1" },
      cookie: user.cookie,
    });
    expect(inBody.status).toBe(400);
    expect(await inBody.json()).toEqual(INVALID_TEXT);
    expect((await ctx.request("/api/me", { cookie: user.cookie })).status).toBe(200);
  });
});

describe("better-auth's callbackURL check", () => {
  it("stays on under NODE_ENV=test: a callbackURL it cannot redirect to is 403, not 500", async () => {
    for (const callbackURL of ["no-slash", "https://evil.example/x"]) {
      const res = await ctx.request(
        `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(callbackURL)}`,
      );
      expect(res.status, callbackURL).toBe(403);
      expect((await res.json()).error.code).toBe("INVALID_CALLBACK_URL");
    }
    const ours = await ctx.request("/api/auth/verify-email?token=x&callbackURL=%2Fauth");
    expect(ours.status).toBe(302);
    expect(ours.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?verifyError=INVALID_TOKEN`);
  });
});
