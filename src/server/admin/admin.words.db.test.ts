import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { adminContextForFile, adminRequest, ledgerAuditCounts } from "#tests/support/admin";
import { grantCoins } from "#tests/support/coins";
import { givePendingKyc } from "#tests/support/kyc";
import { apiError } from "#tests/support/typed-client";

/**
 * Every free text in the books follows the words rule (docs/product.md, "Reasons are words"): reasons and payout
 * references of invisible characters → 400 INVISIBLE_TEXT; of private-use, unassigned or noncharacter code points,
 * U+FFFD, stacked accents, a script the console cannot draw or no letter or digit → 400 UNREADABLE_TEXT; nothing is
 * written either way.
 */
const { ctx, admin } = adminContextForFile({ REDEEM_REQUIRE_KYC: "false" });
const post = (path: string, json: unknown = {}) => adminRequest(ctx, admin, path, json);

/** A manual (PayPal) redemption approved and waiting to be marked paid. */
async function approvedManualPayout() {
  const user = await ctx.createVerifiedUser();
  await grantCoins(ctx.db, user.id, 1000);
  const requested = await ctx.api(user).redemptions.$post({ json: { coins: 1000, method: "paypal" } });
  expect(requested.status).toBe(201);
  const { redemption } = await requested.json();
  expect((await post(`/api/admin/redemptions/${redemption.id}/approve`)).status).toBe(200);
  return redemption.id;
}

const statusOf = async (id: number) =>
  ctx.db
    .selectFrom("redemptions")
    .select(["status", "provider_reference"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const unreadable = {
  "private-use": "Paid \ue000\ue001\ue002",
  unassigned: "Paid \u0378\u0378\u0378",
  noncharacter: "Paid \ufdd0\uffff",
  "supplementary private-use": "\u{f0000}\u{f0001}\u{f0002}",
  "replacement (U+FFFD)": "\ufffd\ufffd\ufffd",
  "tatweel-only": "\u0640\u0640\u0640\u0640",
  "musical null notehead": "\u{1d159}",
  "a script the console cannot draw (cuneiform)": "\u{12000}\u{12001}\u{12002}",
  "'abc' under 180 combining marks": `abc${"\u0301".repeat(180)}`,
};

describe("a payout reference is words", () => {
  it("two zero-width spaces → 400 INVISIBLE_TEXT; the payout stays unpaid", async () => {
    const id = await approvedManualPayout();
    for (const reference of ["\u200b\u200b", "\u2060\u00ad\u200d", "\ufeff"]) {
      const res = await post(`/api/admin/redemptions/${id}/mark-paid`, { reference });
      expect(res.status, JSON.stringify(reference)).toBe(400);
      expect((await apiError(res)).code).toBe("INVISIBLE_TEXT");
    }
    expect(await statusOf(id)).toMatchObject({ status: "approved" });
  });

  it.each(Object.entries(unreadable))("%s characters → 400 UNREADABLE_TEXT", async (_what, reference) => {
    const id = await approvedManualPayout();
    const res = await post(`/api/admin/redemptions/${id}/mark-paid`, { reference });
    expect(res.status).toBe(400);
    const error = await apiError(res);
    expect(error.code).toBe("UNREADABLE_TEXT");
    expect(error.message).toMatch(/cannot be read as written/);
    expect(await statusOf(id)).toMatchObject({ status: "approved" });
  });

  it("a readable reference is stored cleaned", async () => {
    const id = await approvedManualPayout();
    const res = await post(`/api/admin/redemptions/${id}/mark-paid`, { reference: " PAYPAL\u200b-TX 42 " });
    expect(res.status).toBe(200);
    expect((await res.json()).redemption).toMatchObject({ status: "paid", reference: "PAYPAL-TX 42" });
  });
});

describe("every reason is words, also against characters no font draws", () => {
  it.each(Object.entries(unreadable))(
    "%s → 400 UNREADABLE_TEXT on every reason field",
    async (_w, reason) => {
      const user = await ctx.createVerifiedUser();
      const kycId = await givePendingKyc(ctx.deps, user.id);
      for (const [path, body] of [
        [`/api/admin/users/${user.id}/adjustments`, { adjustmentId: randomUUID(), amount: 5, reason }],
        [`/api/admin/users/${user.id}/ban`, { reason }],
        [`/api/admin/users/${user.id}/revoke-sessions`, { reason }],
        [`/api/admin/users/${user.id}/role`, { role: "admin", reason }],
        [`/api/admin/redemptions/1/reject`, { reason }],
        [`/api/admin/referrals/${user.id}/release`, { reason }],
        [`/api/admin/kyc/${kycId}/decision`, { decision: "reject", reason }],
      ] as const) {
        const res = await post(path, body);
        expect(res.status, `${path} ${JSON.stringify(reason)}`).toBe(400);
        expect((await apiError(res)).code).toBe("UNREADABLE_TEXT");
      }
      expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ ledger: 0, audit: 0 });
    },
  );
});
