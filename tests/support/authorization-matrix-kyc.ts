import { expect } from "vitest";
import type { MatrixCase } from "./authorization";
import type { MatrixFixtures } from "./authorization-matrix";
import { adminOnly } from "./authorization-matrix-admin";
import { pngFile } from "./kyc-files";

/** The owner's KYC document id (fixtures: givePendingKyc); only administrators may ever see it. */
export const OWNER_KYC_DOCUMENT_ID = "OWNER-DOC-77341290";

const body = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? { ...value } : {};

function kycForm() {
  const form = new FormData();
  form.append("fullName", "Matrix Person");
  form.append("documentId", "M-12345678");
  form.append("documentUpload", new Blob([pngFile()], { type: "image/png" }), "id.png");
  return form;
}

/** The KYC rows: the user's own status and submission, and the review queue (administrators only). */
export function kycMatrix(f: MatrixFixtures): Record<string, MatrixCase> {
  const submission = `/api/admin/kyc/${f.a.kycSubmissionId}`;
  return {
    "GET /api/kyc": {
      request: () => ({ path: "/api/kyc" }),
      expect: { guest: 401, other: 200, owner: 200 },
      check: (actor, res) => {
        // The owner has a pending submission (fixtures); nobody else, the owner included, sees its document id.
        if (actor.role === "owner")
          expect(body(res)).toMatchObject({ status: "pending", documentIdMasked: "••••1290" });
        expect(JSON.stringify(res)).not.toContain(OWNER_KYC_DOCUMENT_ID);
      },
    },
    "POST /api/kyc": {
      request: () => ({ path: "/api/kyc", init: { method: "POST", form: kycForm() } }),
      // The owner's submission is still pending: a second one is refused.
      expect: { guest: 401, other: 201, owner: 409, admin: 201 },
    },
    "GET /api/admin/kyc": {
      request: () => ({ path: "/api/admin/kyc" }),
      expect: adminOnly(200),
      check: (_actor, res) =>
        expect((body(res).items as { id: string }[]).map((i) => i.id)).toContain(f.a.kycSubmissionId),
    },
    "GET /api/admin/kyc/{id}": {
      request: () => ({ path: submission }),
      expect: adminOnly(200),
      check: (_actor, res) => expect(body(res).documentId).toBe(OWNER_KYC_DOCUMENT_ID),
    },
    "GET /api/admin/kyc/{id}/document": {
      request: () => ({ path: `${submission}/document` }),
      expect: adminOnly(200),
    },
    "POST /api/admin/kyc/{id}/decision": {
      request: () => ({
        path: `${submission}/decision`,
        init: { method: "POST", json: { decision: "approve" } },
      }),
      expect: adminOnly(200),
    },
  };
}
