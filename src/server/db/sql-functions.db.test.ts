import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "./client";
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
    ["ledger_award", "ledger_limit_key", "session_earner"].sort(),
  );
  expect(await applySqlFunctions(handle.db, files)).toEqual([]);
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
