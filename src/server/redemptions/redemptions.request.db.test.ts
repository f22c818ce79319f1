import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceAndLedger, grantCoins } from "#tests/support/coins";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import * as rd from "#tests/support/redemptions";
import type { TestContext } from "#tests/support/test-app";
import { apiError, errorCode } from "#tests/support/typed-client";
import type { RedemptionRequest } from "~/core/api/redemptions";

/** Requesting a redemption: the coins are held at once, and what is refused (limits: redemptions.limits). */
let ctx: TestContext;
beforeAll(async () => {
  ({ ctx } = await rd.createRedemptionsContext());
});
afterAll(async () => {
  await ctx.close();
});

const userWith = (coins: number) => rd.userWith(ctx, coins);
const redeem = (user: TestUser, json: RedemptionRequest) => rd.redeem(ctx, user, json);
const requested = (user: TestUser, coins: number, method?: RedemptionRequest["method"]) =>
  rd.requested(ctx, user, coins, method);

describe("requesting a redemption", () => {
  it("holds the coins at once: a redemption and its −N ledger row, in one transaction", async () => {
    const user = await userWith(1500);
    const res = await redeem(user, { coins: 1000, method: "paypal", recipient: "Pay.Me@Example.com " });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      balance: 500,
      redemption: {
        coins: 1000,
        dollars: "5.00",
        method: "paypal",
        recipient: "pay.me@example.com",
        status: "pending",
      },
    });
    const rows = await ctx.db
      .selectFrom("coin_ledger")
      .select(["amount", "kind", "reason"])
      .where("user_id", "=", user.id)
      .where("kind", "=", "redemption")
      .execute();
    expect(rows).toEqual([
      { amount: -1000, kind: "redemption", reason: `Redemption request #${body.redemption.id}` },
    ]);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 500, ledger: 500 });
    const list = await (await ctx.api(user).redemptions.$get()).json();
    expect(list.redemptions.map((r) => r.id)).toEqual([body.redemption.id]);
  });

  it("mails 'request received' once, and the eligibility shows the coins on hold", async () => {
    const user = await userWith(1200);
    const r = await requested(user, 1000, "gift_card");
    const mails = (await ctx.mailTo(user.email)).filter((m) => /redemption request/.test(m.subject));
    expect(mails.map((m) => m.subject)).toEqual([
      `Play, Learn, Earn: we received your redemption request #${r.id}`,
    ]);
    expect(mails[0]?.text).toContain(`#${r.id} of 1000 coins ($5.00) by Gift card by e-mail`);
    expect(mails[0]?.text).toContain("The 1000 coins are on hold");
    expect(mails[0]?.text).toContain("usually within 2 business days after approval");
    const eligibility = await (await ctx.api(user).redemptions.eligibility.$get()).json();
    expect(eligibility).toMatchObject({ balance: 200, onHoldCoins: 1000, paidOutCoins: 0 });
    // A refused request sends nothing.
    const refused = await redeem(user, { coins: 1000, method: "paypal" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await ctx.mailTo(user.email)).filter((m) => /redemption request/.test(m.subject))).toHaveLength(
      1,
    );
  });

  it("sends to the account's own address when no recipient is given", async () => {
    const user = await userWith(1000);
    const r = await requested(user, 1000, "gift_card");
    expect(r.recipient).toBe(user.email.toLowerCase());
    expect(r.method).toBe("gift_card");
  });

  it("50 concurrent requests for the whole balance: exactly one succeeds, the balance is 0 and matches the ledger", async () => {
    const user = await userWith(2000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => redeem(user, { coins: 2000, method: "paypal" })),
    );
    // Typed answers list only the 201; refusals are errors.
    const statuses: number[] = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const codes = await Promise.all(answers.filter((_, i) => statuses[i] === 409).map((r) => errorCode(r)));
    expect(new Set(codes)).toEqual(new Set(["INSUFFICIENT_BALANCE"]));
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 0, ledger: 0 });
    const count = await ctx.db
      .selectFrom("redemptions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(count).toHaveLength(1);
  });

  it("refuses an amount below the minimum with the minimum in the message, and changes nothing", async () => {
    const user = await userWith(5000);
    const res = await redeem(user, { coins: 999, method: "paypal" });
    expect(res.status).toBe(422);
    expect(await apiError(res)).toEqual({
      code: "REDEEM_BELOW_MINIMUM",
      message: "The minimum redemption is 1000 coins ($5.00).",
    });
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 5000, ledger: 5000 });
  });

  it("refuses more than the balance, a bad method or address, a guest and an unconfirmed address", async () => {
    const user = await userWith(1000);
    const over = await redeem(user, { coins: 1001, method: "paypal" });
    expect(over.status).toBe(409);
    expect((await apiError(over)).message).toBe("You don't have enough coins to redeem this amount.");
    // Bodies the typed client would refuse to send go as they are.
    const raw = (json: unknown) => ctx.request("/api/redemptions", { cookie: user.cookie, json });
    expect((await raw({ coins: 1000, method: "bitcoin" })).status).toBe(422);
    expect((await redeem(user, { coins: 1000, method: "paypal", recipient: "not-an-address" })).status).toBe(
      422,
    );
    expect((await raw({ coins: "1000", method: "paypal" })).status).toBe(422);
    expect((await redeem(user, { coins: 1000.5, method: "paypal" })).status).toBe(422);
    const guest = await ctx.api().redemptions.$post({ json: { coins: 1000, method: "paypal" } });
    expect(guest.status).toBe(401);
    const email = uniqueEmail("unconfirmed");
    await ctx.signUp(email, "secret-123");
    await ctx.db.updateTable("user").set({ emailVerified: true }).where("email", "=", email).execute();
    const cookie = await ctx.signIn(email, "secret-123");
    await ctx.db.updateTable("user").set({ emailVerified: false }).where("email", "=", email).execute();
    const me = await (await ctx.api({ cookie }).me.$get()).json();
    await grantCoins(ctx.db, me.user.id, 1000);
    const unconfirmed = await ctx
      .api({ cookie })
      .redemptions.$post({ json: { coins: 1000, method: "paypal" } });
    expect(unconfirmed.status).toBe(403);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 1000, ledger: 1000 });
  });
});
