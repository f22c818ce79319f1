import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints one plain closing line per run, per project and in total, e.g.
 * `pglite: 12 passed, 0 failed, 0 skipped` and `vitest: 40 passed, 0 failed, 0 skipped`.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const byProject = new Map<string, { passed: number; failed: number; skipped: number }>();
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const mod of modules) {
      const name = mod.project.name || "tests";
      const row = byProject.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
      byProject.set(name, row);
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        const key = state === "passed" ? "passed" : state === "failed" ? "failed" : "skipped";
        row[key]++;
        total[key]++;
      }
    }
    const line = (label: string, r: typeof total) =>
      `${label}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
    const lines = [...byProject].map(([name, r]) => line(name.replace(/\W+/g, "-"), r));
    if (byProject.size > 1) lines.push(line("vitest", total));
    process.stdout.write(`\n${lines.join("\n")}\n`);
  }
}
