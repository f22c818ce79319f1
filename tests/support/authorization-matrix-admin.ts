import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { MatrixCase } from "./authorization";
import type { MatrixFixtures } from "./authorization-matrix";

/** Administrators only: 401 for guests, 403 for every other signed-in user, `status` for an administrator. */
export const adminOnly = (status: number): MatrixCase["expect"] => ({
  guest: 401,
  other: 403,
  owner: 403,
  admin: status,
});

const body = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? { ...value } : {};

/** The /api/admin rows of the authorization matrix; requests aim at the owner wherever they name a user. */
export function adminMatrix(f: MatrixFixtures): Record<string, MatrixCase> {
  const user = `/api/admin/users/${f.owner.id}`;
  const post = (path: string, json: unknown) => ({ path, init: { method: "POST", json } });
  const decide = (action: string, json: unknown = {}) => ({
    path: `/api/admin/redemptions/${f.redemptions.toDecide}/${action}`,
    init: { method: "POST", json },
  });
  return {
    "GET /api/admin/stats": {
      request: () => ({ path: "/api/admin/stats?days=30" }),
      expect: adminOnly(200),
      check: (_actor, res) => expect(Array.isArray(body(res).days) && body(res).days).toHaveLength(30),
    },
    "GET /api/admin/users": {
      request: () => ({ path: `/api/admin/users?q=${encodeURIComponent(f.owner.email)}` }),
      expect: adminOnly(200),
      check: (_actor, res) => expect(body(res).users).toHaveLength(1),
    },
    "GET /api/admin/users/{userId}": {
      request: () => ({ path: user }),
      expect: adminOnly(200),
      check: (_actor, res) => expect(body(body(res).user).id).toBe(f.owner.id),
    },
    "GET /api/admin/users/{userId}/ledger": {
      request: () => ({ path: `${user}/ledger` }),
      expect: adminOnly(200),
    },
    "GET /api/admin/users/{userId}/dual-control": {
      request: () => ({ path: `${user}/dual-control` }),
      expect: adminOnly(200),
      check: (_actor, res) => expect(Array.isArray(body(res).proposals)).toBe(true),
    },
    "POST /api/admin/users/{userId}/adjustments": {
      request: () =>
        post(`${user}/adjustments`, { adjustmentId: randomUUID(), amount: 5, reason: "Matrix check" }),
      expect: adminOnly(201),
    },
    "POST /api/admin/users/{userId}/ban": {
      request: () => post(`${user}/ban`, { reason: "Matrix check" }),
      expect: adminOnly(200),
    },
    "POST /api/admin/users/{userId}/unban": {
      request: () => post(`${user}/unban`, { reason: "Matrix check" }),
      expect: adminOnly(200),
    },
    "POST /api/admin/users/{userId}/revoke-sessions": {
      request: () => post(`${user}/revoke-sessions`, { reason: "Matrix check" }),
      expect: adminOnly(200),
    },
    // The owner is no administrator: asking for the role it has changes nothing (200, changed: false); a real
    // change is a proposal (202), made by the administrator's request too.
    "POST /api/admin/users/{userId}/role": {
      request: () => post(`${user}/role`, { role: "user", reason: "Matrix check" }),
      expect: adminOnly(200),
      check: (_actor, res) => expect(body(res).changed).toBe(false),
    },
    "GET /api/admin/audit": {
      request: () => ({ path: `/api/admin/audit?target=${f.owner.id}` }),
      expect: adminOnly(200),
    },
    "GET /api/admin/referrals/held": {
      request: () => ({ path: "/api/admin/referrals/held" }),
      expect: adminOnly(200),
      check: (_actor, res) => expect(body(res).pageSize).toBe(20),
    },
    // The owner was not referred: the guards answer first, then 404 for a referral that does not exist.
    "POST /api/admin/referrals/{referredId}/release": {
      request: () => post(`/api/admin/referrals/${f.owner.id}/release`, { reason: "Matrix check" }),
      expect: adminOnly(404),
    },
    "POST /api/admin/referrals/{referredId}/decline": {
      request: () => post(`/api/admin/referrals/${f.owner.id}/decline`, { reason: "Matrix check" }),
      expect: adminOnly(404),
    },
    "GET /api/admin/overview": {
      request: () => ({ path: "/api/admin/overview" }),
      expect: adminOnly(200),
      check: (_actor, res) => {
        expect(body(body(res).users).total).toBeGreaterThanOrEqual(4);
        // What is owed and what deleted accounts forfeited are two figures.
        expect(typeof body(body(res).breakage).coins).toBe("number");
      },
    },
    "GET /api/admin/proposals": {
      request: () => ({ path: "/api/admin/proposals" }),
      expect: adminOnly(200),
      check: (_actor, res) => expect(Array.isArray(body(res).proposals)).toBe(true),
    },
    // No proposal has this id: the guards answer first, then 404.
    "POST /api/admin/proposals/{id}/approve": {
      request: () => post("/api/admin/proposals/999999999/approve", {}),
      expect: adminOnly(404),
    },
    "POST /api/admin/proposals/{id}/withdraw": {
      request: () => post("/api/admin/proposals/999999999/withdraw", { reason: "Matrix check" }),
      expect: adminOnly(404),
    },
    "GET /api/admin/redemptions": {
      request: () => ({ path: "/api/admin/redemptions" }),
      expect: adminOnly(200),
      check: (_actor, res) => {
        const list = body(res).redemptions;
        expect(Array.isArray(list) && list.some((r) => body(r).id === f.redemptions.toDecide)).toBe(true);
      },
    },
    // In this order for the administrator: approve (manual payout), mark paid; then reject, retry and re-check
    // (automatic payouts only) are refused.
    "POST /api/admin/redemptions/{id}/approve": { request: () => decide("approve"), expect: adminOnly(200) },
    "POST /api/admin/redemptions/{id}/mark-paid": {
      request: () => decide("mark-paid", { reference: "MATRIX-1" }),
      expect: adminOnly(200),
    },
    "POST /api/admin/redemptions/{id}/reject": {
      request: () => decide("reject", { reason: "Too late" }),
      expect: adminOnly(409),
    },
    "POST /api/admin/redemptions/{id}/retry": { request: () => decide("retry"), expect: adminOnly(409) },
    "POST /api/admin/redemptions/{id}/recheck": { request: () => decide("recheck"), expect: adminOnly(409) },
  };
}
