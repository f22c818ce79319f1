import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRequest, secondAdmin } from "#tests/support/admin";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { playerPartnerId, signedQuery } from "#tests/support/partners";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { apiError } from "#tests/support/typed-client";

/**
 * Earning partners in the console (docs/product.md, "Earning partners"): created disabled with a secret shown
 * once and kept encrypted; enabling and a new secret need a second administrator; the old secret verifies for a
 * grace period after a rotation; every change is audited.
 */
let ctx: TestContext;
let a: TestUser;
let b: TestUser;
let player: TestUser;
beforeAll(async () => {
  const aEmail = uniqueEmail("admin-a");
  ctx = await createTestContext({ ADMIN_EMAILS: aEmail, ADMIN_RATE_LIMIT: "1000" });
  a = await ctx.createVerifiedUser({ email: aEmail });
  b = await secondAdmin(ctx);
  player = await ctx.createVerifiedUser();
});
afterAll(async () => {
  await ctx.close();
});

const create = (json: Record<string, unknown>) => adminRequest(ctx, a, "/api/admin/partners", json);
const approve = (admin: TestUser, id: number) =>
  adminRequest(ctx, admin, `/api/admin/partners/${id}/approve`, {});
const auditOf = (id: number) =>
  ctx.db
    .selectFrom("audit_log")
    .select(["action", "actor_id"])
    .where("target_type", "=", "partner")
    .where("target_id", "=", String(id))
    .orderBy("id")
    .execute();

async function postback(slug: string, secret: string, transaction: string) {
  const user_id = await playerPartnerId(ctx, player.id);
  const q = signedQuery(secret, { user_id, transaction_id: transaction, reward: "10" });
  return ctx.request(`/api/postbacks/${slug}?${q}`);
}

describe("creating a partner", () => {
  it("answers the id, slug, secret and postback URL; the partner waits disabled for a second administrator", async () => {
    const res = await create({ name: "Offer Wall One" });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = await res.json();
    expect(made).toMatchObject({
      slug: "offer-wall-one",
      postbackUrl: "http://localhost:3000/api/postbacks/offer-wall-one",
      partner: {
        enabled: false,
        proposed: { change: "enable", by: a.id },
        holdDays: 14,
        coinsPerDollar: null,
      },
    });
    expect(made.secret).toMatch(/^[0-9a-f]{64}$/);
    // Kept encrypted: the stored row does not hold it, and no answer shows it again.
    const row = await ctx.db
      .selectFrom("partners")
      .selectAll()
      .where("slug", "=", made.slug)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(made.secret);
    const list = await (await adminRequest(ctx, a, "/api/admin/partners")).text();
    expect(list).toContain("offer-wall-one");
    expect(list).not.toContain(made.secret);
    // Disabled: its postbacks are refused.
    expect((await postback(made.slug, made.secret, "early-1")).status).toBe(403);

    const self = await approve(a, made.id);
    expect(self.status).toBe(403);
    expect((await apiError(self)).code).toBe("SECOND_ADMIN_REQUIRED");
    const ok = await approve(b, made.id);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await ok.json()).partner).toMatchObject({ enabled: true, proposed: null });
    const again = await approve(b, made.id);
    expect((await apiError(again)).code).toBe("PARTNER_NOTHING_PROPOSED");
    expect((await postback(made.slug, made.secret, "first-1")).status).toBe(200);
    expect(await auditOf(made.id)).toEqual([
      { action: "partner.create", actor_id: a.id },
      { action: "partner.enable", actor_id: b.id },
    ]);
  });

  it("refuses a slug asked for and taken (409), and gives a name's slug a tail when taken", async () => {
    expect((await create({ name: "Dup", slug: "dup-wall" })).status).toBe(201);
    const taken = await create({ name: "Dup", slug: "dup-wall" });
    expect(taken.status).toBe(409);
    const derived = await (await create({ name: "Dup Wall" })).json();
    expect(derived.slug).toMatch(/^dup-wall-[0-9a-f]{4}$/);
  });

  it.each([
    [{}],
    [{ name: "x" }],
    [{ name: "Wall", slug: "Bad Slug" }],
    [{ name: "Wall", holdDays: -1 }],
    [{ name: "Wall", allowedSources: ["not-an-ip"] }],
    [{ name: "Wall", wallUrl: "http://insecure.example" }],
    [{ name: "Wall", scheme: "other" }],
  ])("refuses %o (422)", async (json) => {
    expect((await create(json)).status).toBe(422);
  });
});

describe("rotating a secret", () => {
  it("waits for a second administrator; then the old secret verifies until its grace ends", async () => {
    const made = await (await create({ name: "Rotating Wall", holdDays: 0 })).json();
    await approve(b, made.id);
    const rotated = await adminRequest(ctx, b, `/api/admin/partners/${made.id}/rotate-secret`, {});
    expect(rotated.status, await rotated.clone().text()).toBe(200);
    const { secret: fresh, partner } = await rotated.json();
    expect(partner.proposed).toEqual({ change: "rotate", by: b.id });
    // Not approved yet: the new secret does not verify, the old one does.
    expect((await postback(made.slug, fresh, "r1")).status).toBe(403);
    expect((await postback(made.slug, made.secret, "r2")).status).toBe(200);
    expect((await approve(b, made.id)).status).toBe(403);
    const ok = await approve(a, made.id);
    expect(ok.status).toBe(200);
    expect((await ok.json()).partner.previousSecretUntil).not.toBeNull();
    expect((await postback(made.slug, fresh, "r3")).status).toBe(200);
    expect((await postback(made.slug, made.secret, "r4")).status).toBe(200);
    // The grace ends: the old secret is refused.
    await ctx.db
      .updateTable("partners")
      .set({ previous_secret_until: sql<Date>`now() - interval '1 second'` })
      .where("slug", "=", made.slug)
      .execute();
    expect((await postback(made.slug, made.secret, "r5")).status).toBe(403);
    expect((await postback(made.slug, fresh, "r6")).status).toBe(200);
    expect((await auditOf(made.id)).map((r) => r.action)).toEqual([
      "partner.create",
      "partner.enable",
      "partner.rotate.propose",
      "partner.rotate",
    ]);
  });

  it("disabling is immediate and audited", async () => {
    const made = await (await create({ name: "Short Lived" })).json();
    await approve(b, made.id);
    const off = await adminRequest(ctx, a, `/api/admin/partners/${made.id}/disable`, {});
    expect((await off.json()).partner.enabled).toBe(false);
    expect((await postback(made.slug, made.secret, "d1")).status).toBe(403);
    expect((await auditOf(made.id)).at(-1)?.action).toBe("partner.disable");
  });
});
