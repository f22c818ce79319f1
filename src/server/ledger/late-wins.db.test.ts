import { afterAll, beforeAll, expect, it } from "vitest";
import { insertUserRow } from "#tests/support/db-users";
import { openTestDatabase } from "#tests/support/test-db";
import { DEFAULT_EARNING_LIMITS } from "~/core/earning";
import type { DatabaseHandle } from "../db/client";
import { award } from "./ledger.service";
import { forgetPastAllowances } from "./ledger-allowances.job";

/**
 * A late win counts against its own day (docs/product.md, "Fair earning"): a win settled days later (a crash
 * between the winning move and its award: settleUnpaidWins) after the hourly job forgot that day's counter must
 * still find the day's allowance used up, as the ledger's rows of that day say.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

it("a win settled after the counters' clean-up counts against its own day, not from 0", async () => {
  const user = await insertUserRow(handle.db);
  const max = DEFAULT_EARNING_LIMITS.tttWinsPerDay;
  const day = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
  const win = (n: number) =>
    award(handle.db, {
      userId: user.id,
      kind: "ttt_win",
      causeKey: `ttt-win:late:${user.id}:${n}`,
      occurredAt: day,
    });
  for (let n = 0; n < max - 1; n++) expect((await win(n)).limited).toBe(false);
  // The hourly job forgets the counters of the days before yesterday: this one goes.
  expect(await forgetPastAllowances(handle.db)).toBeGreaterThanOrEqual(1);
  // One more fits that day's allowance; the next ones do not, however late they come.
  expect((await win(max - 1)).limited).toBe(false);
  await forgetPastAllowances(handle.db);
  const late = await win(max);
  expect(late).toMatchObject({ limited: true, amount: 0 });
  expect((await win(max + 1)).limited).toBe(true);
  const rows = await handle.db
    .selectFrom("coin_ledger")
    .select("id")
    .where("user_id", "=", user.id)
    .where("kind", "=", "ttt_win")
    .execute();
  expect(rows).toHaveLength(max);
});
