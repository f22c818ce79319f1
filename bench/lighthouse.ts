/**
 * `npm run bench:lighthouse`: Lighthouse (npm `lighthouse`, driving the system Chromium headless) on the built
 * app — performance, accessibility and best-practices scores with LCP, TBT and CLS for the pages below, as a
 * guest, and for the signed-in dashboard ("/ (signed in)") as a seeded user (a few days of earnings, made in the
 * server's data dir through the app's own code before it starts; its session cookie sent with every request). The server is the real one (tests/support/server-process.ts) in NODE_ENV=production with a random
 * AUTH_SECRET, SMTP_URL pointing at a local SMTP sink, and PGlite in a temporary DATA_DIR.
 * Usage: npm run bench:lighthouse [-- --preset desktop|mobile] [-- --runs N] [-- --page "/ (signed in)"] [-- --no-build]
 * (both presets unless one is named).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { fromPGlite } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";
import { prepareDatabase } from "~/server/prepare-database";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/support/chromium";
import { ensureBuild, startServer } from "../tests/support/server-process";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { earnPattern } from "../tests/support/streak";
import { createTestContext } from "../tests/support/test-app";
import { medianOf } from "./median";
import { smokeOr } from "./smoke";

export const LIGHTHOUSE_PAGES = ["/", "/auth", "/games/tic-tac-toe", "/quizzes", "/wallet"] as const;
/** Pages audited with the seeded user's session: the dashboard. */
export const SIGNED_IN_PAGES = ["/"] as const;
export type LighthousePreset = "desktop" | "mobile";
/** Targets on every page: mobile (the default preset) is what phones see; desktop must stay at 100. */
export const LIGHTHOUSE_TARGETS = {
  mobile: { performance: 98, accessibility: 100, lcpMs: 1500, cls: 0.01, tbtMs: 50 },
  desktop: { performance: 100, accessibility: 100, lcpMs: Number.POSITIVE_INFINITY, cls: 0.01, tbtMs: 50 },
} as const;

export interface PageScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Performance score of every run, best first. */
  performanceRuns: number[];
  /** TBT of every run, ms, in the order they ran. */
  tbtRuns: number[];
}

