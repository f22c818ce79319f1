import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Redemption } from "~/core/redemptions";
import { balanceAndLedger, grantCoins } from "../../../tests/support/coins";
import { type TestUser, uniqueEmail } from "../../../tests/support/factories";
import { giveApprovedKyc, givePendingKyc } from "../../../tests/support/kyc";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";

/** Requests, limits, cancellation and the manual payout flow (Tremendous payouts: payouts.db.test.ts). */
let ctx: TestContext;
let admin: TestUser;
const adminEmail = uniqueEmail("admin");

beforeAll(async () => {
  ctx = await createTestContext({
    ADMIN_EMAILS: adminEmail,
    REDEEM_REQUIRE_KYC: "false",
    REDEEM_MAX_PENDING: "1000",
    REDEEM_DAILY_CAP_DOLLARS: "100000",
  });
  admin = await ctx.createVerifiedUser({ email: adminEmail });
});
afterAll(async () => {
  await ctx.close();
});

async function userWith(coins: number): Promise<TestUser> {
  const user = await ctx.createVerifiedUser();
  if (coins > 0) await grantCoins(ctx.db, user.id, coins);
  return user;
}

const redeem = (user: TestUser, body: unknown) =>
  ctx.request("/api/redemptions", { method: "POST", cookie: user.cookie, json: body });

async function requested(user: TestUser, coins: number, method = "paypal"): Promise<Redemption> {
  const res = await redeem(user, { coins, method });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).redemption;
}

const asAdmin = (path: string, json?: unknown) =>
  ctx.request(`/api/admin/redemptions${path}`, { method: "POST", cookie: admin.cookie, json: json ?? {} });

async function refundsOf(redemptionId: number) {
  return ctx.db
    .selectFrom("coin_ledger")
    .selectAll()
    .where("kind", "=", "redemption_refund")
    .where("reason", "=", `Refund of redemption request #${redemptionId}`)
    .execute();
}

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
    const list = await (await ctx.request("/api/redemptions", { cookie: user.cookie })).json();
    expect(list.redemptions.map((r: Redemption) => r.id)).toEqual([body.redemption.id]);
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
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const codes = await Promise.all(
      answers.filter((r) => r.status === 409).map(async (r) => (await r.json()).error.code),
    );
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
    expect((await res.json()).error).toEqual({
      code: "REDEEM_BELOW_MINIMUM",
      message: "The minimum redemption is 1000 coins ($5.00).",
    });
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 5000, ledger: 5000 });
  });

  it("refuses more than the balance, a bad method or address, a guest and an unconfirmed address", async () => {
    const user = await userWith(1000);
    const over = await redeem(user, { coins: 1001, method: "paypal" });
    expect(over.status).toBe(409);
    expect((await over.json()).error.message).toBe("You don't have enough coins to redeem this amount.");
    expect((await redeem(user, { coins: 1000, method: "bitcoin" })).status).toBe(422);
    expect((await redeem(user, { coins: 1000, method: "paypal", recipient: "not-an-address" })).status).toBe(
      422,
    );
    expect((await redeem(user, { coins: "1000", method: "paypal" })).status).toBe(422);
    expect((await redeem(user, { coins: 1000.5, method: "paypal" })).status).toBe(422);
    const guest = await ctx.request("/api/redemptions", {
      method: "POST",
      json: { coins: 1000, method: "paypal" },
    });
    expect(guest.status).toBe(401);
    const email = uniqueEmail("unconfirmed");
    await ctx.signUp(email, "secret-123");
    await ctx.db.updateTable("user").set({ emailVerified: true }).where("email", "=", email).execute();
    const cookie = await ctx.signIn(email, "secret-123");
    await ctx.db.updateTable("user").set({ emailVerified: false }).where("email", "=", email).execute();
    const me = await (await ctx.request("/api/me", { cookie })).json();
    await grantCoins(ctx.db, me.user.id, 1000);
    const unconfirmed = await ctx.request("/api/redemptions", {
      method: "POST",
      cookie,
      json: { coins: 1000, method: "paypal" },
    });
    expect(unconfirmed.status).toBe(403);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 1000, ledger: 1000 });
  });
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
      const ask = (coins: number) =>
        limited.request("/api/redemptions", {
          method: "POST",
          cookie: user.cookie,
          json: { coins, method: "paypal" },
        });
      const first = await ask(2000);
      expect(first.status).toBe(201);
      const second = await ask(1000);
      expect(second.status).toBe(409);
      expect((await second.json()).error.code).toBe("REDEEM_PENDING_LIMIT");
      const { redemption } = await first.json();
      expect(
        (
          await limited.request(`/api/redemptions/${redemption.id}/cancel`, {
            method: "POST",
            cookie: user.cookie,
          })
        ).status,
      ).toBe(200);
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
      expect((await capped.json()).error).toEqual({
        code: "REDEEM_DAILY_CAP",
        message: "Redemptions are limited to $12.00 a day; you can redeem up to $2.00 more today.",
      });
      const eligibility = await (
        await limited.request("/api/redemptions/eligibility", { cookie: user.cookie })
      ).json();
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
      const res = await strict.request("/api/redemptions", {
        method: "POST",
        cookie: user.cookie,
        json: { coins: 1000, method: "paypal" },
      });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toEqual({
        code: "KYC_REQUIRED",
        message: "Please verify your identity (KYC) before your first redemption.",
      });
      const eligibility = await (
        await strict.request("/api/redemptions/eligibility", { cookie: user.cookie })
      ).json();
      expect(eligibility.ready).toBe(false);
      expect(eligibility.checklist).toEqual([
        expect.objectContaining({ key: "email", ok: true }),
        expect.objectContaining({ key: "kyc", ok: false, href: "/kyc" }),
        expect.objectContaining({ key: "balance", ok: true }),
        expect.objectContaining({ key: "standing", ok: true }),
      ]);
      expect(await balanceAndLedger(strict.db, user.id)).toEqual({ balance: 1000, ledger: 1000 });

      await givePendingKyc(strict.deps, user.id);
      const pending = await (
        await strict.request("/api/redemptions/eligibility", { cookie: user.cookie })
      ).json();
      expect(pending.checklist[1]).toMatchObject({ ok: false, detail: "Your documents are being reviewed." });

      const verified = await strict.createVerifiedUser();
      await grantCoins(strict.db, verified.id, 1000);
      await giveApprovedKyc(strict.deps, verified.id);
      const ready = await (
        await strict.request("/api/redemptions/eligibility", { cookie: verified.cookie })
      ).json();
      expect(ready.ready).toBe(true);
      const ok = await strict.request("/api/redemptions", {
        method: "POST",
        cookie: verified.cookie,
        json: { coins: 1000, method: "paypal" },
      });
      expect(ok.status).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it("lists what is missing on the checklist: too few coins links to the games", async () => {
    const user = await userWith(300);
    const eligibility = await (
      await ctx.request("/api/redemptions/eligibility", { cookie: user.cookie })
    ).json();
    expect(eligibility).toMatchObject({
      balance: 300,
      minCoins: 1000,
      minDollars: "5.00",
      kycRequired: false,
      ready: false,
    });
    expect(eligibility.checklist.map((i: { key: string }) => i.key)).toEqual([
      "email",
      "balance",
      "standing",
    ]);
    expect(eligibility.checklist[1]).toMatchObject({ ok: false, href: "/games" });
  });
});

