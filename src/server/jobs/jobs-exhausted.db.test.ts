import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/server/logger";
import { openTestDatabase } from "../../../tests/support/test-db";
import type { DatabaseHandle } from "../db/client";
import { MAIL_QUEUE, mailJobHandler } from "../mail/outbox.job";
import { processRegistry } from "../metrics/registry";
import { enqueueJob } from "./jobs.service";
import { createJobWorker } from "./jobs.worker";

const logger = createLogger({ logLevel: "silent" });
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase({ poolMax: 4 });
});
afterAll(async () => {
  await handle.close();
});

async function counter(name: string, labels: Record<string, string>): Promise<number> {
  const metric = processRegistry.getSingleMetric(name);
  const values = (await metric?.get())?.values ?? [];
  const found = values.find((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want));
  return found?.value ?? 0;
}

describe("jobs given up (docs/product.md 'Operating': ple_jobs_exhausted_total)", () => {
  it("a mail job that uses up its tries while the mail server is away moves the exhausted metric once", async () => {
    const exhaustedBefore = await counter("ple_jobs_exhausted_total", { queue: MAIL_QUEUE });
    const failedBefore = await counter("ple_job_attempts_total", { queue: MAIL_QUEUE, outcome: "failed" });
    const away = { send: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:1025")) };
    const worker = createJobWorker({
      db: handle.db,
      logger,
      handlers: { [MAIL_QUEUE]: mailJobHandler(away, logger) },
      pollMs: 20,
      backoff: { baseMs: 10, maxMs: 20 },
      sweep: false,
    });
    try {
      const id = (await enqueueJob(handle.db, {
        queue: MAIL_QUEUE,
        payload: { to: "gone@example.test", subject: "s", text: "t", html: "<p>t</p>" },
        maxAttempts: 3,
      })) as number;
      worker.poke();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const row = await handle.db
          .selectFrom("jobs")
          .select("status")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        if (row.status === "failed") break;
        if (Date.now() > deadline) throw new Error(`the mail job is still ${row.status}`);
        await worker.drain();
        await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      await worker.stop();
    }
    expect(await counter("ple_jobs_exhausted_total", { queue: MAIL_QUEUE })).toBe(exhaustedBefore + 1);
    expect(await counter("ple_job_attempts_total", { queue: MAIL_QUEUE, outcome: "failed" })).toBe(
      failedBefore + 3,
    );
    const scrape = await processRegistry.metrics();
    expect(scrape).toContain(`ple_jobs_exhausted_total{queue="${MAIL_QUEUE}"} ${exhaustedBefore + 1}`);
  });
});
