/**
 * `npm run bench:interaction`: how soon each prerendered page answers a person (docs/decisions/051-every-tap-counts.md).
 * For every page of dist/web/pages.json, as a guest on a phone-sized headless Chromium, at no CPU slowdown and at 4×
 * (Chrome DevTools Protocol `Emulation.setCPUThrottlingRate`), INTERACTION_RUNS (default 3) fresh visits each:
 * - load → live: from the load event to `<html data-app="live">` (the page has hydrated, its handlers are attached);
 * - first tap: a tap made the moment `page.goto` resolves (the load event) on the page's first button in <main>, else
 *   its heading; its Interaction to Next Paint from the Event Timing API (PerformanceObserver 'event' entries,
 *   durationThreshold 16, and the 'first-input' entry: the longest entry of the tap's interaction, as web-vitals
 *   counts it), and, when the tap came before the page was live, the time until the boot script played it to the app
 *   (its `app:replayed` mark).
 * Each figure is the median over the runs. Writes its section into docs/benchmarks.md (between its markers; `npm
 * run bench` writes the same section) and prints it. Usage: npm run bench:interaction [-- --no-build]
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, findChromium, phone } from "../tests/e2e/support/chromium";
import { ensureBuild, startServer } from "../tests/support/server-process";
import { marked, writeSection } from "./doc-section";
import { medianOf } from "./median";
import { SMOKE, smokeOr } from "./smoke";

export const INTERACTION_RATES = [1, 4] as const;
/** The target: a first tap's INP at 4× CPU slowdown. */
export const INP_TARGET_MS = 200;

interface Sample {
  loadToLiveMs: number;
  inpMs: number;
  /** Tap → the held tap played to the live page; null when the page was live before the tap. */
  heldMs: number | null;
}
export interface InteractionRow {
  page: string;
  rate: number;
  target: string;
  loadToLiveMs: number;
  inpMs: number;
  heldMs: number | null;
  /** How many of the runs' taps came before the page was live. */
  heldRuns: number;
  runs: number;
}
export interface InteractionResult {
  chromium: string;
  runs: number;
  load: string;
  rows: InteractionRow[];
}

/**
 * Runs in the page before its own scripts: records Event Timing entries and when the page became live. A string,
 * not a function: the TypeScript runner adds helpers to functions (their names) that do not exist in the page.
 */
const INSTRUMENT = `(() => {
  const bench = { entries: [], liveAt: -1 };
  window.__bench = bench;
  const keep = (list) => {
    for (const e of list.getEntries())
      bench.entries.push({ start: e.startTime, duration: e.duration, id: e.interactionId || 0 });
  };
  new PerformanceObserver(keep).observe({ type: "event", buffered: true, durationThreshold: 16 });
  new PerformanceObserver(keep).observe({ type: "first-input", buffered: true });
  new MutationObserver(() => {
    if (bench.liveAt < 0 && document.documentElement.dataset.app === "live") bench.liveAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app"] });
})();`;

async function visit(page: Page, route: string): Promise<{ sample: Sample; target: string }> {
  await page.goto(route);
  // A disabled button cannot be tapped (a guest's 'Login to Watch & Earn', once the catalogue has come).
  const button = page.locator("main button:not([disabled])").first();
  const target = (await button.count()) ? button : page.locator("main h1").first();
  const label = (await target.getAttribute("aria-label")) ?? (await target.textContent()) ?? "";
  await target.tap();
  await page.waitForFunction(() => document.documentElement.dataset.app === "live", undefined, {
    timeout: 60_000,
  });
  // The held tap (if any) is played one task after "live"; its paint follows.
  await page.waitForTimeout(500);
  const sample = await page.evaluate(() => {
    const { entries, liveAt } = (
      window as unknown as {
        __bench: { entries: { start: number; duration: number; id: number }[]; liveAt: number };
      }
    ).__bench;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const first = entries.find((e) => e.id > 0) ?? entries[0];
    const tapAt = first?.start ?? Number.NaN;
    const ofTap = entries.filter((e) => e.id === first?.id || e === first);
    const replayed = performance.getEntriesByName("app:replayed")[0];
    return {
      loadToLiveMs: liveAt - nav.loadEventEnd,
      inpMs: Math.max(0, ...ofTap.map((e) => e.duration)),
      heldMs: replayed && tapAt < liveAt ? replayed.startTime - tapAt : null,
    };
  });
  return { sample, target: label.trim() };
}

