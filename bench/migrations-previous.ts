/**
 * The previous release's database, made from this tree (for `npm run bench:migrations`): the migrations the
 * previous release had (PREVIOUS_RELEASE, tests/support/previous-release.ts), applied from this tree's files —
 * checked to be the same files — by the app's migrator; that release's SQL functions, read from its commit (the
 * award it ran calls no debt repayment, which needs a later migration's table); and the starting quizzes in that
 * schema's columns (this release's seed writes a column the previous release did not have). Needs the git history,
 * as the rolling-upgrade test does.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Migration } from "kysely/migration";
import pg from "pg";
import { fromPool } from "~/server/db/client";
import type { ConcurrentIndex } from "~/server/db/concurrent-indexes";
import { migrateToLatest } from "~/server/db/migrate";
import { migrations } from "~/server/db/migrations/index";
import { applySqlFunctions, type SqlFunctionFile, sqlFunctionFile } from "~/server/db/sql-functions";
import { SQL_FUNCTION_DOMAINS } from "~/server/prepare-database";
import { quizContent } from "~/server/quizzes/content";
import { PREVIOUS_RELEASE } from "../tests/support/previous-release";

const root = path.resolve(import.meta.dirname, "..");
const MIGRATIONS_DIR = "src/server/db/migrations";

function git(...args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    throw new Error(
      `git ${args.join(" ")} failed: the previous release ${PREVIOUS_RELEASE} must be in this clone's history (${String(error)})`,
    );
  }
}

/** The files of `dir` at the previous release: name → blob hash. */
function previousFiles(dir: string): Map<string, string> {
  const lines = git("ls-tree", PREVIOUS_RELEASE, `${dir}/`).trim().split("\n").filter(Boolean);
  return new Map(
    lines.map((line) => {
      const [meta = "", file = ""] = line.split("\t");
      return [path.basename(file), meta.split(" ")[2] ?? ""];
    }),
  );
}

/**
 * Released migrations whose text changed but not the schema they leave: 0090, 0150 and 0160 stopped writing the
 * award's functions, which the SQL files own and the previous release's files (applied below) write
 * (docs/decisions/116-award-baseline.md); 0190 changed a comment; 0220 runs the same day-figures statement from a
 * module (db/rollup-days-fill.ts).
 */
const CHANGED_IN_TEXT_ONLY = new Set([
  "0090-ledger-award-function.ts",
  "0150-one-award-and-clearing-referrals.ts",
  "0160-cheaper-awards.ts",
  "0190-ledger-events.ts",
  "0220-rollups.ts",
]);

/**
 * The names of the migrations the previous release had, each checked to be the same file in this tree (a
 * released migration never changes: ADR 094), but for those changed in text only.
 */
export function previousMigrationNames(): string[] {
  const names: string[] = [];
  for (const [file, blob] of previousFiles(MIGRATIONS_DIR)) {
    if (file === "index.ts" || !file.endsWith(".ts")) continue;
    const name = file.slice(0, -".ts".length);
    if (!(name in migrations)) throw new Error(`${name} of ${PREVIOUS_RELEASE} is not in this tree`);
    const here = git("hash-object", path.join(MIGRATIONS_DIR, file)).trim();
    if (here !== blob && !CHANGED_IN_TEXT_ONLY.has(file))
      throw new Error(`${file} differs from ${PREVIOUS_RELEASE}'s: a released migration changed`);
    names.push(name);
  }
  return names.sort();
}

/** The indexes a migration lists to be built CONCURRENTLY (its module's `concurrentIndexes`), if any. */
export function listedIndexes(migration: Migration): readonly ConcurrentIndex[] {
  return "concurrentIndexes" in migration && Array.isArray(migration.concurrentIndexes)
    ? migration.concurrentIndexes
    : [];
}

/** The previous release's SQL function files, from its commit. */
function previousSqlFunctions(): SqlFunctionFile[] {
  return SQL_FUNCTION_DOMAINS.flatMap((domain) => {
    const dir = `src/server/${domain}/sql`;
    return [...previousFiles(dir).keys()]
      .filter((file) => file.endsWith(".sql"))
      .sort()
      .map((file) => sqlFunctionFile(git("show", `${PREVIOUS_RELEASE}:${dir}/${file}`), file));
  });
}

/** The starting quizzes as the previous release's seed wrote them (its columns: no category yet). */
async function seedQuizzes(client: pg.Client): Promise<void> {
  for (const [position, quiz] of quizContent.entries()) {
    await client.query(
      `insert into quizzes (id, name, icon, description, position) values ($1, $2, $3, $4, $5)
       on conflict do nothing`,
      [quiz.id, quiz.name, quiz.icon, quiz.description, position],
    );
    for (const [index, question] of quiz.questions.entries())
      await client.query(
        `insert into quiz_questions (id, quiz_id, position, text, options, answer)
         values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
        [question.id, quiz.id, index, question.text, question.options, question.answer],
      );
  }
}

/** Gives the database at `url` the previous release's schema, functions and quizzes (prepareScaleDatabase's step). */
export async function migrateToPreviousRelease(url: string): Promise<{ applied: string[]; ms: number }> {
  const names = new Set(previousMigrationNames());
  const chosen = Object.fromEntries(Object.entries(migrations).filter(([name]) => names.has(name)));
  const handle = fromPool(new pg.Pool({ connectionString: url, max: 2 }));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const applied = await migrateToLatest(handle.db, {
      migrations: chosen,
      concurrentIndexes: Object.values(chosen).flatMap(listedIndexes),
    });
    const functions = await applySqlFunctions(handle.db, previousSqlFunctions());
    await seedQuizzes(client);
    return { applied: [...applied, ...functions.map((f) => `sql:${f}`)], ms: performance.now() - started };
  } finally {
    await client.end();
    await handle.close();
  }
}
