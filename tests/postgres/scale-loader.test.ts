import pg from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "~/server/db/client";
import { invariantBreaches, loadScale } from "../../bench/scale-load";

/**
 * The loader of `npm run bench:scale` (ADR 073) at a small size keeps what the app keeps (docs/product.md,
 * "Coins": every balance is the sum of the user's ledger rows, every cause pays once; "Fair earning": the day's
 * allowance counters are the day's rows), and gives back every key, foreign key and index it dropped for the load.
 */
let db: DatabaseHandle & { url?: string };
let client: pg.Client;

beforeAll(async () => {
  if (inject("dbKind") !== "postgres") throw new Error("runs on PostgreSQL only");
  db = await openTestDatabase({ poolMax: 1 });
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await db?.close();
});

const schemaObjects = async () =>
  (
    await client.query<{ n: string }>(
      `select (select count(*) from pg_constraint c join pg_namespace s on s.oid = c.connamespace
         where s.nspname = 'public') + (select count(*) from pg_indexes where schemaname = 'public') as n`,
    )
  ).rows[0]?.n;

it("loads 200 users with every invariant held and the schema whole again", async () => {
  const before = await schemaObjects();
  const loaded = await loadScale(db.url ?? "", { users: 200, ledgerRows: 4000 }, () => {});
  expect(loaded.ledgerRowsLoaded).toBeGreaterThan(4000);
  expect(await schemaObjects()).toBe(before);
  expect(await invariantBreaches(db.url ?? "")).toEqual({
    balanceNotSumOfLedger: 0,
    usersWithoutProfile: 0,
    allowanceNotRowCount: 0,
    dayOverLimit: 0,
    playCoinsNotTodaysRows: 0,
    pendingNotClearingPairs: 0,
  });
  const kinds = await client.query<{ kind: string }>("select distinct kind from coin_ledger order by kind");
  expect(kinds.rows.map((r) => r.kind)).toEqual(
    expect.arrayContaining([
      "quiz_bonus",
      "quiz_correct",
      "redemption",
      "referral_bonus",
      "ttt_win",
      "video_watch",
    ]),
  );
  // The check sees a balance that is not the sum of its ledger, and the cause keys are unique again.
  await client.query(`update user_profiles set points = points + 1
    where id = (select user_id from coin_ledger limit 1)`);
  expect((await invariantBreaches(db.url ?? "")).balanceNotSumOfLedger).toBe(1);
  await expect(
    client.query(`insert into coin_ledger (user_id, amount, kind, reason, cause_key)
      select user_id, 10, kind, reason, cause_key from coin_ledger limit 1`),
  ).rejects.toThrow(/coin_ledger_cause_key_key/);
});
