import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client";
import { signUp, uniqueEmail } from "../support/factories";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { openTestDatabase } from "../support/test-db";

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

async function signUpMany(server: RunningServer, prefix: string): Promise<string[]> {
  const client = httpClient(server.url);
  const emails = Array.from({ length: SIGN_UPS }, () => uniqueEmail(prefix));
  let ip = 0;
  for (const email of emails) {
    const res = await signUp(client, email, "secret1", { ip: `10.55.0.${++ip}` });
    expect(res.status, email).toBe(200);
  }
  return emails;
}

/** Waits until every address has its confirmation mail, then a little longer to catch duplicates. */
async function expectEachConfirmedOnce(emails: string[], timeoutMs: number) {
  const confirmations = (email: string) =>
    sink.messages.filter((m) => m.to.includes(email) && /confirm/i.test(m.subject)).length;
  const deadline = Date.now() + timeoutMs;
  while (emails.some((e) => confirmations(e) === 0)) {
    if (Date.now() > deadline)
      throw new Error(
        `${emails.filter((e) => confirmations(e) === 0).length} confirmation mails never arrived`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1500));
  expect(emails.map(confirmations)).toEqual(emails.map(() => 1));
}

describe("mail while the mail server is away", () => {
  it(`${SIGN_UPS} sign-ups during a 5 s SMTP outage: every confirmation arrives once after it is back`, async () => {
    const server = await start(await serverEnv());
    smtp.down();
    const emails = await signUpMany(server, "smtp-outage");
    await new Promise((r) => setTimeout(r, 5000));
    expect(sink.messages.filter((m) => emails.some((e) => m.to.includes(e)))).toEqual([]);
    smtp.up();
    await expectEachConfirmedOnce(emails, 60_000);
    expect(server.output()).not.toMatch(
      /Unhandled 'error' event|unhandled promise rejection|uncaught exception/,
    );
    await server.stop();
  }, 120_000);

  it(`SIGKILL with ${SIGN_UPS} mails queued: after the restart all are delivered once`, async () => {
    const env = await serverEnv();
    const first = await start(env);
    smtp.down();
    const emails = await signUpMany(first, "killed");
    await first.kill();
    smtp.up();
    expect(sink.messages.filter((m) => emails.some((e) => m.to.includes(e)))).toEqual([]);
    const second = await start(env);
    // A mail being sent at the moment of the kill waits for its 60 s lease; the others go at once.
    await expectEachConfirmedOnce(emails, 90_000);
    await second.stop();
  }, 180_000);
});
