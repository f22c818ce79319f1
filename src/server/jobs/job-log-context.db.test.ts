import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "../db/client";
import { runAfterCommit } from "../db/transaction-scope";
import { requestLog } from "../http/request-log";
import { createRouter } from "../http/router";
import { createLogDestination } from "../log-destination";
import { createLogger } from "../logger";
import { enqueueJob } from "./jobs.service";
import { createJobWorker } from "./jobs.worker";

/**
 * A request's fields stay on that request's lines (logger.ts): a job the request enqueued and woke the worker for
 * runs after the request, and its lines carry the job's id and queue, never any of the request's fields (its id,
 * method, path, status) — nor do the lines of the poll loop's later ticks.
 */
let handle: DatabaseHandle;
const lines: Record<string, unknown>[] = [];
const output = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString().split("\n").filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    callback();
  },
});
const logger = createLogger({ logLevel: "info" }, createLogDestination(output));

beforeAll(async () => {
  handle = await openTestDatabase({ poolMax: 4 });
});
afterAll(async () => {
  await handle?.close();
});

async function waitFor(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("log context", () => {
  it("a job woken by a request logs under its own id, not the request's", async () => {
    let calls = 0;
    const worker = createJobWorker({
      db: handle.db,
      logger,
      sweep: false,
      pollMs: 300, // the request pokes it first; the retry runs from a later tick
      backoff: { baseMs: 30, maxMs: 60 },
      handlers: {
        "log-probe": async () => {
          calls++;
          await new Promise((r) => setTimeout(r, 5));
          logger.info({ call: calls }, "probe job ran");
          if (calls === 1) throw new Error("first try fails"); // its retry runs from a later tick
        },
      },
    });
    worker.start();
    const app = createRouter()
      .use(requestLog(logger, { trustProxy: false }))
      .post("/enqueue", async (c) => {
        const id = await handle.db.transaction().execute(async (trx) => {
          runAfterCommit(() => worker.poke());
          return enqueueJob(trx, { queue: "log-probe", payload: {} });
        });
        logger.info("enqueued");
        return c.json({ id });
      });
    const res = await app.request("/enqueue", { method: "POST" });
    const { id } = (await res.json()) as { id: number };
    await waitFor(() => lines.filter((l) => l.msg === "probe job ran").length === 2);
    await worker.stop();

    const reqId = res.headers.get("x-request-id");
    expect(reqId).toBeTruthy();
    const ofRequest = lines.filter((l) => l.reqId === reqId).map((l) => l.msg);
    expect(ofRequest).toEqual(["enqueued", "request"]);
    const ofJob = lines.filter((l) => l.msg === "probe job ran" || l.job !== undefined);
    expect(ofJob.length).toBeGreaterThanOrEqual(3); // two runs and the warning of the failed first try
    for (const line of ofJob) {
      expect(line.reqId).toBeUndefined();
      expect(line.job).toBe(id);
      expect(line.queue).toBe("log-probe");
    }
    // None of the request's fields (its id, method, path, status, time taken) on any line but the request's own.
    const requestLine = lines.find((l) => l.msg === "request" && l.reqId === reqId) ?? {};
    const requestFields = Object.keys(requestLine).filter((k) => !["level", "time", "msg"].includes(k));
    expect(requestFields).toEqual(expect.arrayContaining(["reqId", "method", "path", "status", "ms"]));
    const others = lines.filter((l) => l.reqId !== reqId);
    expect(others.length).toBeGreaterThanOrEqual(ofJob.length);
    for (const line of others) {
      expect(requestFields.filter((k) => k in line)).toEqual([]);
      expect(JSON.stringify(line)).not.toContain(String(reqId));
      expect(JSON.stringify(line)).not.toContain("/enqueue");
    }
  });
});
