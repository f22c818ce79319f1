/**
 * `npm run bench:partners`: earning partners' postbacks per second through HTTP on the compiled server (one worker,
 * PostgreSQL, a fresh database), each a new signed credit (default scheme, pending for the partner's hold: one
 * transaction writing the credit, the player's pending coins and the partner's day), 64 connections over many
 * players — beside the award's HTTP rate measured the same way in the same run (bench/ledger.ts `benchHttp`: a
 * video watch started and completed). With `--write`, the figures go into docs/benchmarks.md. Figures, not tests.
 */
import { createHmac, randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { signIn, signUp, uniqueEmail, verifyEmail } from "../tests/support/factories";
import { httpClient } from "../tests/support/http-client";
import { ensureBuild, LOAD_ENV, startServer } from "../tests/support/server-process";
import { marked, writeSection } from "./doc-section";
import { benchHttp, withDatabase } from "./ledger";
import { CONNECTIONS, SECONDS, USERS } from "./ledger-load";
import { SMOKE, smokeOr } from "./smoke";

const PLAYERS = smokeOr(USERS, 4);

export interface PostbackRun {
  perSecond: number;
  p50: number;
  p99: number;
  total: number;
  refused: number;
}

async function signedInAdmin(client: ReturnType<typeof httpClient>, email: string, ip: string) {
  const password = `pw-${randomUUID()}`;
  await signUp(client, email, password, { ip });
  await verifyEmail(client, email);
  return signIn(client, email, password, { ip });
}

/** A partner made and approved through the console's API by two administrators; its players' partner ids. */
async function setUpPartner(url: string, admins: [string, string]) {
  const client = httpClient(url);
  const [a, b] = [
    await signedInAdmin(client, admins[0], "10.8.0.1"),
    await signedInAdmin(client, admins[1], "10.8.0.2"),
  ];
  const made = await client.request("/api/admin/partners", {
    method: "POST",
    cookie: a,
    json: { name: "Bench wall", holdDays: 14 },
    ip: "10.8.0.1",
  });
  if (made.status !== 201)
    throw new Error(`creating the partner answered ${made.status}: ${await made.text()}`);
  const partner = (await made.json()) as { id: number; slug: string; secret: string };
  const approved = await client.request(`/api/admin/partners/${partner.id}/approve`, {
    method: "POST",
    cookie: b,
    json: {},
    ip: "10.8.0.2",
  });
  if (approved.status !== 200)
    throw new Error(`approving answered ${approved.status}: ${await approved.text()}`);
  const players: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const email = uniqueEmail("bench-player");
    const ip = `10.7.${i >> 8}.${i & 255}`;
    const cookie = await signedInAdmin(client, email, ip);
    const offers = await client.request("/api/offers", { cookie, ip });
    players.push(((await offers.json()) as { partnerUserId: string }).partnerUserId);
  }
  return { partner, players };
}

/** Postbacks per second: each request a new transaction, signed as the default scheme signs. */
export async function benchPostbacks(url: string): Promise<PostbackRun> {
  const admins: [string, string] = [uniqueEmail("bench-admin-a"), uniqueEmail("bench-admin-b")];
  const server = await startServer({
    DATABASE_URL: url,
    DATABASE_POOL_MAX: String(Math.ceil(CONNECTIONS / 2)),
    WEB_CONCURRENCY: "1",
    ...LOAD_ENV,
    ADMIN_EMAILS: admins.join(","),
    ADMIN_RATE_LIMIT: "1000",
    // The partner's postback rate limit (600 a minute by default) raised out of the way: the bench measures the
    // postback's own cost, not the limit.
    POSTBACK_RATE_LIMIT: "1000000",
    LOG_LEVEL: "warn",
  });
  try {
    const { partner, players } = await setUpPartner(server.url, admins);
    let n = 0;
    let credited = 0;
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: "GET",
          setupRequest: (req) => {
            const i = n++;
            const p = {
              user_id: players[i % players.length] ?? "",
              transaction_id: `b-${i}`,
              reward: "420",
              payout: "2.50",
              status: "1",
            };
            const signed = `${p.transaction_id}:${p.user_id}:${p.reward}:${p.status}`;
            const signature = createHmac("sha256", partner.secret).update(signed).digest("hex");
            return {
              ...req,
              path: `/api/postbacks/${partner.slug}?${new URLSearchParams({ ...p, signature })}`,
            };
          },
          onResponse: (status, body) => {
            if (status === 200 && body === "OK") credited++;
          },
        },
      ],
    });
    return {
      perSecond: credited / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: credited,
      refused: result.non2xx,
    };
  } finally {
    await server.stop();
  }
}

export function formatPartnersSection(postbacks: PostbackRun, awardsPerSecond: number, load: string): string {
  const ratio = awardsPerSecond > 0 ? postbacks.perSecond / awardsPerSecond : 0;
  return marked(
    "partners",
    [
      "## Earning partners: postbacks per second",
      "",
      "`bench/partners.ts` (`npm run bench:partners -- --write`): signed default-scheme credits, each a new",
      `transaction id, to the compiled server (one worker, PostgreSQL, a fresh database) over ${CONNECTIONS} connections`,
      `and ${PLAYERS} players for ${SECONDS} s; a postback is one transaction (the credit, the player's pending coins, the`,
      "partner's day). Beside it, in the same run, the award's HTTP rate measured as `bench:ledger` measures it (one",
      "worker, PostgreSQL: a video watch started and completed, two requests per award).",
      "",
      "| | per second | p50 ms | p99 ms | total |",
      "|---|---:|---:|---:|---:|",
      `| postbacks credited | ${postbacks.perSecond.toFixed(0)} | ${postbacks.p50} | ${postbacks.p99} | ${postbacks.total} |`,
      `| awards (HTTP, same run) | ${awardsPerSecond.toFixed(0)} | | | |`,
      "",
      `Postbacks per award: ${ratio.toFixed(2)} (target ≥ 1). Non-2xx answers: ${postbacks.refused}. Load average`,
      `(1/5/15 min) at the end: ${load}.`,
    ].join("\n"),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes("--no-build")) ensureBuild();
  const { postbacks, awards } = await withDatabase(async (url) => ({
    postbacks: await benchPostbacks(url),
    awards: (await benchHttp(url, "1")).perSecond,
  }));
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  const section = formatPartnersSection(postbacks, awards, load);
  console.log(section);
  if (process.argv.includes("--write") && !SMOKE)
    writeSection(path.resolve(import.meta.dirname, "../docs/benchmarks.md"), "partners", section);
}