export interface LighthouseResult {
  preset: LighthousePreset;
  runs: number;
  chromium: string;
  pages: PageScores[];
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** One Lighthouse pass; retried twice when Lighthouse itself fails (e.g. NO_NAVSTART, a lost trace). */
async function audit(port: number, url: string, preset: LighthousePreset, cookie?: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices"],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      preset === "desktop" ? desktopConfig : undefined,
    );
    const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "no result" };
    if (result && !error) return result.lhr;
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${error?.message}`);
    console.warn(`Lighthouse failed on ${url} (${error?.code}); trying again`);
  }
}

/** Runs Lighthouse `runs` times per page against the built dist/ and reports each figure's median over the runs. */
export async function runLighthouse({
  preset = "desktop",
  runs = 3,
  only,
}: {
  preset?: LighthousePreset;
  runs?: number;
  /** Audit only the page of this label (e.g. "/ (signed in)"). */
  only?: string | undefined;
} = {}): Promise<LighthouseResult> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error("No Chromium: set CHROMIUM_PATH or apt-get install chromium");
  const sink = await startSmtpSink();
  // The signed-in dashboard's user, made before the server starts in its data dir, signed with its secret.
  const secret = randomBytes(32).toString("base64url");
  const dataDir = await mkdtemp(path.join(tmpdir(), "ple-lighthouse-"));
  const seed = fromPGlite(await createPGlite(path.join(dataDir, "pglite")));
  await prepareDatabase(seed.db);
  const ctx = await createTestContext({ AUTH_SECRET: secret }, {}, seed);
  const player = await ctx.createVerifiedUser();
  await earnPattern(ctx.db, player.id, "MMM.M");
  await ctx.close();
  const server = await startServer({
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    AUTH_SECRET: secret,
    KYC_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SMTP_URL: sink.url,
    LOG_LEVEL: "warn",
  });
  const chrome = await launch({ chromePath, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  try {
    const version = await fetch(`http://127.0.0.1:${chrome.port}/json/version`).then(
      (r) => r.json() as Promise<{ Browser: string }>,
    );
    const pages: PageScores[] = [];
    const targets = [
      ...LIGHTHOUSE_PAGES.map((url) => ({ url, page: url as string, cookie: undefined })),
      ...SIGNED_IN_PAGES.map((url) => ({ url, page: `${url} (signed in)`, cookie: player.cookie })),
    ];
    for (const { url, page, cookie } of targets.filter((t) => only === undefined || t.page === only)) {
      const samples: PageScores[] = [];
      for (let run = 0; run < runs; run++) {
        const { categories, audits } = await audit(chrome.port, `${server.url}${url}`, preset, cookie);
        samples.push({
          page,
          performance: score(categories.performance?.score),
          accessibility: score(categories.accessibility?.score),
          bestPractices: score(categories["best-practices"]?.score),
          lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
          tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
          cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          performanceRuns: [],
          tbtRuns: [],
        });
      }
      // Each figure is its own median over the runs (a run's TBT and its LCP vary independently).
      const median = (pick: (s: PageScores) => number) => medianOf(samples.map(pick));
      pages.push({
        page,
        performance: median((s) => s.performance),
        accessibility: median((s) => s.accessibility),
        bestPractices: median((s) => s.bestPractices),
        lcpMs: median((s) => s.lcpMs),
        tbtMs: median((s) => s.tbtMs),
        cls: median((s) => s.cls),
        performanceRuns: samples.map((s) => s.performance).sort((x, y) => y - x),
        tbtRuns: samples.map((s) => s.tbtMs),
      });
    }
    return { preset, runs, chromium: version.Browser, pages };
  } finally {
    chrome.kill();
    await server.stop();
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const miss = (value: number, target: number) => (value >= target ? "✓" : `✗ (−${target - value})`);
const atMost = (value: number, target: number) => (value <= target ? " ✓" : " ✗");

export function formatLighthouse(r: LighthouseResult): string {
  const t = LIGHTHOUSE_TARGETS[r.preset];
  const rows = r.pages.map(
    (p) =>
      `| ${p.page} | ${p.performance} ${miss(p.performance, t.performance)} | ${p.accessibility} ${miss(p.accessibility, t.accessibility)} | ${p.bestPractices} | ${(p.lcpMs / 1000).toFixed(2)} s${Number.isFinite(t.lcpMs) ? atMost(p.lcpMs, t.lcpMs) : ""} | ${Math.round(p.tbtMs)} ms${atMost(p.tbtMs, t.tbtMs)} | ${p.cls.toFixed(3)}${atMost(p.cls, t.cls)} | ${p.performanceRuns.join(", ")} | ${p.tbtRuns.map((ms) => Math.round(ms)).join(", ")} |`,
  );
  const lcp = Number.isFinite(t.lcpMs) ? `, LCP ≤ ${t.lcpMs / 1000} s` : "";
  return [
    `Preset: **${r.preset}** (${r.preset === "desktop" ? "Lighthouse's desktop config: 1350×940, 10 Mbps, 40 ms RTT, no CPU slowdown" : "Lighthouse's default mobile config: Moto G Power, slow 4G, 4× CPU slowdown"}; simulated throttling), ${r.chromium}, each figure the median of ${r.runs} run(s) per page. Targets: performance ≥ ${t.performance}, accessibility ${t.accessibility}${lcp}, TBT ≤ ${t.tbtMs} ms, CLS ≤ ${t.cls}.`,
    "",
    "| page | performance | accessibility | best practices | LCP | TBT | CLS | performance of each run | TBT of each run (ms) |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** Lighthouse results that miss a target, as sentences; empty when every target is met. */
export function lighthouseMisses(r: LighthouseResult): string[] {
  const t = LIGHTHOUSE_TARGETS[r.preset];
  return r.pages.flatMap((p) => [
    ...(p.performance < t.performance
      ? [`${p.page} (${r.preset}): performance ${p.performance} < ${t.performance}.`]
      : []),
    ...(p.accessibility < t.accessibility
      ? [`${p.page} (${r.preset}): accessibility ${p.accessibility} < ${t.accessibility}.`]
      : []),
    ...(p.lcpMs > t.lcpMs
      ? [`${p.page} (${r.preset}): LCP ${(p.lcpMs / 1000).toFixed(2)} s > ${t.lcpMs / 1000} s.`]
      : []),
    ...(p.tbtMs > t.tbtMs ? [`${p.page} (${r.preset}): TBT ${Math.round(p.tbtMs)} ms > ${t.tbtMs} ms.`] : []),
    ...(p.cls > t.cls ? [`${p.page} (${r.preset}): CLS ${p.cls.toFixed(3)} > ${t.cls}.`] : []),
  ]);
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes("--no-build")) ensureBuild();
  const only = flag("preset") ?? smokeOr(undefined, "desktop");
  const presets: LighthousePreset[] =
    only === "mobile" || only === "desktop" ? [only] : ["mobile", "desktop"];
  for (const preset of presets) {
    const runs = Number(flag("runs") ?? smokeOr(3, 1));
    const result = await runLighthouse({ preset, runs, only: flag("page") ?? smokeOr(undefined, "/") });
    console.log(`${formatLighthouse(result)}\n`);
    const misses = lighthouseMisses(result);
    if (misses.length) console.log(`Missed:\n${misses.map((m) => `- ${m}`).join("\n")}\n`);
  }
}
