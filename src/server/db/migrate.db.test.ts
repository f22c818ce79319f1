import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "./client";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations/index";

/**
 * Old beside new (README "Upgrading"): a release starts against a database one release ahead and says which
 * migrations it does not know; a migration waits for its lock at most `lock_timeout` and retries, so a long reader
 * delays the migration, never the writers queued behind it.
 */
let handle: DatabaseHandle & { url?: string };

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const addColumn = (table: string, column: string): Migration => ({
  up: async (db) => {
    await sql.raw(`alter table ${table} add column ${column} text`).execute(db);
  },
});

describe("migrations old beside new", () => {
  it("a database one release ahead is served: its unknown migrations are reported, not refused", async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9998-from-a-newer-release', ${new Date().toISOString()})`.execute(
      handle.db,
    );
    expect(await migrateToLatest(handle.db)).toEqual(["newer:9998-from-a-newer-release"]);
    // A migration this release adds beside the newer one still runs.
    await sql`create table mig_probe (id integer)`.execute(handle.db);
    const applied = await migrateToLatest(handle.db, {
      migrations: { ...migrations, "9997-probe": addColumn("mig_probe", "note") },
    });
    expect(applied).toEqual(["9997-probe", "newer:9998-from-a-newer-release"]);
    const { rows } = await sql<{
      setting: string;
    }>`select current_setting('lock_timeout') as setting`.execute(handle.db);
    expect(rows[0]?.setting).toBe("0"); // the migration's lock_timeout ended with its transaction
  });

  it.runIf(inject("dbKind") === "postgres")(
    "a long reader makes the migration wait and retry, never the writers",
    async () => {
      await sql`create table lock_probe (id serial primary key, n integer not null)`.execute(handle.db);
      const reader = new pg.Client({ connectionString: handle.url });
      await reader.connect();
      await reader.query("begin");
      await reader.query("select count(*) from lock_probe"); // holds ACCESS SHARE until it commits
      const migration = migrateToLatest(handle.db, {
        migrations: { ...migrations, "9999-lock-probe": addColumn("lock_probe", "extra") },
        lockTimeout: "100ms",
        firstBackoffMs: 50,
      });
      let longest = 0;
      const until = Date.now() + 1500;
      while (Date.now() < until) {
        const started = performance.now();
        await sql`insert into lock_probe (n) values (1)`.execute(handle.db);
        longest = Math.max(longest, performance.now() - started);
      }
      await reader.query("commit");
      await reader.end();
      expect(await migration).toContain("9999-lock-probe");
      const { rows } = await sql<{
        n: number;
      }>`select count(extra)::int + count(*)::int as n from lock_probe`.execute(handle.db);
      expect(rows[0]?.n).toBeGreaterThan(0);
      // Without lock_timeout each insert would queue behind the waiting ALTER for the reader's whole 1.5 s.
      expect(longest).toBeLessThan(700);
    },
    20_000,
  );
});
