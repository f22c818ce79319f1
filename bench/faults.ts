/**
 * `npm run bench:faults`: the real server under 32 concurrent earning clients (PostgreSQL + Redis), with one
 * dependency taken away through a TCP fault proxy at 10 s for 15 s (connections reset, new ones refused), then
 * the mail server away for 15 s during 20 sign-ups. Prints a table — answers by status during the fault, seconds
 * to the first success and to steady state after it, acknowledged awards against the ledger — and writes it into
 * docs/benchmarks.md. Needs PostgreSQL (BENCH_DATABASE_URL, an admin URL; default the local server) and Redis
 * (BENCH_REDIS_URL, default redis://127.0.0.1:6379). Never stops either server.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { fromPool } from "~/server/db/client";
import { createVerifiedUser, signUp, type TestUser, uniqueEmail } from "../tests/support/factories";
import { auditLedger, earnThroughFault, summarize } from "../tests/support/fault-load";
import { type FaultProxy, startFaultProxy } from "../tests/support/fault-proxy";
import { httpClient } from "../tests/support/http-client";
import { LOAD_ENV, type RunningServer, startServer } from "../tests/support/server-process";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { marked, writeSection } from "./doc-section";
import { withDatabase } from "./ledger";
import { SMOKE, smokeOr } from "./smoke";

const CLIENTS = 32;
const USERS = 16;
const FAULT_AT_MS = smokeOr(10_000, 2_000);
const FAULT_MS = smokeOr(15_000, 3_000);
const AFTER_MS = smokeOr(10_000, 2_000);
const SIGN_UPS = smokeOr(20, 3);
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const out = path.resolve(import.meta.dirname, "../docs/benchmarks.md");

const hostPort = (url: string, port: number) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || port) };
};
const seconds = (ms: number | null) => (ms === null ? "never" : (ms / 1000).toFixed(1));

async function earningScenario(
  name: string,
  server: RunningServer,
  dbUrl: string,
  users: TestUser[],
  proxy: FaultProxy,
): Promise<string> {
  console.log(`${name}: ${CLIENTS} clients, fault at ${FAULT_AT_MS / 1000} s for ${FAULT_MS / 1000} s…`);
  const run = await earnThroughFault({
    baseUrl: server.url,
    users,
    clients: CLIENTS,
    durationMs: FAULT_AT_MS + FAULT_MS + AFTER_MS,
    faultAtMs: FAULT_AT_MS,
    outage: () => proxy.outage(FAULT_MS),
  });
  const s = summarize(run);
  const handle = fromPool(new pg.Pool({ connectionString: dbUrl, max: 1 }));
  const audit = await auditLedger(handle.db, run.acks).finally(() => handle.close());
  const byStatus = Object.entries(s.duringFault)
    .map(([status, n]) => `${n} × ${status === "0" ? "no answer" : status}`)
    .join(", ");
  return `| ${name} | ${byStatus || "—"} | ${s.unexpected} | ${seconds(s.firstSuccessMs)} | ${seconds(s.steadyMs)} | ${s.acknowledged} | ${audit.missing} | ${audit.duplicateCauseKeys} | ${audit.brokenBalances} |`;
}

async function mailScenario(dbUrl: string): Promise<string> {
  console.log(`SMTP: ${SIGN_UPS} sign-ups while the mail server is away for ${FAULT_MS / 1000} s…`);
  const sink = await startSmtpSink();
  const proxy = await startFaultProxy(hostPort(sink.url, 25));
  const server = await startServer({
    DATABASE_URL: dbUrl,
    SMTP_URL: proxy.via(sink.url),
    AUTH_RATE_LIMIT: "10000",
    MAIL_RATE_LIMIT: "10000",
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
  });
  try {
    const client = httpClient(server.url);
    proxy.down();
    const started = Date.now();
    const emails = Array.from({ length: SIGN_UPS }, () => uniqueEmail("bench-mail"));
    let answered = 0;
    for (const [i, email] of emails.entries())
      if ((await signUp(client, email, "secret1", { ip: `10.66.0.${i + 1}` })).status === 200) answered++;
    await new Promise((r) => setTimeout(r, Math.max(0, FAULT_MS - (Date.now() - started))));
    proxy.up();
    const back = Date.now();
    const delivered = () => emails.filter((e) => sink.messages.some((m) => m.to.includes(e))).length;
    while (delivered() < SIGN_UPS && Date.now() - back < 120_000)
      await new Promise((r) => setTimeout(r, 100));
    const allIn = Date.now() - back;
    await new Promise((r) => setTimeout(r, 2000));
    const duplicates = sink.messages.filter((m) => emails.some((e) => m.to.includes(e))).length - delivered();
    return `| SMTP away ${FAULT_MS / 1000} s during ${SIGN_UPS} sign-ups | ${answered} × 200 | 0 | — | ${seconds(allIn)} (all mail in) | ${delivered()} of ${SIGN_UPS} mails delivered | — | ${duplicates} duplicate mails | — |`;
  } finally {
    await server.stop();
    await proxy.close();
    await sink.close();
  }
}

const rows = await withDatabase(async (dbUrl) => {
  const pgProxy = await startFaultProxy(hostPort(dbUrl, 5432));
  const redisProxy = await startFaultProxy(hostPort(redisUrl, 6379));
  const server = await startServer({
    DATABASE_URL: pgProxy.via(dbUrl),
    DATABASE_POOL_MAX: "20",
    REDIS_URL: redisProxy.via(redisUrl),
    REDIS_PREFIX: `ple-bench:${randomUUID().slice(0, 8)}:`,
    ...LOAD_ENV,
    MAIL_RATE_LIMIT: "10000",
    LOG_LEVEL: "warn",
  });
  try {
    const client = httpClient(server.url);
    const users: TestUser[] = [];
    for (let i = 0; i < USERS; i++) users.push(await createVerifiedUser(client));
    const result = [
      await earningScenario(`PostgreSQL away ${FAULT_MS / 1000} s`, server, dbUrl, users, pgProxy),
      await earningScenario(`Redis away ${FAULT_MS / 1000} s`, server, dbUrl, users, redisProxy),
    ];
    const alive = (await fetch(`${server.url}/api/health`)).status === 200;
    if (!alive) throw new Error("the server did not survive the faults");
    return result;
  } finally {
    await server.stop();
    await pgProxy.close();
    await redisProxy.close();
  }
});

// A database of its own: the earning server (no SMTP_URL, so the dev mailbox) must not deliver these mails.
rows.push(await withDatabase(mailScenario));

const report = [
  "## Dependency faults",
  "",
  `Written by \`npm run bench:faults\` (\`bench/faults.ts\`) on ${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      " / ",
    )}. The real server (PostgreSQL + Redis) under ${CLIENTS} concurrent clients earning (a paid video watch each request, ${USERS} users); at ${FAULT_AT_MS / 1000} s a TCP fault proxy resets every connection to one dependency and refuses new ones for ${FAULT_MS / 1000} s. "First success" and "steady" count from the dependency's return; steady = the last refused answer. Acknowledged awards are checked against the ledger afterwards.`,
  "",
  "| fault | answers during the fault | 5xx other than 503, or none | first success (s) | steady (s) | awards acknowledged | missing from ledger | duplicate cause keys | balance ≠ ledger |",
  "|---|---|---|---|---|---|---|---|---|",
  ...rows,
].join("\n");
if (SMOKE) console.log(`\n${report}`);
else {
  writeSection(out, "faults", marked("faults", report));
  console.log(`\n${report}\n\nwrote ${path.relative(process.cwd(), out)}`);
}
