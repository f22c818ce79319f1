import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { errorCode } from "#tests/support/typed-client";

/** The `?ref=` landing's check of a code (docs/product.md, "Referral program"): no session, limited per address. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT: "4" });
});
afterAll(async () => {
  await ctx.close();
});

/** Every check from one client address (a guest's browser). */
const check = (code: string) =>
  ctx.api({ ip: "10.9.8.7" }).referrals.codes[":code"].$get({ param: { code } });

describe("GET /api/referrals/codes/:code", () => {
  it("is valid for a user's code in any case, invalid for a malformed or unknown one, and limited per address", async () => {
    const referrer = await ctx.createVerifiedUser();
    const { profile } = await (await ctx.api(referrer).me.$get()).json();
    const answers = await Promise.all(
      [profile.referralCode.toLowerCase(), "NOTACODE", "ZZZZZZZZ"].map(async (code) => {
        const res = await check(code);
        expect(res.status).toBe(200);
        return res.json();
      }),
    );
    expect(answers).toEqual([{ valid: true }, { valid: false }, { valid: false }]);
    // What it answers names nobody: the same shape for every code, without a session.
    expect(JSON.stringify(answers)).not.toContain(referrer.email);

    // A fourth check within the minute is allowed, a fifth is refused: codes cannot be listed by guessing.
    expect((await check("ABCDEFGH")).status).toBe(200);
    const refused = await check("ABCDEFGJ");
    expect(refused.status).toBe(429);
    expect(await errorCode(refused)).toBe("RATE_LIMITED");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address is not held up by it.
    expect(
      (await ctx.api({ ip: "10.9.8.8" }).referrals.codes[":code"].$get({ param: { code: "ABCDEFGK" } }))
        .status,
    ).toBe(200);
  });
});
