/**
 * The loader of `npm run bench:scale`: fills a migrated PostgreSQL database to a size with set-based SQL
 * (INSERT … SELECT generate_series, one statement per day of earnings), keeping the invariants the app keeps
 * (balance = Σ ledger per user, unique cause keys, allowance counters = the day's rows, pending coins = the
 * clearing pairs'), with the loaded tables' keys, foreign keys and indexes dropped during the load and built after
 * it (ADR 073). Records what it loaded in `bench_scale_meta`, which `--reuse` reads.
 */
import pg from "pg";
import { playKindsSqlList } from "~/core/coins";
import { createPasswordHasher, PRODUCTION_ARGON2 } from "~/server/auth/password-hash";
import { dayStatement } from "./scale-earnings";
import { extrasStatements } from "./scale-extras";
import { DAYS, MAX_ROWS_PER_USER, proportions, rowsPerUserSql, type ScaleSize } from "./scale-plan";

/** The tables the loader writes: their keys and indexes are dropped for the load and rebuilt after it. */
export const LOADED_TABLES = [
  "user",
  "account",
  "user_profiles",
  "coin_ledger",
  "games",
  "quiz_sessions",
  "video_watches",
  "ledger_allowances",
  "referrals",
  "redemptions",
  "kyc_submissions",
  "kyc_documents",
  "audit_log",
];

/** The password of bench player `i` (1 … benchPlayers) and of administrator `k`: a bench database's, not secret. */
export const playerPassword = (i: number) => `scale-player-${i}-password`;
export const adminPassword = (k: number) => `scale-admin-${k}-password`;
export const playerEmail = (i: number) => `user${i}@mail.test`;
export const adminEmail = (k: number) => `admin${k}@ops.test`;

export interface LoadedSize extends ScaleSize {
  ledgerRowsLoaded: number;
  loadSeconds: number;
  loadedAt: Date;
}

type Log = (line: string) => void;

