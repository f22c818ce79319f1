import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "#tests/support/test-db";
import { type DatabaseHandle, PREPARED_PER_CONNECTION } from "~/server/db/client";

/**
 * On PostgreSQL every statement with parameters is prepared once per connection and then only bound and executed
 * (src/server/db/client.ts, ADR 062); statements without parameters run as they are, and a connection keeps at
 * most PREPARED_PER_CONNECTION of them.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase({ poolMax: 1 });
});
afterAll(async () => {
  await handle.close();
});

const preparedOnThisConnection = async () =>
  (
    await sql<{
      name: string;
      statement: string;
    }>`select name, statement from pg_prepared_statements`.execute(handle.db)
  ).rows.filter((r) => r.name.startsWith("ple_"));

describe("prepared statements", () => {
  it("prepares a statement with parameters once and reuses it; one without runs as it is", async () => {
    for (let i = 0; i < 3; i++) await sql`select ${i}::integer + 1 as n`.execute(handle.db);
    await sql`select 41 + 1 as n`.execute(handle.db);
    const prepared = await preparedOnThisConnection();
    expect(prepared.filter((p) => p.statement.includes("+ 1 as n"))).toHaveLength(1);
    expect(prepared.some((p) => p.statement.includes("41 + 1"))).toBe(false);
    const { rows } = await sql<{ n: number }>`select ${41}::integer + 1 as n`.execute(handle.db);
    expect(rows[0]?.n).toBe(42);
  });

  it("keeps at most PREPARED_PER_CONNECTION statements per connection; later texts still run", async () => {
    for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) {
      const { rows } = await sql<{ n: number }>`select ${i}::integer as ${sql.ref(`n${i}`)}`.execute(
        handle.db,
      );
      expect(Object.values(rows[0] ?? {})).toEqual([i]);
    }
    expect((await preparedOnThisConnection()).length).toBe(PREPARED_PER_CONNECTION);
  });

  it("runs a text unprepared once a migration changed what its prepared form returns", async () => {
    await sql`create table prepared_probe (id integer primary key)`.execute(handle.db);
    await sql`insert into prepared_probe values (1)`.execute(handle.db);
    const read = () =>
      sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(handle.db);
    expect((await read()).rows).toEqual([{ id: 1 }]);
    await sql`alter table prepared_probe add column note text`.execute(handle.db);
    // PostgreSQL refuses the old prepared form once (0A000) or plans it again; either way the next call answers.
    await read().catch((error: { code?: string }) => expect(error.code).toBe("0A000"));
    expect((await read()).rows).toEqual([{ id: 1, note: null }]);
  });
});
