import path from "node:path";
import { defineConfig } from "vitest/config";
import SlowFirstSequencer from "./tests/support/slow-first-sequencer";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^~\//, replacement: `${path.resolve(import.meta.dirname, "src")}/` },
      // The `#tests/*` import alias of package.json "imports" (also in tsconfig.json "paths").
      { find: /^#tests\//, replacement: `${path.resolve(import.meta.dirname, "tests")}/` },
    ],
  },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    // A browser on a busy machine takes seconds to load a lazy chunk: polls follow the page's state for up to
    // 20 s (Vitest's default gives up after 1 s, which made notices and lazy pages look missing).
    expect: { poll: { timeout: 20_000, interval: 100 } },
    hookTimeout: 120_000,
    maxWorkers: 2,
    // The known long files first (tests/support/slow-first-sequencer.ts): no worker idles at the end of a group.
    sequence: { sequencer: SlowFirstSequencer },
    fileParallelism: true,
  },
});
