import { afterAll, beforeAll, expect, it } from "vitest";
import { secondAdmin } from "#tests/support/admin";
import { uniqueEmail } from "#tests/support/factories";
import { createEnabledPartner, playerPartnerId, signedQuery } from "#tests/support/partners";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { apiError } from "#tests/support/typed-client";

/**
 * The postback's rate limit (docs/product.md, "Earning partners"): past POSTBACK_RATE_LIMIT per partner and source
 * address in a minute the answer is 429 with Retry-After and nothing is recorded; another source is counted apart;
 * and the partner's retry, once the window has passed, records the postback: nothing is lost.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    ADMIN_EMAILS: "rate-admin@example.test",
    ADMIN_RATE_LIMIT: "1000",
    POSTBACK_RATE_LIMIT: "3",
  });
});
afterAll(async () => {
  await ctx.close();
});

it("answers 429 past the limit, records nothing then, and records the partner's retry", async () => {
  const admins = [
    await ctx.createVerifiedUser({ email: "rate-admin@example.test" }),
    await secondAdmin(ctx),
  ] as const;
  const wall = await createEnabledPartner(ctx, [...admins], { holdDays: 7 });
  const player = await ctx.createVerifiedUser({ email: uniqueEmail("player") });
  const pid = await playerPartnerId(ctx, player.id);
  const send = (transaction: string, ip: string) =>
    ctx.request(
      `/api/postbacks/${wall.slug}?${signedQuery(wall.secret, { user_id: pid, transaction_id: transaction, reward: "10" })}`,
      { ip },
    );
  const source = "203.0.113.10";
  for (const t of ["rl-1", "rl-2", "rl-3"]) expect((await send(t, source)).status).toBe(200);
  const over = await send("rl-4", source);
  expect(over.status).toBe(429);
  expect((await apiError(over)).code).toBe("RATE_LIMITED");
  expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  const recorded = () =>
    ctx.db
      .selectFrom("partner_credits")
      .select("transaction_id")
      .where("user_id", "=", player.id)
      .orderBy("id")
      .execute();
  expect((await recorded()).map((c) => c.transaction_id)).toEqual(["rl-1", "rl-2", "rl-3"]);

  // Another source address of the same partner is counted apart.
  expect((await send("rl-5", "203.0.113.11")).status).toBe(200);

  // The window passes (its counter forgotten, as at the end of the minute): the partner's retry is recorded.
  await ctx.deps.rateLimitStore.reset(`postback:${wall.slug}:${source}`);
  expect((await send("rl-4", source)).status).toBe(200);
  expect((await recorded()).map((c) => c.transaction_id)).toEqual(["rl-1", "rl-2", "rl-3", "rl-5", "rl-4"]);
  const profile = await ctx.db
    .selectFrom("user_profiles")
    .select("pending_points")
    .where("id", "=", player.id)
    .executeTakeFirstOrThrow();
  expect(profile.pending_points).toBe(50);
});
