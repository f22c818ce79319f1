import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "./client";
import { buildConcurrentIndexes } from "./concurrent-indexes";
import { concurrentIndexes } from "./migrations/index";

/** Indexes built CONCURRENTLY after the migrations: once, again after an interrupted build, from two callers. */
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const validity = async (name: string) =>
  (
    await sql<{
      valid: boolean;
    }>`select i.indisvalid as valid from pg_class c join pg_index i on i.indexrelid = c.oid
      where c.relname = ${name}`.execute(handle.db)
  ).rows.map((r) => r.valid);

describe("concurrent indexes", () => {
  it("a migrated database has every listed index, valid, and building again builds nothing", async () => {
    for (const index of concurrentIndexes) expect(await validity(index.name)).toEqual([true]);
    expect(await buildConcurrentIndexes(handle.db, concurrentIndexes)).toEqual([]);
  });

  it("an index an interrupted build left INVALID is dropped and built again", async () => {
    await sql`create table ci_probe (n integer)`.execute(handle.db);
    await sql`insert into ci_probe select 1 from generate_series(1, 3)`.execute(handle.db);
    // A unique build over duplicates fails half-way and leaves its index behind, INVALID.
    await expect(
      sql`create unique index concurrently ci_probe_idx on ci_probe (n)`.execute(handle.db),
    ).rejects.toThrow();
    expect(await validity("ci_probe_idx")).toEqual([false]);
    const wanted = [{ name: "ci_probe_idx", on: "ci_probe (n)" }];
    const [a, b] = await Promise.all([
      buildConcurrentIndexes(handle.db, wanted),
      buildConcurrentIndexes(handle.db, wanted),
    ]);
    // Built by one caller; the other found it valid under the lock.
    expect([...a, ...b]).toEqual(["ci_probe_idx"]);
    expect(await validity("ci_probe_idx")).toEqual([true]);
  });

  it("an index that replaces another drops the old one only once it is built, and the old one stays gone", async () => {
    await sql`create table ci_swap (n integer, m integer)`.execute(handle.db);
    await sql`create index ci_swap_old_idx on ci_swap (n)`.execute(handle.db);
    const wanted = [{ name: "ci_swap_new_idx", on: "ci_swap (n) include (m)", replaces: "ci_swap_old_idx" }];
    expect(await buildConcurrentIndexes(handle.db, wanted)).toEqual(["ci_swap_new_idx"]);
    expect(await validity("ci_swap_new_idx")).toEqual([true]);
    expect(await validity("ci_swap_old_idx")).toEqual([]);
    // A run interrupted after the build, before the drop: the next run drops the old one and builds nothing.
    await sql`create index ci_swap_old_idx on ci_swap (n)`.execute(handle.db);
    expect(await buildConcurrentIndexes(handle.db, wanted)).toEqual([]);
    expect(await validity("ci_swap_old_idx")).toEqual([]);
  });

  it("the ledger's covering index took the place of the plain one", async () => {
    expect(await validity("coin_ledger_user_created_incl_idx")).toEqual([true]);
    expect(await validity("coin_ledger_user_created_idx")).toEqual([]);
  });
});
