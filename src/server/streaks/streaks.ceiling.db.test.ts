import { sql } from "kysely";
import { expect, it } from "vitest";
import { answerQuizCorrectly, watchVideoToEnd } from "#tests/support/earning";
import { contextForFile } from "#tests/support/made-before-all";
import { earnPattern } from "#tests/support/streak";
import * as ttt from "#tests/support/tic-tac-toe-api";
import { acceptanceLineMove } from "#tests/support/tic-tac-toe-lines";
import { DEFAULT_STREAK_RULES } from "~/core/streak";
import { utcDay } from "~/core/utc-day";

/**
 * The daily ceiling with the default limits, streak bonus included (docs/product.md, "Fair earning"): one account
 * on the day it reaches its 7-day milestone plays every channel past its limit through the API.
 */

ttt.fakeDateOnly();
const ctx = contextForFile();

it("one scripted account earns at most 585 coins (≤ 600, $3.00) on a milestone day", async () => {
  const user = await ctx.createVerifiedUser();
  await earnPattern(ctx.db, user.id, "MMMMMM.");
  for (let i = 0; i < 25; i++)
    await ttt.playGame(ctx, user, await ttt.startGame(ctx, user), acceptanceLineMove);
  for (const quiz of ["general", "science", "history"]) {
    await answerQuizCorrectly(ctx.client, user, 10, quiz);
    await answerQuizCorrectly(ctx.client, user, 10, quiz); // practice: pays nothing
  }
  for (const video of ["tutorial-get-started", "exciting-new-content", "community-highlights"]) {
    await watchVideoToEnd(ctx.client, ctx.db, user, video);
    await watchVideoToEnd(ctx.client, ctx.db, user, video); // the day's paid watch is used
  }
  await Promise.all(Array.from({ length: 20 }, () => ctx.api(user).streak.$get()));

  const { rows } = await sql<{ kind: string; coins: number }>`
    select kind, sum(amount)::int as coins from coin_ledger
    where user_id = ${user.id} and created_at >= ${new Date(`${utcDay(new Date())}T00:00:00Z`)}
      and cause_key not like 'test-history:%'
    group by kind order by kind`.execute(ctx.db);
  const today = Object.fromEntries(rows.map((r) => [r.kind, r.coins]));
  expect(today).toEqual({
    quiz_bonus: 30,
    quiz_correct: 300,
    streak_bonus: DEFAULT_STREAK_RULES.bonusCoins,
    ttt_win: 200,
    video_watch: 30,
  });
  const total = rows.reduce((n, r) => n + r.coins, 0);
  expect(total).toBe(585);
  expect(total).toBeLessThanOrEqual(600);
});
