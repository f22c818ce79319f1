import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints one plain closing line per run, per project and in total, with each project's wall time (its first file's
 * start to its last file's end) and the sum of its files' times, e.g.
 * `pglite: 12 passed, 0 failed, 0 skipped in 41 s (files 77 s)` and `vitest: 40 passed, 0 failed, 0 skipped in 95 s`:
 * `.ci/run` shows where a run's time goes without a second run. Above them, each project's 15 slowest files with
 * their times (set-up and tests), the list to start from when the run grows long.
 */
export default class SummaryReporter implements Reporter {
  private started = performance.now();
  private readonly spans = new Map<string, { from: number; to: number; files: number }>();
  private readonly durations = new Map<string, { file: string; ms: number }[]>();

  onTestRunStart() {
    this.started = performance.now();
  }

  onTestModuleStart(mod: TestModule) {
    const name = projectName(mod);
    const now = performance.now();
    const span = this.spans.get(name) ?? { from: now, to: now, files: 0 };
    this.spans.set(name, span);
  }

  onTestModuleEnd(mod: TestModule) {
    const span = this.spans.get(projectName(mod));
    if (!span) return;
    span.to = performance.now();
    span.files += mod.diagnostic().duration;
    const list = this.durations.get(projectName(mod)) ?? [];
    list.push({ file: path.relative(process.cwd(), mod.moduleId), ms: mod.diagnostic().duration });
    this.durations.set(projectName(mod), list);
  }

  /** Each project's slowest files, longest first. */
  private slowest(): string[] {
    return [...this.durations].flatMap(([name, list]) => [
      `${name}: slowest files`,
      ...[...list]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, SLOWEST)
        .map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`),
    ]);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const byProject = new Map<string, { passed: number; failed: number; skipped: number }>();
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const mod of modules) {
      const name = projectName(mod);
      const row = byProject.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
      byProject.set(name, row);
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        const key = state === "passed" ? "passed" : state === "failed" ? "failed" : "skipped";
        row[key]++;
        total[key]++;
      }
    }
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    const line = (label: string, r: typeof total, time: string) =>
      `${label}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${time}`;
    const lines = [...byProject].map(([name, r]) => {
      const span = this.spans.get(name);
      const time = span ? ` in ${seconds(span.to - span.from)} (files ${seconds(span.files)})` : "";
      return line(name.replace(/\W+/g, "-"), r, time);
    });
    if (byProject.size > 1)
      lines.push(line("vitest", total, ` in ${seconds(performance.now() - this.started)}`));
    process.stdout.write(`\n${[...this.slowest(), "", ...lines].join("\n")}\n`);
  }
}

const SLOWEST = 15;
const projectName = (mod: TestModule) => mod.project.name || "tests";
