import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client";
import { signUp, uniqueEmail } from "../support/factories";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy";
import { httpClient } from "../support/http-client";
import { parsePrometheusText, sampleValue } from "../support/prometheus-text";
import { type RunningServer, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { openTestDatabase } from "../support/test-db";

const METRICS_TOKEN = randomUUID().replaceAll("-", "");

/**
 * Mail that waits for the mail server: the real server sends through a TCP fault proxy to an SMTP sink. Sign-ups
 * made while the mail server is away get their confirmation mail, exactly once, after it is back — also when the
 * server was killed (SIGKILL) with the mails still queued.
 */
const SIGN_UPS = 20;
let sink: SmtpSink;
let smtp: FaultProxy;
let testDb: (DatabaseHandle & { url?: string }) | undefined;
const dataDirs: string[] = [];
const servers: RunningServer[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  const target = new URL(sink.url);
  smtp = await startFaultProxy({ host: target.hostname, port: Number(target.port) });
});
afterAll(async () => {
  for (const server of servers) await server.kill();
  await smtp?.close();
  await sink?.close();
  await testDb?.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

/** Server settings for one test: its own database (kept across restarts), mail through the fault proxy. */
async function serverEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    SMTP_URL: smtp.via(sink.url),
    AUTH_RATE_LIMIT: "10000",
    MAIL_RATE_LIMIT: "10000",
    TRUST_PROXY: "true",
    // Behind a proxy only the token opens /metrics, loopback included (docs/product.md, "Metrics for operators").
    METRICS_TOKEN,
    LOG_LEVEL: "info",
  };
  if (inject("dbKind") === "postgres") {
    await testDb?.close();
    testDb = await openTestDatabase({ poolMax: 2 });
    env.DATABASE_URL = testDb.url ?? "";
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), "ple-mail-"));
    dataDirs.push(dir);
    env.DATA_DIR = dir;
  }
  return env;
}

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  servers.push(server);
  return server;
}

/** SIGN_UPS sign-ups side by side (each from its own address): the mails are under test here, not sign-up. */
async function signUpMany(server: RunningServer, prefix: string): Promise<string[]> {
  const client = httpClient(server.url);
  const emails = Array.from({ length: SIGN_UPS }, () => uniqueEmail(prefix));
  const statuses = await Promise.all(
    emails.map(
      async (email, i) => (await signUp(client, email, "secret1", { ip: `10.55.0.${i + 1}` })).status,
    ),
  );
  expect(statuses).toEqual(emails.map(() => 200));
  return emails;
}

async function waitFor(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Mails queued or being sent, as the server's /metrics (read from this machine) counts them. */
async function outboxDepth(server: RunningServer): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return sampleValue(parsePrometheusText(await res.text()), "ple_mail_outbox_depth");
}

/**
 * Waits until every address has its confirmation mail and the server's outbox is empty (no mail left queued or
 * being sent, so no duplicate can still come), then counts.
 */
async function expectEachConfirmedOnce(server: RunningServer, emails: string[], timeoutMs: number) {
  const confirmations = (email: string) =>
    sink.messages.filter((m) => m.to.includes(email) && /confirm/i.test(m.subject)).length;
  await waitFor(
    "every confirmation mail and an empty outbox",
    async () => emails.every((e) => confirmations(e) > 0) && (await outboxDepth(server)) === 0,
    timeoutMs,
  ).catch((error: Error) => {
    const missing = emails.filter((e) => confirmations(e) === 0).length;
    throw new Error(`${error.message}: ${missing} confirmation mails never arrived`);
  });
  expect(emails.map(confirmations)).toEqual(emails.map(() => 1));
}

describe("mail while the mail server is away", () => {
  it(`${SIGN_UPS} sign-ups during an SMTP outage: every confirmation arrives once after it is back`, async () => {
    const server = await start(await serverEnv());
    smtp.down();
    const before = smtp.connections;
    const emails = await signUpMany(server, "smtp-outage");
    // The outage lasts until the mail server has refused the server twice per mail: first tries and retries
    // (mail goes out at once, then with backoff).
    await waitFor("the outage's refused attempts", () => smtp.connections - before >= 2 * SIGN_UPS, 60_000);
    expect(sink.messages.filter((m) => emails.some((e) => m.to.includes(e)))).toEqual([]);
    smtp.up();
    await expectEachConfirmedOnce(server, emails, 60_000);
    expect(server.output()).not.toMatch(
      /Unhandled 'error' event|unhandled promise rejection|uncaught exception/,
    );
    await server.stop();
  }, 120_000);

  it(`SIGKILL with ${SIGN_UPS} mails queued: after the restart all are delivered once`, async () => {
    // A shorter job lease than the default 60 s (JOB_LEASE_SECONDS, what an operator sets): still far above a
    // delivery to the local sink, so a lease never runs out under a mail that is being sent.
    const env = { ...(await serverEnv()), JOB_LEASE_SECONDS: "10" };
    const first = await start(env);
    smtp.down();
    const emails = await signUpMany(first, "killed");
    await first.kill();
    smtp.up();
    expect(sink.messages.filter((m) => emails.some((e) => m.to.includes(e)))).toEqual([]);
    const second = await start(env);
    // A mail being sent at the moment of the kill waits for its lease to run out; the others go at once.
    await expectEachConfirmedOnce(second, emails, 90_000);
    await second.stop();
  }, 180_000);
});