export async function runInteractionBench({ runs = 3 } = {}): Promise<InteractionResult> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error("No Chromium: set CHROMIUM_PATH or apt-get install chromium");
  const pagesFile = path.resolve(import.meta.dirname, "../dist/web/pages.json");
  const routes = Object.keys((JSON.parse(readFileSync(pagesFile, "utf8")) as { pages: object }).pages);
  const server = await startServer({ LOG_LEVEL: "warn" });
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS, headless: true });
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  try {
    const rows: InteractionRow[] = [];
    for (const rate of INTERACTION_RATES)
      for (const route of routes) {
        const samples: Sample[] = [];
        let target = "";
        for (let run = 0; run < runs; run++) {
          const context = await browser.newContext({ ...phone, baseURL: server.url });
          const page = await context.newPage();
          await page.addInitScript({ content: INSTRUMENT });
          const cdp = await context.newCDPSession(page);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate });
          const visited = await visit(page, route);
          samples.push(visited.sample);
          target = visited.target;
          await context.close();
        }
        const held = samples.flatMap((s) => (s.heldMs === null ? [] : [s.heldMs]));
        rows.push({
          page: route,
          rate,
          target,
          loadToLiveMs: medianOf(samples.map((s) => s.loadToLiveMs)),
          inpMs: medianOf(samples.map((s) => s.inpMs)),
          heldMs: held.length ? medianOf(held) : null,
          heldRuns: held.length,
          runs,
        });
      }
    return { chromium: browser.version(), runs, load, rows };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function interactionMisses(r: InteractionResult): string[] {
  return r.rows
    .filter((row) => row.rate === 4 && row.inpMs > INP_TARGET_MS)
    .map((row) => `First-tap INP ${row.inpMs.toFixed(0)} ms at 4× on ${row.page} > ${INP_TARGET_MS} ms.`);
}

export function formatInteraction(r: InteractionResult): string {
  const ms = (v: number) => `${Math.round(v)} ms`;
  const body = [
    "## Interaction: load → live and a first tap, per prerendered page",
    "",
    "`bench/interaction.ts`: a guest's fresh visit on a phone-sized headless Chromium",
    `(${r.chromium}), no network throttling, CPU at 1× and at 4× slowdown (Chrome DevTools Protocol`,
    "`Emulation.setCPUThrottlingRate`). A tap is made the moment the load event has fired, on the page's first button",
    "in <main> (else its heading). 'load → live': load event to `<html data-app=\"live\">` (hydrated, handlers",
    "attached). 'INP': the tap's Interaction to Next Paint by the Event Timing API (the longest 'event' entry of its",
    "interaction, durationThreshold 16 ms, or its 'first-input' entry). 'held': a tap made before the page was live is",
    "held by the boot script and played to the app once it is; this is the tap → played time (median of the runs",
    `where that happened). Medians of ${r.runs} run(s) each; load average at the start: ${r.load}.`,
    `Target: INP ≤ ${INP_TARGET_MS} ms at 4×.`,
    "",
    "| page | CPU | load → live | first tap INP | tap held until played | taps held | tapped |",
    "|---|---|---|---|---|---|---|",
    ...r.rows.map(
      (row) =>
        `| ${row.page} | ${row.rate}× | ${ms(row.loadToLiveMs)} | ${ms(row.inpMs)}${
          row.rate === 4 ? (row.inpMs <= INP_TARGET_MS ? " ✓" : " ✗") : ""
        } | ${row.heldMs === null ? "—" : ms(row.heldMs)} | ${row.heldRuns}/${row.runs} | ${row.target} |`,
    ),
  ].join("\n");
  return marked("interaction", body);
}

/** Puts `section` (from formatInteraction) into docs/benchmarks.md in place of the old one, or at the end. */
export function writeInteractionSection(file: string, section: string): void {
  writeSection(file, "interaction", section);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes("--no-build")) ensureBuild();
  const result = await runInteractionBench({ runs: smokeOr(Number(process.env.INTERACTION_RUNS ?? 3), 1) });
  const section = formatInteraction(result);
  if (!SMOKE) writeInteractionSection(path.resolve(import.meta.dirname, "../docs/benchmarks.md"), section);
  console.log(section);
  const misses = interactionMisses(result);
  if (misses.length) console.log(`\nMissed:\n${misses.join("\n")}`);
}
