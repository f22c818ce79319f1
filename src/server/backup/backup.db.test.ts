import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { adminUrl } from "#tests/support/database-setup";
import { quizAnswers } from "#tests/support/delete-while-earning";
import { madeBeforeAll } from "#tests/support/made-before-all";
import { createTestContext } from "#tests/support/test-app";
import { openTestDatabase } from "#tests/support/test-db";
import { type Database, type DatabaseHandle, fromPool } from "../db/client";
import { backupDatabase, RestoreRefused, restorePglite, restorePostgres } from "./backup";

/**
 * Backups and restores (README "Backups"): a backup taken while 32 players earn, restored into a fresh database,
 * holds exact books (every balance is its ledger sum), and every ledger and audit row it holds is the source's row
 * as it is — the backup is one consistent moment of the source. A dump from a newer release is refused, nothing
 * written.
 */
const CLIENTS = 32;
const dir = mkdtempSync(path.join(tmpdir(), "ple-backup-"));
const source = madeBeforeAll(
  async () => {
    const handle = await openTestDatabase();
    const ctx = await createTestContext({}, {}, handle);
    return { ctx, handle };
  },
  async ({ ctx }) => ctx.close(),
);
const restored: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of restored) await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

let databases = 0;
/** A fresh, empty PostgreSQL database (dropped with the run's others) and its URL. */
async function freshPostgres(): Promise<{ handle: DatabaseHandle; url: string }> {
  const name = `ple_t_${inject("runId")}_${process.pid}_restore_${++databases}`;
  const admin = new pg.Client({ connectionString: inject("postgresUrl") });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = adminUrl(inject("postgresUrl"), name);
  return { handle: fromPool(new pg.Pool({ connectionString: url, max: 4 })), url };
}

/** Restores `file` into a fresh database of the source's kind (a fresh data dir for PGlite). */
async function restore(file: string, dataDir = path.join(dir, `restored-${++databases}`)) {
  if (source.ctx.kind === "pglite") {
    const { handle, books } = await restorePglite(file, dataDir);
    restored.push(handle);
    return { db: handle.db, books };
  }
  const target = await freshPostgres();
  restored.push(target.handle);
  return { db: target.handle.db, books: await restorePostgres(file, target.handle, target.url) };
}

const rowsById = async (db: Database, table: "coin_ledger" | "audit_log") => {
  const { rows } = await sql<{ id: string; row: string }>`
    select t.id::text as id, to_jsonb(t)::text as row from ${sql.table(table)} t`.execute(db);
  return new Map(rows.map((r) => [r.id, r.row]));
};

describe("backup and restore", () => {
  // Heavy (32 players earning, a dump and a restore): more than the default minute on a busy 2-core machine.
  it(`a backup taken while ${CLIENTS} players earn restores with the source's books at that moment`, {
    timeout: 240_000,
  }, async () => {
    const { ctx, handle } = source;
    const users = await Promise.all(Array.from({ length: CLIENTS }, () => ctx.createVerifiedUser()));
    const answers = await Promise.all(users.map((user) => quizAnswers(ctx.client, user)));
    const file = path.join(dir, "earning.backup");
    let answered = 0;
    let backup: Promise<void> | undefined;
    const statuses: number[] = [];
    const earning = Promise.all(
      answers.map(async (questions) => {
        for (const answer of questions) {
          const res = await answer();
          statuses.push(res.status);
          await res.body?.cancel();
          // The backup starts once a quarter of the answers are paid, with the rest still on their way.
          if (++answered === (CLIENTS * 10) / 4) backup = backupDatabase(handle, file, handle.url);
        }
      }),
    );
    await earning;
    await backup;
    expect(statuses.every((status) => status === 200)).toBe(true);

    const { db, books } = await restore(file);
    expect(books.mismatched).toBe(0);
    const sourceLedger = await rowsById(ctx.db, "coin_ledger");
    const restoredLedger = await rowsById(db, "coin_ledger");
    expect(books.counts.coin_ledger).toBe(restoredLedger.size);
    // Taken mid-earning: some awards are in it, not all of them.
    expect(restoredLedger.size).toBeGreaterThan(0);
    expect(restoredLedger.size).toBeLessThan(sourceLedger.size);
    for (const [id, row] of restoredLedger) expect(sourceLedger.get(id)).toBe(row);
    const sourceAudit = await rowsById(ctx.db, "audit_log");
    for (const [id, row] of await rowsById(db, "audit_log")) expect(sourceAudit.get(id)).toBe(row);
    const profiles = await ctx.db
      .selectFrom("user_profiles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(books.counts.user_profiles).toBe(Number(profiles.n));
    expect(books.ledgerSum).toBe(
      [...restoredLedger.values()].reduce(
        (sum, row) => sum + (JSON.parse(row) as { amount: number }).amount,
        0,
      ),
    );
  });

  it("refuses a dump from a newer release, writing nothing", async () => {
    const { ctx, handle } = source;
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-release', now())`.execute(
      ctx.db,
    );
    const file = path.join(dir, "newer.backup");
    try {
      await backupDatabase(handle, file, handle.url);
    } finally {
      await sql`delete from kysely_migration where name = '9999-from-a-newer-release'`.execute(ctx.db);
    }
    const refused = /newer than this release \(it ran 9999-from-a-newer-release.*Nothing was written/;
    if (ctx.kind === "pglite") {
      const dataDir = path.join(dir, "refused");
      await expect(restorePglite(file, dataDir)).rejects.toThrow(refused);
      expect(() => readdirSync(dataDir)).toThrow();
      return;
    }
    const target = await freshPostgres();
    restored.push(target.handle);
    const attempt = restorePostgres(file, target.handle, target.url);
    await expect(attempt).rejects.toBeInstanceOf(RestoreRefused);
    await expect(attempt).rejects.toThrow(refused);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(
      target.handle.db,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
