import { randomUUID } from "node:crypto";
import type { MatrixCase } from "./authorization";
import { adminOnly } from "./authorization-matrix-admin";

/**
 * The earning partners' rows of the authorization matrix: the console's partners and held credits (administrators
 * only; no partner nor credit has the id 999999999, so the guards answer first, then 404) and the postback, which
 * no session opens: without a partner's signature every caller gets 403.
 */
export function partnersMatrix(): Record<string, MatrixCase> {
  const post = (path: string, json: unknown) => ({ path, init: { method: "POST", json } });
  const noSession = { guest: 403, other: 403, owner: 403, admin: 403 };
  return {
    "GET /api/admin/partners": { request: () => ({ path: "/api/admin/partners" }), expect: adminOnly(200) },
    "GET /api/admin/partners/held": {
      request: () => ({ path: "/api/admin/partners/held" }),
      expect: adminOnly(200),
    },
    "POST /api/admin/partners": {
      request: () => post("/api/admin/partners", { name: `Matrix ${randomUUID().slice(0, 8)}` }),
      expect: adminOnly(201),
    },
    "POST /api/admin/partners/{id}/approve": {
      request: () => post("/api/admin/partners/999999999/approve", {}),
      expect: adminOnly(404),
    },
    "POST /api/admin/partners/{id}/rotate-secret": {
      request: () => post("/api/admin/partners/999999999/rotate-secret", {}),
      expect: adminOnly(404),
    },
    "POST /api/admin/partners/{id}/disable": {
      request: () => post("/api/admin/partners/999999999/disable", {}),
      expect: adminOnly(404),
    },
    "POST /api/admin/partners/held/{id}/release": {
      request: () => post("/api/admin/partners/held/999999999/release", { reason: "Matrix check" }),
      expect: adminOnly(404),
    },
    "POST /api/admin/partners/held/{id}/decline": {
      request: () => post("/api/admin/partners/held/999999999/decline", { reason: "Matrix check" }),
      expect: adminOnly(404),
    },
    "GET /api/admin/partners/numbers": {
      request: () => ({ path: "/api/admin/partners/numbers?days=30" }),
      expect: adminOnly(200),
    },
    "GET /api/admin/partners/{id}/statement.csv": {
      request: () => ({ path: "/api/admin/partners/999999999/statement.csv?month=2026-11" }),
      expect: adminOnly(404),
    },
    "GET /api/offers": {
      request: () => ({ path: "/api/offers" }),
      expect: { guest: 401, other: 200, owner: 200 },
    },
    "GET /api/postbacks/{slug}": {
      request: () => ({ path: "/api/postbacks/matrix-wall?user_id=x&transaction_id=t&reward=1&status=1" }),
      expect: noSession,
    },
    "POST /api/postbacks/{slug}": {
      request: () => ({
        path: "/api/postbacks/matrix-wall",
        init: {
          method: "POST",
          body: "user_id=x&transaction_id=t&reward=1&status=1",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        },
      }),
      expect: noSession,
    },
  };
}
