import { CompiledQuery as Compiled, type CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "#tests/support/test-db";
import { exportJson } from "~/server/account/export.service";
import { listProposals } from "~/server/admin/proposals.service";
import { searchUsers } from "~/server/admin/users-list";
import { listAudit } from "~/server/audit/audit.service";
import type { Database, DatabaseHandle } from "~/server/db/client";
import { kycSubmissionsPage, listKycSubmissions } from "~/server/kyc/kyc.admin.service";
import { listEntries, listHistory } from "~/server/ledger/ledger-history";
import { listRedemptionQueue, redemptionQueuePage } from "~/server/redemptions/redemptions.admin.service";
import { earnedPerDay } from "~/server/streaks/streak-settle";

/**
 * Every console query, and a player's streak read and data download, uses an index at size: none reads all of
 * coin_ledger, "user" or audit_log (docs/product.md, "Admin console"). Plans, not timings: the statements the
 * services actually send (captured as they are compiled) are EXPLAINed on a database loaded set-based — 200 000
 * ledger rows, 5 000 users, 5 000 audit rows, a player with 2 000 games — and ANALYZEd, so the planner sees what a
 * large install has (the users 40 000: below that PGlite's planner rightly reads the small table whole). No planner setting is changed: a plan that reads a whole table at this size fails.
 */

const USERS = 40_000;
const LEDGER_ROWS = 200_000;
const AUDIT_ROWS = 5000;
const HEAVY = "u10";
const WATCHED_TABLES = ["coin_ledger", "user", "audit_log"];

let handle: DatabaseHandle;
let db: Database;

async function load(db: Database) {
  const statements = [
    `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
       select 'u' || g, 'User ' || g, 'user' || g || '@mail.test', true,
              now() - g * interval '7 minutes', now(), case when g <= 5 then 'admin' else 'user' end
       from generate_series(1, ${USERS}) g`,
    `insert into user_profiles (id, referral_code)
       select 'u' || g, 'LOAD' || g from generate_series(1, ${USERS}) g`,
    `insert into coin_ledger (user_id, amount, kind, reason, cause_key, created_at)
       select case when g % 10 = 0 then '${HEAVY}' else 'u' || (1 + g % ${USERS}) end, 5,
              (array['ttt_win', 'quiz_correct', 'video_watch', 'referral_bonus'])[1 + g % 4], 'Loaded',
              'load:' || g, now() - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute'
       from generate_series(1, ${LEDGER_ROWS}) g`,
    `update user_profiles p set points = s.coins
       from (select user_id, sum(amount) as coins from coin_ledger group by user_id) s where s.user_id = p.id`,
    `insert into audit_log (actor_id, action, target_type, target_id, reason, created_at)
       select case when g % 1000 = 7 then 'u5' else 'u' || (1 + g % 4) end,
              (array['coins.adjust', 'user.ban', 'sessions.revoke', 'redemption.approve'])[1 + g % 4], 'user',
              'u' || (6 + g % (${USERS} - 6)), 'Loaded', now() - g * interval '1 minute'
       from generate_series(1, ${AUDIT_ROWS}) g`,
    `insert into games (user_id, board, status, created_at, finished_at)
       select case when g <= 2000 then '${HEAVY}' else 'u' || (1 + g % ${USERS}) end, 'XXXOO----', 'won',
              now() - g * interval '1 minute', now() - g * interval '1 minute'
       from generate_series(1, 12000) g`,
    `insert into redemptions (user_id, coins, cents, method, recipient, status, created_at)
       select 'u' || (6 + g % 3000), 1000, 100, 'paypal', 'payee' || g || '@mail.test',
              (array['pending', 'paid', 'rejected', 'failed', 'approved', 'paid'])[1 + g % 6],
              now() - g * interval '3 minutes'
       from generate_series(1, 3000) g`,
    `insert into kyc_submissions (user_id, status, full_name, document_id_sealed, document_id_hint, document_type,
       document_size, decided_at, reason, created_at)
       select 'u' || (6 + g), (array['pending', 'approved', 'rejected'])[1 + g % 3], 'Name ' || g, '\\x00',
              '…1234', 'image/png', 100, case when g % 3 = 0 then null else now() end,
              case when g % 3 = 2 then 'Unreadable' end, now() - g * interval '5 minutes'
       from generate_series(1, 2000) g`,
    // What autovacuum does on a live database (PGlite has none): the statistics, and the trigram index's pending
    // list merged into the index (a GIN index built on the empty table took the rows into its pending list).
    "vacuum analyze",
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** A handle that records every statement it compiles, as it goes to the database. */
function recording(db: Database) {
  const seen: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), seen };
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, watched: readonly string[] = WATCHED_TABLES): string[] {
  const own =
    node["Node Type"] === "Seq Scan" && node["Relation Name"] && watched.includes(node["Relation Name"])
      ? [node["Relation Name"]]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap((p) => seqScans(p, watched))];
}

