import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, uniqueEmail } from "../../../tests/support/factories";
import { exeFile, htmlFile, jpegFile, pdfFile, pngFile, svgFile } from "../../../tests/support/kyc-files";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";
import { enqueueJob } from "../jobs/jobs.service";
import { KYC_RETENTION_QUEUE } from "./kyc-retention.job";

let ctx: TestContext;
let admin: TestUser;
const adminEmail = uniqueEmail("admin");
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAILS: adminEmail });
  admin = await ctx.createVerifiedUser({ email: adminEmail });
});
afterAll(async () => {
  await ctx.close();
});

function kycForm(
  file: Blob | null,
  name = "document.png",
  fields = { fullName: "Ada Lovelace", documentId: "P-1234-5678" },
) {
  const form = new FormData();
  form.append("fullName", fields.fullName);
  form.append("documentId", fields.documentId);
  if (file) form.append("documentUpload", file, name);
  return form;
}

const submit = (user: TestUser, form: FormData) =>
  ctx.request("/api/kyc", { method: "POST", cookie: user.cookie, form });

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
      const res = await submit(
        user,
        kycForm(file(), "scan.bin", { fullName: "  Ada  ", documentId: " SECRETID-98765 " }),
      );
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
      const status = await (await ctx.request("/api/kyc", { cookie: user.cookie })).json();
      expect(status).toMatchObject({ status: "pending", documentIdMasked: "••••8765" });
    },
  );

  it("(control) the marker search does find plaintext bytes in the document table", async () => {
    const user = await ctx.createVerifiedUser();
    expect((await submit(user, kycForm(new Blob([pngFile()])))).status).toBe(201);
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
    const res = await submit(user, kycForm(file()));
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(/[A-Za-z]{3}/);
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
    expect((await res.json()).error).toMatchObject({
      code: "KYC_FILE_TOO_LARGE",
      message: "The document is too large: at most 5 MB.",
    });
  });

  it("needs a name, a document id and a file (trimmed), with a message per field", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await submit(user, kycForm(null, "x", { fullName: "   ", documentId: "" }));
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
    expect((await submit(user, kycForm(new Blob([pngFile()])))).status).toBe(201);
    const again = await submit(user, kycForm(new Blob([pngFile()])));
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("KYC_PENDING");
    expect(await storedFor(user.id)).toBe(1);
    const guest = await ctx.request("/api/kyc", { method: "POST", form: kycForm(new Blob([pngFile()])) });
    expect(guest.status).toBe(401);
    expect((await ctx.request("/api/kyc")).status).toBe(401);
  });
});

