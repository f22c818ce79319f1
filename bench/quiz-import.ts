/**
 * `npm run bench:quiz-import`: how long the content console's import of a 1 000-question CSV takes over HTTP
 * (docs/product.md, "Content operations"): the compiled server (one worker, PostgreSQL, a fresh database), an
 * administrator's POST /api/admin/quizzes/import of the file, from the request to the 201 — the whole file
 * checked, then the quiz, its questions and the audit row written in one transaction. Three imports, each a new
 * quiz; the median and the slowest are reported against the target (≤ 5 s). With `--write`, the figures go into
 * docs/benchmarks.md. Figures, not tests.
 */
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import path from "node:path";
import { QUIZ_CSV_HEADER } from "../src/core/api/quiz-import";
import { toCsv } from "../src/core/csv";
import { signIn, signUp, uniqueEmail, verifyEmail } from "../tests/support/factories";
import { httpClient } from "../tests/support/http-client";
import { ensureBuild, LOAD_ENV, startServer } from "../tests/support/server-process";
import { marked, writeSection } from "./doc-section";
import { withDatabase } from "./ledger";
import { SMOKE, smokeOr } from "./smoke";

const QUESTIONS = smokeOr(1_000, 20);
const RUNS = smokeOr(3, 1);
const TARGET_MS = 5_000;

/** A CSV of `count` distinct questions with four options and an explanation each. */
function questionsCsv(count: number, run: number): string {
  const rows = Array.from({ length: count }, (_, i) => [
    `Run ${run}, question ${i + 1}: which number comes after ${i}?`,
    `${i + 1}`,
    `${i + 2}`,
    `${i + 3}`,
    `${i + 4}`,
    "",
    "",
    `${i + 1}`,
    `Counting on from ${i} gives ${i + 1}.`,
  ]);
  return toCsv([[...QUIZ_CSV_HEADER], ...rows]);
}

/** Milliseconds of each import, in order. */
export async function benchQuizImport(url: string): Promise<{ ms: number[]; bytes: number }> {
  const email = uniqueEmail("bench-import-admin");
  const server = await startServer({
    DATABASE_URL: url,
    WEB_CONCURRENCY: "1",
    ...LOAD_ENV,
    ADMIN_EMAILS: email,
    LOG_LEVEL: "warn",
  });
  try {
    const client = httpClient(server.url);
    const password = `pw-${randomUUID()}`;
    await signUp(client, email, password);
    await verifyEmail(client, email);
    const cookie = await signIn(client, email, password);
    const ms: number[] = [];
    let bytes = 0;
    for (let run = 1; run <= RUNS; run++) {
      const text = questionsCsv(QUESTIONS, run);
      bytes = Buffer.byteLength(text);
      const form = new FormData();
      form.set("name", `Bench import ${run}`);
      form.set("file", new File([text], "bench.csv", { type: "text/csv" }));
      const started = performance.now();
      const res = await client.request("/api/admin/quizzes/import", { method: "POST", cookie, form });
      const body = await res.text();
      ms.push(performance.now() - started);
      if (res.status !== 201) throw new Error(`the import answered ${res.status}: ${body.slice(0, 300)}`);
    }
    return { ms, bytes };
  } finally {
    await server.stop();
  }
}

export function formatQuizImportSection(run: { ms: number[]; bytes: number }, load: string): string {
  const sorted = [...run.ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const slowest = sorted.at(-1) ?? 0;
  return marked(
    "quiz-import",
    [
      `## Quiz import: ${QUESTIONS.toLocaleString("en-GB").replace(",", " ")} questions over HTTP`,
      "",
      "`bench/quiz-import.ts` (`npm run bench:quiz-import -- --write`): an administrator's",
      `POST /api/admin/quizzes/import of a CSV of ${QUESTIONS} questions (${(run.bytes / 1024).toFixed(0)} KB, four options and an`,
      "explanation each) to the compiled server (one worker, PostgreSQL, a fresh database), from the request to the",
      `201: the whole file checked, then the quiz, its questions and the audit row in one transaction. ${run.ms.length} import${run.ms.length === 1 ? "" : "s"},`,
      "each a new quiz.",
      "",
      "| | ms |",
      "|---|---:|",
      `| median | ${median.toFixed(0)} |`,
      `| slowest | ${slowest.toFixed(0)} |`,
      "",
      `Target ≤ ${TARGET_MS / 1000} s: ${slowest <= TARGET_MS ? "met" : "missed"}. Load average (1/5/15 min) at the end: ${load}.`,
    ].join("\n"),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes("--no-build")) ensureBuild();
  const run = await withDatabase(benchQuizImport);
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  const section = formatQuizImportSection(run, load);
  console.log(section);
  if (process.argv.includes("--write") && !SMOKE)
    writeSection(path.resolve(import.meta.dirname, "../docs/benchmarks.md"), "quiz-import", section);
}
