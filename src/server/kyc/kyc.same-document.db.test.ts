import { createHash, createHmac, hkdfSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondAdmin } from "#tests/support/admin";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { KYC_FIELDS, submitKycForm, uniqueDocumentId } from "#tests/support/kyc";
import { pngFile } from "#tests/support/kyc-files";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { DOCUMENT_NUMBER_KEY_VERSION } from "~/core/document-number";
import { kycEncryptionKey } from "./kyc-key";
import { rekeyDocumentNumbers } from "./kyc-rekey";

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

    // The first account's number is approved: a reason is not enough, a second administrator approves it.
    const other = await secondAdmin(ctx);
    const proposed = await decide(secondId, { decision: "approve", reason: "Twins: checked by video call." });
    expect(proposed.status).toBe(202);
    expect((await detail(secondId)).status).toBe("pending");
    const body = await proposed.json();
    if (!("proposal" in body)) throw new Error("expected a proposal");
    const { proposal } = body;
    const approved = await ctx.request(`/api/admin/proposals/${proposal.id}/approve`, {
      method: "POST",
      cookie: other.cookie,
      json: {},
    });
    expect(approved.status).toBe(200);
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "reason", "after", "actor_id"])
      .where("target_id", "=", secondId)
      .where("action", "=", "kyc.approve")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: "kyc.approve",
      actor_id: other.id,
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

/** Full-width forms of ASCII letters and digits (U+FF01…), as a phone keyboard in CJK mode types them. */
const fullWidth = (text: string) =>
  text.replace(/[0-9A-Za-z]/g, (ch) => String.fromCodePoint(ch.codePointAt(0)! + 0xfee0));

describe("a disguised document number", () => {
  const number = () => uniqueDocumentId("P");
  const middle = (n: string, hidden: string) => `${n.slice(0, 5)}${hidden}${n.slice(5)}`;

  it.each([
    ["a WORD JOINER (U+2060)", (n: string) => middle(n, "\u2060")],
    ["a ZERO WIDTH SPACE (U+200B)", (n: string) => middle(n, "\u200b")],
    ["a SOFT HYPHEN (U+00AD)", (n: string) => middle(n, "\u00ad")],
    ["a Cyrillic Р for the P", (n: string) => `\u0420${n.slice(1)}`],
    ["full-width letters and digits", fullWidth],
    ["a capital I for every 1, and spaces", (n: string) => ` ${n.replaceAll("1", "I").replace("-", " ")} `],
    [
      "Arabic-Indic digits",
      (n: string) => n.replace(/[0-9]/g, (d) => String.fromCodePoint(0x660 + Number(d))),
    ],
    ["a tatweel (U+0640)", (n: string) => middle(n, "\u0640")],
    ["a small capital ᴘ for the P", (n: string) => `\u1d18${n.slice(1)}`],
    ["a Ᵽ (P with stroke) for the P", (n: string) => `\u2c63${n.slice(1)}`],
    [
      "dingbat negative circled digits",
      (n: string) =>
        n.replace(/[0-9]/g, (d) => (d === "0" ? "\u24ff" : String.fromCodePoint(0x2775 + Number(d)))),
    ],
    ["a negative squared 🅿 for the P", (n: string) => `\u{1f17f}${n.slice(1)}`],
  ])("with %s is flagged as the same document", async (_what, disguise) => {
    const plain = number();
    const first = await ctx.createVerifiedUser();
    const second = await ctx.createVerifiedUser();
    const firstId = await submitWith(first, plain);
    expect((await decide(firstId, { decision: "approve" })).status).toBe(200);
    const typed = disguise(plain);
    expect(typed).not.toBe(plain);
    const secondId = await submitWith(second, typed);
    const seen = await detail(secondId);
    expect(seen.sameDocumentAs).toEqual([{ userId: first.id, email: first.email, status: "approved" }]);
    // The review shows what was typed beside what it is compared as.
    expect(seen.documentId).toBe(typed.trim());
    expect(seen.documentIdNormalised).toBe((await detail(firstId)).documentIdNormalised);
    expect(seen.documentIdNormalised).toMatch(/^[A-Z0-9]+$/);
    expect((await decide(secondId, { decision: "approve" })).status).toBe(422);
  });

  it("a document id of invisible or undrawable characters only is refused with 400", async () => {
    const user = await ctx.createVerifiedUser();
    for (const [documentId, code] of [
      ["\u200b\u2060\u00ad", "INVISIBLE_TEXT"],
      ["P-1234\ue000", "UNREADABLE_TEXT"],
      ["P-1234\u0378", "UNREADABLE_TEXT"],
    ] as const) {
      const res = await submitKycForm(ctx, user, new Blob([pngFile()]), "id.png", {
        ...KYC_FIELDS,
        documentId,
      });
      expect(res.status, JSON.stringify(documentId)).toBe(400);
      expect(((await res.json()) as unknown as { error: { code: string } }).error.code).toBe(code);
    }
  });
});

