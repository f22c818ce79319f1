import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondAdmin } from "#tests/support/admin";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import {
  createEnabledPartner,
  playerPartnerId,
  signedQuery,
  type TestPartner,
} from "#tests/support/partners";
import { type Family, parsePrometheusText, sampleValue } from "#tests/support/prometheus-text";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { STATE_QUERIES } from "../metrics/state-metrics";
import { releaseDuePartnerCredits } from "./partner-release.job";

/**
 * The partners' metrics (docs/product.md, "Operating" and "Earning partners"): postbacks by partner and outcome,
 * the coins and credits pending per partner, and the releases, each moved by exactly what happened.
 */
const TOKEN = randomBytes(24).toString("hex");
let ctx: TestContext;
let admins: [TestUser, TestUser];
let wall: TestPartner;
beforeAll(async () => {
  const aEmail = uniqueEmail("admin-a");
  ctx = await createTestContext({ ADMIN_EMAILS: aEmail, ADMIN_RATE_LIMIT: "1000", METRICS_TOKEN: TOKEN });
  admins = [await ctx.createVerifiedUser({ email: aEmail }), await secondAdmin(ctx)];
  wall = await createEnabledPartner(ctx, admins, { holdDays: 3 });
});
afterAll(async () => {
  await ctx.close();
});

async function scrape(): Promise<Map<string, Family>> {
  const res = await ctx.request("/metrics", { local: true, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return parsePrometheusText(await res.text());
}

describe("the partners' metrics", () => {
  it("count postbacks by partner and outcome, pending coins, and releases", async () => {
    const pid = await playerPartnerId(ctx, (await ctx.createVerifiedUser()).id);
    const before = await scrape();
    const send = (q: { transaction_id: string; reward: string }, signature?: string) =>
      ctx.request(
        `/api/postbacks/${wall.slug}?${signedQuery(wall.secret, { user_id: pid, ...q }, signature)}`,
      );
    expect((await send({ transaction_id: "m-1", reward: "420" })).status).toBe(200);
    expect((await send({ transaction_id: "m-1", reward: "420" })).status).toBe(200);
    expect((await send({ transaction_id: "m-2", reward: "80" })).status).toBe(200);
    expect((await send({ transaction_id: "m-3", reward: "5" }, "f".repeat(64))).status).toBe(403);
    const after = await scrape();
    const moved = (outcome: string) =>
      sampleValue(after, "ple_partner_postbacks_total", { partner: wall.slug, outcome }) -
      sampleValue(before, "ple_partner_postbacks_total", { partner: wall.slug, outcome });
    expect([moved("credited"), moved("duplicate"), moved("bad_signature"), moved("reversed")]).toEqual([
      2, 1, 1, 0,
    ]);
    expect(sampleValue(after, "ple_partner_pending_coins", { partner: wall.slug })).toBe(500);
    expect(sampleValue(after, "ple_partner_pending_credits", { partner: wall.slug })).toBe(2);

    expect(await releaseDuePartnerCredits(ctx.db, new Date(Date.now() + 4 * 86_400_000))).toBe(2);
    const released = await scrape();
    const releases = (what: string) =>
      sampleValue(released, "ple_partner_releases_total", { what }) -
      sampleValue(after, "ple_partner_releases_total", { what });
    expect([releases("credits"), releases("coins")]).toEqual([2, 500]);
    expect(sampleValue(released, "ple_partner_pending_coins", { partner: wall.slug })).toBe(0);
  });

  it("the pending coins are read through the pending credits' index, not the credits' history", async () => {
    await sql`insert into partner_credits (partner_id, transaction_id, coins, payout_micros, state, release_at)
      select ${wall.id}, 'h-' || g, 10, 0, 'available', now() from generate_series(1, 5000) g`.execute(
      ctx.db,
    );
    await sql`analyze partner_credits`.execute(ctx.db);
    const { rows } = await sql<
      Record<string, string>
    >`explain ${sql.raw(STATE_QUERIES.partnerPending)}`.execute(ctx.db);
    const plan = rows.map((r) => Object.values(r).join(" ")).join("\n");
    expect(plan).not.toMatch(/Seq Scan on partner_credits/);
    expect(plan).toMatch(/partner_credits_release_idx/);
  });
});