/** The indexes a plan reads. */
function indexesOf(node: PlanNode): string[] {
  return [...(node["Index Name"] ? [node["Index Name"]] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/** How a plan reads `table`: each node's type, with its index ("Index Only Scan coin_ledger_…"). */
function readsOf(node: PlanNode, table: string): string[] {
  const own =
    node["Relation Name"] === table
      ? [`${node["Node Type"]}${node["Index Name"] ? ` ${node["Index Name"]}` : ""}`]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap((p) => readsOf(p, table))];
}

/** Runs `call` on a recording handle and returns the indexes read by the statements whose SQL `pick` matches. */
async function indexesRead(call: (db: Database) => Promise<unknown>, pick: (sql: string) => boolean) {
  return (await plansOf(call, pick)).flatMap(indexesOf);
}

/** Runs `call` on a recording handle and returns the plans of the statements whose SQL `pick` matches. */
async function plansOf(call: (db: Database) => Promise<unknown>, pick: (sql: string) => boolean) {
  const rec = recording(db);
  await call(rec.db);
  const plans: PlanNode[] = [];
  for (const q of rec.seen.filter((q) => pick(q.sql))) {
    const { rows } = await db.executeQuery<{ "QUERY PLAN": unknown }>(
      Compiled.raw(`explain (format json) ${q.sql}`, [...q.parameters]),
    );
    const raw = rows[0]?.["QUERY PLAN"];
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    plans.push(plan[0]!.Plan);
  }
  return plans;
}

/** Runs `call` on a recording handle and returns, per SELECT it sent, the watched tables it reads whole. */
async function scansOf(
  call: (db: Database) => Promise<unknown>,
  watched: readonly string[] = WATCHED_TABLES,
) {
  const rec = recording(db);
  await call(rec.db);
  const selects = rec.seen.filter((q) => /^\s*(with|select)\b/i.test(q.sql));
  expect(selects.length).toBeGreaterThan(0);
  const found: { sql: string; scans: string[] }[] = [];
  for (const q of selects) {
    const { rows } = await db.executeQuery<{ "QUERY PLAN": unknown }>(
      Compiled.raw(`explain (format json) ${q.sql}`, [...q.parameters]),
    );
    const raw = rows[0]?.["QUERY PLAN"];
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const scans = seqScans(plan[0]!.Plan, watched);
    if (scans.length) found.push({ sql: q.sql, scans });
  }
  return found;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  await load(db);
}, 300_000);

afterAll(async () => {
  await handle?.close();
});

describe("console queries at size use indexes (no Seq Scan on coin_ledger, user, audit_log)", () => {
  it("the users list: the first page and a deep page", async () => {
    expect(await scansOf((d) => searchUsers(d, {}))).toEqual([]);
    const deep = await searchUsers(db, {});
    let cursor = deep.nextCursor!;
    // 100 pages down (2 000 users), by key.
    for (let i = 0; i < 100; i++) cursor = (await searchUsers(db, { after: cursor })).nextCursor!;
    expect(await scansOf((d) => searchUsers(d, { after: cursor }))).toEqual([]);
    expect(await scansOf((d) => searchUsers(d, { before: cursor }))).toEqual([]);
  });

  it("search by part of the address and by exact id", async () => {
    expect(await scansOf((d) => searchUsers(d, { q: "user4242" }))).toEqual([]);
    expect(await scansOf((d) => searchUsers(d, { q: "ser123@mail" }))).toEqual([]);
    const found = await searchUsers(db, { q: "u4242" });
    expect(found.users.map((u) => u.id)).toEqual(["u4242"]);
    expect(await scansOf((d) => searchUsers(d, { q: "u4242" }))).toEqual([]);
  });

  it("the audit log, unfiltered and by target address, target id, a rare actor and an action", async () => {
    expect(await scansOf((d) => listAudit(d, { limit: 50 }))).toEqual([]);
    expect(await scansOf((d) => listAudit(d, { limit: 50, target: "user77@mail.test" }))).toEqual([]);
    expect(await scansOf((d) => listAudit(d, { limit: 50, target: "u77" }))).toEqual([]);
    expect(await scansOf((d) => listAudit(d, { limit: 50, actor: "user5@mail.test" }))).toEqual([]);
    expect(await scansOf((d) => listAudit(d, { limit: 50, actor: "u5" }))).toEqual([]);
    expect(await scansOf((d) => listAudit(d, { limit: 50, action: "user.ban", before: 3000 }))).toEqual([]);
  });

  it("the redemptions queue (open and all), the KYC queue and the proposals", async () => {
    expect(await scansOf((d) => listRedemptionQueue(d, { status: "open", limit: 100 }))).toEqual([]);
    expect(await scansOf((d) => listRedemptionQueue(d, { limit: 100 }))).toEqual([]);
    expect(await scansOf((d) => listKycSubmissions(d, "pending"))).toEqual([]);
    expect(await scansOf((d) => listKycSubmissions(d, "approved"))).toEqual([]);
    expect(await scansOf((d) => listProposals(d, { status: "proposed", limit: 50 }))).toEqual([]);
  });

  it("the queue's earnings by channel and a player's streak days are read from the ledger's index alone (no heap)", async () => {
    const earnings = (q: string) => /from coin_ledger l/.test(q) && /group by l\.kind/.test(q);
    const queue = await plansOf((d) => listRedemptionQueue(d, { status: "open", limit: 100 }), earnings);
    expect(queue.length).toBe(1);
    expect(readsOf(queue[0]!, "coin_ledger")).toEqual(["Index Only Scan coin_ledger_user_created_incl_idx"]);
    const days = await plansOf(
      (d) => earnedPerDay(d, HEAVY),
      (q) => /from "coin_ledger"/.test(q),
    );
    expect(days.length).toBe(1);
    expect(readsOf(days[0]!, "coin_ledger")).toEqual(["Index Only Scan coin_ledger_user_created_incl_idx"]);
    // The streak's window after its checkpoint (src/server/streaks/streak-checkpoints.ts): one index range too.
    const since = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const window = await plansOf(
      (d) => earnedPerDay(d, HEAVY, since),
      (q) => /from "coin_ledger"/.test(q),
    );
    expect(window.length).toBe(1);
    expect(readsOf(window[0]!, "coin_ledger")).toEqual(["Index Only Scan coin_ledger_user_created_incl_idx"]);
  });

  it("the redemptions queue's deep pages are read by its key (no Seq Scan on redemptions either)", async () => {
    const queue = [...WATCHED_TABLES, "redemptions"];
    let cursor = (await redemptionQueuePage(db, { limit: 100 })).nextCursor!;
    // 20 pages down (2 000 redemptions, past the pending and failed ones), by key.
    for (let i = 0; i < 20; i++)
      cursor = (await redemptionQueuePage(db, { limit: 100, after: cursor })).nextCursor!;
    expect(cursor).toMatch(/^3\./);
    const picks = (q: string) => /order by case status/i.test(q);
    const deep = await scansOf((d) => redemptionQueuePage(d, { limit: 100, after: cursor }), queue);
    expect(deep.filter((f) => picks(f.sql))).toEqual([]);
    // A full read of another index (or a sort of the whole table) is no Seq Scan either: the page is read from
    // the queue's own index, from the cursor on.
    const page = (d: Database) => redemptionQueuePage(d, { limit: 100, after: cursor });
    expect(await indexesRead(page, picks)).toContain("redemptions_queue_idx");
    const open = await scansOf(
      (d) => redemptionQueuePage(d, { status: "open", limit: 100, after: "1.-1500" }),
      queue,
    );
    expect(open.filter((f) => picks(f.sql))).toEqual([]);
  });

  it("the KYC lists' deep pages are read by their key (no Seq Scan on kyc_submissions either)", async () => {
    const kyc = [...WATCHED_TABLES, "kyc_submissions"];
    for (const status of ["pending", "approved"] as const) {
      let cursor = (await kycSubmissionsPage(db, { status, limit: 50 })).nextCursor!;
      for (let i = 0; i < 8; i++)
        cursor = (await kycSubmissionsPage(db, { status, limit: 50, after: cursor })).nextCursor!;
      expect(await scansOf((d) => kycSubmissionsPage(d, { status, limit: 50, after: cursor }), kyc)).toEqual(
        [],
      );
    }
  });

  it("a user's history, first and deep page (the wallet's lines and the console's rows)", async () => {
    const first = await listHistory(db, HEAVY, { limit: 20 });
    const deep = first.entries.at(-1)!.id - 15_000;
    expect(await scansOf((d) => listHistory(d, HEAVY, { limit: 20 }))).toEqual([]);
    expect(await scansOf((d) => listHistory(d, HEAVY, { limit: 20, before: deep }))).toEqual([]);
    expect(await scansOf((d) => listEntries(d, HEAVY, { limit: 20, before: deep }))).toEqual([]);
  });

  it("a player's streak read and data download", async () => {
    expect(await scansOf((d) => earnedPerDay(d, HEAVY))).toEqual([]);
    expect(
      await scansOf(async (d) => {
        for await (const _ of exportJson(d, HEAVY)) {
          // read to the end: every page's statement is recorded
        }
      }),
    ).toEqual([]);
  });
});
