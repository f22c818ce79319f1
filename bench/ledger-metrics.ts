import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { marked, writeSection } from "./doc-section";
import type { benchHttp, HttpRun, withDatabase } from "./ledger";
import { CONNECTIONS, SECONDS, USERS } from "./ledger-sql";

/**
 * What the metrics cost (ADR 066): the HTTP award path of bench/ledger.ts (PostgreSQL, one process) with
 * METRICS_ENABLED=false and with metrics on while a scraper reads GET /metrics every second (a Prometheus scrapes
 * every 15 s or so), in the order off, on, on, off on one database, so a drift of the machine or of the growing
 * tables weighs on both sides alike. Figures, not a test.
 */
const SCRAPE_EVERY_MS = 1000;
const ORDER = [false, true, true, false] as const;

type Run = Omit<HttpRun, "label" | "ratio"> & { metrics: boolean };

/** bench/ledger.ts's runners, passed in: it imports this module at run time (no import cycle). */
export interface Runners {
  benchHttp: typeof benchHttp;
  withDatabase: typeof withDatabase;
}

export async function benchMetricsCost({ benchHttp, withDatabase }: Runners): Promise<Run[]> {
  return withDatabase(async (url) => {
    const runs: Run[] = [];
    for (const metrics of ORDER) {
      const run = await benchHttp(url, "1", undefined, {
        env: { METRICS_ENABLED: String(metrics) },
        ...(metrics ? { scrapeEveryMs: SCRAPE_EVERY_MS } : {}),
      });
      runs.push({ ...run, metrics });
      console.log(
        `metrics ${metrics ? "on " : "off"}: ${run.perSecond.toFixed(0)} awards/s, p99 ${run.p99} ms`,
      );
    }
    return runs;
  });
}

/**
 * The metrics' own work per award, in this process: the award's count and the histogram observations of its two
 * requests (start and completion), timed by CPU over many calls. Unlike the HTTP runs it does not depend on what
 * else the machine runs.
 */
export async function inProcessCostMicros(calls = 200_000): Promise<number> {
  const { countAward, httpDuration, setMetricsEnabled } = await import("~/server/metrics/registry");
  setMetricsEnabled(true);
  const paid = { amount: 10, duplicate: false, limited: false };
  const observe = (route: string, status: string) =>
    httpDuration.startTimer()({ method: "POST", route, status });
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    observe("/api/videos/:videoId/watches", "201");
    observe("/api/videos/watches/:watchId/complete", "200");
    countAward("video_watch", paid);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / calls;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export function formatMetricsCost(runs: Run[], micros: number): string {
  const side = (on: boolean) => runs.filter((r) => r.metrics === on);
  const [off, on] = [side(false), side(true)];
  const perSecond = (rs: Run[]) => mean(rs.map((r) => r.perSecond));
  const cpu = (rs: Run[]) => {
    const known = rs.map((r) => r.cpuMsPerAward).filter((x): x is number => x !== null);
    return known.length ? mean(known).toFixed(2) : "—";
  };
  const change = ((perSecond(on) - perSecond(off)) / perSecond(off)) * 100;
  const cpuOf = (rs: Run[]) => {
    const known = rs.map((r) => r.cpuMsPerAward).filter((x): x is number => x !== null);
    return known.length ? mean(known) : null;
  };
  return [
    `| run (HTTP, PostgreSQL, 1 process, ${CONNECTIONS} connections, ${USERS} users, ${SECONDS} s) | awards/s | p50 ms | p99 ms | machine CPU ms per award |`,
    "|---|---|---|---|---|",
    ...runs.map(
      (r, i) =>
        `| ${i + 1}. metrics ${r.metrics ? `on, /metrics read every ${SCRAPE_EVERY_MS / 1000} s` : "off (METRICS_ENABLED=false)"} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.cpuMsPerAward === null ? "—" : r.cpuMsPerAward.toFixed(2)} |`,
    ),
    `| mean, metrics off | ${perSecond(off).toFixed(0)} | ${mean(off.map((r) => r.p50)).toFixed(1)} | ${mean(off.map((r) => r.p99)).toFixed(1)} | ${cpu(off)} |`,
    `| mean, metrics on | ${perSecond(on).toFixed(0)} | ${mean(on.map((r) => r.p50)).toFixed(1)} | ${mean(on.map((r) => r.p99)).toFixed(1)} | ${cpu(on)} |`,
    "",
    `Awards/s with metrics against without: ${change >= 0 ? "+" : ""}${change.toFixed(1)} %. The runs alternate off, on, on, off on one database;`,
    "the spread between the two runs of one side is the noise a difference must exceed to mean anything.",
    `The metrics' own work per award (its count and its two requests' histogram observations, in-process): ${micros.toFixed(2)} µs of CPU,`,
    `${((micros / 1000 / (cpuOf(on) ?? Number.NaN)) * 100).toFixed(3)} % of the machine's CPU per award measured with metrics on.`,
  ].join("\n");
}

/** Runs the comparison, prints it, and with `write` puts it into docs/benchmarks.md. */
export async function runMetricsCost(runners: Runners, write: boolean): Promise<void> {
  const runs = await benchMetricsCost(runners);
  const table = formatMetricsCost(runs, await inProcessCostMicros());
  const load = loadavg();
  const loads = load.map((n) => n.toFixed(1)).join(" / ");
  const busy =
    (load[0] ?? 0) > availableParallelism()
      ? ` The machine was busy (load average above its ${availableParallelism()} cores): the HTTP runs measure the machine more than the metrics; the in-process figure does not depend on it.`
      : "";
  const section = marked(
    "ledger-metrics",
    [
      "## Earning with and without metrics",
      "",
      "`npm run bench:ledger -- --metrics` (also at the end of every `npm run bench:ledger`): the HTTP award path",
      "with `METRICS_ENABLED=false` and with the metrics on (HTTP histogram, award counters) while GET /metrics is",
      "read every second (ADR 066).",
      "",
      table,
      "",
      `Run on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; load average after it: ${loads}.${busy}`,
    ].join("\n"),
  );
  console.log(section);
  if (write)
    writeSection(path.resolve(import.meta.dirname, "../docs/benchmarks.md"), "ledger-metrics", section);
}
