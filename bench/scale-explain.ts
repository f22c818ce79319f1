/**
 * The plans of the calls over their target (`npm run bench:scale`): PostgreSQL's auto_explain, loaded into the
 * bench database's new sessions (ALTER DATABASE … SET session_preload_libraries), logs every statement with
 * EXPLAIN (ANALYZE, BUFFERS) to the server's log; each missed call is made once more and the slowest plan logged
 * for this database while it ran is its slowest statement. Needs a superuser URL and a readable server log
 * (pg_current_logfile(), else BENCH_PG_LOG, else Debian's /var/log/postgresql/postgresql-<major>-main.log); without
 * them the section says so. The server's own periodic work runs on the same pool: its statements are left out
 * (BACKGROUND); the query text above each plan shows what was picked.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import pg from "pg";
import type { RunningServer } from "../tests/support/server-process";
import type { Call } from "./scale-calls";

export interface Plan {
  call: string;
  ms: number;
  text: string;
}

async function logFile(client: pg.Client): Promise<string | null> {
  if (process.env.BENCH_PG_LOG) return process.env.BENCH_PG_LOG;
  const current = (await client.query<{ f: string | null }>("select pg_current_logfile() as f")).rows[0]?.f;
  if (current) {
    const dir = (await client.query<{ d: string }>("show data_directory")).rows[0]?.d ?? "";
    return current.startsWith("/") ? current : `${dir}/${current}`;
  }
  const major = (
    await client.query<{ v: string }>("select current_setting('server_version_num') as v")
  ).rows[0]?.v.slice(0, 2);
  const debian = `/var/log/postgresql/postgresql-${major}-main.log`;
  return existsSync(debian) ? debian : null;
}

function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  if (size <= offset) return "";
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(size - offset);
    readSync(fd, buffer, 0, buffer.length, offset);
    return buffer.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** The auto_explain entries of the backends `pids` (the database's sessions) in `log`: duration and text. */
function entries(log: string, pids: Set<string>): { ms: number; text: string }[] {
  const out: { ms: number; text: string }[] = [];
  // An entry starts on a line with the log prefix; its plan continues on lines starting with white space.
  const blocks = log.split(/\n(?=\S)/);
  for (const block of blocks) {
    const pid = block.match(/\[(\d+)\]/)?.[1];
    if (!pid || !pids.has(pid)) continue;
    const m = block.match(/duration: ([\d.]+) ms\s+plan:\n([\s\S]*)/);
    if (m?.[1] && m[2]) out.push({ ms: Number(m[1]), text: m[2].replace(/^\t/gm, "").trimEnd() });
  }
  return out;
}

/**
 * The statements of the server's own periodic work (the award's event consumers every second, the job queue's
 * polling, the referral release every 10 s), which share the pool with the requests: never a request's statement.
 */
const BACKGROUND =
  /ledger_event_consumptions|from "?jobs"?\b|update "?jobs"?\b|"coin_ledger"\."user_id" = "referrals"\."referred_id"/;

const settings = [
  "session_preload_libraries = 'auto_explain'",
  "auto_explain.log_min_duration = 0",
  "auto_explain.log_analyze = on",
  "auto_explain.log_buffers = on",
  "auto_explain.log_timing = on",
  "auto_explain.log_nested_statements = on",
];

/** Turns auto_explain on (or off) for new sessions of `db`. */
export async function autoExplain(adminUrl: string, db: string, on: boolean): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const s of settings) {
      const name = s.split(" = ")[0];
      await client.query(on ? `alter database "${db}" set ${s}` : `alter database "${db}" reset ${name}`);
    }
    return await logFile(client);
  } finally {
    await client.end();
  }
}

/** The slowest plan logged while each call in `missed` ran once more against `server` (auto_explain on). */
export async function plansOf(
  server: RunningServer,
  cookies: Record<Call["as"], string>,
  missed: Call[],
  log: string,
  adminUrl: string,
  db: string,
): Promise<Plan[]> {
  const plans: Plan[] = [];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // The log's line prefix may not name the database: its sessions are told apart by their process ids.
  const pidsOf = async () =>
    new Set(
      (
        await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [db])
      ).rows.map((r) => String(r.pid)),
    );
  for (const call of missed) {
    const offset = statSync(log).size;
    const res = await fetch(new URL(call.path, server.url), {
      headers: { cookie: cookies[call.as], origin: server.url },
    });
    await res.arrayBuffer();
    // The log is written by the server's processes a moment after the statement ends.
    await new Promise((r) => setTimeout(r, 500));
    const found = entries(readFrom(log, offset), await pidsOf())
      .filter((e) => !BACKGROUND.test(e.text))
      .sort((a, b) => b.ms - a.ms)[0];
    plans.push({ call: call.name, ms: found?.ms ?? 0, text: found?.text ?? "(no plan logged)" });
  }
  await admin.end();
  return plans;
}
