import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "#tests/support/factories";
import { KYC_FIELDS, submitKycForm } from "#tests/support/kyc";
import { exeFile, htmlFile, jpegFile, pdfFile, pngFile, svgFile } from "#tests/support/kyc-files";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { apiError, errorCode } from "#tests/support/typed-client";

/** Submitting identity documents: what is accepted, how it is stored, what is refused. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const submit = (user: TestUser, file?: Blob, name?: string, fields?: typeof KYC_FIELDS) =>
  submitKycForm(ctx, user, file, name, fields);

/** How many stored KYC rows (submissions, documents) hold `marker` anywhere in their bytes. */
async function rowsContaining(marker: string) {
  const needle = Buffer.from(marker, "utf8");
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from kyc_documents where position(${needle} in content) > 0)
      + (select count(*) from kyc_submissions where position(${needle} in document_id_sealed) > 0
         or full_name like ${`%${marker}%`}) as n`.execute(ctx.db);
  return Number(rows[0]?.n);
}

const storedFor = async (userId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom("kyc_submissions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("POST /api/kyc", () => {
  it.each([
    [
      "PNG",
      () => new Blob([pngFile("marker-png-31337")], { type: "image/png" }),
      "image/png",
      "marker-png-31337",
    ],
    [
      "JPEG",
      () => new Blob([jpegFile("marker-jpeg-31337")], { type: "image/jpeg" }),
      "image/jpeg",
      "marker-jpeg-31337",
    ],
    ["PDF", () => new Blob([pdfFile("marker-pdf-31337")]), "application/pdf", "marker-pdf-31337"],
  ])(
    "accepts a %s, stores it sealed (the marker is nowhere in the tables) and shows 'pending'",
    async (_, file, type, marker) => {
      const user = await ctx.createVerifiedUser();
      const res = await submit(user, file(), "scan.bin", {
        fullName: "  Ada  ",
        documentId: " SECRETID-98765 ",
      });
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body).toMatchObject({ status: "pending", reason: null, documentIdMasked: "••••8765" });
      expect(JSON.stringify(body)).not.toContain("SECRETID");
      const row = await ctx.db
        .selectFrom("kyc_submissions")
        .select(["full_name", "document_type"])
        .where("user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ full_name: "Ada", document_type: type });
      expect(await rowsContaining(marker)).toBe(0);
      expect(await rowsContaining("SECRETID-98765")).toBe(0);
      const status = await (await ctx.api(user).kyc.$get()).json();
      expect(status).toMatchObject({ status: "pending", documentIdMasked: "••••8765" });
    },
  );

  it("(control) the marker search does find plaintext bytes in the document table", async () => {
    const user = await ctx.createVerifiedUser();
    expect((await submit(user)).status).toBe(201);
    const row = await ctx.db
      .selectFrom("kyc_submissions")
      .select("id")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable("kyc_documents")
      .set({ content: pngFile("control-marker-4711") })
      .where("submission_id", "=", row.id)
      .execute();
    expect(await rowsContaining("control-marker-4711")).toBe(1);
  });

  it.each([
    ["an HTML file named .png", () => new Blob([htmlFile()], { type: "image/png" }), 415, "KYC_FILE_TYPE"],
    ["an SVG", () => new Blob([svgFile()], { type: "image/svg+xml" }), 415, "KYC_FILE_TYPE"],
    ["an EXE", () => new Blob([exeFile()], { type: "image/png" }), 415, "KYC_FILE_TYPE"],
    ["an empty file", () => new Blob([], { type: "image/png" }), 422, "KYC_FILE_EMPTY"],
    [
      "a 6 MB file",
      () => new Blob([pngFile(), new Uint8Array(6 * 1000 * 1000)], { type: "image/png" }),
      413,
      "KYC_FILE_TOO_LARGE",
    ],
  ])("refuses %s with a clear 4xx and stores nothing", async (_, file, status, code) => {
    const user = await ctx.createVerifiedUser();
    const res = await submit(user, file());
    expect(res.status).toBe(status);
    const error = await apiError(res);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/[A-Za-z]{3}/);
    expect(await storedFor(user.id)).toBe(0);
  });

  it("refuses a declared Content-Length over the limit before reading the body", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await ctx.request("/api/kyc", {
      method: "POST",
      cookie: user.cookie,
      body: "x",
      headers: {
        "content-type": "multipart/form-data; boundary=b",
        "content-length": String(50 * 1024 * 1024),
      },
    });
    expect(res.status).toBe(413);
    expect(await apiError(res)).toMatchObject({
      code: "KYC_FILE_TOO_LARGE",
      message: "The document is too large: at most 5 MB.",
    });
  });

  it("needs a name, a document id and a file (trimmed), with a message per field", async () => {
    const user = await ctx.createVerifiedUser();
    // Without a file, and blank: a form the page would not send.
    const form = new FormData();
    form.append("fullName", "   ");
    form.append("documentId", "");
    const res = await ctx.request("/api/kyc", { method: "POST", cookie: user.cookie, form });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(
      Object.fromEntries(error.issues.map((i: { path: string; message: string }) => [i.path, i.message])),
    ).toEqual({
      fullName: "Please enter your full name.",
      documentId: "Please enter your document ID.",
      documentUpload: "Please choose a photo or scan of your identity document.",
    });
    const json = await ctx.request("/api/kyc", {
      cookie: user.cookie,
      json: { fullName: "A", documentId: "B" },
    });
    expect(json.status).toBe(422);
    expect(await storedFor(user.id)).toBe(0);
  });

  it("refuses a second pending submission with 409, and guests with 401", async () => {
    const user = await ctx.createVerifiedUser();
    expect((await submit(user)).status).toBe(201);
    const again = await submit(user);
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe("KYC_PENDING");
    expect(await storedFor(user.id)).toBe(1);
    const guest = await ctx.api().kyc.$post({
      form: { ...KYC_FIELDS, documentUpload: new File([pngFile()], "document.png") },
    });
    expect(guest.status).toBe(401);
    expect((await ctx.api().kyc.$get()).status).toBe(401);
  });
});