async function timedStep(client: pg.Client, log: Log, label: string, text: string, values?: unknown[]) {
  const started = performance.now();
  const result = await client.query(text, values);
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

interface Ddl {
  constraints: { table: string; name: string; def: string; type: string }[];
  indexes: { name: string; def: string }[];
}

/** The keys, foreign keys (also those pointing at the loaded tables) and indexes of the loaded tables. */
async function readDdl(client: pg.Client): Promise<Ddl> {
  const tables = LOADED_TABLES.map((t) => `"${t}"`);
  const constraints = await client.query<{ table: string; name: string; def: string; type: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def, contype as type
     from pg_constraint where contype in ('p', 'u', 'f')
       and (conrelid = any($1::regclass[]) or confrelid = any($1::regclass[]))`,
    [tables],
  );
  const indexes = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
     where i.indrelid = any($1::regclass[])
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  return { constraints: constraints.rows, indexes: indexes.rows };
}

async function dropDdl(client: pg.Client, ddl: Ddl): Promise<void> {
  // Foreign keys first: they depend on the keys.
  for (const c of [...ddl.constraints].sort((a, b) => (a.type === "f" ? -1 : 0) - (b.type === "f" ? -1 : 0)))
    await client.query(`alter table ${c.table} drop constraint if exists "${c.name}"`);
  for (const i of ddl.indexes) await client.query(`drop index if exists ${i.name}`);
}

async function rebuildDdl(client: pg.Client, ddl: Ddl, log: Log): Promise<void> {
  for (const c of ddl.constraints.filter((x) => x.type !== "f"))
    await timedStep(
      client,
      log,
      `${c.table} ${c.name}`,
      `alter table ${c.table} add constraint "${c.name}" ${c.def}`,
    );
  for (const i of ddl.indexes) await timedStep(client, log, i.name, i.def);
  for (const c of ddl.constraints.filter((x) => x.type === "f"))
    await timedStep(
      client,
      log,
      `${c.table} ${c.name}`,
      `alter table ${c.table} add constraint "${c.name}" ${c.def}`,
    );
}

/** The plan: one row per user with its earning rows `n`, its first day's offset and its slot rotation. */
function planStatement(size: ScaleSize, benchPlayers: number): string {
  return `create unlogged table scale_plan as
    select i, md5('scale-user:' || i) as id, n, off, rot,
      case when n >= ${DAYS} or off + n - 1 >= ${DAYS}
        then $1::timestamptz - (${DAYS} + i % 275) * interval '1 day' + (i % 86400) * interval '1 second'
        else $1::timestamptz - (off + n - 1) * interval '1 day' - (1 + i % 7200) * interval '1 second' end as created
    from (
      select i, case when i <= ${benchPlayers} then ${MAX_ROWS_PER_USER} else ${rowsPerUserSql(size, "random()")} end as n,
        (random() * ${DAYS})::int % ${DAYS} as off, (random() * 1000)::int as rot
      from generate_series(1, ${size.users}) i
    ) x`;
}

async function usersAndAccounts(client: pg.Client, size: ScaleSize, dayZero: Date, log: Log): Promise<void> {
  const { benchPlayers, admins } = proportions(size);
  const hasher = createPasswordHasher(PRODUCTION_ARGON2);
  const shared = await hasher.hash(`shared-${crypto.randomUUID()}`);
  await timedStep(client, log, "plan", planStatement(size, benchPlayers), [dayZero]);
  await client.query("alter table scale_plan add primary key (i)");
  await client.query("analyze scale_plan");
  await timedStep(
    client,
    log,
    "user",
    `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role, banned)
     select id, 'Player ' || i, 'user' || i || '@' || (array['mail.test','example.test','inbox.test','post.test'])[i % 4 + 1],
       true, created, created, 'user', i % 5000 = 17 from scale_plan
     union all
     select md5('scale-admin:' || k), 'Admin ' || k, 'admin' || k || '@ops.test', true,
       $1::timestamptz - interval '400 days', $1::timestamptz - interval '400 days', 'admin', false
     from generate_series(1, ${admins}) k`,
    [dayZero],
  );
  // user{i}@… for i ≡ 1 mod 4 is @mail.test: the bench players 1 and 5 are; give them all their e-mail by name.
  for (let i = 1; i <= benchPlayers; i++)
    await client.query(`update "user" set email = $1 where id = md5('scale-user:' || $2::int)`, [
      playerEmail(i),
      i,
    ]);
  await timedStep(
    client,
    log,
    "account",
    `insert into account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
     select md5('a:' || id), id, 'credential', id, $1, "createdAt", "createdAt" from "user"`,
    [shared],
  );
  for (let i = 1; i <= benchPlayers; i++)
    await client.query(`update account set password = $1 where "userId" = md5('scale-user:' || $2::int)`, [
      await hasher.hash(playerPassword(i)),
      i,
    ]);
  for (let k = 1; k <= admins; k++)
    await client.query(`update account set password = $1 where "userId" = md5('scale-admin:' || $2::int)`, [
      await hasher.hash(adminPassword(k)),
      k,
    ]);
}

const hasPlayCounter = async (client: pg.Client) =>
  Boolean(
    (
      await client.query(
        "select 1 from information_schema.columns where table_name = 'user_profiles' and column_name = 'play_coins'",
      )
    ).rowCount,
  );

/** Where the schema keeps today's play coins on the profile (play_day, play_coins): today's sums, as the award keeps them. */
async function dayCounters(client: pg.Client, log: Log): Promise<void> {
  if (!(await hasPlayCounter(client))) return;
  await timedStep(
    client,
    log,
    "today's play coins",
    `update user_profiles p set play_day = t.day, play_coins = t.coins
     from (select l.user_id, (now() at time zone 'UTC')::date as day, sum(l.amount)::integer as coins
       from coin_ledger l where l.kind in ${playKindsSqlList}
         and l.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
       group by l.user_id) t
     where t.user_id = p.id`,
  );
}

/** Loads `size` into the (migrated, empty) database at `url`. */
export async function loadScale(url: string, size: ScaleSize, log: Log = console.log): Promise<LoadedSize> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    // JIT compiles each day's statement for seconds (the plan's row estimates are far off): off for the load.
    await client.query(
      "set synchronous_commit = off; set jit = off; set maintenance_work_mem = '512MB'; set work_mem = '64MB'",
    );
    const ddl = await readDdl(client);
    await dropDdl(client, ddl);
    const now = new Date();
    const dayZero = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    log(`loading ${size.users} users, ~${size.ledgerRows} earning rows over ${DAYS} days`);
    await client.query("drop table if exists scale_plan");
    await usersAndAccounts(client, size, dayZero, log);
    let rows = 0;
    for (let d = DAYS - 1; d >= 0; d--) {
      const day = new Date(dayZero.getTime() - d * 86_400_000);
      // Today's rows spread over the part of today gone by (less a minute): none lies in the future.
      const spread = d === 0 ? Math.max(0, (now.getTime() - dayZero.getTime() - 60_000) / 86_400_000) : 1;
      const result = await client.query<{ rows: number }>(dayStatement(d), [day, spread]);
      rows += result.rows[0]?.rows ?? 0;
      if (d % 10 === 0)
        log(
          `  earnings down to day −${d}: ${rows} rows, ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
    }
    for (const [label, text] of extrasStatements(size))
      await timedStep(client, log, label, text, text.includes("$1") ? [dayZero] : undefined);
    await dayCounters(client, log);
    log("keys and indexes:");
    await rebuildDdl(client, ddl, log);
    await client.query("drop table scale_plan");
    await timedStep(client, log, "vacuum analyze", "vacuum (analyze)");
    const total = await client.query<{ n: string }>("select count(*) as n from coin_ledger");
    const loaded: LoadedSize = {
      ...size,
      ledgerRowsLoaded: Number(total.rows[0]?.n ?? 0),
      loadSeconds: (performance.now() - started) / 1000,
      loadedAt: now,
    };
    await client.query(
      `create table if not exists bench_scale_meta (users integer not null, ledger_rows integer not null,
         ledger_rows_loaded integer not null, load_seconds real not null, loaded_at timestamptz not null)`,
    );
    await client.query("delete from bench_scale_meta");
    await client.query("insert into bench_scale_meta values ($1, $2, $3, $4, $5)", [
      loaded.users,
      loaded.ledgerRows,
      loaded.ledgerRowsLoaded,
      loaded.loadSeconds,
      loaded.loadedAt,
    ]);
    return loaded;
  } finally {
    await client.end();
  }
}

