import { randomUUID } from "node:crypto";
import { get } from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { earnOneWatch, makeVideosInstant } from "#tests/support/earning";
import type { DatabaseHandle } from "~/server/db/client";
import { signIn, signUp, uniqueEmail, verifyEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { parsePrometheusText, sampleValue } from "../support/prometheus-text";
import { type RunningServer, startServer } from "../support/server-process";
import { openTestDatabase } from "../support/test-db";

/**
 * /metrics with WEB_CONCURRENCY=2 (docs/decisions/066): whichever process a scrape reaches, it shows every process's
 * counters summed, and the database's state once (not once per process).
 */
const WORKERS = 2;
const AWARDS = 24;
const SCRAPES = 12;
/** Behind a proxy (TRUST_PROXY=true) only the token opens /metrics. */
const METRICS_TOKEN = randomUUID().replaceAll("-", "");
const PAID = { kind: "video_watch", outcome: "paid" };

describe("/metrics over several serving processes", () => {
  let db: DatabaseHandle & { url?: string };
  let server: RunningServer;

  beforeAll(async () => {
    if (inject("dbKind") !== "postgres") throw new Error("worker processes need PostgreSQL");
    db = await openTestDatabase({ poolMax: 2 });
    server = await startServer({
      DATABASE_URL: db.url ?? "",
      WEB_CONCURRENCY: String(WORKERS),
      DATABASE_POOL_MAX: "5",
      VIDEO_WATCH_LIMIT: "100000",
      EARN_VIDEO_WATCHES_PER_DAY: "100000",
      TRUST_PROXY: "true",
      METRICS_TOKEN,
      LOG_LEVEL: "info",
    });
    await makeVideosInstant(db.db);
    const deadline = Date.now() + 60_000;
    while ((server.output().match(/"msg":"listening on/g) ?? []).length < WORKERS) {
      if (Date.now() > deadline) throw new Error(`the workers did not listen:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await db?.close();
  });

  // A fresh connection per scrape (no keep-alive agent), so the kernel spreads them over the processes.
  const scrape = () =>
    new Promise<ReturnType<typeof parsePrometheusText>>((resolve, reject) => {
      get(
        `${server.url}/metrics`,
        { agent: false, headers: { authorization: `Bearer ${METRICS_TOKEN}` } },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
          });
          res.on("end", () => {
            if (res.statusCode === 200) resolve(parsePrometheusText(body));
            else reject(new Error(`/metrics answered ${res.statusCode}: ${body}`));
          });
        },
      ).on("error", reject);
    });

  const servedBy = (part: string) =>
    new Set(
      server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{") && line.includes(part))
        .map((line) => (JSON.parse(line) as { pid?: number }).pid),
    );

  it("every scrape sums the processes' counters and shows the database's state once", async () => {
    const client = httpClient(server.url);
    const email = uniqueEmail("metrics");
    const password = `pw-${randomUUID()}`;
    expect((await signUp(client, email, password, { ip: "10.67.0.1" })).status).toBe(200);
    await verifyEmail(client, email);
    const cookie = await signIn(client, email, password, { ip: "10.67.0.1" });
    const statuses = await Promise.all(
      Array.from({ length: AWARDS }, async () => (await earnOneWatch(client, cookie)).status),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // Both processes served awards (the request log names the process of each line).
    expect(servedBy('/complete"').size).toBe(WORKERS);
    // Three jobs of a queue no process handles: they stay queued, a figure only the database knows.
    await sql`insert into jobs (queue) select 'ops.probe' from generate_series(1, 3)`.execute(db.db);

    for (let i = 0; i < SCRAPES; i++) {
      const m = await scrape();
      expect(sampleValue(m, "ple_scrape_processes", { answered: "true" })).toBe(WORKERS);
      expect(sampleValue(m, "ple_scrape_processes", { answered: "false" })).toBe(0);
      expect(sampleValue(m, "ple_awards_total", PAID)).toBe(AWARDS);
      expect(sampleValue(m, "ple_award_coins_total", { kind: "video_watch" })).toBe(AWARDS * 10);
      expect(sampleValue(m, "ple_job_queue_depth", { queue: "ops.probe" })).toBe(3);
      expect(sampleValue(m, "ple_db_pool_max")).toBe(5 * WORKERS);
    }
    // …and the scrapes reached both processes.
    expect(servedBy('"path":"/metrics"').size).toBe(WORKERS);
  });
});