describe("cancel, reject and manual payout", () => {
  it("the user cancels a pending request: the coins come back once, a repeat changes nothing", async () => {
    const user = await userWith(1000);
    const r = await requested(user, 1000);
    const cancel = () =>
      ctx.request(`/api/redemptions/${r.id}/cancel`, { method: "POST", cookie: user.cookie });
    const first = await cancel();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ balance: 1000, redemption: { status: "cancelled" } });
    expect((await cancel()).status).toBe(200);
    expect(await refundsOf(r.id)).toHaveLength(1);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 1000, ledger: 1000 });
  });

  it("nobody cancels someone else's redemption", async () => {
    const owner = await userWith(1000);
    const other = await userWith(0);
    const r = await requested(owner, 1000);
    const res = await ctx.request(`/api/redemptions/${r.id}/cancel`, {
      method: "POST",
      cookie: other.cookie,
    });
    expect(res.status).toBe(404);
    expect(await balanceAndLedger(ctx.db, owner.id)).toEqual({ balance: 0, ledger: 0 });
  });

  it("cancel and reject racing: one wins, one refund", async () => {
    for (let round = 0; round < 5; round++) {
      const user = await userWith(1000);
      const r = await requested(user, 1000);
      const [cancel, reject] = await Promise.all([
        ctx.request(`/api/redemptions/${r.id}/cancel`, { method: "POST", cookie: user.cookie }),
        asAdmin(`/${r.id}/reject`, { reason: "Duplicate account" }),
      ]);
      expect([cancel.status, reject.status].sort()).toEqual([200, 409]);
      expect(await refundsOf(r.id)).toHaveLength(1);
      expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 1000, ledger: 1000 });
    }
  });

  it("reject: the coins come back, the user is told why by e-mail, the action is audited", async () => {
    const user = await userWith(1200);
    const r = await requested(user, 1000);
    const res = await asAdmin(`/${r.id}/reject`, { reason: "Suspicious activity" });
    expect(res.status).toBe(200);
    expect((await res.json()).redemption).toMatchObject({
      status: "rejected",
      reason: "Suspicious activity",
    });
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 1200, ledger: 1200 });
    const mail = (await ctx.mailTo(user.email)).find((m) => /not approved/.test(m.subject));
    expect(mail?.text).toContain("Reason: Suspicious activity");
    const audit = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("target_type", "=", "redemption")
      .where("target_id", "=", String(r.id))
      .execute();
    expect(audit).toMatchObject([
      {
        action: "redemption.reject",
        actor_id: admin.id,
        reason: "Suspicious activity",
        before: { status: "pending" },
      },
    ]);
    expect((await asAdmin(`/${r.id}/reject`, { reason: "Suspicious activity" })).status).toBe(200);
    expect((await asAdmin(`/${r.id}/approve`)).status).toBe(409);
    expect(await refundsOf(r.id)).toHaveLength(1);
  });

  it("manual payout: approve, then mark paid with the reference; the user is e-mailed; reject after paid is 409", async () => {
    const user = await userWith(1000);
    const r = await requested(user, 1000);
    const approved = await asAdmin(`/${r.id}/approve`);
    expect(approved.status).toBe(200);
    expect((await approved.json()).redemption.status).toBe("approved");
    const jobs = await ctx.db
      .selectFrom("jobs")
      .select("id")
      .where("queue", "=", "redemption.payout")
      .execute();
    expect(jobs).toHaveLength(0);
    expect((await asAdmin(`/${r.id}/mark-paid`, { reference: "" })).status).toBe(422);
    const paid = await asAdmin(`/${r.id}/mark-paid`, { reference: "PAYPAL-TX-42" });
    expect(paid.status).toBe(200);
    expect((await paid.json()).redemption).toMatchObject({ status: "paid", reference: "PAYPAL-TX-42" });
    const list = await (await ctx.request("/api/redemptions", { cookie: user.cookie })).json();
    expect(list.redemptions[0]).toMatchObject({ id: r.id, status: "paid", paidAt: expect.any(String) });
    const mail = (await ctx.mailTo(user.email)).find((m) => /has been paid/.test(m.subject));
    expect(mail?.text).toContain("PAYPAL-TX-42");

    const late = await asAdmin(`/${r.id}/reject`, { reason: "Too late" });
    expect(late.status).toBe(409);
    expect((await late.json()).error.code).toBe("REDEMPTION_STATE");
    expect(await refundsOf(r.id)).toHaveLength(0);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 0, ledger: 0 });
    const actions = await ctx.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", String(r.id))
      .where("target_type", "=", "redemption")
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["redemption.approve", "redemption.mark_paid"]);
  });

  it("an approved manual payout may still be rejected, with one refund, and then not be marked paid", async () => {
    const user = await userWith(1000);
    const r = await requested(user, 1000);
    expect((await asAdmin(`/${r.id}/approve`)).status).toBe(200);
    const reject = await asAdmin(`/${r.id}/reject`, { reason: "Could not pay this address" });
    expect(reject.status).toBe(200);
    expect((await asAdmin(`/${r.id}/mark-paid`, { reference: "LATE" })).status).toBe(409);
    expect(await refundsOf(r.id)).toHaveLength(1);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 1000, ledger: 1000 });
  });

  it("the queue lists pending first with the user's KYC state, account age, earnings and signals; the overview counts them", async () => {
    const user = await userWith(1000);
    const r = await requested(user, 1000);
    const queue = await (
      await ctx.request("/api/admin/redemptions?status=pending", { cookie: admin.cookie })
    ).json();
    const entry = queue.redemptions.find((x: { id: number }) => x.id === r.id);
    expect(entry).toMatchObject({
      status: "pending",
      user: {
        id: user.id,
        email: user.email,
        accountAgeDays: 0,
        kycStatus: "none",
        earnings: [{ kind: "adjustment", coins: 1000 }],
      },
      signals: expect.arrayContaining(["Account is 0 days old"]),
    });
    const all = await (await ctx.request("/api/admin/redemptions", { cookie: admin.cookie })).json();
    const firstNonPending = all.redemptions.findIndex((x: { status: string }) => x.status !== "pending");
    const lastPending = all.redemptions.findLastIndex((x: { status: string }) => x.status === "pending");
    expect(lastPending).toBeLessThan(firstNonPending);
    const overview = await (await ctx.request("/api/admin/overview", { cookie: admin.cookie })).json();
    const pending = await ctx.db
      .selectFrom("redemptions")
      .select(["coins"])
      .where("status", "=", "pending")
      .execute();
    const coins = pending.reduce((s, p) => s + p.coins, 0);
    expect(overview.pending).toContainEqual({
      key: "redemptions",
      label: "Pending redemptions",
      href: "/admin/redemptions",
      count: pending.length,
      dollars: (coins / 200).toFixed(2),
    });
    expect((await ctx.request("/api/admin/redemptions", { cookie: user.cookie })).status).toBe(403);
  });
});
