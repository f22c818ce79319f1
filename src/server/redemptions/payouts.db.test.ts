import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Redemption } from "~/core/api/redemptions";
import { balanceAndLedger } from "../../../tests/support/coins";
import { type TestUser, uniqueEmail } from "../../../tests/support/factories";
import { type FakeTremendous, startFakeTremendous } from "../../../tests/support/fake-tremendous";
import * as rd from "../../../tests/support/redemptions";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";
import { recheckStalledPayouts } from "./payout-recheck.job";

/** Payouts through the `tremendous` provider, against a local fake of its order API. */
let ctx: TestContext;
let fake: FakeTremendous;
let admin: TestUser;
const adminEmail = uniqueEmail("admin");

beforeAll(async () => {
  fake = await startFakeTremendous();
  ctx = await createTestContext({
    ADMIN_EMAILS: adminEmail,
    REDEEM_REQUIRE_KYC: "false",
    TREMENDOUS_API_KEY: fake.apiKey,
    TREMENDOUS_API_URL: fake.url,
  });
  admin = await ctx.createVerifiedUser({ email: adminEmail });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

async function pendingRedemption(coins = 1000): Promise<{ user: TestUser; r: Redemption }> {
  const user = await rd.userWith(ctx, coins);
  return { user, r: await rd.requested(ctx, user, coins, "gift_card") };
}

const asAdmin = (path: string, json?: unknown) => rd.adminAction(ctx, admin, path, json);

async function statusOf(id: number) {
  const row = await ctx.db
    .selectFrom("redemptions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row;
}

/** Approves `id` while Tremendous keeps the order processing, then lets its payout job give up (as after its last try). */
async function stalledPayout(id: number) {
  fake.newOrderStatus = "PENDING APPROVAL";
  try {
    expect((await asAdmin(`/${id}/approve`)).status).toBe(200);
    await expect
      .poll(async () => (await statusOf(id)).provider_reference, { timeout: 15_000 })
      .not.toBeNull();
  } finally {
    fake.newOrderStatus = "EXECUTED";
  }
  await ctx.deps.jobs.stop();
  try {
    await ctx.db
      .updateTable("jobs")
      .set({ status: "failed", finished_at: new Date(), locked_until: null })
      .where("dedupe_key", "=", `redemption-payout:${id}:1`)
      .execute();
  } finally {
    ctx.deps.jobs.start();
  }
  fake.orders.get(`ple-redemption-${id}`)!.status = "EXECUTED";
  await ctx.deps.jobs.drain();
  // Nothing checks it any more: it stays approved with its coins held.
  expect((await statusOf(id)).status).toBe("approved");
}

const payoutJobsOf = (id: number) =>
  ctx.db
    .selectFrom("jobs")
    .select(["dedupe_key", "status"])
    .where("queue", "=", "redemption.payout")
    .where(sql<string>`payload->>'redemptionId'`, "=", String(id))
    .execute();

const createsFor = (id: number) =>
  fake.creates.filter((c) => c.externalId.startsWith(`ple-redemption-${id}`));

describe("tremendous payouts", () => {
  it("approve twice concurrently: one payout job, one provider order, one 'paid', one e-mail", async () => {
    const { user, r } = await pendingRedemption();
    const answers = await Promise.all([asAdmin(`/${r.id}/approve`), asAdmin(`/${r.id}/approve`)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await expect.poll(async () => (await statusOf(r.id)).status, { timeout: 15_000 }).toBe("paid");
    await ctx.deps.jobs.drain();
    expect(createsFor(r.id)).toEqual([{ externalId: `ple-redemption-${r.id}` }]);
    expect(fake.orders.get(`ple-redemption-${r.id}`)).toMatchObject({
      denomination: 5,
      email: user.email.toLowerCase(),
    });
    const row = await statusOf(r.id);
    expect(row).toMatchObject({
      provider: "tremendous",
      provider_reference: fake.orders.get(`ple-redemption-${r.id}`)!.id,
    });
    const mails = (await ctx.mailTo(user.email)).filter((m) => /has been paid/.test(m.subject));
    expect(mails).toHaveLength(1);
    const approvals = (await ctx.mailTo(user.email)).filter((m) => /has been approved/.test(m.subject));
    expect(approvals).toHaveLength(1);
    expect(approvals[0]?.text).toContain("The payout has been sent to our payout partner");
    const audits = await ctx.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", String(r.id))
      .where("target_type", "=", "redemption")
      .execute();
    expect(audits.map((a) => a.action)).toEqual(["redemption.approve"]);
    const late = await asAdmin(`/${r.id}/reject`, { reason: "Changed my mind" });
    expect(late.status).toBe(409);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 0, ledger: 0 });
    // Marking a provider's payout paid by hand is refused.
    expect((await asAdmin(`/${r.id}/mark-paid`, { reference: "X" })).status).toBe(409);
  });

  it("a provider outage is retried with the same external id until the order goes through", async () => {
    const { r } = await pendingRedemption();
    fake.failNext = { count: 2, status: 503 };
    expect((await asAdmin(`/${r.id}/approve`)).status).toBe(200);
    await expect.poll(async () => (await statusOf(r.id)).status, { timeout: 20_000 }).toBe("paid");
    expect(createsFor(r.id).map((c) => c.externalId)).toEqual(Array(3).fill(`ple-redemption-${r.id}`));
    expect([...fake.orders.keys()].filter((k) => k.startsWith(`ple-redemption-${r.id}`))).toHaveLength(1);
  });

  it("an order still processing is read back by its id until it is executed", async () => {
    const { r } = await pendingRedemption();
    fake.newOrderStatus = "PENDING APPROVAL";
    try {
      expect((await asAdmin(`/${r.id}/approve`)).status).toBe(200);
      await expect
        .poll(async () => (await statusOf(r.id)).provider_reference, { timeout: 15_000 })
        .not.toBeNull();
      expect((await statusOf(r.id)).status).toBe("approved");
      fake.orders.get(`ple-redemption-${r.id}`)!.status = "EXECUTED";
    } finally {
      fake.newOrderStatus = "EXECUTED";
    }
    await expect.poll(async () => (await statusOf(r.id)).status, { timeout: 20_000 }).toBe("paid");
    expect(createsFor(r.id)).toHaveLength(1);
  });

  it("a refused order fails the payout; retry pays with a new external id; reject of a failed one refunds once", async () => {
    const first = await pendingRedemption();
    // No quiet hours for this player (start = end): the refusal's message is delivered whatever the hour the test
    // runs at (by default it would wait for 08:00 in the player's zone, docs/product.md "Messages").
    await ctx.db
      .insertInto("message_settings")
      .values({ user_id: first.user.id, quiet_start: 0, quiet_end: 0 })
      .execute();
    fake.failNext = { count: 1, status: 422 };
    expect((await asAdmin(`/${first.r.id}/approve`)).status).toBe(200);
    await expect.poll(async () => (await statusOf(first.r.id)).status, { timeout: 15_000 }).toBe("failed");
    expect((await statusOf(first.r.id)).reason).toBe("Tremendous refused the order: Simulated failure");
    expect(await balanceAndLedger(ctx.db, first.user.id)).toEqual({ balance: 0, ledger: 0 });
    expect((await asAdmin(`/${first.r.id}/retry`)).status).toBe(200);
    await expect.poll(async () => (await statusOf(first.r.id)).status, { timeout: 15_000 }).toBe("paid");
    expect(createsFor(first.r.id).map((c) => c.externalId)).toEqual([
      `ple-redemption-${first.r.id}`,
      `ple-redemption-${first.r.id}-retry-1`,
    ]);
    expect((await asAdmin(`/${first.r.id}/retry`)).status).toBe(409);
    // The player was told of the refusal once (a mail and the inbox); the paid retry too.
    await ctx.deps.jobs.drain();
    const told = await ctx.db
      .selectFrom("messages")
      .select(["event_key", "title"])
      .where("user_id", "=", first.user.id)
      .where("event_key", "like", "redemption-%")
      .orderBy("id")
      .execute();
    expect(told.map((m) => m.title)).toEqual([
      "We received your redemption",
      "Your redemption is approved",
      "Your payout did not go through",
      "Your redemption is paid",
    ]);
    expect(
      (await ctx.mailTo(first.user.email)).filter((m) => /your payout did not go through/.test(m.subject)),
    ).toHaveLength(1);

    const second = await pendingRedemption();
    fake.failNext = { count: 1, status: 400 };
    await asAdmin(`/${second.r.id}/approve`);
    await expect.poll(async () => (await statusOf(second.r.id)).status, { timeout: 15_000 }).toBe("failed");
    const rejects = await Promise.all([
      asAdmin(`/${second.r.id}/reject`, { reason: "Address bounced" }),
      asAdmin(`/${second.r.id}/reject`, { reason: "Address bounced" }),
    ]);
    expect(rejects.map((x) => x.status)).toEqual([200, 200]);
    expect(await balanceAndLedger(ctx.db, second.user.id)).toEqual({ balance: 1000, ledger: 1000 });
    const refunds = await ctx.db
      .selectFrom("coin_ledger")
      .select("amount")
      .where("user_id", "=", second.user.id)
      .where("kind", "=", "redemption_refund")
      .execute();
    expect(refunds).toEqual([{ amount: 1000 }]);
  });

  it("a payout job for a redemption rejected meanwhile pays nothing", async () => {
    const { r } = await pendingRedemption();
    // Approve without letting the worker run, then fail it by hand and reject: the queued job must find nothing to pay.
    await ctx.deps.jobs.stop();
    try {
      expect((await asAdmin(`/${r.id}/approve`)).status).toBe(200);
      // Approved for Tremendous: the job may be paying it, so it cannot be rejected.
      expect((await asAdmin(`/${r.id}/reject`, { reason: "Fraud" })).status).toBe(409);
      await ctx.db
        .updateTable("redemptions")
        .set({ status: "failed", reason: "test" })
        .where("id", "=", r.id)
        .execute();
      expect((await asAdmin(`/${r.id}/reject`, { reason: "Fraud" })).status).toBe(200);
    } finally {
      ctx.deps.jobs.start();
    }
    await ctx.deps.jobs.drain();
    expect(createsFor(r.id)).toHaveLength(0);
    expect((await statusOf(r.id)).status).toBe("rejected");
  });

  it("a payout still processing after its job gave up is checked again by the recurring job and paid once", async () => {
    const { user, r } = await pendingRedemption();
    await stalledPayout(r.id);
    await ctx.deps.jobs.stop();
    try {
      expect(await recheckStalledPayouts(ctx.deps)).toBeGreaterThanOrEqual(1);
      // A check is queued already: the next round queues no second one for this redemption.
      await recheckStalledPayouts(ctx.deps);
      expect((await payoutJobsOf(r.id)).map((j) => j.status).sort()).toEqual(["failed", "queued"]);
    } finally {
      ctx.deps.jobs.start();
    }
    await expect.poll(async () => (await statusOf(r.id)).status, { timeout: 15_000 }).toBe("paid");
    expect(createsFor(r.id)).toHaveLength(1);
    await recheckStalledPayouts(ctx.deps);
    expect(await payoutJobsOf(r.id)).toHaveLength(2);
    const mails = (await ctx.mailTo(user.email)).filter((m) => /has been paid/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 0, ledger: 0 });
  });

  it("a re-check while the payout job of the same attempt is queued is refused with 409 (no second job)", async () => {
    const { r } = await pendingRedemption();
    await ctx.deps.jobs.stop();
    try {
      expect((await asAdmin(`/${r.id}/approve`)).status).toBe(200);
      const busy = await asAdmin(`/${r.id}/recheck`);
      expect(busy.status).toBe(409);
      expect((await busy.json()).error.message).toMatch(/already under way/);
      expect(await payoutJobsOf(r.id)).toHaveLength(1);
    } finally {
      ctx.deps.jobs.start();
    }
    await expect.poll(async () => (await statusOf(r.id)).status, { timeout: 15_000 }).toBe("paid");
    expect(createsFor(r.id)).toHaveLength(1);
  });

  it("an administrator re-checks a stalled automatic payout (audited); other states are refused with 409", async () => {
    const { r } = await pendingRedemption();
    expect((await asAdmin(`/${r.id}/recheck`)).status).toBe(409);
    await stalledPayout(r.id);
    const res = await asAdmin(`/${r.id}/recheck`);
    expect(res.status).toBe(200);
    await expect.poll(async () => (await statusOf(r.id)).status, { timeout: 15_000 }).toBe("paid");
    expect(createsFor(r.id)).toHaveLength(1);
    const audits = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "actor_id", "before", "after"])
      .where("target_id", "=", String(r.id))
      .where("target_type", "=", "redemption")
      .orderBy("id")
      .execute();
    expect(audits).toMatchObject([
      { action: "redemption.approve" },
      {
        action: "redemption.recheck",
        actor_id: admin.id,
        before: { status: "approved" },
        after: { status: "approved", provider: "tremendous" },
      },
    ]);
    expect((await asAdmin(`/${r.id}/recheck`)).status).toBe(409);
  });
});