describe("the review queue", () => {
  it("serves the document to administrators only, byte-identical, with safe headers", async () => {
    const user = await ctx.createVerifiedUser();
    const other = await ctx.createVerifiedUser();
    const png = pngFile("admin-readback");
    expect((await submit(user, kycForm(new Blob([png]), "../../evil.html"))).status).toBe(201);
    const queue = await (await ctx.request("/api/admin/kyc", { cookie: admin.cookie })).json();
    const item = queue.items.find((i: { userId: string }) => i.userId === user.id);
    expect(item).toMatchObject({
      email: user.email,
      fullName: "Ada Lovelace",
      status: "pending",
      documentType: "image/png",
    });
    const path = `/api/admin/kyc/${item.id}/document`;

    expect((await ctx.request(path)).status).toBe(401);
    expect((await ctx.request(path, { cookie: other.cookie })).status).toBe(403);
    expect((await ctx.request(path, { cookie: user.cookie })).status).toBe(403);
    expect((await ctx.request(`/api/admin/kyc/${item.id}`, { cookie: user.cookie })).status).toBe(403);

    const res = await ctx.request(path, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="kyc-${item.id}.png"`);

    const detail = await (await ctx.request(`/api/admin/kyc/${item.id}`, { cookie: admin.cookie })).json();
    expect(detail).toMatchObject({ documentId: "P-1234-5678", documentAvailable: true, reason: null });
  });

  it("lists pending submissions oldest first and counts them on the overview", async () => {
    const first = await ctx.createVerifiedUser();
    const second = await ctx.createVerifiedUser();
    await submit(first, kycForm(new Blob([pngFile()])));
    await submit(second, kycForm(new Blob([pngFile()])));
    const { items } = await (await ctx.request("/api/admin/kyc", { cookie: admin.cookie })).json();
    const ids = items.map((i: { userId: string }) => i.userId);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const times = items.map((i: { submittedAt: string }) => i.submittedAt);
    expect([...times].sort()).toEqual(times);
    const overview = await (await ctx.request("/api/admin/overview", { cookie: admin.cookie })).json();
    expect(overview.pending).toContainEqual({
      key: "kyc",
      label: "KYC submissions to review",
      href: "/admin/kyc",
      count: items.length,
    });
  });

  it("rejects with a reason (audited, e-mailed, shown to the user), and the user may submit again", async () => {
    const user = await ctx.createVerifiedUser();
    await submit(user, kycForm(new Blob([pngFile()])));
    const { items } = await (await ctx.request("/api/admin/kyc", { cookie: admin.cookie })).json();
    const id = items.find((i: { userId: string }) => i.userId === user.id).id;
    const decide = (json: unknown, cookie = admin.cookie) =>
      ctx.request(`/api/admin/kyc/${id}/decision`, { cookie, json });
    expect((await decide({ decision: "reject" })).status).toBe(422);
    expect((await decide({ decision: "approve" }, user.cookie)).status).toBe(403);
    const res = await decide({ decision: "reject", reason: "  The photo is blurred.  " });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ submissionId: id, userId: user.id, status: "rejected" });
    expect((await decide({ decision: "approve" })).status).toBe(409);
    const audit = await ctx.db.selectFrom("audit_log").selectAll().where("target_id", "=", id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      action: "kyc.reject",
      reason: "The photo is blurred.",
    });
    const status = await (await ctx.request("/api/kyc", { cookie: user.cookie })).json();
    expect(status).toMatchObject({ status: "rejected", reason: "The photo is blurred." });
    const mail = await ctx.mailTo(user.email);
    expect(mail[0]?.subject).toBe("Play, Learn, Earn: identity check not approved");
    expect((await submit(user, kycForm(new Blob([pngFile()])))).status).toBe(201);
  });

  it("deletes the document bytes after the retention period, keeping the decision record", async () => {
    const user = await ctx.createVerifiedUser();
    const kept = await ctx.createVerifiedUser();
    await submit(user, kycForm(new Blob([pngFile()])));
    await submit(kept, kycForm(new Blob([pngFile()])));
    const { items } = await (await ctx.request("/api/admin/kyc", { cookie: admin.cookie })).json();
    const idOf = (u: TestUser) => items.find((i: { userId: string }) => i.userId === u.id).id as string;
    for (const u of [user, kept]) {
      await ctx.request(`/api/admin/kyc/${idOf(u)}/decision`, {
        cookie: admin.cookie,
        json: { decision: "approve" },
      });
    }
    // The first decision was 31 days ago, the second 29 (the default period is 30 days).
    for (const [u, days] of [
      [user, 31],
      [kept, 29],
    ] as const) {
      await ctx.db
        .updateTable("kyc_submissions")
        .set({ decided_at: new Date(Date.now() - days * 24 * 60 * 60 * 1000) })
        .where("id", "=", idOf(u))
        .execute();
    }
    await enqueueJob(ctx.db, { queue: KYC_RETENTION_QUEUE });
    await ctx.deps.jobs.drain();
    const documents = await ctx.db
      .selectFrom("kyc_documents")
      .select("submission_id")
      .where("submission_id", "in", [idOf(user), idOf(kept)])
      .execute();
    expect(documents.map((d) => d.submission_id)).toEqual([idOf(kept)]);
    const gone = await ctx.request(`/api/admin/kyc/${idOf(user)}/document`, { cookie: admin.cookie });
    expect(gone.status).toBe(410);
    const detail = await (await ctx.request(`/api/admin/kyc/${idOf(user)}`, { cookie: admin.cookie })).json();
    expect(detail).toMatchObject({ status: "approved", documentAvailable: false, decidedBy: adminEmail });
    expect((await (await ctx.request("/api/kyc", { cookie: user.cookie })).json()).status).toBe("approved");
  });
});
