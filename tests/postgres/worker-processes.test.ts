import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { earnOneWatch, makeVideosInstant } from "#tests/support/earning";
import type { DatabaseHandle } from "~/server/db/client";
import { signIn, signUp, uniqueEmail, verifyEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { childPids as childrenOf } from "../support/processes";
import { type RunningServer, startServer } from "../support/server-process";
import { openTestDatabase } from "../support/test-db";

/** Serving processes: the first one and the WORKERS - 1 it forks. */
const WORKERS = 3;
const AWARDS = 60;
/** The request that pays: the completion of a video watch. */
const COMPLETE = "/api/videos/watches/";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("WEB_CONCURRENCY worker processes on one PostgreSQL", () => {
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
      LOG_LEVEL: "info",
    });
    await makeVideosInstant(db.db);
    // The first process answers health checks alone until the workers it forks have bound the port too.
    const deadline = Date.now() + 60_000;
    while (logLines().filter((line) => line.msg?.startsWith("listening on")).length < WORKERS) {
      if (Date.now() > deadline) throw new Error(`the workers did not listen:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  const logLines = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { pid?: number; msg?: string; applied?: string[]; port?: number });

  afterAll(async () => {
    await server?.stop();
    await db?.close();
  });

  it("starts the configured number of serving processes, pays every award exactly once through them", async () => {
    expect(childrenOf(server.pid)).toHaveLength(WORKERS - 1);
    const client = httpClient(server.url);
    const email = uniqueEmail("workers");
    const password = `pw-${randomUUID()}`;
    expect((await signUp(client, email, password, { ip: "10.66.0.1" })).status).toBe(200);
    await verifyEmail(client, email);
    const cookie = await signIn(client, email, password, { ip: "10.66.0.1" });

    const statuses = await Promise.all(
      Array.from({ length: AWARDS }, async () => (await earnOneWatch(client, cookie)).status),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const me = await client.request("/api/me", { cookie });
    const body = (await me.json()) as { profile: { points: number } };
    expect(body.profile.points).toBe(AWARDS * 10);
    // The log shows which processes served the awards: more than one did.
    const servedBy = new Set(
      server
        .output()
        .split("\n")
        .filter((line) => line.includes(`"path":"${COMPLETE}`) && line.includes('/complete"'))
        .map((line) => (JSON.parse(line) as { pid?: number }).pid),
    );
    expect(servedBy.size).toBeGreaterThan(1);
    expect(
      [...servedBy].filter((pid) => pid !== server.pid && !childrenOf(server.pid).includes(pid ?? 0)),
    ).toEqual([]);
  });

  it("the first process migrates and listens, then forks the others, which bind the same port", async () => {
    expect(childrenOf(server.pid)).toHaveLength(WORKERS - 1);
    const all = logLines();
    const at = (pid: number | undefined, msg: string) =>
      all.findIndex((line) => line.pid === pid && line.msg?.startsWith(msg));
    // Only the first process prepares the database, before it listens; it forks the workers once it listens.
    const prepared = all.filter((line) => line.msg === "database prepared");
    expect(prepared.map((line) => line.pid)).toEqual([server.pid]);
    expect(prepared[0]?.applied).toBeInstanceOf(Array);
    expect(at(server.pid, "database prepared")).toBeLessThan(at(server.pid, "listening on"));
    expect(at(server.pid, "listening on")).toBeLessThan(at(server.pid, "worker processes started"));
    const listening = all.filter((line) => line.msg?.startsWith("listening on"));
    expect(new Set(listening.map((line) => line.pid))).toEqual(
      new Set([server.pid, ...childrenOf(server.pid)]),
    );
    expect(new Set(listening.map((line) => line.port))).toEqual(new Set([server.port]));
    for (const worker of childrenOf(server.pid))
      expect(at(worker, "listening on")).toBeGreaterThan(at(server.pid, "worker processes started"));
  });

  it("stops with exit code 1 and says why when the database cannot be opened", async () => {
    const failed = await startServer({
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
      WEB_CONCURRENCY: String(WORKERS),
    }).then(
      async (running) => {
        await running.stop();
        return "started";
      },
      (error: unknown) => String(error),
    );
    expect(failed).toContain("server exited with 1");
    expect(failed).toContain("Could not open the database");
    expect(failed).not.toContain("listening on");
  });

  it("replaces a worker that dies, and stops them all on SIGTERM", async () => {
    const before = childrenOf(server.pid);
    const victim = before[0];
    if (!victim) throw new Error("no worker to kill");
    process.kill(victim, "SIGKILL");
    await expect
      .poll(() => childrenOf(server.pid).filter((pid) => pid !== victim).length, { timeout: 30_000 })
      .toBe(WORKERS - 1);
    // A kept-alive connection of an earlier request may have belonged to the killed worker: the first fetch over
    // it fails ("other side closed"), the next one opens a new connection, served by a live worker.
    const health = () =>
      fetch(`${server.url.replace("localhost", "127.0.0.1")}/api/health`).then(
        (res) => res.status,
        () => "connection lost",
      );
    await expect.poll(health, { timeout: 10_000 }).toBe(200);

    const workers = childrenOf(server.pid);
    const stopped = await server.terminate();
    expect(stopped.code).toBe(0);
    expect(alive(server.pid)).toBe(false);
    // The first process exits only once its workers have (it has reaped them: none is left even as a zombie).
    expect(workers.filter(alive)).toEqual([]);
  });
});
