import { execFile } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, expect, inject, it } from "vitest";
import { quizAnswers } from "#tests/support/delete-while-earning";
import { createVerifiedUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { type RunningServer, startServer } from "#tests/support/server-process";
import { restorePglite } from "~/server/backup/backup";
import { backupSocketPath } from "~/server/backup/running-backup.service";
import { type Database, type DatabaseHandle, fromPGlite } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";

/**
 * A running PGlite install's backup (README "Backups", ADR 108): `npm run backup -- <file>` (the compiled CLI)
 * while the server runs and 32 players earn on it asks the server, through its owner-only local socket, for a dump
 * of its one database. Restored into a fresh data dir, the backup holds exact books, and every ledger and audit
 * row in it is the source's row unchanged (one consistent moment, mid-earning). No 5xx meanwhile.
 */
const CLIENTS = 32;
const run = promisify(execFile);
let dir: string | undefined;
let server: RunningServer | undefined;
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  await server?.stop();
  for (const handle of handles) await handle.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const rowsById = async (db: Database, table: "coin_ledger" | "audit_log") => {
  const { rows } = await sql<{ id: string; row: string }>`
    select t.id::text as id, to_jsonb(t)::text as row from ${sql.table(table)} t`.execute(db);
  return new Map(rows.map((r) => [r.id, r.row]));
};

it(`npm run backup takes a running PGlite server's backup while ${CLIENTS} clients earn`, {
  timeout: 240_000,
}, async () => {
  if (inject("dbKind") !== "pglite") return void expect(inject("dbKind")).toBe("postgres"); // PGlite's own path
  dir = await mkdtemp(path.join(tmpdir(), "ple-running-backup-"));
  const dataDir = path.join(dir, "data");
  server = await startServer({ DATA_DIR: dataDir, AUTH_RATE_LIMIT: "10000", MAIL_RATE_LIMIT: "10000" });
  expect((await stat(path.dirname(backupSocketPath(dataDir)))).mode & 0o777).toBe(0o700);
  const client = httpClient(server.url);
  // 11 players signed up one after another (sign-up is not under test), each playing the three quizzes at once
  // (a player's one round of a quiz at a time: starting it again resumes it), 32 rounds in all.
  const quizzes = ["general", "science", "history"];
  const users = [];
  for (let u = 0; u < Math.ceil(CLIENTS / quizzes.length); u++)
    users.push(await createVerifiedUser(client, { ip: `10.94.0.${u + 1}` }));
  const answers = [];
  for (const user of users) for (const quiz of quizzes) answers.push(await quizAnswers(client, user, quiz));
  answers.length = CLIENTS;
  const file = path.join(dir, "running.backup");
  const statuses: number[] = [];
  let answered = 0;
  let backup: Promise<{ stdout: string }> | undefined;
  const earning = Promise.all(
    answers.map(async (questions) => {
      for (const answer of questions) {
        const res = await answer();
        statuses.push(res.status);
        await res.body?.cancel();
        // The backup starts once a quarter of the answers are paid, with the rest still on their way.
        if (++answered === (CLIENTS * 10) / 4)
          backup = run(process.execPath, ["dist/server/backup-cli.js", "backup", file], {
            env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", DATA_DIR: dataDir },
          });
      }
    }),
  );
  await earning.catch((error: unknown) => {
    throw new Error(`earning failed: ${String(error)}; the server said: ${server?.output().slice(-3000)}`);
  });
  const { stdout } = (await backup) ?? { stdout: "" };
  expect(stdout).toContain("Backed up the running server's pglite database");
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  await server.stop();
  server = undefined;

  const { handle, books } = await restorePglite(file, path.join(dir, "restored"));
  handles.push(handle);
  const source = fromPGlite(await createPGlite(path.join(dataDir, "pglite")));
  handles.push(source);
  expect(books.mismatched).toBe(0);
  const sourceLedger = await rowsById(source.db, "coin_ledger");
  const restoredLedger = await rowsById(handle.db, "coin_ledger");
  // Taken mid-earning: some awards are in it, not all of them.
  expect(restoredLedger.size).toBeGreaterThan(0);
  expect(restoredLedger.size).toBeLessThan(sourceLedger.size);
  for (const [id, row] of restoredLedger) expect(sourceLedger.get(id)).toBe(row);
  const sourceAudit = await rowsById(source.db, "audit_log");
  for (const [id, row] of await rowsById(handle.db, "audit_log")) expect(sourceAudit.get(id)).toBe(row);
  expect(books.counts.coin_ledger).toBe(restoredLedger.size);
  expect(books.counts.user_profiles).toBeGreaterThanOrEqual(CLIENTS / 4);
});
