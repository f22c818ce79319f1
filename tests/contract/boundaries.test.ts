import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run lint` enforces the module boundaries and the size limits (ADR 069): dependency-cruiser with the
 * project's .dependency-cruiser.cjs, Biome with the project's biome.size-limits.jsonc. Both run here on a small
 * tree in a temporary directory, laid out like src/, that breaks each rule once beside imports that are fine:
 * each rule reports its break and nothing else.
 */
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

let dir: string;

async function put(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
}

/** Runs `command`; its stdout whatever the exit code (both tools exit 1 on a finding), and the code. */
async function outputOf(command: string, args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(command, args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "" };
  }
}

const lines = (n: number, text: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => text(i)).join("\n");
/** A function whose body is `n` lines long. */
const functionOf = (name: string, n: number) =>
  `export function ${name}(): number {\n${lines(n - 1, (i) => `  const v${i} = ${i};`)}\n  return 0;\n}\n`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "ple-boundaries-"));
  await put({
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        module: "ESNext",
        moduleResolution: "Bundler",
        verbatimModuleSyntax: true,
        paths: { "~/*": ["./src/*"] },
      },
    }),
    // Fine: a feature's own files, shared web code, a domain's service from another domain, core from anywhere.
    "src/core/coins.ts": "export const COIN = 1;\n",
    "src/web/lib/api.ts": 'import type { AppType } from "~/server/app";\nexport type Api = AppType;\n',
    "src/web/features/wallet/wallet-page.tsx":
      'import { rows } from "./wallet-rows";\nimport { Api } from "~/web/lib/api";\nexport const page = [rows];\nexport type P = Api;\n',
    "src/web/features/wallet/wallet-rows.ts":
      'import { COIN } from "~/core/coins";\nexport const rows = COIN;\n',
    "src/server/app.ts":
      'import { earn } from "./earning/earning.service";\nexport type AppType = typeof earn;\n',
    "src/server/earning/earning.service.ts":
      'import { award } from "../ledger/ledger.service";\nexport const earn = award;\n',
    "src/server/ledger/ledger.service.ts":
      'import { COIN } from "~/core/coins";\nexport const award = COIN;\n',
    // Each breaks one rule.
    "src/web/features/dashboard/dashboard-page.tsx":
      'import { rows } from "~/web/features/wallet/wallet-rows";\nexport const page = rows;\n',
    "src/server/ledger/ledger-rows.ts":
      'import { streak } from "../streaks/streaks.service";\nexport const insert = streak;\n',
    "src/server/streaks/streaks.service.ts": "export const streak = 1;\n",
    "src/server/games/games.service.ts":
      'import { insert } from "../ledger/ledger-rows";\nexport const play = insert;\n',
    "src/server/auth/require-user.ts":
      'import { earningUser } from "./earner";\nexport const isBanned = () => false;\nexport const guard = earningUser;\n',
    "src/server/auth/earner.ts":
      'import { isBanned } from "./require-user";\nexport const earningUser = () => isBanned();\n',
    // A circle of type-only imports counts too.
    "src/server/profile/profile-view.ts":
      'import type { Profile } from "./profile.service";\nexport interface View { profile: Profile }\n',
    "src/server/profile/profile.service.ts":
      'import type { View } from "./profile-view";\nexport interface Profile { view?: View }\n',
    "src/server/mail/mailer.ts":
      'import type { Wallet } from "~/web/features/wallet/wallet-rows";\nexport type M = Wallet;\n',
    "src/web/features/wallet/wallet-types.ts":
      'import { earn } from "~/server/earning/earning.service";\nexport const e = earn;\n',
    "src/core/redeem.ts":
      'import { COIN } from "~/core/coins";\nimport { award } from "~/server/ledger/ledger.service";\nexport const r = COIN + award;\n',
    // The server's floors: each breaks one.
    "src/server/rollups/rollups.service.ts": "export const day = 1;\n",
    "src/server/ledger/ledger-days.ts":
      'import { day } from "../rollups/rollups.service";\nexport const d = day;\n',
    "src/server/quizzes/quizzes.service.ts": "export const quiz = 1;\n",
    "src/server/games/games-quiz.ts":
      'import { quiz } from "../quizzes/quizzes.service";\nexport const q = quiz;\n',
    "src/server/audit/audit.service.ts":
      'import { play } from "../games/games.service";\nexport const a = play;\n',
    "src/server/kyc/kyc.service.ts": 'import type { AppType } from "../app";\nexport type K = AppType;\n',
    "src/server/db/client.ts": 'import { guard } from "../auth/require-user";\nexport const c = guard;\n',
    "src/server/admin/users.service.ts": "export const user = 1;\n",
    "src/server/redemptions/redemptions.service.ts":
      'import { user } from "../admin/users.service";\nexport const r = user;\n',
    "src/server/redemptions/queue.service.ts": "export const waiting = 1;\n",
    // Admin and redemptions import each other through different files: no module circle, a folder loop.
    "src/server/admin/overview.service.ts":
      'import { waiting } from "../redemptions/queue.service";\nexport const o = waiting;\n',
    // Dual control is a shared service: it runs the effects the domains hand it, and imports none of them.
    "src/server/dual-control/proposals.service.ts":
      'import { user } from "../admin/users.service";\nexport const p = user;\n',
    // The size limits: Biome with the project's limits and allowlist only.
    "biome.json": JSON.stringify({
      root: true,
      extends: [path.join(root, "biome.size-limits.jsonc")],
      formatter: { enabled: false },
      assist: { enabled: false },
      linter: { rules: { preset: "none" } },
    }),
    "src/server/quizzes/long-function.ts": functionOf("tooLong", 81),
    "src/server/quizzes/fine-function.ts": functionOf("fine", 80),
    "src/server/videos/long-file.ts": lines(301, (i) => `export const c${i} = ${i};`),
    "src/server/videos/fine-file.ts": lines(300, (i) => `export const c${i} = ${i};`),
    "src/server/videos/long.test.ts": `${lines(320, (i) => `export const c${i} = ${i};`)}\n${functionOf("longCase", 120)}`,
    // A file that once had an allowlist entry (biome.size-limits.jsonc, now empty) is held to 300 like every other.
    "src/server/db/schema.ts": lines(348, (i) => `export const c${i} = ${i};`),
  });
}, 30_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

describe("npm run lint's boundaries (dependency-cruiser, .dependency-cruiser.cjs)", () => {
  it("fails on a feature importing another, the ledger importing its consumers, a domain's inside, a circle, an import up a floor and the wrong directions — and on nothing else", async () => {
    const config = path.join(root, ".dependency-cruiser.cjs");
    // As `npm run lint` runs it: a non-zero exit code.
    expect((await outputOf(bin("depcruise"), ["src", "--config", config])).code).not.toBe(0);
    // The same run in JSON (whose exit code is 0 whatever it finds): what exactly was found.
    const { stdout } = await outputOf(bin("depcruise"), ["src", "--config", config, "--output-type", "json"]);
    const violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
    const found = violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual(
      [
        "features-apart: src/web/features/dashboard/dashboard-page.tsx → src/web/features/wallet/wallet-rows.ts",
        "ledger-alone: src/server/ledger/ledger-rows.ts → src/server/streaks/streaks.service.ts",
        "domain-entry: src/server/games/games.service.ts → src/server/ledger/ledger-rows.ts",
        "no-circular: src/server/auth/earner.ts → src/server/auth/require-user.ts",
        "no-circular: src/server/profile/profile-view.ts → src/server/profile/profile.service.ts",
        "server-not-web: src/server/mail/mailer.ts → src/web/features/wallet/wallet-rows.ts",
        "web-not-server: src/web/features/wallet/wallet-types.ts → src/server/earning/earning.service.ts",
        "core-alone: src/core/redeem.ts → src/server/ledger/ledger.service.ts",
        "ledger-alone: src/server/ledger/ledger-days.ts → src/server/rollups/rollups.service.ts",
        "channels-apart: src/server/games/games-quiz.ts → src/server/quizzes/quizzes.service.ts",
        "services-below-domains: src/server/audit/audit.service.ts → src/server/games/games.service.ts",
        // The ledger is a shared service: its consumers are domains above it.
        "services-below-domains: src/server/ledger/ledger-days.ts → src/server/rollups/rollups.service.ts",
        "services-below-domains: src/server/ledger/ledger-rows.ts → src/server/streaks/streaks.service.ts",
        "shell-on-top: src/server/kyc/kyc.service.ts → src/server/app.ts",
        "base-below-all: src/server/db/client.ts → src/server/auth/require-user.ts",
        "services-below-domains: src/server/dual-control/proposals.service.ts → src/server/admin/users.service.ts",
      ].sort(),
    );
  }, 60_000);
});

describe("npm run lint's folder loops (dependency-cruiser, .dependency-cruiser-folders.cjs)", () => {
  it("fails on two server folders that import each other, even through different files, and on nothing else", async () => {
    const config = path.join(root, ".dependency-cruiser-folders.cjs");
    expect((await outputOf(bin("depcruise"), ["src/server", "--config", config])).code).not.toBe(0);
    const { stdout } = await outputOf(bin("depcruise"), [
      "src/server",
      "--config",
      config,
      "--output-type",
      "json",
    ]);
    const violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
    const loops = violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(loops).toEqual([
      "no-folder-loops: src/server/admin → src/server/redemptions",
      "no-folder-loops: src/server/redemptions → src/server/admin",
    ]);
  }, 60_000);
});

describe("npm run lint's size limits (Biome, biome.size-limits.jsonc)", () => {
  it("fails on a function over 80 lines and on a file over 300, the one-time allowlisted schema.ts included", async () => {
    const { code, stdout } = await outputOf(bin("biome"), [
      "lint",
      "--reporter=json",
      "--max-diagnostics=100",
      ".",
    ]);
    expect(code).not.toBe(0);
    const { diagnostics } = JSON.parse(stdout) as {
      diagnostics: { category: string; location: { path: string }; message: string }[];
    };
    const found = diagnostics.map((d) => `${d.category}: ${d.location.path}: ${d.message}`).sort();
    expect(found).toEqual([
      "lint/complexity/noExcessiveLinesPerFunction: src/server/quizzes/long-function.ts: This function has too many lines (81). Maximum allowed is 80.",
      "lint/style/noExcessiveLinesPerFile: src/server/db/schema.ts: This file has too many lines (348). Maximum allowed is 300.",
      "lint/style/noExcessiveLinesPerFile: src/server/videos/long-file.ts: This file has too many lines (301). Maximum allowed is 300.",
    ]);
  }, 60_000);
});
