import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { KYC_FIELDS, submitKycForm, uniqueDocumentId } from "#tests/support/kyc";
import { pngFile } from "#tests/support/kyc-files";
import { createTestContext, type TestContext } from "#tests/support/test-app";

/**
 * One identity, one account (docs/product.md, "KYC"): a submission whose document number another account submitted
 * too is held for review with both accounts shown, and approving it needs a reason.
 */
let ctx: TestContext;
let admin: TestUser;
const adminEmail = uniqueEmail("admin");
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAILS: adminEmail });
  admin = await ctx.createVerifiedUser({ email: adminEmail });
});
afterAll(async () => ctx?.close());

const reviews = () => ctx.api(admin).admin.kyc;
const submitWith = async (user: TestUser, documentId: string) => {
  const res = await submitKycForm(ctx, user, new Blob([pngFile()]), "id.png", { ...KYC_FIELDS, documentId });
  expect(res.status).toBe(201);
  const row = await ctx.db
    .selectFrom("kyc_submissions")
    .select("id")
    .where("user_id", "=", user.id)
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return row.id;
};
const detail = async (id: string) => (await reviews()[":id"].$get({ param: { id } })).json();
const decide = (id: string, json: { decision: "approve" | "reject"; reason?: string }) =>
  reviews()[":id"].decision.$post({ param: { id }, json });

describe("a second account with the same document number", () => {
  it("is held for review with both accounts shown; approving it needs a reason, which is audited", async () => {
    const number = uniqueDocumentId("AB");
    const first = await ctx.createVerifiedUser();
    const second = await ctx.createVerifiedUser();
    const firstId = await submitWith(first, number);
    expect((await detail(firstId)).sameDocumentAs).toEqual([]);
    expect((await decide(firstId, { decision: "approve" })).status).toBe(200);

    // The same number typed another way: lower case, spaces for the dash.
    const secondId = await submitWith(second, ` ${number.toLowerCase().replace("-", " ")} `);
    expect((await (await ctx.api(second).kyc.$get()).json()).status).toBe("pending");
    expect((await detail(secondId)).sameDocumentAs).toEqual([
      { userId: first.id, email: first.email, status: "approved" },
    ]);
    // Both ways round: the first account's record names the second.
    expect((await detail(firstId)).sameDocumentAs).toEqual([
      { userId: second.id, email: second.email, status: "pending" },
    ]);

    for (const body of [{ decision: "approve" as const }, { decision: "approve" as const, reason: "   " }]) {
      const refused = await decide(secondId, body);
      expect(refused.status).toBe(422);
      const error: unknown = JSON.parse(await refused.text());
      expect(error).toMatchObject({
        error: {
          code: "VALIDATION_FAILED",
          issues: [
            {
              path: "reason",
              message: "Another account submitted the same document number: give a reason for approving.",
            },
          ],
        },
      });
    }
    expect((await detail(secondId)).status).toBe("pending");

    const approved = await decide(secondId, { decision: "approve", reason: "Twins: checked by video call." });
    expect(approved.status).toBe(200);
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "reason", "after", "actor_id"])
      .where("target_id", "=", secondId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: "kyc.approve",
      actor_id: admin.id,
      reason: "Twins: checked by video call.",
      after: { status: "approved", userId: second.id, sameDocumentAs: [first.id] },
    });
  });

  it("a rejection is possible as always; a different number needs no reason to approve", async () => {
    const number = uniqueDocumentId("CD");
    const first = await ctx.createVerifiedUser();
    const second = await ctx.createVerifiedUser();
    await submitWith(first, number);
    const secondId = await submitWith(second, number);
    expect((await detail(secondId)).sameDocumentAs.map((a) => a.userId)).toEqual([first.id]);
    expect(
      (await decide(secondId, { decision: "reject", reason: "Same passport as another account." })).status,
    ).toBe(200);

    const third = await ctx.createVerifiedUser();
    const thirdId = await submitWith(third, uniqueDocumentId("EF"));
    expect((await detail(thirdId)).sameDocumentAs).toEqual([]);
    expect((await decide(thirdId, { decision: "approve" })).status).toBe(200);
  });

  it("stores a keyed hash of the number, never the number or its plain hash", async () => {
    const number = uniqueDocumentId("GH");
    const user = await ctx.createVerifiedUser();
    const id = await submitWith(user, number);
    const row = await ctx.db
      .selectFrom("kyc_submissions")
      .select("document_number_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const hash = Buffer.from(row.document_number_hash ?? new Uint8Array());
    expect(hash).toHaveLength(32);
    const normalised = number.replace("-", "");
    for (const plain of [number, normalised])
      expect(hash.equals(createHash("sha256").update(plain).digest())).toBe(false);
    expect(hash.includes(Buffer.from(normalised))).toBe(false);
  });
});
