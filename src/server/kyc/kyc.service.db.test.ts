import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "../../../tests/support/db-users";
import { decidedKyc, giveApprovedKyc, givePendingKyc } from "../../../tests/support/kyc";
import { pngFile } from "../../../tests/support/kyc-files";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";
import { AppError } from "../errors";
import { documentAad, documentIdAad, getKycStatus, submitKyc } from "./kyc.service";
import { open } from "./kyc-crypto";
import { decideKyc } from "./kyc-decision.service";
import { kycEncryptionKey } from "./kyc-key";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error("expected an AppError");
};

describe("KYC lifecycle", () => {
  it("is 'none' before any submission, then pending with the document id masked", async () => {
    const user = await insertUserRow(ctx.db);
    expect(await getKycStatus(ctx.db, user.id)).toEqual({
      status: "none",
      reason: null,
      submittedAt: null,
      decidedAt: null,
      documentIdMasked: null,
    });
    await givePendingKyc(ctx.deps, user.id, { documentId: "AB-98765432" });
    const status = await getKycStatus(ctx.db, user.id);
    expect(status).toMatchObject({
      status: "pending",
      reason: null,
      decidedAt: null,
      documentIdMasked: "••••5432",
    });
    expect(status.submittedAt).not.toBeNull();
  });

  it("seals the document and the document id; they open only with the submission's own associated data", async () => {
    const user = await insertUserRow(ctx.db);
    const id = await givePendingKyc(ctx.deps, user.id, { documentId: "SECRET-ID-4242" });
    const key = kycEncryptionKey(ctx.env, ctx.deps.logger);
    const row = await ctx.db
      .selectFrom("kyc_submissions")
      .innerJoin("kyc_documents", "kyc_documents.submission_id", "kyc_submissions.id")
      .select(["document_id_sealed", "content"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.document_id_sealed).toString("latin1")).not.toContain("SECRET-ID-4242");
    expect(Buffer.from(row.content).toString("latin1")).not.toContain("kyc-test");
    expect(open(key, row.document_id_sealed, documentIdAad(id)).toString()).toBe("SECRET-ID-4242");
    expect(open(key, row.content, documentAad(id)).equals(pngFile())).toBe(true);
    expect(() => open(key, row.content, documentAad(crypto.randomUUID()))).toThrow();
  });

  it("refuses a second pending submission (409), also when the database sees two at once", async () => {
    const user = await insertUserRow(ctx.db);
    await givePendingKyc(ctx.deps, user.id);
    expect(await codeOf(givePendingKyc(ctx.deps, user.id))).toBe("KYC_PENDING");
    const other = await insertUserRow(ctx.db);
    const key = kycEncryptionKey(ctx.env, ctx.deps.logger);
    const input = {
      userId: other.id,
      fullName: "Twice",
      documentId: "X1",
      document: { bytes: pngFile(), type: "image/png" as const },
    };
    const results = await Promise.allSettled([
      submitKyc({ db: ctx.db, key }, input),
      submitKyc({ db: ctx.db, key }, input),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await ctx.db
      .selectFrom("kyc_submissions")
      .select("id")
      .where("user_id", "=", other.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("approves: status, audit row and e-mail in one go; no second decision, no new submission", async () => {
    const user = await insertUserRow(ctx.db);
    const id = await giveApprovedKyc(ctx.deps, user.id);
    expect((await getKycStatus(ctx.db, user.id)).status).toBe("approved");
    const audit = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("target_type", "=", "kyc_submission")
      .where("target_id", "=", id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "kyc.approve", after: { status: "approved", userId: user.id } });
    const mail = await ctx.mailTo(user.email);
    expect(mail.map((m) => m.subject)).toContain("Play, Learn, Earn: identity verified");
    expect(
      await codeOf(decideKyc(ctx.deps, { submissionId: id, actorId: null, decision: "reject", reason: "x" })),
    ).toBe("KYC_ALREADY_DECIDED");
    expect(await codeOf(givePendingKyc(ctx.deps, user.id))).toBe("KYC_ALREADY_APPROVED");
  });

  it("two decisions at once: one wins, the other gets 409; one audit row and one e-mail", async () => {
    const user = await insertUserRow(ctx.db);
    const id = await givePendingKyc(ctx.deps, user.id);
    const results = await Promise.allSettled([
      decideKyc(ctx.deps, { submissionId: id, actorId: null, decision: "approve" }),
      decideKyc(ctx.deps, { submissionId: id, actorId: null, decision: "reject", reason: "No." }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected");
    expect(failed?.status === "rejected" && (failed.reason as AppError).code).toBe("KYC_ALREADY_DECIDED");
    const audit = await ctx.db.selectFrom("audit_log").select("id").where("target_id", "=", id).execute();
    expect(audit).toHaveLength(1);
    const jobs = await ctx.db
      .selectFrom("jobs")
      .select("id")
      .where("dedupe_key", "=", `kyc-decision:${id}`)
      .execute();
    expect(jobs).toHaveLength(1);
    // The winner's line in the player's inbox, once.
    const inbox = await ctx.db
      .selectFrom("messages")
      .select(["title", "link"])
      .where("user_id", "=", user.id)
      .where("event_key", "=", `kyc-decided:${id}`)
      .execute();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.link).toBe("/kyc");
  });

  it("rejects with a reason the user sees, and then accepts a new submission", async () => {
    const user = await insertUserRow(ctx.db);
    await decidedKyc(ctx.deps, user.id, { decision: "reject", reason: "The photo is blurred." });
    expect(await getKycStatus(ctx.db, user.id)).toMatchObject({
      status: "rejected",
      reason: "The photo is blurred.",
    });
    // The decision's mail (the 'documents received' message is mailed too, in its own time).
    const mail = (await ctx.mailTo(user.email)).filter((m) =>
      m.subject.endsWith("identity check not approved"),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain("The photo is blurred.");
    await givePendingKyc(ctx.deps, user.id);
    expect((await getKycStatus(ctx.db, user.id)).status).toBe("pending");
  });

  it("needs a reason to reject, and a submission that exists", async () => {
    const user = await insertUserRow(ctx.db);
    const id = await givePendingKyc(ctx.deps, user.id);
    expect(
      await codeOf(
        decideKyc(ctx.deps, { submissionId: id, actorId: null, decision: "reject", reason: "  " }),
      ),
    ).toBe("VALIDATION_FAILED");
    expect(
      await codeOf(
        decideKyc(ctx.deps, { submissionId: crypto.randomUUID(), actorId: null, decision: "approve" }),
      ),
    ).toBe("NOT_FOUND");
    expect((await getKycStatus(ctx.db, user.id)).status).toBe("pending");
  });
});