describe("re-keying stored document numbers", () => {
  /** The hash as it was made before numbers were compared by their skeleton: NFKC, upper case, no separators. */
  const oldHash = (key: Buffer, documentNumber: string) => {
    const hmacKey = Buffer.from(hkdfSync("sha256", key, "", "ple kyc document number", 32));
    const oldKey = documentNumber
      .normalize("NFKC")
      .toUpperCase()
      .replace(/[\s\-./\u2010-\u2015]+/gu, "");
    return createHmac("sha256", hmacKey).update(oldKey, "utf8").digest();
  };

  it("recomputes hashes made under the old key (or none) from the sealed number, once", async () => {
    const key = kycEncryptionKey(ctx.deps.env, ctx.deps.logger);
    const plain = uniqueDocumentId("P");
    const disguised = `\u0420${plain.slice(1, 5)}\u2060${plain.slice(5)}`;
    const first = await ctx.createVerifiedUser();
    const second = await ctx.createVerifiedUser();
    const third = await ctx.createVerifiedUser();
    const firstId = await submitWith(first, plain);
    const secondId = await submitWith(second, disguised);
    const thirdId = await submitWith(third, `${plain.toLowerCase()}`);
    // As the rows stood before: hashed under the old key, or (older still) not at all.
    await ctx.db
      .updateTable("kyc_submissions")
      .set({ document_number_hash: oldHash(key, plain), document_number_key_version: null })
      .where("id", "=", firstId)
      .execute();
    await ctx.db
      .updateTable("kyc_submissions")
      .set({ document_number_hash: oldHash(key, disguised), document_number_key_version: null })
      .where("id", "=", secondId)
      .execute();
    await ctx.db
      .updateTable("kyc_submissions")
      .set({ document_number_hash: null, document_number_key_version: null })
      .where("id", "=", thirdId)
      .execute();
    expect((await detail(secondId)).sameDocumentAs).toEqual([]);

    const { rekeyed } = await rekeyDocumentNumbers(ctx.db, key);
    expect(rekeyed).toBeGreaterThanOrEqual(3);
    expect((await detail(secondId)).sameDocumentAs.map((a) => a.userId)).toEqual([first.id, third.id]);
    const rows = await ctx.db
      .selectFrom("kyc_submissions")
      .select(["document_number_key_version"])
      .where("id", "in", [firstId, secondId, thirdId])
      .execute();
    expect(rows.map((r) => r.document_number_key_version)).toEqual([
      DOCUMENT_NUMBER_KEY_VERSION,
      DOCUMENT_NUMBER_KEY_VERSION,
      DOCUMENT_NUMBER_KEY_VERSION,
    ]);
    // Nothing is stale any more: a second run re-keys nothing.
    expect(await rekeyDocumentNumbers(ctx.db, key)).toEqual({ rekeyed: 0, unreadable: 0 });
  });
});
