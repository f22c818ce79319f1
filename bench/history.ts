/**
 * `npx tsx bench/history.ts`: what a page of the wallet's history costs on a large ledger (ADR 068). Fills
 * HISTORY_DATABASE_URL (a PostgreSQL database of its own, made first with `node scripts/ci-database.mjs create
 * <admin url> <name>`; migrated and filled once, kept for later runs: about 6 minutes on 2 cores) with HISTORY_PLAYERS
 * players of 10 rows each (a 5-answer quiz session and 5 wins, their rows spread over the table as a day's
 * traffic spreads them) and one heavy player of 10 000 quiz sessions (10 answers, the bonus and a win between the
 * fifth and sixth answer: 120 000 rows), then prints EXPLAIN (ANALYZE, BUFFERS) figures of the history's page
 * statement (ledger-history.ts) — its first page and a page 10 000 lines deep — beside grouping the player's
 * whole history per page (GROUP BY in SQL over every row), the way that reads the whole history.
 */
import { sql } from "kysely";
import pg from "pg";
import { fromPool } from "~/server/db/client";
import { historyPageQuery } from "~/server/ledger/ledger-history";
import { prepareDatabase } from "~/server/prepare-database";

const url = process.env.HISTORY_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/ple_history_bench";
const PLAYERS = Number(process.env.HISTORY_PLAYERS ?? 200_000);
const SESSIONS = 10_000;
const handle = fromPool(new pg.Pool({ connectionString: url, max: 2 }));
const { db } = handle;

async function fill() {
  const filled = await sql<{
    n: number;
  }>`select count(*)::integer as n from coin_ledger where user_id = 'heavy'`.execute(db);
  if (filled.rows[0]?.n) return;
  const started = Date.now();
  await sql`insert into "user" (id, name, email, "emailVerified")
    select 'p' || g, 'p', 'p' || g || '@bench.example', true from generate_series(1, ${PLAYERS}) g
    union all select 'heavy', 'heavy', 'heavy@bench.example', true`.execute(db);
  await sql`insert into quiz_sessions (id, quiz_id, user_id, items, expires_at)
    select md5('s' || g)::uuid, 'general', 'p' || g, '[]'::jsonb, now() + interval '2 hours'
    from generate_series(1, ${PLAYERS}) g
    union all select md5('h' || s)::uuid, 'science', 'heavy', '[]'::jsonb, now() + interval '2 hours'
    from generate_series(1, ${SESSIONS}) s`.execute(db);
  // Round by round over the players, so one player's rows lie on as many table pages as a real day's would.
  await sql`insert into coin_ledger (user_id, amount, kind, reason, cause_key)
    select 'p' || g, 10, case when k <= 5 then 'quiz_correct' else 'ttt_win' end, 'bench',
      case when k <= 5 then 'quiz:' || md5('s' || g)::uuid || ':q' || k else 'ttt-win:' || g || ':' || k end
    from generate_series(1, 10) k, generate_series(1, ${PLAYERS}) g order by k, g`.execute(db);
  await sql`insert into coin_ledger (user_id, amount, kind, reason, cause_key)
    select 'heavy', 10, case when k = 12 then 'quiz_bonus' when k = 6 then 'ttt_win' else 'quiz_correct' end, 'bench',
      case when k = 12 then 'quiz-bonus:' || md5('h' || s)::uuid when k = 6 then 'ttt-win:heavy:' || s
        else 'quiz:' || md5('h' || s)::uuid || ':q' || k end
    from generate_series(1, ${SESSIONS}) s, generate_series(1, 12) k order by s, k`.execute(db);
  await sql`vacuum analyze coin_ledger`.execute(db); // as autovacuum leaves a settled table (visibility map set)
  console.log(`filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

interface Plan {
  "Execution Time": number;
  Plan: { "Shared Hit Blocks": number; "Shared Read Blocks": number; "Actual Rows": number };
}

async function explain(label: string, statement: ReturnType<typeof sql>) {
  const runs: Plan[] = [];
  for (let i = 0; i < 5; i++) {
    const { rows } = await sql<{
      "QUERY PLAN": Plan[];
    }>`explain (analyze, buffers, format json) ${statement}`.execute(db);
    runs.push(rows[0]!["QUERY PLAN"][0]!);
  }
  const times = runs.map((r) => r["Execution Time"]).sort((a, b) => a - b);
  const last = runs.at(-1)!.Plan;
  console.log(
    `${label}: median ${times[2]!.toFixed(2)} ms, ${last["Shared Hit Blocks"] + last["Shared Read Blocks"]} buffers, ${last["Actual Rows"]} lines`,
  );
}

/** The whole history grouped per page: every row of the player read, grouped, sorted, then one page kept. */
const groupAll = (userId: string, limit: number, offset: number) => sql`
  select coalesce(group_key, id::text) as line, min(id) as id, sum(amount) as amount, count(*) as rows
  from coin_ledger where user_id = ${userId}
  group by coalesce(group_key, id::text) order by min(id) desc limit ${limit + 1} offset ${offset}`;

try {
  await prepareDatabase(db);
  await fill();
  const size = await sql<{
    rows: number;
    mb: number;
  }>`select (select count(*) from coin_ledger)::integer as rows,
    (pg_total_relation_size('coin_ledger') / 1048576)::integer as mb`.execute(db);
  console.log(`coin_ledger: ${size.rows[0]?.rows} rows, ${size.rows[0]?.mb} MB with its indexes`);
  const deep = await sql<{ id: string }>`select id from coin_ledger where user_id = 'heavy'
    order by id desc offset ${SESSIONS * 12 - 12 * 5000} limit 1`.execute(db);
  const cursor = Number(deep.rows[0]?.id);
  await explain("light player, first page of 10", historyPageQuery(`p${PLAYERS >> 1}`, { limit: 10 }));
  await explain("heavy player, first page of 10", historyPageQuery("heavy", { limit: 10 }));
  await explain(
    "heavy player, page of 10 half-way down",
    historyPageQuery("heavy", { limit: 10, before: cursor }),
  );
  await explain("heavy player, first page of 100", historyPageQuery("heavy", { limit: 100 }));
  await explain("grouping the whole history per page (heavy, first page)", groupAll("heavy", 10, 0));
  await explain(
    "grouping the whole history per page (light, first page)",
    groupAll(`p${PLAYERS >> 1}`, 10, 0),
  );
} finally {
  await handle.close();
}
