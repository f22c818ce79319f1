import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "./client";
import { migrateToLatest } from "./migrate";
import { applySqlFunctions, readSqlFunctions, sqlFunctionFile, sqlFunctionsDir } from "./sql-functions";

/** The repeatable step that puts the SQL functions in place by their files' content (ADR 067). */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const version = (body: string) =>
  sqlFunctionFile(`-- a test function\ncreate or replace function ple_test_fn() ${body}`, "ple-test-fn.sql");

it("the ledger's files are in place in a prepared database, and applying them again does nothing", async () => {
  const files = readSqlFunctions(sqlFunctionsDir("ledger"));
  expect(files.map((f) => f.name).sort()).toEqual(
    ["ledger_award", "ledger_limit_key", "ledger_repay_debt", "session_earner"].sort(),
  );
  expect(await applySqlFunctions(handle.db, files)).toEqual([]);
});

/** The body of a function file: the text between its dollar quotes, as PostgreSQL keeps it (`pg_proc.prosrc`). */
const bodyOf = (text: string) => text.slice(text.indexOf("$$") + 2, text.lastIndexOf("$$"));

/** Every version in `db` of the functions named `names`, with its body, by name. */
async function versionsOf(db: DatabaseHandle["db"], names: string[]) {
  const { rows } = await sql<{ name: string; body: string }>`
    select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.proname in (${sql.join(names)}) order by 1`.execute(db);
  return rows;
}

it("a function's one text is its file: a fresh install's migrations create none, its start-up each once", async () => {
  // docs/decisions/116-award-baseline.md: the award's history is squashed for new installs.
  const files = readSqlFunctions(sqlFunctionsDir("ledger"));
  const names = files.map((f) => f.name).sort();
  const asWritten = files
    .map((f) => ({ name: f.name, body: bodyOf(f.text) }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  const fresh = await openTestDatabase({ empty: true });
  try {
    await migrateToLatest(fresh.db);
    // The award's first function (migration 0090's, once) is never made either.
    expect(await versionsOf(fresh.db, [...names, "ledger_award_limited"])).toEqual([]);
    expect((await applySqlFunctions(fresh.db, files)).sort()).toEqual(names);
    expect(await versionsOf(fresh.db, [...names, "ledger_award_limited"])).toEqual(asWritten);
  } finally {
    await fresh.close();
  }
  // The test database, prepared as every start-up prepares one, holds the same.
  expect(await versionsOf(handle.db, [...names, "ledger_award_limited"])).toEqual(asWritten);
});

it("applies a file once per content, also when its result type changes", async () => {
  const one = version("returns integer language sql immutable as $$ select 1 $$");
  expect(await applySqlFunctions(handle.db, [one])).toEqual(["ple_test_fn"]);
  expect(await applySqlFunctions(handle.db, [one])).toEqual([]);
  const two = version("returns text language sql immutable as $$ select 'two'::text $$");
  expect(await applySqlFunctions(handle.db, [two])).toEqual(["ple_test_fn"]);
  const { rows } = await sql<{ v: string }>`select ple_test_fn() as v`.execute(handle.db);
  expect(rows).toEqual([{ v: "two" }]);
});

it("refuses a file without exactly one function", () => {
  expect(() => sqlFunctionFile("select 1", "x.sql")).toThrow(/exactly one/);
});

it("the allowance key's builder is inlined where it is called, not run as a function planned on every call", async () => {
  // The award assigns the key in plpgsql: inlined, that is an expression; a function call there was planned again
  // on every award (ADR 081). The planner inlines an SQL function only when it is not declared less volatile than
  // its body, so the plan of a call must show the body's expression, not the call.
  // Arguments the planner cannot fold to a constant, as the award's are (its parameters).
  const plan = await sql<{ "QUERY PLAN": string }>`explain (verbose, costs off)
    select ledger_limit_key('video_watch', v.id, now()) as k from videos v`.execute(handle.db);
  const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
  expect(text).toContain("to_char");
  expect(text).not.toContain("ledger_limit_key");
  const { rows } = await sql<{ k: string }>`
    select ledger_limit_key('video_watch', 'intro', ${new Date("2026-01-02T23:59:59Z")}::timestamptz) as k,
      ledger_limit_key('ttt_win', null, ${new Date("2026-01-03T00:00:00Z")}::timestamptz) as t`.execute(
    handle.db,
  );
  expect(rows[0]).toEqual({ k: "video_watch:intro:2026-01-02", t: "ttt_win:2026-01-03" });
});
