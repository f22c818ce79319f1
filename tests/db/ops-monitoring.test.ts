import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { parsePrometheusText } from "#tests/support/prometheus-text";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { processGauges } from "~/server/metrics/state-metrics";

/**
 * What ships in ops/ (README "Operating"): the Prometheus alert rules and the Grafana dashboard use only metrics
 * that GET /metrics serves, and have the fields their tools require. With `promtool` installed (Debian's
 * `prometheus` package; PROMTOOL names another binary) the rules also pass `promtool check rules` and their unit
 * tests (ops/prometheus/alerts.test.yml).
 */
const OPS = path.resolve(import.meta.dirname, "../../ops");
const RULES = path.join(OPS, "prometheus/alerts.yml");
const DASHBOARD = path.join(OPS, "grafana/play-learn-earn.json");
/** Series Prometheus makes itself, not the app. */
const PROMETHEUS_OWN = new Set(["up"]);

let ctx: TestContext;
/** The scrape as served. */
let scrapeText: string;
/** Every sample name /metrics can serve: the families and, for histograms, their _bucket/_sum/_count series. */
let served: Set<string>;
beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.request("/metrics", { local: true });
  expect(res.status).toBe(200);
  served = new Set();
  scrapeText = await res.text();
  for (const family of parsePrometheusText(scrapeText).values()) {
    served.add(family.name);
    if (family.type === "histogram")
      for (const part of ["bucket", "sum", "count"]) served.add(`${family.name}_${part}`);
  }
  // ple_redis_up is served only with REDIS_URL: the same gauges, given a connection.
  const withRedis = await processGauges({ redis: { status: "ready" } }).metrics();
  for (const family of parsePrometheusText(withRedis).values()) served.add(family.name);
});
afterAll(async () => {
  await ctx?.close();
});

const KEYWORDS = new Set([
  "and",
  "or",
  "unless",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "offset",
  "inf",
  "nan",
]);

/** The metric names a PromQL expression selects (not its functions, keywords, labels or strings). */
function metricsOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  const names = [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\()?/g)]
    .filter((m) => !m[2] && !KEYWORDS.has(m[1]?.toLowerCase() ?? ""))
    .map((m) => m[1] ?? "");
  return [...new Set(names)];
}

