import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceAndLedger, grantCoins } from "#tests/support/coins";
import { giveApprovedKyc, givePendingKyc } from "#tests/support/kyc";
import * as rd from "#tests/support/redemptions";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { apiError, errorCode } from "#tests/support/typed-client";

/** The limits on redemptions: pending requests, the daily cap, KYC, and the checklist that explains them. */
let ctx: TestContext;
beforeAll(async () => {
  ({ ctx } = await rd.createRedemptionsContext());
});
afterAll(async () => {
  await ctx.close();
});

describe("limits", () => {
  it("allows at most REDEEM_MAX_PENDING pending requests and REDEEM_DAILY_CAP_DOLLARS a day", async () => {
    const limited = await createTestContext({
      REDEEM_REQUIRE_KYC: "false",
      REDEEM_DAILY_CAP_DOLLARS: "12",
    });
    try {
      const user = await limited.createVerifiedUser();
      await grantCoins(limited.db, user.id, 10_000);
      const ask = (coins: number) => rd.redeem(limited, user, { coins, method: "paypal" });
      const first = await ask(2000);
      expect(first.status).toBe(201);
      const second = await ask(1000);
      expect(second.status).toBe(409);
      expect(await errorCode(second)).toBe("REDEEM_PENDING_LIMIT");
      const { redemption } = await first.json();
      expect((await rd.cancelRedemption(limited, user, redemption.id)).status).toBe(200);
      // $10 requested and cancelled does not count; $10 + $4 would pass $12.
      expect((await ask(2000)).status).toBe(201);
      await limited.db
        .updateTable("redemptions")
        .set({ status: "paid" })
        .where("user_id", "=", user.id)
        .where("status", "=", "pending")
        .execute();
      const capped = await ask(1000);
      expect(capped.status).toBe(409);
      expect(await apiError(capped)).toEqual({
        code: "REDEEM_DAILY_CAP",
        message: "Redemptions are limited to $12.00 a day; you can redeem up to $2.00 more today.",
      });
      const eligibility = await rd.eligibilityOf(limited, user);
      expect(eligibility).toMatchObject({
        dailyCapDollars: "12.00",
        remainingTodayDollars: "2.00",
        maxPending: 1,
        pending: 0,
      });
    } finally {
      await limited.close();
    }
  });

  it("refuses a user whose KYC is not approved while REDEEM_REQUIRE_KYC is on, and the checklist says where to go", async () => {
    const strict = await createTestContext();
    try {
      const user = await strict.createVerifiedUser();
      await grantCoins(strict.db, user.id, 1000);
      const res = await rd.redeem(strict, user, { coins: 1000, method: "paypal" });
      expect(res.status).toBe(403);
      expect(await apiError(res)).toEqual({
        code: "KYC_REQUIRED",
        message: "Please verify your identity (KYC) before your first redemption.",
      });
      const eligibility = await rd.eligibilityOf(strict, user);
      expect(eligibility.ready).toBe(false);
      expect(eligibility.checklist).toEqual([
        expect.objectContaining({ key: "email", ok: true }),
        expect.objectContaining({ key: "kyc", ok: false, href: "/kyc" }),
        expect.objectContaining({ key: "balance", ok: true }),
        expect.objectContaining({ key: "standing", ok: true }),
      ]);
      expect(await balanceAndLedger(strict.db, user.id)).toEqual({ balance: 1000, ledger: 1000 });

      await givePendingKyc(strict.deps, user.id);
      const pending = await rd.eligibilityOf(strict, user);
      expect(pending.checklist[1]).toMatchObject({ ok: false, detail: "Your documents are being reviewed." });

      const verified = await strict.createVerifiedUser();
      await grantCoins(strict.db, verified.id, 1000);
      await giveApprovedKyc(strict.deps, verified.id);
      const ready = await rd.eligibilityOf(strict, verified);
      expect(ready.ready).toBe(true);
      const ok = await rd.redeem(strict, verified, { coins: 1000, method: "paypal" });
      expect(ok.status).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it("lists what is missing on the checklist: too few coins links to the games", async () => {
    const user = await rd.userWith(ctx, 300);
    const eligibility = await rd.eligibilityOf(ctx, user);
    expect(eligibility).toMatchObject({
      balance: 300,
      minCoins: 1000,
      minDollars: "5.00",
      kycRequired: false,
      ready: false,
    });
    expect(eligibility.checklist.map((i) => i.key)).toEqual(["email", "balance", "standing"]);
    expect(eligibility.checklist[1]).toMatchObject({ ok: false, href: "/games" });
  });
});
