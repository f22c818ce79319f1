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
export function adminMatrix(_f: MatrixFixtures): Record<string, MatrixCase> {
  return {
    "GET /api/admin/overview": {
      request: () => ({ path: "/api/admin/overview" }),
      expect: adminOnly(200),
      check: (_actor, res) => expect(body(body(res).users).total).toBeGreaterThanOrEqual(4),
    },
  };
}
