import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { submitKycForm } from "#tests/support/kyc";
import { pdfFile, pngFile } from "#tests/support/kyc-files";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { enqueueJob } from "../jobs/jobs.service";
import { KYC_RETENTION_QUEUE } from "./kyc-retention.job";

/** Administrators review KYC submissions: the document, the queue, decisions, retention. */

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

const submit = (user: TestUser, file?: Blob, name?: string) => submitKycForm(ctx, user, file, name);
const reviews = (user: TestUser = admin) => ctx.api(user).admin.kyc;
const queue = async () => (await reviews().$get({ query: { status: "pending" } })).json();
const decide = (id: string, json: { decision: "approve" | "reject"; reason?: string }, user?: TestUser) =>
  reviews(user)[":id"].decision.$post({ param: { id }, json });

describe("the review queue", () => {
  it("serves the document to administrators only, byte-identical, with safe headers", async () => {
    const user = await ctx.createVerifiedUser();
    const other = await ctx.createVerifiedUser();
    const png = pngFile("admin-readback");
    expect((await submit(user, new Blob([png]), "../../evil.html")).status).toBe(201);
    const item = (await queue()).items.find((i) => i.userId === user.id);
    if (!item) throw new Error("the submission is not in the queue");
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
    expect((await reviews(user)[":id"].$get({ param: { id: item.id } })).status).toBe(403);

    const res = await ctx.request(path, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="kyc-${item.id}.png"`);

    const detail = await (await reviews()[":id"].$get({ param: { id: item.id } })).json();
    expect(detail).toMatchObject({ documentAvailable: true, reason: null });
    expect(detail.documentId).toMatch(/^P-[0-9A-F]{8}$/);
  });

  it("serves a PDF as an attachment (never opened inline in the console), an image inline", async () => {
    const user = await ctx.createVerifiedUser();
    expect((await submit(user, new Blob([pdfFile("attachment")]), "scan.pdf")).status).toBe(201);
    const item = (await queue()).items.find((i) => i.userId === user.id);
    if (!item) throw new Error("the submission is not in the queue");
    const res = await ctx.request(`/api/admin/kyc/${item.id}/document`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="kyc-${item.id}.pdf"`);
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
  });

  it("lists pending submissions oldest first and counts them on the overview", async () => {
    const first = await ctx.createVerifiedUser();
    const second = await ctx.createVerifiedUser();
    await submit(first);
    await submit(second);
    const { items } = await queue();
    const ids = items.map((i) => i.userId);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const times = items.map((i) => i.submittedAt);
    expect([...times].sort()).toEqual(times);
    const overview = await (await ctx.api(admin).admin.overview.$get()).json();
    expect(overview.pending).toContainEqual({
      key: "kyc",
      label: "KYC submissions to review",
      href: "/admin/kyc",
      count: items.length,
    });
  });

  it("rejects with a reason (audited, e-mailed, shown to the user), and the user may submit again", async () => {
    const user = await ctx.createVerifiedUser();
    await submit(user);
    const { items } = await queue();
    const id = items.find((i) => i.userId === user.id)?.id ?? "";
    expect((await decide(id, { decision: "reject" })).status).toBe(422);
    expect((await decide(id, { decision: "approve" }, user)).status).toBe(403);
    const res = await decide(id, { decision: "reject", reason: "  The photo is blurred.  " });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ submissionId: id, userId: user.id, status: "rejected" });
    expect((await decide(id, { decision: "approve" })).status).toBe(409);
    const audit = await ctx.db.selectFrom("audit_log").selectAll().where("target_id", "=", id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      action: "kyc.reject",
      reason: "The photo is blurred.",
    });
    const status = await (await ctx.api(user).kyc.$get()).json();
    expect(status).toMatchObject({ status: "rejected", reason: "The photo is blurred." });
    // The decision's mail, once (the 'documents received' message is mailed too, in its own time).
    const subjects = (await ctx.mailTo(user.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s === "Play, Learn, Earn: identity check not approved")).toHaveLength(1);
    expect((await submit(user)).status).toBe(201);
  });

  it("deletes the document bytes after the retention period, keeping the decision record", async () => {
    const user = await ctx.createVerifiedUser();
    const kept = await ctx.createVerifiedUser();
    await submit(user);
    await submit(kept);
    const { items } = await queue();
    const idOf = (u: TestUser) => items.find((i) => i.userId === u.id)?.id ?? "";
    for (const u of [user, kept]) await decide(idOf(u), { decision: "approve" });
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
    const detail = await (await reviews()[":id"].$get({ param: { id: idOf(user) } })).json();
    expect(detail).toMatchObject({ status: "approved", documentAvailable: false, decidedBy: adminEmail });
    expect((await (await ctx.api(user).kyc.$get()).json()).status).toBe("approved");
  });
});
