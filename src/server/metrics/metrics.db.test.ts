import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchVideoToEnd } from "#tests/support/earning";
import type { TestUser } from "#tests/support/factories";
import { type Family, parsePrometheusText, sampleValue } from "#tests/support/prometheus-text";
import * as rd from "#tests/support/redemptions";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { FORWARDING_HEADERS } from "../http/local-operator";
import { STATE_QUERIES } from "./state-metrics";

/**
 * GET /metrics (docs/product.md "Operating"): after earning, a redemption and a queued mail the scrape, parsed as
 * Prometheus text, moved by exactly what was done; it is hidden from other machines without the token.
 */
const TOKEN = randomBytes(24).toString("hex");
let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ({ ctx, admin } = await rd.createRedemptionsContext({
    EARN_VIDEO_WATCHES_PER_DAY: "100",
    METRICS_TOKEN: TOKEN,
    TRUST_PROXY: "true",
  }));
});
afterAll(async () => {
  await ctx?.close();
});

async function scrape(): Promise<Map<string, Family>> {
  const res = await ctx.request("/metrics", { local: true, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

const COMPLETE = { method: "POST", route: "/api/videos/watches/:watchId/complete", status: "200" };

describe("the scrape moves by exactly what was done", () => {
  it("earning: awards and coins by kind, requests by route pattern and status", async () => {
    const user = await ctx.createVerifiedUser();
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await watchVideoToEnd(ctx.client, ctx.db, user)).status).toBe(200);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(moved("ple_awards_total", { kind: "video_watch", outcome: "paid" })).toBe(3);
    expect(moved("ple_award_coins_total", { kind: "video_watch" })).toBe(30);
    expect(moved("ple_awards_total", { kind: "ttt_win", outcome: "paid" })).toBe(0);
    expect(moved("ple_http_request_duration_seconds_count", COMPLETE)).toBe(3);
    // The route's pattern, never the raw path: no series names a watch id.
    const routes = after.get("ple_http_request_duration_seconds")?.samples.map((s) => s.labels.route) ?? [];
    expect(routes.some((r) => /\d{3,}|[0-9a-f]{8}-/.test(r ?? ""))).toBe(false);
    // Node's own figures are there too.
    expect(sampleValue(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(after.has("nodejs_eventloop_lag_seconds")).toBe(true);
    expect(sampleValue(after, "ple_db_pool_max")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, "ple_scrape_processes", { answered: "true" })).toBe(1);
  });

  it("a redemption: requested, approved and paid out, in count and coins; open payouts by state", async () => {
    const user = await rd.userWith(ctx, 1500);
    const before = await scrape();
    const r = await rd.requested(ctx, user, 1000);
    const pending = await scrape();
    expect(sampleValue(pending, "ple_payouts", { state: "pending" })).toBe(1);
    expect((await rd.adminAction(ctx, admin, `/${r.id}/approve`)).status).toBe(200);
    const approved = await scrape();
    expect(sampleValue(approved, "ple_payouts", { state: "pending" })).toBe(0);
    expect(sampleValue(approved, "ple_payouts", { state: "approved" })).toBe(1);
    const paid = await rd.adminAction(ctx, admin, `/${r.id}/mark-paid`, { reference: "PAYPAL-TX-1" });
    expect(paid.status).toBe(200);
    const after = await scrape();
    const moved = (name: string, event: string) =>
      sampleValue(after, name, { event }) - sampleValue(before, name, { event });
    expect([
      moved("ple_redemptions_total", "requested"),
      moved("ple_redemption_coins_total", "requested"),
    ]).toEqual([1, 1000]);
    expect([
      moved("ple_redemptions_total", "approved"),
      moved("ple_redemption_coins_total", "approved"),
    ]).toEqual([1, 1000]);
    expect([moved("ple_redemptions_total", "paid"), moved("ple_redemption_coins_total", "paid")]).toEqual([
      1, 1000,
    ]);
    expect(moved("ple_redemptions_total", "rejected")).toBe(0);
    expect(sampleValue(after, "ple_payouts", { state: "approved" })).toBe(0);
    expect(sampleValue(after, "ple_proposals_waiting")).toBe(0);
  });

  it("a queued mail: the outbox's depth and age while the worker is stopped, back to 0 once delivered", async () => {
    await ctx.deps.mailOutbox.idle();
    await ctx.deps.jobs.stop();
    try {
      await ctx.deps.mailOutbox.enqueue({
        to: "ops@example.test",
        subject: "s",
        text: "t",
        html: "<p>t</p>",
      });
      const waiting = await scrape();
      expect(sampleValue(waiting, "ple_mail_outbox_depth")).toBe(1);
      expect(sampleValue(waiting, "ple_job_queue_depth", { queue: "mail" })).toBe(1);
      const age = sampleValue(waiting, "ple_mail_outbox_oldest_age_seconds");
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(60);
      expect(sampleValue(waiting, "ple_database_up")).toBe(1);
    } finally {
      ctx.deps.jobs.start();
    }
    await ctx.deps.mailOutbox.idle();
    const delivered = await scrape();
    expect(sampleValue(delivered, "ple_mail_outbox_depth")).toBe(0);
    expect(sampleValue(delivered, "ple_mail_outbox_oldest_age_seconds")).toBe(0);
    // Every queue of the worker is listed, empty ones at 0.
    expect(sampleValue(delivered, "ple_job_queue_depth", { queue: "redemption.payout" })).toBe(0);
  });

  it("the state is read through indexes, not by scanning the finished history", async () => {
    await sql`insert into jobs (queue, status, finished_at)
      select 'mail', 'done', now() from generate_series(1, 5000)`.execute(ctx.db);
    await sql`analyze jobs`.execute(ctx.db);
    const { rows } = await sql<Record<string, string>>`explain ${sql.raw(STATE_QUERIES.jobs)}`.execute(
      ctx.db,
    );
    const plan = rows.map((r) => Object.values(r).join(" ")).join("\n");
    expect(plan).not.toMatch(/Seq Scan on jobs/);
    expect(plan).toMatch(/jobs_due_idx/);
  });
});

describe("who may read /metrics", () => {
  const from = (ip: string, headers: Record<string, string> = {}) => ctx.request("/metrics", { ip, headers });

  it("another address without the token: 404, as if there were no such page", async () => {
    expect((await from("203.0.113.9")).status).toBe(404);
  });

  it("a wrong token: 401, from another address and from loopback", async () => {
    const remote = await from("203.0.113.9", { authorization: "Bearer not-the-token" });
    expect(remote.status).toBe(401);
    expect(remote.headers.get("www-authenticate")).toMatch(/^Bearer /);
    const local = await ctx.request("/metrics", { local: true, headers: { authorization: "Bearer nope" } });
    expect(local.status).toBe(401);
  });

  it("the token opens it from anywhere", async () => {
    const res = await from("203.0.113.9", { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(parsePrometheusText(await res.text()).has("ple_awards_total")).toBe(true);
  });

  it("a request a proxy passed on is not local, whatever X-Forwarded-For claims (TRUST_PROXY=true)", async () => {
    expect((await from("203.0.113.9", { "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
    const proxied = await ctx.request("/metrics", {
      local: true,
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(proxied.status).toBe(404);
  });

  it("with TRUST_PROXY=true even loopback needs the token", async () => {
    expect((await ctx.request("/metrics", { local: true })).status).toBe(404);
  });
});

describe("/metrics from loopback without a proxy (TRUST_PROXY=false)", () => {
  it("opens to a plain local request and refuses one carrying any proxy's forwarding header", async () => {
    const local = await createTestContext({ METRICS_TOKEN: TOKEN });
    try {
      expect((await local.request("/metrics", { local: true })).status).toBe(200);
      const names = [
        ...FORWARDING_HEADERS,
        "x-forwarded",
        "x-forwarded-for",
        "x-forwarded-host",
        "X-Forwarded-Proto",
      ];
      for (const name of names) {
        const res = await local.request("/metrics", { local: true, headers: { [name]: "198.51.100.7" } });
        expect({ name, status: res.status }).toEqual({ name, status: 404 });
      }
    } finally {
      await local.close();
    }
  });
});

describe("METRICS_ENABLED=false", () => {
  it("nothing is served, not even to loopback", async () => {
    const off = await createTestContext({ METRICS_ENABLED: "false" });
    try {
      expect((await off.request("/metrics", { local: true })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