/** What the loader loaded into `url` before, or null. */
export async function loadedSize(url: string): Promise<LoadedSize | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query("select to_regclass('bench_scale_meta') as t");
    if (!exists.rows[0]?.t) return null;
    const row = await client.query("select * from bench_scale_meta");
    const r = row.rows[0];
    return r
      ? {
          users: r.users,
          ledgerRows: r.ledger_rows,
          ledgerRowsLoaded: r.ledger_rows_loaded,
          loadSeconds: r.load_seconds,
          loadedAt: r.loaded_at,
        }
      : null;
  } finally {
    await client.end();
  }
}

/** The invariants the loader keeps, counted: every figure must be 0. */
export async function invariantBreaches(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async (text: string) => Number((await client.query<{ n: string }>(text)).rows[0]?.n ?? 0);
    return {
      balanceNotSumOfLedger: await q(`select count(*) as n from user_profiles p
        left join (select user_id, sum(amount) as s from coin_ledger group by user_id) l on l.user_id = p.id
        where p.points <> coalesce(l.s, 0)`),
      usersWithoutProfile: await q(`select count(*) as n from "user" u
        where not exists (select 1 from user_profiles p where p.id = u.id)`),
      allowanceNotRowCount: await q(`select count(*) as n from ledger_allowances a
        full join (select user_id, limit_key, count(*) as c from coin_ledger
          where limit_key like '%:' || to_char((now() at time zone 'UTC')::date - 1, 'YYYY-MM-DD')
             or limit_key like '%:' || to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') group by 1, 2) l
          using (user_id, limit_key)
        where a.used is distinct from l.c::int`),
      dayOverLimit: await q(`select count(*) as n from (select user_id, limit_key from coin_ledger
        where kind = 'ttt_win' group by 1, 2 having count(*) > 20) x`),
      playCoinsNotTodaysRows: (await hasPlayCounter(client))
        ? await q(`select count(*) as n from user_profiles p
            left join (select user_id, sum(amount) as s from coin_ledger where kind in ${playKindsSqlList}
              and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' group by 1) t
              on t.user_id = p.id
            where (case when p.play_day = (now() at time zone 'UTC')::date then p.play_coins else 0 end)
              <> coalesce(t.s, 0)`)
        : 0,
      pendingNotClearingPairs: await q(`select count(*) as n from user_profiles p
        left join (select id, sum(c) as c from (
          select referred_id as id, 50 as c from referrals where bonus_status = 'clearing'
          union all select referrer_id, 50 from referrals where bonus_status = 'clearing' and referrer_paid) x
          group by id) r on r.id = p.id
        where p.pending_points <> coalesce(r.c, 0)`),
    };
  } finally {
    await client.end();
  }
}