const DURATION = /^\d+[smhdwy]$/;
const rulesFile = z.object({
  groups: z
    .array(
      z.object({
        name: z.string().min(1),
        rules: z
          .array(
            z.strictObject({
              alert: z.string().regex(/^Ple[A-Z][A-Za-z]+$/),
              expr: z.string().min(1),
              for: z.string().regex(DURATION).optional(),
              labels: z.strictObject({ severity: z.enum(["warning", "critical"]) }),
              annotations: z.strictObject({ summary: z.string().min(10), description: z.string().min(10) }),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

describe("ops/prometheus/alerts.yml", () => {
  const rules = () => rulesFile.parse(parseYaml(readFileSync(RULES, "utf8"))).groups.flatMap((g) => g.rules);

  it("every rule has its fields, a unique name, and uses only metrics /metrics serves", () => {
    const all = rules();
    expect(new Set(all.map((r) => r.alert)).size).toBe(all.length);
    for (const rule of all) {
      const used = metricsOf(rule.expr);
      expect(used.length, rule.alert).toBeGreaterThan(0);
      expect(
        used.filter((name) => !served.has(name) && !PROMETHEUS_OWN.has(name)),
        rule.alert,
      ).toEqual([]);
    }
  });

  it("covers what the operator must hear of", () => {
    const exprs = rules().map((r) => r.expr);
    for (const needed of [
      /ple_mail_outbox_oldest_age_seconds\) > 600/,
      /ple_job_queue_overdue_seconds/,
      /status=~"5\.\."/,
      /ple_redemptions_total\{event="failed"\}/,
      /ple_awards_total\{outcome="paid"\}[\s\S]*== 0[\s\S]*and[\s\S]*ple_http_request_duration_seconds_count/,
    ])
      expect(
        exprs.some((e) => needed.test(e)),
        String(needed),
      ).toBe(true);
  });

  it("the expression reader finds the metrics and nothing else", () => {
    expect(
      metricsOf('sum by (kind) (rate(ple_awards_total{outcome="paid", kind=~"a|b"}[5m])) * 60 and up == 0'),
    ).toEqual(["ple_awards_total", "up"]);
  });

  const promtool = process.env.PROMTOOL ?? "promtool";
  const installed = (() => {
    try {
      execFileSync(promtool, ["--version"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();
  it.runIf(installed)("passes promtool check rules and the rules' unit tests", () => {
    const run = (...args: string[]) => execFileSync(promtool, args, { cwd: OPS, encoding: "utf8" });
    expect(run("check", "rules", "prometheus/alerts.yml")).toMatch(/SUCCESS: 17 rules found/);
    expect(run("test", "rules", "prometheus/alerts.test.yml")).toMatch(/SUCCESS/);
  });

  it("every rule has a unit test that expects it to fire (ops/prometheus/alerts.test.yml)", () => {
    const rules = z
      .object({ groups: z.array(z.object({ rules: z.array(z.object({ alert: z.string() })) })) })
      .parse(parseYaml(readFileSync(RULES, "utf8")))
      .groups.flatMap((g) => g.rules.map((r) => r.alert));
    const tests = z
      .object({
        tests: z.array(
          z.object({
            alert_rule_test: z.array(z.object({ alertname: z.string(), exp_alerts: z.array(z.unknown()) })),
          }),
        ),
      })
      .parse(parseYaml(readFileSync(path.join(OPS, "prometheus/alerts.test.yml"), "utf8")));
    const firing = new Set(
      tests.tests.flatMap((t) =>
        t.alert_rule_test.filter((c) => c.exp_alerts.length > 0).map((c) => c.alertname),
      ),
    );
    expect(rules.filter((alert) => !firing.has(alert))).toEqual([]);
  });

  it.runIf(installed)("Prometheus's own parser reads the scrape (promtool check metrics)", () => {
    // Exit 3 is lint only; what it finds may be only prom-client's own Node gauges named *_total.
    let out = "";
    try {
      out = execFileSync(promtool, ["check", "metrics"], {
        input: scrapeText,
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (error) {
      const failed = error as { status?: number; stdout?: string; stderr?: string };
      expect(failed.status).toBe(3);
      out = `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
    }
    const complaints = out.split("\n").filter((line) => line.trim() !== "");
    expect(complaints.filter((line) => !/^nodejs_active_\w+_total non-counter metrics/.test(line))).toEqual(
      [],
    );
  });
});

const panel = z.object({
  id: z.number().int(),
  type: z.enum(["row", "timeseries", "stat", "gauge", "table", "bargauge", "text"]),
  title: z.string().min(1),
  gridPos: z.object({
    h: z.number().int().min(1),
    w: z.number().int().min(1).max(24),
    x: z.number().int().min(0).max(23),
    y: z.number().int().min(0),
  }),
  targets: z
    .array(z.object({ refId: z.string().min(1), expr: z.string().min(1) }))
    .min(1)
    .optional(),
});
const dashboard = z.object({
  uid: z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/),
  title: z.string().min(1),
  schemaVersion: z.number().int().min(36),
  time: z.object({ from: z.string(), to: z.string() }),
  templating: z.object({ list: z.array(z.object({ name: z.string(), type: z.string() })) }),
  panels: z.array(panel).min(1),
});

describe("ops/grafana/play-learn-earn.json", () => {
  const board = () => dashboard.parse(JSON.parse(readFileSync(DASHBOARD, "utf8")));

  it("is a Grafana dashboard: uid, title, schemaVersion, panels with type, targets and a place on the grid", () => {
    const { panels } = board();
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
    for (const p of panels) {
      expect(p.gridPos.x + p.gridPos.w, p.title).toBeLessThanOrEqual(24);
      if (p.type !== "row") expect(p.targets?.length, p.title).toBeGreaterThan(0);
    }
    // No two panels cover the same cell of the grid.
    const cells = new Set<string>();
    for (const { gridPos: g, title } of panels)
      for (let x = g.x; x < g.x + g.w; x++)
        for (let y = g.y; y < g.y + g.h; y++) {
          expect(cells.has(`${x},${y}`), `${title} overlaps at ${x},${y}`).toBe(false);
          cells.add(`${x},${y}`);
        }
  });

  it("every query uses only metrics /metrics serves, and every metric family of the app is shown", () => {
    const used = new Set(board().panels.flatMap((p) => (p.targets ?? []).flatMap((t) => metricsOf(t.expr))));
    expect([...used].filter((name) => !served.has(name))).toEqual([]);
    const appFamilies = [...served].filter(
      (n) => n.startsWith("ple_") && !/_(bucket|sum|count)$/.test(n) && n !== "ple_db_pool_idle",
    );
    const shown = (family: string) => [...used].some((u) => u === family || u.startsWith(`${family}_`));
    expect(appFamilies.filter((f) => !shown(f))).toEqual([]);
  });

  it("the folder holds what the README points at", () => {
    for (const file of [RULES, DASHBOARD, path.join(OPS, "prometheus/scrape.yml")])
      expect(existsSync(file), file).toBe(true);
  });
});
