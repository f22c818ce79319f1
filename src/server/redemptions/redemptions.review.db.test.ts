import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceAndLedger } from "#tests/support/coins";
import type { TestUser } from "#tests/support/factories";
import * as rd from "#tests/support/redemptions";
import type { TestContext } from "#tests/support/test-app";
import { errorCode } from "#tests/support/typed-client";

/** After a request: the user cancels, an administrator rejects or pays by hand (Tremendous: payouts). */
let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ({ ctx, admin } = await rd.createRedemptionsContext());
});
afterAll(async () => {
  await ctx.close();
});

const userWith = (coins: number) => rd.userWith(ctx, coins);
const requested = (user: TestUser, coins: number) => rd.requested(ctx, user, coins);
const asAdmin = (path: string, json?: unknown) => rd.adminAction(ctx, admin, path, json);
/** The player's inbox as GET /api/messages answers it, oldest first. */
async function inboxOf(user: TestUser) {
  const res = await ctx.request("/api/messages", { cookie: user.cookie });
  const body = (await res.json()) as { messages: { title: string; link: string; read: boolean }[] };
  return body.messages.map((m) => ({ title: m.title, link: m.link, unread: !m.read })).reverse();
}

describe("cancel, reject and manual payout", () => {
  it("the user cancels a pending request: the coins come back once, a repeat changes nothing", async () => {
    const user = await userWith(1000);
    const r = await requested(user, 1000);
    const cancel = () => rd.cancelRedemption(ctx, user, r.id);
    const first = await cancel();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ balance: 1000, redemption: { status: "cancelled" } });
    expect((await cancel()).status).toBe(200);
    expect(await rd.refundsOf(ctx, r.id)).toHaveLength(1);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 1000, ledger: 1000 });
  });

  it("nobody cancels someone else's redemption", async () => {
    const owner = await userWith(1000);
    const other = await userWith(0);
    const r = await requested(owner, 1000);
    const res = await rd.cancelRedemption(ctx, other, r.id);
    expect(res.status).toBe(404);
    expect(await balanceAndLedger(ctx.db, owner.id)).toEqual({ balance: 0, ledger: 0 });
  });

  it("cancel and reject racing: one wins, one refund", async () => {
    for (let round = 0; round < 5; round++) {
      const user = await userWith(1000);
      const r = await requested(user, 1000);
      const [cancel, reject] = await Promise.all([
        rd.cancelRedemption(ctx, user, r.id),
        asAdmin(`/${r.id}/reject`, { reason: "Duplicate account" }),
      ]);
      expect([cancel.status, reject.status].sort()).toEqual([200, 409]);
      expect(await rd.refundsOf(ctx, r.id)).toHaveLength(1);
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
    expect(await rd.refundsOf(ctx, r.id)).toHaveLength(1);
    // Each step is in the player's inbox too (its own mail was the one sent), once however often it is repeated.
    expect(await inboxOf(user)).toEqual([
      { title: "We received your redemption", link: "/wallet", unread: true },
      { title: "Your redemption was rejected", link: "/wallet", unread: true },
    ]);
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
    // The approval is mailed (once, however often it is repeated), with the timeline so far.
    expect((await asAdmin(`/${r.id}/approve`)).status).toBe(200);
    await ctx.deps.jobs.drain();
    const approvedMails = (await ctx.mailTo(user.email)).filter((m) => /has been approved/.test(m.subject));
    expect(approvedMails).toHaveLength(1);
    expect(approvedMails[0]?.text).toContain(`redemption request #${r.id} of 1000 coins ($5.00) by PayPal`);
    expect(approvedMails[0]?.text).toContain("We now send the payout to you ourselves.");
    expect(approvedMails[0]?.text).toMatch(/Timeline: Requested .+ UTC → Approved .+ UTC → Paid \(not yet\)/);
    expect((await asAdmin(`/${r.id}/mark-paid`, { reference: "" })).status).toBe(422);
    const paid = await asAdmin(`/${r.id}/mark-paid`, { reference: "PAYPAL-TX-42" });
    expect(paid.status).toBe(200);
    expect((await paid.json()).redemption).toMatchObject({ status: "paid", reference: "PAYPAL-TX-42" });
    const list = await (await ctx.api(user).redemptions.$get()).json();
    expect(list.redemptions[0]).toMatchObject({
      id: r.id,
      status: "paid",
      approvedAt: expect.any(String),
      paidAt: expect.any(String),
    });
    const mail = (await ctx.mailTo(user.email)).find((m) => /has been paid/.test(m.subject));
    expect(mail?.text).toContain("PAYPAL-TX-42");
    expect(mail?.text).toMatch(/Timeline: Requested .+ UTC → Approved .+ UTC → Paid .+ UTC/);

    const late = await asAdmin(`/${r.id}/reject`, { reason: "Too late" });
    expect(late.status).toBe(409);
    expect(await errorCode(late)).toBe("REDEMPTION_STATE");
    expect(await rd.refundsOf(ctx, r.id)).toHaveLength(0);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 0, ledger: 0 });
    const actions = await ctx.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", String(r.id))
      .where("target_type", "=", "redemption")
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["redemption.approve", "redemption.mark_paid"]);
    expect((await inboxOf(user)).map((m) => m.title)).toEqual([
      "We received your redemption",
      "Your redemption is approved",
      "Your redemption is paid",
    ]);
  });

  it("a gift card paid by hand: the paid mail names the brand and how to use the card", async () => {
    const user = await userWith(1000);
    const r = await rd.requested(ctx, user, 1000, "gift_card");
    expect((await asAdmin(`/${r.id}/approve`)).status).toBe(200);
    expect((await asAdmin(`/${r.id}/mark-paid`, { reference: "GC-AMZ-5531" })).status).toBe(200);
    await ctx.deps.jobs.drain();
    const mail = (await ctx.mailTo(user.email)).find((m) => /has been paid/.test(m.subject));
    expect(mail?.text).toContain("has been paid by a $5.00 Amazon.com gift card by e-mail.");
    expect(mail?.text).toContain("Payout reference: GC-AMZ-5531");
    expect(mail?.text).toContain(
      `Amazon.com e-mails the gift card's claim code to ${user.email.toLowerCase()}. To use it, open https://www.amazon.com/gc/redeem`,
    );
  });

  it("an approved manual payout is rejected only when confirmed not paid, with one refund, and then not marked paid", async () => {
    const user = await userWith(1000);
    const r = await requested(user, 1000);
    expect((await asAdmin(`/${r.id}/approve`)).status).toBe(200);
    // It may have been paid by hand before 'Mark paid': a reject without the 'not paid' confirmation is refused.
    const unconfirmed = await asAdmin(`/${r.id}/reject`, { reason: "Could not pay this address" });
    expect(unconfirmed.status).toBe(409);
    expect(await rd.refundsOf(ctx, r.id)).toHaveLength(0);
    const reject = await asAdmin(`/${r.id}/reject`, { reason: "Could not pay this address", notPaid: true });
    expect(reject.status).toBe(200);
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select("after")
      .where("action", "=", "redemption.reject")
      .where("target_id", "=", String(r.id))
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ notPaid: true });
    expect((await asAdmin(`/${r.id}/mark-paid`, { reference: "LATE" })).status).toBe(409);
    expect(await rd.refundsOf(ctx, r.id)).toHaveLength(1);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 1000, ledger: 1000 });
  });

  it("the queue signals referral bonus pairs held for review, on either side of the pair", async () => {
    const friend = await userWith(1000);
    const referrer = await userWith(1000);
    const [asFriend, asReferrer] = [await requested(friend, 1000), await requested(referrer, 1000)];
    const signalsOf = async (id: number) => {
      const url = "/api/admin/redemptions?status=pending&limit=200";
      const queue = await (await ctx.request(url, { cookie: admin.cookie })).json();
      return queue.redemptions.find((x: { id: number }) => x.id === id).signals as string[];
    };
    expect((await signalsOf(asFriend.id)).filter((s) => /referral bonus/i.test(s))).toEqual([]);
    await ctx.db
      .insertInto("referrals")
      .values({ referrer_id: referrer.id, referred_id: friend.id, bonus_status: "held" })
      .execute();
    expect(await signalsOf(asFriend.id)).toContain(
      "Referral bonus held for review: signed up from the referrer's address",
    );
    expect(await signalsOf(asReferrer.id)).toContain(
      "1 referral bonus held for review: friends signed up from this account's address",
    );
    // Decided pairs are no longer held.
    await ctx.db
      .updateTable("referrals")
      .set({ bonus_status: "declined" })
      .where("referred_id", "=", friend.id)
      .execute();
    expect((await signalsOf(asFriend.id)).filter((s) => /held for review/.test(s))).toEqual([]);
    expect((await signalsOf(asReferrer.id)).filter((s) => /held for review/.test(s))).toEqual([]);
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
