import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run lint` counts a function's lines honestly (scripts/function-sizes.mjs): the lines inside JSX and template
 * strings count, which Biome's noExcessiveLinesPerFunction skips. Run here on a small tree in a temporary directory.
 */
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const script = path.join(root, "scripts/function-sizes.mjs");
let dir: string;

const lines = (n: number, text: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => text(i)).join("\n");
/** A component whose body is `n` lines: two statements, then JSX over the rest. */
const component = (name: string, n: number) =>
  `export function ${name}() {\n  const title = "Coins";\n  return (\n    <section>\n${lines(n - 5, (i) => `      <p>{title} ${i}</p>`)}\n    </section>\n  );\n}\n`;
/** A function whose body is `n` lines: one statement returning a template string over the rest. */
const template = (name: string, n: number) =>
  `export function ${name}(): string {\n  return \`\n${lines(n - 2, (i) => `line ${i}`)}\n\`;\n}\n`;

async function sizes(): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [script, dir]);
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? "" };
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "ple-function-sizes-"));
  const files: Record<string, string> = {
    "src/web/features/wallet/components/big-dialog.tsx": component("BigDialog", 120),
    "src/web/features/wallet/components/fine-dialog.tsx": component("FineDialog", 80),
    "src/server/mail/long-mail.ts": template("longMail", 81),
    "src/server/mail/fine-mail.ts": template("fineMail", 80),
    // Test files are exempt, as from Biome's limits.
    "src/web/features/wallet/components/big-dialog.test.tsx": component("BigCase", 120),
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run lint's function size (scripts/function-sizes.mjs)", () => {
  it("refuses a 120-line function of mostly JSX and an 81-line template string, and nothing else", async () => {
    const { code, stderr } = await sizes();
    expect(code).toBe(1);
    const refused = stderr.trim().split("\n").sort();
    expect(refused).toEqual([
      "function-sizes: src/server/mail/long-mail.ts#longMail has 81 lines (JSX and template strings counted), over 80",
      "function-sizes: src/web/features/wallet/components/big-dialog.tsx#BigDialog has 120 lines (JSX and template strings counted), over 80",
    ]);
  }, 30_000);
});
